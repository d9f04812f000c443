import CWaylandServer
import TactileRaster

/// What the fake compositor knows about one client `wl_buffer` that was attached to a surface.
///
/// Lifetime: created by the first `attach` of the buffer; **held** from a commit that used it until
/// ``release()`` (automatically right after the commit, by the test, or never, per
/// ``FakeCompositor/BufferReleaseMode``), then **released**; a later commit of the same buffer holds it
/// again. When the client destroys the buffer, ``resource`` becomes `nil` (a destroy listener), so a
/// pending or cached attachment that still names the record never touches the freed resource: it is
/// applied as a null buffer, as weston does.
final class BufferRecord {
  /// The `wl_buffer`; `nil` once the client destroyed it.
  private(set) var resource: OpaquePointer?
  private(set) var held = false
  private var destroyListener: SignalListener?

  /// - Parameters:
  ///   - resource: The client's `wl_buffer`.
  ///   - onDestroy: Runs once when the client destroys it (after ``resource`` became `nil`).
  init(resource: OpaquePointer, onDestroy: @escaping () -> Void) {
    self.resource = resource
    let listener = SignalListener(once: true) { [unowned(unsafe) self] _ in
      self.resource = nil
      self.held = false
      onDestroy()
    }
    listener.link { wl_resource_add_destroy_listener(resource, $0) }
    destroyListener = listener
  }

  /// Marks the buffer as used by a commit.
  func hold() { held = resource != nil }

  /// Sends `wl_buffer.release` if the buffer is held.
  func release() {
    guard held, let resource else { return }
    held = false
    wl_buffer_send_release(resource)
  }

  /// The size of an shm buffer of a supported format (ARGB8888 or XRGB8888), or `nil`.
  var shmSize: (width: Int, height: Int)? {
    guard let resource, let shm = wl_shm_buffer_get(resource) else { return nil }
    let format = wl_shm_buffer_get_format(shm)
    guard format == WL_SHM_FORMAT_ARGB8888.rawValue || format == WL_SHM_FORMAT_XRGB8888.rawValue
    else { return nil }
    return (Int(wl_shm_buffer_get_width(shm)), Int(wl_shm_buffer_get_height(shm)))
  }

  /// Copies the pixels of an shm buffer (ARGB8888 or XRGB8888) into a premultiplied ARGB image: the
  /// damaged rectangles into `image` when it has the buffer's size, else the whole buffer into a new one.
  ///
  /// - Parameters:
  ///   - image: The surface's current image; replaced by the buffer's pixels.
  ///   - damage: The damaged rectangles, clipped to the buffer, or `nil` for the whole buffer.
  /// - Returns: The bytes copied, or `nil` (and `image` untouched) if the buffer is gone or not an shm
  ///   buffer of a supported format.
  /// - Complexity: O(damaged pixels), or O(width × height) for a whole copy.
  func copyPixels(into image: inout Image?, damage: [Damage.Rectangle]?) -> Int? {
    guard let (width, height) = shmSize, let resource, let shm = wl_shm_buffer_get(resource) else {
      return nil
    }
    let whole = [Damage.Rectangle(x: 0, y: 0, width: width, height: height)]
    var rectangles = damage ?? whole
    if image?.width != width || image?.height != height {
      image = try? Image(width: width, height: height)
      rectangles = whole
    }
    let stride = Int(wl_shm_buffer_get_stride(shm))
    let opaque: UInt32 = wl_shm_buffer_get_format(shm) == WL_SHM_FORMAT_XRGB8888.rawValue ? 0xFF00_0000 : 0
    var copied = 0
    // begin/end_access make a client that shrank its pool get a protocol error instead of SIGBUS here.
    wl_shm_buffer_begin_access(shm)
    if let data = wl_shm_buffer_get_data(shm) {
      image?.withPixmap { pixmap in
        for rectangle in rectangles {
          for row in rectangle.y..<(rectangle.y + rectangle.height) {
            let target = pixmap.row(row) + rectangle.x
            let source = (data + row * stride).assumingMemoryBound(to: UInt32.self) + rectangle.x
            target.update(from: source, count: rectangle.width)
            if opaque != 0 {
              for column in 0..<rectangle.width { target[column] |= opaque }
            }
          }
          copied += rectangle.width * rectangle.height * 4
        }
      }
    }
    wl_shm_buffer_end_access(shm)
    return copied
  }
}
