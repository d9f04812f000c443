import CWaylandClient
import CWaylandProtocols
import Tactile

/// Requests a client-side frame makes of the compositor for a toplevel: interactive move and resize
/// (which name the seat and the serial of the touch down or button press that started them: the
/// compositor refuses any other) and minimizing. Each does nothing for a popup, a closed window, or when
/// no seat has had a press.
extension WaylandWindow {
  /// Lets the compositor move the window with the pointer or finger that is down (`xdg_toplevel.move`).
  public func beginInteractiveMove() {
    guard let toplevel = objects?.toplevel, let press = display.latestPressSerial else { return }
    xdg_toplevel_move(toplevel, press.seat, press.serial)
  }

  /// Lets the compositor resize the window from `edge` with the pointer or finger that is down
  /// (`xdg_toplevel.resize`).
  public func beginInteractiveResize(from edge: WindowEdge) {
    guard let toplevel = objects?.toplevel, let press = display.latestPressSerial else { return }
    xdg_toplevel_resize(toplevel, press.seat, press.serial, edge.rawValue)
  }

  /// Asks the compositor to minimize the window (`xdg_toplevel.set_minimized`).
  public func minimize() {
    guard let toplevel = objects?.toplevel else { return }
    xdg_toplevel_set_minimized(toplevel)
  }
}
