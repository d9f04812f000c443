import CWaylandServer
import TactileRaster

/// What the fake compositor knows about one client `wl_buffer` it was given in a commit.
///
/// Lifetime: **held** from the commit that used it until ``release()`` (automatically right after the
/// commit, by the test, or never, per ``FakeCompositor/BufferReleaseMode``), then **released**; a later
/// commit of the same buffer holds it again. The record disappears when the client destroys the buffer.
final class BufferRecord {
  let resource: OpaquePointer
  private(set) var held = false
  private let destroyListener: SignalListener

  init(resource: OpaquePointer, onDestroy: @escaping () -> Void) {
    self.resource = resource
    destroyListener = SignalListener(once: true) { _ in onDestroy() }
    destroyListener.link { wl_resource_add_destroy_listener(resource, $0) }
  }

  /// Marks the buffer as used by a commit.
  func hold() { held = true }

  /// Sends `wl_buffer.release` if the buffer is held.
  func release() {
    guard held else { return }
    held = false
    wl_buffer_send_release(resource)
  }

  /// Copies the pixels of an shm buffer (ARGB8888 or XRGB8888) into a premultiplied ARGB image.
  ///
  /// - Returns: nil if the buffer is not an shm buffer of a supported format.
  func copyPixels() -> Image? {
    guard let shm = wl_shm_buffer_get(resource) else { return nil }
    let format = wl_shm_buffer_get_format(shm)
    guard format == WL_SHM_FORMAT_ARGB8888.rawValue || format == WL_SHM_FORMAT_XRGB8888.rawValue
    else { return nil }
    let width = Int(wl_shm_buffer_get_width(shm))
    let height = Int(wl_shm_buffer_get_height(shm))
    let stride = Int(wl_shm_buffer_get_stride(shm))
    let opaque: UInt32 = format == WL_SHM_FORMAT_XRGB8888.rawValue ? 0xFF00_0000 : 0
    var pixels = [UInt32](repeating: 0, count: width * height)
    // begin/end_access make a client that shrank its pool get a protocol error instead of SIGBUS here.
    wl_shm_buffer_begin_access(shm)
    if let data = wl_shm_buffer_get_data(shm) {
      pixels.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
          let target = out.baseAddress! + row * width
          target.update(from: (data + row * stride).assumingMemoryBound(to: UInt32.self), count: width)
          if opaque != 0 {
            for column in 0..<width { target[column] |= opaque }
          }
        }
      }
    }
    wl_shm_buffer_end_access(shm)
    return try? Image(width: width, height: height, pixels: pixels)
  }
}
