import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat

/// A minimal libwayland client for tests, connected to an in-process ``FakeCompositor`` over a socket
/// pair and pumped on the same thread: every wait alternates the client's non-blocking read with the
/// compositor's pump, so nothing blocks.
final class WireClient {
  let compositor: FakeCompositor
  let display: OpaquePointer
  let registry: OpaquePointer
  /// The globals the registry announced: interface name → (name, version).
  var globals: [String: (name: UInt32, version: UInt32)] = [:]
  /// Every event the listeners saw, as readable lines, in order.
  var events: [String] = []
  /// The windows made on this client, kept as long as it is: their listeners hold them unretained.
  var windows: [WireWindow] = []
  /// Objects the listeners of this client's proxies point at (a tablet tool's name), kept as long as it is.
  var listenerTargets: [AnyObject] = []

  /// - Parameters:
  ///   - compositor: The compositor to connect to.
  ///   - authorised: Connect as a control client (one that sees `tactile_fake_seat_v1`).
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)``.
  init(_ compositor: FakeCompositor, authorised: Bool = false) throws {
    self.compositor = compositor
    let fd = try authorised ? compositor.connectControlClient() : compositor.connectClient()
    display = wl_display_connect_to_fd(fd)!
    registry = wl_display_get_registry(display)!
    wl_registry_add_listener(
      registry, &WireClient.registryListener, Unmanaged.passUnretained(self).toOpaque())
    roundtrip()
  }

  private var connected = true
  /// The proxies this client made and frees when it disconnects (``own(_:)``).
  private var proxies: [OpaquePointer] = []

  deinit {
    disconnect()
  }

  /// Closes the connection (once), freeing every proxy it owns; the compositor notices on its next pump.
  func disconnect() {
    guard connected else { return }
    connected = false
    for proxy in proxies { wl_proxy_destroy(proxy) }
    proxies = []
    wl_proxy_destroy(registry)
    wl_display_disconnect(display)
  }

  /// Keeps `proxy` until the client disconnects, then frees it; returns it. `wl_display_disconnect`
  /// frees the display, not the proxies, so each proxy a test makes and does not destroy itself must be
  /// owned, or it leaks. A test destroys an owned proxy with ``destroy(_:with:)`` only.
  @discardableResult
  func own(_ proxy: OpaquePointer?) -> OpaquePointer {
    proxies.append(proxy!)
    return proxy!
  }

  /// Sends the destructor request of an owned proxy (which frees it) and lets go of it.
  func destroy(_ proxy: OpaquePointer, with destructor: (OpaquePointer) -> Void) {
    proxies.removeAll { $0 == proxy }
    destructor(proxy)
  }

  var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  static func from(_ data: UnsafeMutableRawPointer?) -> WireClient {
    Unmanaged<WireClient>.fromOpaque(data!).takeUnretainedValue()
  }

  /// Sends what is queued, lets the compositor handle it, and dispatches what came back, until a
  /// `wl_display.sync` issued now is answered. Returns early if the connection broke (protocol error).
  func roundtrip() {
    var done = false
    let callback = wl_display_sync(display)
    withUnsafeMutablePointer(to: &done) { flag in
      wl_callback_add_listener(callback, &WireClient.syncListener, flag)
      for _ in 0..<1000 where !flag.pointee && wl_display_get_error(display) == 0 {
        exchange()
      }
    }
    wl_callback_destroy(callback)
    // Requests sent from inside event handlers (a pong) reach the compositor too.
    wl_display_flush(display)
    compositor.pump()
  }

  /// One step of the conversation: flush, pump the compositor, read and dispatch without blocking.
  func exchange() {
    wl_display_flush(display)
    compositor.pump()
    while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
    var poller = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
    if poll(&poller, 1, 0) > 0 {
      wl_display_read_events(display)
    } else {
      wl_display_cancel_read(display)
    }
    wl_display_dispatch_pending(display)
  }

  /// The protocol error that broke the connection, as (interface, code), or nil.
  var protocolError: (interface: String, code: UInt32)? {
    guard wl_display_get_error(display) == EPROTO else { return nil }
    var interface: UnsafePointer<wl_interface>?
    let code = wl_display_get_protocol_error(display, &interface, nil)
    return (interface.map { String(cString: $0.pointee.name) } ?? "?", code)
  }

  /// Binds a global at `version` (at most what was announced); the client owns the proxy.
  func bind(_ name: String, _ interface: UnsafePointer<wl_interface>?, version: UInt32) -> OpaquePointer {
    let global = globals[name]!
    return own(
      OpaquePointer(wl_registry_bind(registry, global.name, interface, min(version, global.version))))
  }

  nonisolated(unsafe) static var registryListener = wl_registry_listener(
    global: { data, _, name, interface, version in
      WireClient.from(data).globals[String(cString: interface!)] = (name, version)
    },
    global_remove: { _, _, _ in })

  nonisolated(unsafe) static var syncListener = wl_callback_listener(done: { data, _, _ in
    data!.assumingMemoryBound(to: Bool.self).pointee = true
  })
}
