import TactileCore

/// Drags leaving the window go to other apps over `wl_data_device` (``WaylandDisplay``'s drag rules).
extension HostedWindow {
  public func window(_ window: Window, handsOff session: DragSession) -> Bool {
    surface.display.startDrag(session, from: surface)
  }
}
