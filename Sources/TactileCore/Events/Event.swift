import TactileGeometry

/// One user action as the application dispatches it, like `UIEvent`: a frame of touches, a key press, a
/// shake, a media key, a scroll step, a pointer hover or a pointer button.
///
/// Events are created by a ``Window`` from platform input (``Window/deliver(touchFrame:)`` and its
/// siblings), queued by the ``Application`` in arrival order (first in, first out), and delivered by
/// ``Window/sendEvent(_:)``: touches to the views they are bound to, scroll and hover to the view under
/// the pointer, everything else to the first responder.
@MainActor
public final class Event {
  /// The kind of event.
  public enum EventType: Sendable, Hashable {
    case touches, presses, motion, remoteControl, scroll, hover
    /// A pointer button other than the primary one went down or up (``Responder/pointerButtonPressed(_:with:)``).
    case pointerButton
  }

  /// Refines ``EventType`` for motion and remote-control events; `.none` for the others.
  public enum Subtype: Sendable, Hashable {
    case none
    case motionShake
    case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
    case remoteControlNextTrack, remoteControlPreviousTrack
    case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
    case remoteControlBeginSeekingForward, remoteControlEndSeekingForward
  }

  public let type: EventType
  public let subtype: Subtype
  /// Seconds on the platform's input clock.
  public let timestamp: Double
  /// The window the event happened in.
  public private(set) weak var window: Window?
  /// For a touch event, every live touch of the window (those that changed in this event and the
  /// stationary ones); `nil` for other kinds, as in UIKit.
  public internal(set) var allTouches: Set<Touch>?
  /// For a presses event, the presses it is about; empty for other kinds.
  public let allPresses: Set<Press>
  /// For a scroll event, the scroll amounts in points (positive `y`: the content should move up, as
  /// when the wheel turns towards the user); `nil` for other kinds.
  public var scrollDelta: Point? { scroll?.delta }
  /// For a scroll event, what produced it (`nil` also when the platform did not say).
  public var scrollSource: ScrollInput.Source? { scroll?.source }
  /// For a scroll event from a notched wheel, the whole notches it scrolls per axis; `nil` for
  /// continuous scrolling and other kinds.
  public var scrollNotches: Point? { scroll?.notches }
  /// For a scroll event, the axes whose scroll sequence it ends (the fingers left the touchpad: kinetic
  /// scrolling may start); empty for other kinds.
  public var scrollStoppedAxes: ScrollInput.Axes { scroll?.stoppedAxes ?? [] }
  /// The platform's scroll step, for a scroll event.
  let scroll: ScrollInput?
  /// For a hover event, what the pointer did; `nil` for other kinds.
  public var hoverPhase: HoverInput.Phase? { hover?.phase }
  /// The platform's hover input, for a hover event.
  let hover: HoverInput?
  /// For an event from a pointer — a touch of type ``Touch/TouchType/pointer``, a pointer button, hover,
  /// scroll — the buttons held when it happened (after the change, for a button event), like UIKit's
  /// `UIEvent.buttonMask`; empty for other events.
  public let buttonMask: ButtonMask
  /// For a pointer-button event, the change.
  let pointerButton: PointerButtonInput?
  let pointerLocationInWindow: Point?
  /// For a touch event, the touches that changed, in platform order, with the phase each is delivered
  /// in; a touch the system cancels while the event is being delivered is skipped from then on.
  var touchPlan: [(touch: Touch, phase: Touch.Phase)] = []
  /// For a touch event, each changed touch's platform samples of this event, oldest first, and its
  /// predictor as it was after them (`Event+CoalescedTouches.swift`).
  var touchSamples: [ObjectIdentifier: (samples: [TouchSample], predictor: TouchPredictor)] = [:]
  /// For a motion event, its phase.
  var motionPhase: MotionPhase?

  /// The touches of ``touchPlan`` delivered in `phase`, in plan order.
  func plannedTouches(in phase: Touch.Phase) -> [Touch] {
    var touches: [Touch] = []
    for entry in touchPlan where entry.phase == phase { touches.append(entry.touch) }
    return touches
  }

  /// Whether ``touchPlan`` lists `touch`.
  func plans(_ touch: Touch) -> Bool {
    for entry in touchPlan where entry.touch === touch { return true }
    return false
  }

  init(
    type: EventType, subtype: Subtype = .none, timestamp: Double, window: Window,
    touches: Set<Touch>? = nil, presses: Set<Press> = [], pointerLocation: Point? = nil,
    scroll: ScrollInput? = nil, hover: HoverInput? = nil, buttonMask: ButtonMask = [],
    pointerButton: PointerButtonInput? = nil
  ) {
    self.type = type
    self.subtype = subtype
    self.timestamp = timestamp
    self.window = window
    self.allTouches = touches
    self.allPresses = presses
    self.pointerLocationInWindow = pointerLocation
    self.scroll = scroll
    self.hover = hover
    self.buttonMask = buttonMask
    self.pointerButton = pointerButton
  }

  /// The touches of this event bound to `view`.
  public func touches(for view: View) -> Set<Touch> {
    (allTouches ?? []).filter { $0.view === view }
  }

  /// The touches of this event on `window`.
  public func touches(for window: Window) -> Set<Touch> {
    (allTouches ?? []).filter { $0.window === window }
  }

  /// The touches of this event that `gestureRecognizer` receives (those listing it in
  /// ``Touch/gestureRecognizers``), like `UIEvent.touches(for: UIGestureRecognizer)`.
  public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
    (allTouches ?? []).filter { touch in touch.gestureRecognizers.contains { $0 === gestureRecognizer } }
  }

  /// For scroll, hover and pointer-button events, the pointer's location in `view`'s coordinates (`nil` view: the
  /// window's); `nil` for other kinds.
  public func pointerLocation(in view: View?) -> Point? {
    guard let point = pointerLocationInWindow else { return nil }
    guard let view, let window else { return point }
    return view.convert(point, from: window)
  }
}
