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
}
