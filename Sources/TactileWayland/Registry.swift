import CWaylandClient
import CWaylandProtocols

/// The `wl_registry`: the globals the compositor advertises, kept up to date as they come and go.
///
/// ``WaylandDisplay`` owns one and binds from it. Globals may appear and disappear at any time (outputs
/// plugged in, seats added); ``onAdded`` and ``onRemoved`` report each change once, in protocol order.
@MainActor
final class Registry {
  /// One advertised global.
  struct Global: Equatable {
    var name: UInt32
    var interface: String
    var version: UInt32
  }

  let proxy: OpaquePointer
  /// Kept so that the `wl_display` outlives the registry proxy.
  private let connection: WaylandConnection
  /// The advertised globals by their numeric name.
  private(set) var globals: [UInt32: Global] = [:]
  /// Called for each global advertised after the callback was set.
  var onAdded: ((Global) -> Void)?
  /// Called for each global that is withdrawn, with what it was.
  var onRemoved: ((Global) -> Void)?

  init(connection: WaylandConnection) {
    self.connection = connection
    proxy = wl_display_get_registry(connection.display)
    wl_registry_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    wl_registry_destroy(proxy)
  }

  /// The first advertised global named `interface`.
  func first(_ interface: String) -> Global? {
    globals.values.filter { $0.interface == interface }.min { $0.name < $1.name }
  }

  /// Binds `global` at `min(advertised, implemented)`.
  ///
  /// - Returns: The new proxy and the version it was bound at.
  /// - Throws: ``WaylandError/unsupportedVersion(name:required:available:)`` below `version.minimum`.
  func bind(
    _ global: Global, _ version: InterfaceVersion, _ interface: UnsafePointer<wl_interface>
  ) throws(WaylandError) -> (proxy: OpaquePointer, version: UInt32) {
    let bound = try version.bindVersion(advertised: global.version)
    let raw = wl_registry_bind(proxy, global.name, interface, bound)
    return (OpaquePointer(raw!), bound)
  }

  private func added(_ global: Global) {
    globals[global.name] = global
    onAdded?(global)
  }

  private func removed(_ name: UInt32) {
    guard let global = globals.removeValue(forKey: name) else { return }
    onRemoved?(global)
  }

  private static let listener = permanentListener(
    wl_registry_listener(
      global: { data, _, name, interface, version in
        let interfaceName = interface.map { String(cString: $0) } ?? ""
        withListenerTarget(data, Registry.self) {
          $0.added(Global(name: name, interface: interfaceName, version: version))
        }
      },
      global_remove: { data, _, name in
        withListenerTarget(data, Registry.self) { $0.removed(name) }
      }))
}
