import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// A bare libwayland-server in the test process that advertises globals, adds and withdraws them on
/// command, and records the version each was bound at. Its objects do nothing beyond what
/// ``WaylandDisplay`` sends (`xdg_wm_base.destroy`, `wl_output.release`); outputs report scale 2.
///
/// Same-thread use: the client's ``EventLoop`` watches ``eventLoopFileDescriptor`` and calls ``pump()``.
final class GlobalsServer {
  /// What a bind callback needs: the server and the interface of the global.
  private final class Advertised {
    unowned let server: GlobalsServer
    let interface: UnsafePointer<wl_interface>

    init(server: GlobalsServer, interface: UnsafePointer<wl_interface>) {
      self.server = server
      self.interface = interface
    }
  }

  private let display: OpaquePointer
  private var advertised: [Advertised] = []
  /// Each bind's interface name and version, in bind order.
  private(set) var binds: [String] = []
  /// How many `xdg_wm_base.pong` requests arrived.
  private(set) var pongs = 0

  init() {
    display = wl_display_create()
  }

  deinit {
    wl_display_destroy_clients(display)
    wl_display_destroy(display)
  }

  /// Advertises `interface` at `version`.
  @discardableResult
  func advertise(_ interface: UnsafePointer<wl_interface>, version: Int32) -> OpaquePointer {
    let context = Advertised(server: self, interface: interface)
    advertised.append(context)
    return wl_global_create(display, interface, version, Unmanaged.passUnretained(context).toOpaque()) {
      client, data, version, id in
      let context = Unmanaged<Advertised>.fromOpaque(data!).takeUnretainedValue()
      context.server.bind(context.interface, client!, Int32(version), id)
    }
  }

  /// Withdraws a global (`wl_registry.global_remove` reaches the clients at the next pump).
  func withdraw(_ global: OpaquePointer) {
    wl_global_destroy(global)
  }

  /// Hands a connected socket to a new client; the caller owns the returned end.
  func connectClient() -> Int32 {
    var fds: [Int32] = [0, 0]
    let created = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
    precondition(created == 0, "socketpair failed")
    wl_client_create(display, fds[0])
    return fds[1]
  }

  var eventLoopFileDescriptor: Int32 { wl_event_loop_get_fd(wl_display_get_event_loop(display)) }

  /// Handles what arrived and sends what is queued. Never blocks.
  func pump() {
    wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
    wl_display_flush_clients(display)
  }

  private func bind(
    _ interface: UnsafePointer<wl_interface>, _ client: OpaquePointer, _ version: Int32, _ id: UInt32
  ) {
    let name = String(cString: interface.pointee.name)
    binds.append("\(name) \(version)")
    let resource = wl_resource_create(client, interface, version, id)
    switch name {
    case "wl_output":
      wl_resource_set_implementation(resource, Self.outputImplementation, nil, nil)
      wl_output_send_scale(resource, 2)
      wl_output_send_done(resource)
    case "xdg_wm_base":
      wl_resource_set_implementation(
        resource, Self.wmBaseImplementation, Unmanaged.passUnretained(self).toOpaque(), nil)
    default:
      break
    }
  }

  private nonisolated(unsafe) static let outputImplementation: UnsafeMutablePointer<wl_output_interface> = {
    let table = UnsafeMutablePointer<wl_output_interface>.allocate(capacity: 1)
    table.initialize(to: wl_output_interface(release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  private nonisolated(unsafe) static let wmBaseImplementation: UnsafeMutablePointer<xdg_wm_base_interface> =
    {
      let table = UnsafeMutablePointer<xdg_wm_base_interface>.allocate(capacity: 1)
      table.initialize(
        to: xdg_wm_base_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          create_positioner: { _, _, _ in }, get_xdg_surface: { _, _, _, _ in },
          pong: { _, resource, _ in
            Unmanaged<GlobalsServer>.fromOpaque(wl_resource_get_user_data(resource)!)
              .takeUnretainedValue().pongs += 1
          }))
      return table
    }()
}
