import TactileGeometry

/// One finger (or one pressed pointer button) on a window, from the moment it goes down until it lifts
/// or is cancelled, like `UITouch`.
///
/// A touch object lives for the whole gesture: every event about the same finger carries the same object
/// with an updated ``phase``, location and ``timestamp``.
///
/// **The bound view:** ``view`` is fixed by the hit test when the touch begins and
/// never changes for the touch's life, even when the finger moves outside that view: the view keeps
/// receiving `touchesMoved`, `touchesEnded`/`touchesCancelled` for it. A touch whose hit test found no
/// view (or that ``View/isMultipleTouchEnabled`` or ``View/isExclusiveTouch`` refused) has `view == nil`
/// and is delivered to no responder.
///
/// **Exactly once:** a touch delivered to a responder in `touchesBegan` is delivered to the same
/// responder in exactly one `touchesEnded` or `touchesCancelled`, whatever the platform sends.
@MainActor
public final class Touch: Hashable {
  /// Where a touch is in its life.
  public enum Phase: Sendable, Hashable {
    /// The finger went down in this event.
    case began
    /// The finger moved in this event.
    case moved
    /// The finger is down but did not move in this event (it is in ``Event/allTouches`` because another
    /// finger changed).
    case stationary
    /// The finger lifted. Final.
    case ended
    /// The system cancelled the touch. Final.
    case cancelled

    /// Whether this phase ends the touch.
    public var isFinal: Bool { self == .ended || self == .cancelled }

    /// The phases an event delivers, in the order it delivers them (to recognizers, then to views).
    static let deliveryOrder: [Phase] = [.began, .moved, .ended, .cancelled]
  }

  /// What produced the touch.
  public enum TouchType: Sendable, Hashable, CaseIterable {
    /// A finger on a touch screen (`wl_touch`).
    case direct
    /// A pointer button held down (`wl_pointer`), UIKit's `.indirectPointer`.
    case pointer
    /// A stylus tool touching a tablet or a pen-enabled screen (`zwp_tablet_tool_v2`), UIKit's
    /// `.pencil`: ``pencilTool`` says which tool, and ``force``, ``altitudeAngle``,
    /// ``azimuthAngle(in:)`` and ``rollAngle`` what the tablet measured.
    case pencil
  }

