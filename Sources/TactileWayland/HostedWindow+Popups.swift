import TactileCore

/// Showing a core ``TactileCore/PopupWindow`` as an `xdg_popup`.
///
/// The popup gets its own ``HostedWindow`` over a popup ``WaylandWindow`` (so its own surface, buffers,
/// frames and seat input: the seats find it by its surface like any window). The compositor places it
/// from the popup's ``TactileCore/PopupWindow/placement`` (flipping and sliding it to stay on the output)
/// and the core popup learns its place when it is drawn. `popup_done` dismisses the core popup, which
/// closes the surface; a popup dismissed in the core (a command chosen, a tap outside on the parent)
/// closes its surface the same way.
extension HostedWindow {
  public func window(_ window: Window, present popup: PopupWindow) {
    let surface = WaylandWindow(
      display: self.surface.display, popupOf: self.surface, placement: popup.placement,
      trigger: popup.triggeringTouch)
    let host = HostedWindow(window: popup, surface: surface)
    host.parentHost = self
    host.clearColor = .clear
    surface.onPopupDone = { [weak popup] in popup?.dismiss() }
    popupHost = host
    if surface.isClosed { popup.dismiss() }
  }
}
