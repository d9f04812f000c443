import CSystem
import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// A compositor behaving badly on purpose, for robustness tests of clients: withholding frame callbacks
/// and buffer releases at run time, sending a keymap that is garbage, shorter than announced or not
/// readable, posting a
/// protocol error, and hanging up on a client. Each is something a buggy or hostile compositor may do
/// over a valid wire.
extension FakeCompositor {
  /// Changes when frame callbacks are answered, at any time.
  ///
  /// Switching to ``FrameCallbackMode/automatic(intervalMilliseconds:)`` answers the callbacks held so far
  /// at the next pump (or repaint tick), as a compositor that wakes up again would.
  public func setFrameCallbacks(_ mode: FrameCallbackMode) {
    configuration.frameCallbacks = mode
    scheduleRepaint()
  }

  /// Changes when committed buffers are released, at any time.
  ///
  /// Switching to ``BufferReleaseMode/automatic`` releases every buffer held so far at once.
  public func setBufferReleases(_ mode: BufferReleaseMode) {
    configuration.bufferReleases = mode
    if mode == .automatic { releaseBuffers() }
  }

  /// Sends `bytes` as the keymap to every keyboard, announcing `announcedSize` bytes (which may exceed
  /// the bytes really there) in the given `format` (1 is `xkb_v1`, 0 `no_keymap`).
  ///
  /// The compositor's own keymap (for ``type(_:)`` and modifiers) is unchanged.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - announcedSize: The size the event announces.
  ///   - format: The format the event names.
  ///   - readable: `false` sends the file opened write-only: a client can `fstat` it but not map it.
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)`` when the memfd cannot be made or
  ///   reopened.
  public func sendKeymap(
    bytes: [UInt8], announcedSize: UInt32,
    format: UInt32 = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, readable: Bool = true
  ) throws {
    let memfd = tactile_memfd_create("tactile-hostile-keymap")
    guard memfd >= 0 else { throw FakeSeatError.systemCallFailed(call: "memfd_create", errno: errno) }
    defer { close(memfd) }  // libwayland duplicates the fd when it queues the event
    guard bytes.isEmpty || write(memfd, bytes, bytes.count) == bytes.count else {
      throw FakeSeatError.systemCallFailed(call: "write keymap", errno: errno)
    }
    var fd = memfd
    if !readable {
      fd = open("/proc/self/fd/\(memfd)", O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { throw FakeSeatError.systemCallFailed(call: "open write-only", errno: errno) }
    }
    defer { if fd != memfd { close(fd) } }
    for keyboard in seat.keyboards {
      wl_keyboard_send_keymap(keyboard.resource, format, fd, announcedSize)
    }
  }

  /// Posts a protocol error on a surface (`wl_display.error` naming its `wl_surface`), which ends the
  /// client's connection as the protocol says.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)``.
  public func postProtocolError(onSurface id: Int, code: UInt32, message: String) throws {
    try surface(id).postError(code: code, message)
  }

  /// Hangs up on the client of a surface at once (`wl_client_destroy`), whatever it is doing: a frame
  /// half-sent, callbacks pending, fingers down.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)``.
  public func disconnectClient(ofSurface id: Int) throws {
    let client = try surface(id).client
    wl_display_flush_clients(display)
    clients[client]?.isHungUpByCompositor = true
    wl_client_destroy(client)
  }

  private func surface(_ id: Int) throws -> Surface {
    try resolve(.surface(id: id, x: 0, y: 0)).surface
  }
}