  /// The current phase.
  public internal(set) var phase: Phase {
    get { storedPhase }
    set { storedPhase = newValue }
  }
  /// Seconds on the platform's input clock of the latest change.
  public internal(set) var timestamp: Double {
    get { storedTimestamp }
    set { storedTimestamp = newValue }
  }
  // What the public properties above return: private storage, so that with whole-module optimization
  // the compiler proves their exclusive access statically (public stored properties of a class are
  // checked at run time on every access, and touch delivery reads these on every step and sample).
  private var storedPhase: Phase
  private var storedTimestamp: Double
  private var storedTapCount: Int
  private var storedMajorRadius: Double
  private var storedMajorRadiusTolerance: Double
  private var storedMinorRadius: Double
  private var storedOrientation: Double
  private var storedForce: Double?
  private var storedAltitudeAngle: Double = .pi / 2
  private var storedRollAngle: Double = 0
  private var storedPencilTool: PencilTool?
  /// How many taps in quick succession, this one included (1 for a first tap); see
  /// ``InteractionSettings/multipleTapInterval``.
  public internal(set) var tapCount: Int {
    get { storedTapCount }
    set { storedTapCount = newValue }
  }
  /// What produced the touch.
  public let type: TouchType
  /// Half the major axis of the contact ellipse, in points, like UIKit's `majorRadius`.
  ///
  /// From the platform's measurement when it reports one (`wl_touch.shape`, in surface units, which are
  /// the window's points at any buffer or fractional scale). Until then it is the nominal
  /// ``InteractionSettings/nominalContactRadius`` of the touch's type — about a fingertip for a finger,
  /// 0 for a pointer — and ``majorRadiusTolerance`` says so.
  public internal(set) var majorRadius: Double {
    get { storedMajorRadius }
    set { storedMajorRadius = newValue }
  }
  /// How far, in points, ``majorRadius`` may be from the true radius, like UIKit's
  /// `majorRadiusTolerance`: 0 once the platform measured the contact (Wayland states no accuracy), the
  /// nominal radius itself while it has not (the contact may be anything from a point to twice the
  /// nominal size).
  public internal(set) var majorRadiusTolerance: Double {
    get { storedMajorRadiusTolerance }
    set { storedMajorRadiusTolerance = newValue }
  }
  /// Half the minor axis of the contact ellipse, in points; equal to ``majorRadius`` for a round or
  /// unmeasured contact.
  public internal(set) var minorRadius: Double {
    get { storedMinorRadius }
    set { storedMinorRadius = newValue }
  }
  /// The contact ellipse's orientation: the angle in radians from the window's vertical axis (pointing
  /// down) to the major axis, clockwise positive (`wl_touch.orientation`, which gives degrees). 0 when
  /// the platform reports none.
  public internal(set) var orientation: Double {
    get { storedOrientation }
    set { storedOrientation = newValue }
  }
  /// The pressure, 0 to 1 where 1 is an average touch, when the platform reports it; for a pencil, from 0
  /// to ``maximumPossibleForce`` (the tablet's whole pressure range scaled onto it).
  public internal(set) var force: Double? {
    get { storedForce }
    set { storedForce = newValue }
  }
  /// For a pencil, the angle in radians between the stylus and the window's surface: π/2 when it stands
  /// perpendicular (and when the tablet reports no tilt), towards 0 as it lies flat; π/2 for other
  /// touches, like UIKit's `altitudeAngle`.
  public internal(set) var altitudeAngle: Double {
    get { storedAltitudeAngle }
    set { storedAltitudeAngle = newValue }
  }
  /// For a pencil, the barrel's rotation in radians about its own axis, clockwise from the tool's neutral
  /// position, when the tablet reports it; 0 otherwise (UIKit's `rollAngle`).
  public internal(set) var rollAngle: Double {
    get { storedRollAngle }
    set { storedRollAngle = newValue }
  }
  /// Which tablet tool makes a ``TouchType/pencil`` touch (the eraser end is its own tool); nil for
  /// other touches.
  public internal(set) var pencilTool: PencilTool? {
    get { storedPencilTool }
    set { storedPencilTool = newValue }
  }
  /// The direction the stylus leans towards, in radians in the window's coordinates (0 along +x,
  /// clockwise positive since y points down); see ``azimuthAngle(in:)``.
  var azimuthInWindow: Double = 0
  /// The view found by the hit test when the touch began; fixed for the touch's life.
  ///
  /// A touch keeps neither its view nor its recognizers (they keep their touches, so that would be a
  /// cycle, never freed for an app released with a finger down): a view freed during the touch is `nil`
  /// here and receives nothing.
  public weak let view: View?
  /// The window the touch is on.
  public var window: Window? { storedWindow }
  private weak var storedWindow: Window?
  /// The gesture recognizers that receive this touch, chosen when it began (the rules are on
  /// `GestureCoordinator+Delivery.swift`); one freed during the touch leaves the list. See
  /// ``Event/touches(for:)-(GestureRecognizer)``.
  public internal(set) var gestureRecognizers: [GestureRecognizer] {
    get {
      var recognizers: [GestureRecognizer] = []
      recognizers.reserveCapacity(receivingRecognizers.count)
      // By index: iterating the entries would copy each weak reference (and destroy the copy).
      for index in receivingRecognizers.indices {
        if let recognizer = receivingRecognizers[index].object { recognizers.append(recognizer) }
      }
      return recognizers
    }
    set {
      var entries: [Weak<GestureRecognizer>] = []
      entries.reserveCapacity(newValue.count)
      for recognizer in newValue { entries.append(Weak(object: recognizer)) }
      receivingRecognizers = entries
    }
  }
  private var receivingRecognizers: [Weak<GestureRecognizer>] = []

