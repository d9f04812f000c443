import CWaylandClient
import CWaylandProtocols
import TactileCore

/// Requests a client-side frame (or an app's own title bar) makes of the compositor for a toplevel:
/// interactive move and resize, which name the seat and the serial of the touch down or button press
/// that started the touch driving them (the compositor refuses any other; with two fingers down the
/// latest press is not necessarily the right one), and minimizing.
extension WaylandWindow {
  /// Lets the compositor move the window with the finger or pointer button of `touch`
  /// (`xdg_toplevel.move`). Does nothing for a popup, a closed window, or a touch that has ended or
  /// is not on this window's surface.
  public func beginInteractiveMove(with touch: Touch) {
    guard let toplevel = objects?.toplevel, let press = pressSerial(of: touch) else { return }
    xdg_toplevel_move(toplevel, press.seat, press.serial)
  }

  /// Lets the compositor resize the window from `edge` with the finger or pointer button of `touch`
  /// (`xdg_toplevel.resize`). Does nothing in the cases ``beginInteractiveMove(with:)`` lists.
  public func beginInteractiveResize(from edge: WindowEdge, with touch: Touch) {
    guard let toplevel = objects?.toplevel, let press = pressSerial(of: touch) else { return }
    xdg_toplevel_resize(toplevel, press.seat, press.serial, edge.rawValue)
  }

  /// Asks the compositor to minimize the window (`xdg_toplevel.set_minimized`).
  public func minimize() {
    guard let toplevel = objects?.toplevel else { return }
    xdg_toplevel_set_minimized(toplevel)
  }

  /// The seat and press serial of the platform point behind `touch`, if it is down on this surface (the
  /// touch belongs to ``content`` or to the client-side frame's window).
  func pressSerial(of touch: Touch) -> (seat: OpaquePointer, serial: UInt32)? {
    guard let window = touch.window, window === content || window === clientFrame?.frameWindow,
      let id = window.platformID(of: touch)
    else { return nil }
    return display.pressSerial(ofPoint: id)
  }
}
