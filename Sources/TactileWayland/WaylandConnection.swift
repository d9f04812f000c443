import CWaylandClient
import CWaylandProtocols
import Glibc

/// One client connection to a compositor (`wl_display`), with every libwayland failure turned into a
/// ``WaylandError``.
///
/// Owned by ``WaylandDisplay``; the ``EventLoop`` drives its reads and writes. Main-actor only: libwayland
/// queues are not shared with other threads here.
@MainActor
public final class WaylandConnection {
  /// The `wl_display`. Never leaves the module.
  let display: OpaquePointer
  /// What the error messages call this connection (a socket path, or `fd N`).
  public let endpoint: String
  /// Called once, with the first failure, when the connection breaks (protocol error or hang-up): the
  /// owner finalizes what the compositor can no longer end (live touches, held keys).
  var onFailure: (@MainActor (WaylandError) -> Void)?

  /// Connects to the compositor that `environment` names (`WAYLAND_DISPLAY`: a name under
  /// `XDG_RUNTIME_DIR` or an absolute path; `wayland-0` when unset).
  ///
  /// - Throws: ``WaylandError/noCompositor(socket:reason:)`` naming the socket that was tried.
  public convenience init(environment: [String: String]) throws(WaylandError) {
    let path = try SocketAddress.resolve(environment: environment)
    WaylandLog.install()
    guard let display = wl_display_connect(path) else {
      throw .noCompositor(socket: path, reason: WaylandError.text(ofErrno: errno))
    }
    self.init(display: display, endpoint: path)
  }

  /// Takes over an already connected socket (as with `WAYLAND_SOCKET`).
  ///
  /// - Parameter fd: A connected Unix stream socket; the connection owns and closes it.
  /// - Throws: ``WaylandError/noCompositor(socket:reason:)`` when libwayland cannot use the fd.
  public convenience init(fileDescriptor fd: Int32) throws(WaylandError) {
    WaylandLog.install()
    guard let display = wl_display_connect_to_fd(fd) else {
      throw .noCompositor(socket: "fd \(fd)", reason: WaylandError.text(ofErrno: errno))
    }
    self.init(display: display, endpoint: "fd \(fd)")
  }

  private init(display: OpaquePointer, endpoint: String) {
    self.display = display
    self.endpoint = endpoint
  }

  isolated deinit {
    wl_display_disconnect(display)
  }

  /// The socket to poll.
  var fileDescriptor: Int32 { wl_display_get_fd(display) }

  /// Whether a flush wrote everything or must wait until the socket is writable.
  enum FlushResult { case done, wouldBlock }

  /// Sends queued requests.
  ///
  /// - Returns: ``FlushResult/wouldBlock`` when the socket buffer is full (`EAGAIN`): poll for `POLLOUT`.
  func flush() throws(WaylandError) -> FlushResult {
    if wl_display_flush(display) >= 0 { return .done }
    if errno == EAGAIN { return .wouldBlock }
    throw failure()
  }

  /// Dispatches the events already read, running their listeners.
  func dispatchPending() throws(WaylandError) {
    if wl_display_dispatch_pending(display) < 0 { throw failure() }
  }

  /// Announces a read (`wl_display_prepare_read`), dispatching queued events until the queue is empty.
  ///
  /// - Returns: false when events were dispatched instead (the caller should re-check its state before
  ///   polling); true when a read is prepared and must be finished by ``readEvents()`` or ``cancelRead()``.
  func prepareRead() throws(WaylandError) -> Bool {
    if wl_display_prepare_read(display) == 0 { return true }
    try dispatchPending()
    return false
  }

  /// Reads what the socket holds into the queue (after ``prepareRead()`` returned true).
  func readEvents() throws(WaylandError) {
    if wl_display_read_events(display) < 0 { throw failure() }
  }

  /// Abandons a prepared read.
  func cancelRead() {
    wl_display_cancel_read(display)
  }

  /// The typed error for the connection's current failure (`wl_display_get_error`).
  func failure() -> WaylandError {
    let error = currentFailure()
    if let onFailure {
      self.onFailure = nil
      onFailure(error)
    }
    return error
  }

  private func currentFailure() -> WaylandError {
    let code = wl_display_get_error(display)
    guard code == EPROTO else {
      let reason = code == 0 ? WaylandError.text(ofErrno: errno) : WaylandError.text(ofErrno: code)
      return .connectionLost(reason: reason)
    }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let errorCode = wl_display_get_protocol_error(display, &interface, &objectID)
    let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
    let message =
      WaylandLog.message(interface: name, objectID: objectID, code: errorCode)
      ?? "(the compositor sent no message)"
    return .protocolError(interface: name, objectID: objectID, code: errorCode, message: message)
  }
}