  /// Whether one of ``gestureRecognizers`` satisfies `predicate` (asked in their order, stopping at
  /// the first that does), without building the list.
  func anyGestureRecognizer(_ predicate: (GestureRecognizer) -> Bool) -> Bool {
    for index in receivingRecognizers.indices {
      if let recognizer = receivingRecognizers[index].object, predicate(recognizer) { return true }
    }
    return false
  }

  /// Whether ``gestureRecognizers`` is not empty, without building it.
  var hasGestureRecognizers: Bool {
    for index in receivingRecognizers.indices where receivingRecognizers[index].object != nil {
      return true
    }
    return false
  }

  var locationInWindow: Point
  var previousLocationInWindow: Point
  /// How far the delivery to ``view`` has come; changed only by the window's `TouchGate`. The
  /// platform's side of the touch's life is ``phase``: final once the finger lifted or the system
  /// cancelled the touch, while the view's `touchesEnded` may still be held.
  var delivery = TouchDelivery.unsent
  /// The button whose press makes the touch: ``ButtonMask/primary`` for fingers and the primary
  /// button, another for the gesture-only touch of a non-primary button (`Window+ButtonGestures.swift`).
  var button = ButtonMask.primary
  /// The touch's samples so far, for ``Event/predictedTouches(for:)``.
  var predictor = TouchPredictor()

  init(
    window: Window, view: View?, location: Point, timestamp: Double, type: TouchType, tapCount: Int
  ) {
    storedWindow = window
    self.view = view
    self.locationInWindow = location
    self.previousLocationInWindow = location
    storedTimestamp = timestamp
    self.type = type
    storedTapCount = tapCount
    storedPhase = .began
    let nominal = InteractionSettings.forTouch(type).nominalContactRadius
    storedMajorRadius = nominal
    storedMajorRadiusTolerance = nominal
    storedMinorRadius = nominal
    storedOrientation = 0
  }

  /// A snapshot of `touch` at `sample` in `phase`: a coalesced or predicted touch
  /// (``Event/coalescedTouches(for:)``). It has the live touch's view, window, type and tap count, no
  /// gesture recognizers, and nothing delivers it.
  init(snapshotOf touch: Touch, at sample: TouchSample, phase: Phase) {
    storedWindow = touch.window
    view = touch.view
    type = touch.type
    storedTapCount = touch.tapCount
    button = touch.button
    storedPhase = phase
    locationInWindow = sample.location
    previousLocationInWindow = sample.previousLocation
    storedTimestamp = sample.timestamp
    storedMajorRadius = sample.majorRadius
    storedMajorRadiusTolerance = sample.majorRadiusTolerance
    storedMinorRadius = sample.minorRadius
    storedOrientation = sample.orientation
    storedForce = sample.force
    storedAltitudeAngle = sample.altitudeAngle
    azimuthInWindow = sample.azimuthInWindow
    storedRollAngle = sample.rollAngle
    storedPencilTool = touch.pencilTool
  }

  /// Takes the contact shape the platform measured, where it says anything (non-finite or negative
  /// radii and non-finite angles are ignored).
  func updateContact(from point: TouchPoint) {
    if let major = point.majorRadius, major.isFinite, major >= 0 {
      majorRadius = major
      majorRadiusTolerance = 0
      minorRadius = major
    }
    if let minor = point.minorRadius, minor.isFinite, minor >= 0 { minorRadius = minor }
    if let angle = point.orientation, angle.isFinite { orientation = angle }
  }

  /// The touch's location in `view`'s coordinates (`nil`: the window's).
  public func location(in view: View?) -> Point {
    convertFromWindow(locationInWindow, to: view)
  }

  /// The touch's location at the previous event, in `view`'s coordinates (`nil`: the window's).
  public func previousLocation(in view: View?) -> Point {
    convertFromWindow(previousLocationInWindow, to: view)
  }

  private func convertFromWindow(_ point: Point, to view: View?) -> Point {
    guard let view, let window else { return point }
    return view.convert(point, from: window)
  }

  public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
