import CWaylandServer
import CWaylandServerProtocols
import TactileGeometry

/// An `xdg_popup`: placed by its positioner relative to the parent's window geometry (kept on the
/// output as its constraint adjustment allows); dismissed with `popup_done` by
/// ``FakeCompositor/dismissPopups()``. ``grabSerial`` records the serial of an explicit grab.
final class XdgPopup: ResourceObject {
  weak var xdgSurface: XdgSurface?
  weak var parent: XdgSurface?
  var x: Int32 = 0
  var y: Int32 = 0
  var width: Int32 = 0
  var height: Int32 = 0
  /// The serial of the client's explicit grab (`xdg_popup.grab`), if it asked for one.
  var grabSerial: UInt32?

  override func resourceDestroyed() {
    compositor.popups.removeAll { $0 === self }
    if let xdg = xdgSurface, case .popup = xdg.role {
      xdg.role = .none
      if let surface = xdg.surface {
        surface.image = nil
        compositor.surfaceCommitted(surface)
      }
    }
  }

  func position(with positioner: XdgPositioner) {
    (x, y) = positioner.place(within: outputInParentCoordinates())
    width = positioner.width
    height = positioner.height
  }

  /// The output's rectangle relative to the parent's window geometry, or `nil` when the parent has no
  /// place on the output yet.
  private func outputInParentCoordinates() -> Rect? {
    guard let parent, let surface = parent.surface, let origin = compositor.origin(of: surface) else {
      return nil
    }
    let x = Double(origin.x + Int(parent.geometry?.x ?? 0))
    let y = Double(origin.y + Int(parent.geometry?.y ?? 0))
    let configuration = compositor.configuration
    return Rect(
      x: -x, y: -y, width: Double(configuration.outputWidth), height: Double(configuration.outputHeight))
  }

  func sendRoleConfigure() {
    xdg_popup_send_configure(resource, x, y, width, height)
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_popup_interface> = {
    let table = UnsafeMutablePointer<xdg_popup_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_popup_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        grab: { _, resource, _, serial in XdgPopup.from(resource).grabSerial = serial },
        reposition: { _, resource, positioner, token in
          let popup = XdgPopup.from(resource)
          popup.position(with: XdgPositioner.from(positioner))
          xdg_popup_send_repositioned(resource, token)
          popup.xdgSurface?.sendConfigure()
        }))
    return table
  }()
}

extension XdgSurface {
  func getPopup(client: OpaquePointer?, id: UInt32, parent: XdgSurface?, positioner: XdgPositioner) {
    let base = wmBase ?? self
    guard positioner.isComplete else {
      base.postError(
        code: XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue, "positioner lacks a size or anchor rect")
      return
    }
    guard let parent else {
      base.postError(
        code: XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue, "popups without a parent are not supported")
      return
    }
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_xdg_popup(), version: version, id: id)
    else { return }
    let popup = XdgPopup(resource: resource, compositor: compositor)
    popup.xdgSurface = self
    popup.parent = parent
    popup.position(with: positioner)
    popup.install(implementation: XdgPopup.implementation)
    if assignRole(.popup(popup)) { compositor.popups.append(popup) }
  }
}

extension FakeCompositor {
  /// Dismisses every popup, topmost first, with `xdg_popup.popup_done` (as a click outside would).
  public func dismissPopups() {
    for popup in popups.reversed() { xdg_popup_send_popup_done(popup.resource) }
  }
}
