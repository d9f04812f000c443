import CSystem
import CWaylandServer

/// What the fake compositor knows about one connected client.
final class ClientRecord {
  /// The client's process id, from the socket's credentials.
  let pid: Int32
  /// The bytes of the committed images of the client's surfaces (see ``Surface/image``).
  var imageBytes = 0
  /// Whether the client connected through the control socket and may bind `tactile_fake_seat_v1`.
  var isAuthorised = false
  /// The protocol error the compositor (or libwayland) posted to the client, which ends its connection.
  var protocolError: Failure?
  /// Whether the compositor hung up on the client on purpose (``FakeCompositor/disconnectClient(ofSurface:)``).
  var isHungUpByCompositor = false
  private let destroyListener: SignalListener

  /// - Parameters:
  ///   - client: The new `wl_client`.
  ///   - onDisconnect: Runs once when libwayland destroys the client.
  init(client: OpaquePointer, onDisconnect: @escaping () -> Void) {
    var pid: pid_t = 0
    wl_client_get_credentials(client, &pid, nil, nil)
    self.pid = pid
    destroyListener = SignalListener(once: true) { _ in onDisconnect() }
    destroyListener.link { wl_client_add_destroy_listener(client, $0) }
  }

  /// Why the client was dropped, in words, or `nil` when it hung up on its own; called while libwayland
  /// destroys it (its socket is still open then).
  ///
  /// libwayland-server 1.21 drops a client whose events no longer fit its socket ("error in client
  /// communication") through the same `wl_client_destroy` as one that hung up, with no error event. The
  /// two differ in the socket: a client that hung up has closed its end; a client dropped for a full
  /// socket is still connected, with the events it did not read still queued.
  /// - Parameter client: The `wl_client` being destroyed.
  /// - Returns: The reason, or `nil` for a client that hung up or that the compositor hung up on.
  func dropReason(_ client: OpaquePointer) -> String? {
    if let protocolError { return "after \(protocolError)" }
    var unread: Int32 = 0
    guard !isHungUpByCompositor, tactile_unix_peer_is_connected(wl_client_get_fd(client), &unread) == 1
    else { return nil }
    return "while still connected: it did not read its events and its socket stayed full "
      + "(\(unread) bytes unread), so libwayland could not send it more"
  }
}
