import TactileCore
import TactileGeometry
import TactileTrace

/// What a seat's input devices deliver decoded input to, and what they ask of the display: the
/// windows on its surfaces, the numbers decoded events name surfaces by, the clock and the recorder.
///
/// The input path is decode-once: a device's listener turns each wire event into one
/// ``TactileTrace/InputEvent`` (surfaces named by ``surfaceNumber(of:)``, the numbers a trace uses),
/// ``InputDevice/receive(_:time:serial:)`` records that value and hands it to the device's one
/// `apply(_:time:serial:)`, which works on plain values and this route only. ``Seat`` is the route on a
/// connection; a unit test gives the devices a route of its own and feeds them events with no wire.
@MainActor
protocol InputRoute: AnyObject {
  /// The seat's number: folded into core touch ids, carried by key strokes and hover as their
  /// keyboard and pointer.
  var seatNumber: Int { get }
  /// The clock and timers of deferred input work (the touch flush at the end of a dispatch).
  var scheduler: any Scheduler { get }
  /// The number decoded events give `surface`: the next free one the first time it is named.
  func surfaceNumber(of surface: ProxyKey) -> Int
  /// The surface a decoded event's number names, if it was named before.
  func surface(numbered number: Int) -> ProxyKey?
  /// Where touch and pointer input on `surface` goes (its client-side frame, else its core window), if
  /// it is one of ours.
  func pointerTarget(for surface: ProxyKey) -> (any PointerInputTarget)?
  /// The core window shown on `surface` (keys, text and touchpad gestures go to it), if any.
  func window(for surface: ProxyKey) -> Window?
  /// A touch or click on `surface`, one of ours that shows no core window.
  func pressWithoutWindow(on surface: ProxyKey, at location: Point)
  /// Touch or pointer input at `time` (seconds on the input clock) went to `surface`'s window: its next
  /// frame answers it (presentation feedback).
  func inputArrived(on surface: ProxyKey, at time: Double)
  /// The integer scale of the cursor on `surface`, if it is one of ours.
  func cursorScale(on surface: ProxyKey) -> Int?
  /// Appends a decoded event to the display's input trace, when it records.
  func record(_ event: InputEvent, time: UInt32?)
  /// A problem that disabled a device without stopping the app (a keymap that cannot be used).
  func reportInputError(_ error: any Error)
  /// Whether a finger going down on `surface` is dropped for palm rejection (``TabletDevice``).
  func rejectsFingers(on surface: ProxyKey) -> Bool
  /// A live touch point's `up` arrived; `downSerial` is the serial of its `down` (a drag it started may
  /// have to end: ``WaylandDisplay``'s `touchLifted(downSerial:)`).
  func touchLifted(downSerial: UInt32)
}

extension InputRoute {
  /// No palm rejection, for routes without tablets.
  func rejectsFingers(on surface: ProxyKey) -> Bool { false }
  /// Nothing to end, for routes without drags.
  func touchLifted(downSerial: UInt32) {}
}

/// A seat's device: touch, pointer, keyboard, touchpad gestures or text input, each with one
/// `apply(_:time:serial:)` for the decoded events it handles.
@MainActor
protocol InputDevice: AnyObject {
  var route: any InputRoute { get }
  /// Handles one decoded event; events of other devices are ignored.
  ///
  /// - Parameters:
  ///   - event: The event, with surfaces named by ``InputRoute/surfaceNumber(of:)``.
  ///   - time: The protocol's millisecond timestamp, nil for events without one.
  ///   - serial: The event's serial (0 for events without one).
  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32)
}

extension InputDevice {
  /// The one path of every listener: records `event` (if it is written to traces) and applies it.
  func receive(_ event: InputEvent, time: UInt32? = nil, serial: UInt32 = 0) {
    if event.isWrittenToTraces { route.record(event, time: time) }
    apply(event, time: time, serial: serial)
  }
}
