import CWaylandServer
import CWaylandServerProtocols

/// A `wl_global` bind handler: creates the client's resource for a global.
typealias GlobalBinder = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, UInt32) -> Void

/// A resource whose only state is the compositor (globals and stateless factories).
final class PlainResource: ResourceObject {}

/// The highest version of each global the fake compositor implements (and advertises). They are capped
/// by the protocol XML installed with libwayland 1.21 and wayland-protocols 1.31.
public enum GlobalVersions {
  public static let compositor: Int32 = 5
  public static let subcompositor: Int32 = 1
  public static let output: Int32 = 4
  public static let seat: Int32 = 8
  public static let xdgWmBase: Int32 = 4
  public static let viewporter: Int32 = 1
  public static let fractionalScale: Int32 = 1
  public static let dataDeviceManager: Int32 = 3
  public static let primarySelection: Int32 = 1
  public static let decorationManager: Int32 = 1
  public static let textInputManager: Int32 = 1
  public static let pointerGestures: Int32 = 3
  public static let tabletManager: Int32 = 1
  public static let control: Int32 = 1
  public static let presentation: Int32 = 1
  public static let inputTimestamps: Int32 = 1
  public static let xdgOutputManager: Int32 = 3
  public static let activation: Int32 = 1
  public static let relativePointerManager: Int32 = 1
  public static let pointerConstraints: Int32 = 1
  public static let idleInhibitManager: Int32 = 1
  public static let shortcutsInhibitManager: Int32 = 1
  public static let textInputManagerV1: Int32 = 1
}

extension FakeCompositor {
  /// The compositor behind a global's bind data.
  static func from(_ data: UnsafeMutableRawPointer?) -> FakeCompositor {
    Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue()
  }

  func addGlobal(_ interface: UnsafePointer<wl_interface>?, version: Int32, bind: GlobalBinder) {
    wl_global_create(display, interface, version, Unmanaged.passUnretained(self).toOpaque(), bind)
  }

  /// Creates a resource for a bind and installs `implementation` on a ``PlainResource``.
  @discardableResult
  func bindPlain(
    client: OpaquePointer?, interface: UnsafePointer<wl_interface>?, version: UInt32, id: UInt32,
    implementation: UnsafeRawPointer?
  ) -> PlainResource? {
    guard let resource = createResource(client: client, interface: interface, version: Int32(version), id: id)
    else { return nil }
    let object = PlainResource(resource: resource, compositor: self)
    object.install(implementation: implementation)
    return object
  }

  func createGlobals() {
    addGlobal(tactile_iface_wl_compositor(), version: GlobalVersions.compositor) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_wl_compositor(), version: version, id: id,
        implementation: compositorImplementation)
    }
    addGlobal(tactile_iface_wl_subcompositor(), version: GlobalVersions.subcompositor) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_wl_subcompositor(), version: version, id: id,
        implementation: Subsurface.subcompositorImplementation)
    }
    addGlobal(tactile_iface_wl_output(), version: GlobalVersions.output) { client, data, version, id in
      FakeCompositor.from(data).bindOutput(client: client, version: version, id: id)
    }
    createGlobal(of: seat)
    addGlobal(tactile_iface_xdg_wm_base(), version: GlobalVersions.xdgWmBase) { client, data, version, id in
      FakeCompositor.from(data).bindWmBase(client: client, version: version, id: id)
    }
    createExtensionGlobals()
    createDesktopGlobals()
    createInputTimestampsGlobal()
  }

  func createSurface(client: OpaquePointer?, version: Int32, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_surface(), version: version, id: id)
    else { return }
    let surface = Surface(resource: resource, compositor: self, id: nextSurfaceID)
    nextSurfaceID += 1
    surface.install(implementation: Surface.implementation)
    surfaces[surface.id] = surface
  }
}

nonisolated(unsafe) private let compositorImplementation: UnsafeMutablePointer<wl_compositor_interface> = {
  let table = UnsafeMutablePointer<wl_compositor_interface>.allocate(capacity: 1)
  table.initialize(
    to: wl_compositor_interface(
      create_surface: { client, resource, id in
        let object = PlainResource.from(resource)
        object.compositor.createSurface(client: client, version: object.version, id: id)
      },
      create_region: { client, resource, id in
        let object = PlainResource.from(resource)
        guard
          let region = createResource(
            client: client, interface: tactile_iface_wl_region(), version: 1, id: id)
        else { return }
        RegionResource(resource: region, compositor: object.compositor)
          .install(implementation: RegionResource.implementation)
      }))
  return table
}()
