import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry

/// Drags from this app to others: a core ``TactileCore/DragSession`` whose touch left its window
/// becomes a `wl_data_device` drag (``HostedWindow``'s ``TactileCore/WindowHost/window(_:handsOff:)``).
extension WaylandDisplay {
  /// This app's drag to other apps in flight: its session, source and icon.
  struct DragInFlight {
    let session: DragSession
    let source: DragSource
    let icon: DragIcon?
    /// The serial `start_drag` named: the lifting touch's down or button press.
    let pressSerial: UInt32
  }

  /// Starts a `wl_data_device` drag of `session` from `window`'s surface, with the serial of the touch
  /// down or button press of the session's lifting touch — that very press, not the latest — on that
  /// touch's seat, and the session's preview as the icon.
  ///
  /// - Returns: Whether the drag started: not without a data device on that seat, without the press's
  ///   serial (the touch ended), or while another drag of this app is in flight.
  func startDrag(_ session: DragSession, from window: WaylandWindow) -> Bool {
    guard dragInFlight == nil, let touch = session.liftingTouch, let press = window.pressSerial(of: touch),
      let seat = seats.values.first(where: { $0.proxy == press.seat }),
      let device = seat.selectionDevice(.clipboard), let manager = selectionManager(.clipboard),
      let surface = window.objects?.surface
    else { return false }
    let source = DragSource(session: session, manager: manager, display: self)
    let icon = session.preview.flatMap { preview in
      DragIcon(
        preview: preview, hotspot: preview.convert(session.location(in: nil), from: session.window),
        display: self)
    }
    source.onEnd = { [weak self, weak source] in
      guard let self, let source, self.dragInFlight?.source === source else { return }
      self.dragInFlight = nil
    }
    dragInFlight = DragInFlight(session: session, source: source, icon: icon, pressSerial: press.serial)
    device.startDrag(source, origin: surface, icon: icon?.surface, serial: press.serial)
    return true
  }

  /// The `up` of the touch whose down started the drag in flight reached this app. A compositor that
  /// drives a touch drag takes the touch and sends its client nothing more of it; one that does not
  /// (mutter 43 runs every drag off the pointer, whatever the serial) will neither drop nor cancel the
  /// drag when the finger lifts. So unless the target dropped already, the drag ends as a cancel and its
  /// `wl_data_source` is destroyed, which ends the compositor's drag too: the finger's end is the
  /// drag's end, and the pointer is not left in a drag grab.
  func touchLifted(downSerial: UInt32) {
    guard let drag = dragInFlight, drag.pressSerial == downSerial, !drag.source.dropPerformed else { return }
    drag.source.cancelUntakenDrag()
  }
}
