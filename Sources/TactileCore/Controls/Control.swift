import TactileGeometry

/// A view that turns touches into semantic events and sends actions to targets, like `UIControl`.
///
/// ## Tracking (one touch at a time)
/// - `touchesBegan`: an enabled control starts tracking its first touch (``beginTracking(_:with:)``),
///   highlights, and sends ``Events/touchDown`` — plus ``Events/touchDownRepeat`` when the touch's
///   ``Touch/tapCount`` is above 1.
/// - `touchesMoved`: the touch is *inside* while it lies within the bounds grown by the tracking margin
///   (``InteractionSettings/controlTrackingMargin``: 70 points for fingers, 4 for a pointer). Each move
///   sends ``Events/touchDragInside`` or ``Events/touchDragOutside``; crossing the margin first sends
///   ``Events/touchDragEnter`` or ``Events/touchDragExit``. The highlight follows "inside".
/// - `touchesEnded`: ``Events/touchUpInside`` or ``Events/touchUpOutside``, by the same rule.
/// - `touchesCancelled`: ``Events/touchCancel``.
///
/// A disabled control (``isEnabled`` `false`) is still hit (it covers what lies below, as in UIKit) but
/// ignores the touches it receives: it neither tracks nor forwards them.
///
/// ## Targets and closure actions
/// ``addTarget(_:action:for:)`` registers a (target, action) pair for events, ``addAction(_:for:)`` a
/// ``ClosureAction`` (UIKit's `UIAction`); ``sendActions(for:with:)`` sends each matching pair with
/// ``Application/sendAction(_:to:from:for:)`` — so a `nil` target means the responder chain, starting
/// at the first responder or, without one, at the control itself (a button with a nil target handles
/// its own action when it can) — and runs each matching closure action.
@MainActor
open class Control: View {
  /// The state a control is drawn in.
  public struct State: OptionSet, Sendable, Hashable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal: State = []
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
    public static let focused = State(rawValue: 1 << 3)
  }

  /// The events a control sends actions for.
  public struct Events: OptionSet, Sendable, Hashable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchDown = Events(rawValue: 1 << 0)
    public static let touchDownRepeat = Events(rawValue: 1 << 1)
    public static let touchDragInside = Events(rawValue: 1 << 2)
    public static let touchDragOutside = Events(rawValue: 1 << 3)
    public static let touchDragEnter = Events(rawValue: 1 << 4)
    public static let touchDragExit = Events(rawValue: 1 << 5)
    public static let touchUpInside = Events(rawValue: 1 << 6)
    public static let touchUpOutside = Events(rawValue: 1 << 7)
    public static let touchCancel = Events(rawValue: 1 << 8)
    public static let valueChanged = Events(rawValue: 1 << 12)
    public static let primaryActionTriggered = Events(rawValue: 1 << 13)
    public static let editingDidBegin = Events(rawValue: 1 << 16)
    public static let editingChanged = Events(rawValue: 1 << 17)
    public static let editingDidEnd = Events(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Events(rawValue: 1 << 19)
    // UIKit's names, kept so that ported code compiles unchanged.
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let allTouchEvents = Events(rawValue: 0x0FFF)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let allEditingEvents = Events(rawValue: 0xF_0000)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let allEvents = Events(rawValue: 0xFFFF_FFFF)
  }

  /// What one registration sends: a target–action pair (its target weak; `nil` for a nil-target
  /// action, told apart from a freed target by `hasTarget`), or a closure action.
  private enum Receiver {
    case target(Weak<Responder>, hasTarget: Bool, Action)
    case closure(ClosureAction)
  }

  private struct Registration {
    let receiver: Receiver
    var events: Events
  }

  /// Target–action pairs and closure actions, in registration order (the order they are sent in).
  private var registrations: [Registration] = []
  private weak var trackedTouch: Touch?

  /// Creates a control that runs `primaryAction` (when given) on ``Events/primaryActionTriggered``, like
  /// `UIControl.init(frame:primaryAction:)`.
  public convenience init(frame: Rect = .zero, primaryAction: ClosureAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  /// Whether the control responds to touches. Default `true`.
  open var isEnabled = true {
    didSet { if oldValue != isEnabled { stateDidChange() } }
  }

  /// Whether the control is drawn highlighted (a finger is down on it and inside).
  open var isHighlighted = false {
    didSet { if oldValue != isHighlighted { stateDidChange() } }
  }

  /// Whether the control is selected (a toggled state some controls use).
  open var isSelected = false {
    didSet { if oldValue != isSelected { stateDidChange() } }
  }

  /// Whether a touch is being tracked.
  public private(set) var isTracking = false

  /// Whether the tracked touch is inside (bounds plus margin) now.
  public private(set) var isTouchInside = false

  /// The combined state.
  open var state: State {
    var state: State = []
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    if isFirstResponder { state.insert(.focused) }
    return state
  }

  /// Called after ``isEnabled``, ``isHighlighted`` or ``isSelected`` changed; the default marks the
  /// control for drawing. Subclasses call `super`.
  open func stateDidChange() {
    setNeedsDisplay()
    postAccessibilityEvent(.stateChanged(self))
  }

  // MARK: Accessibility

  /// A control is an accessibility element.
  override var defaultIsAccessibilityElement: Bool { true }

  /// ``AccessibilityTraits/notEnabled`` while disabled, ``AccessibilityTraits/selected`` while
  /// selected; subclasses add their kind.
  override var defaultAccessibilityTraits: AccessibilityTraits {
    var traits: AccessibilityTraits = []
    if !isEnabled { traits.insert(.notEnabled) }
    if isSelected { traits.insert(.selected) }
    return traits
  }

  /// Does what a tap does, without a touch: an enabled control in a window sends
  /// ``Events/touchUpInside`` and then runs its tap's primary action (``touchUpInsideDidHappen(with:)``:
  /// a button's action, a switch's toggle, a text field's focus).
  ///
  /// - Returns: `false`, doing nothing, when the control is disabled or in no window.
  open override func accessibilityActivate() -> Bool {
    guard isEnabled, window != nil else { return false }
    sendActions(for: .touchUpInside)
    touchUpInsideDidHappen(with: nil)
    return true
  }

  // MARK: Tracking hooks

  /// Tracking starts; return `false` to stop tracking this touch. Default `true`.
  open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

  /// The tracked touch moved; return `false` to stop tracking. Default `true`.
  open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

  /// The tracked touch lifted (`touch` is `nil` when tracking stopped for another reason).
  open func endTracking(_ touch: Touch?, with event: Event?) {}

  /// The tracked touch was cancelled.
  open func cancelTracking(with event: Event?) {}

  // MARK: Targets

  /// Sends `action` to `target` (or up the responder chain when `target` is `nil`) whenever one of
  /// `events` happens. The target is held weakly; a pair added twice is sent once.
  open func addTarget(_ target: Responder?, action: Action, for events: Events) {
    if let index = registrations.firstIndex(where: { isPair($0, target: target, action: action) }) {
      registrations[index].events.formUnion(events)
      return
    }
    registrations.append(
      Registration(receiver: .target(Weak(object: target), hasTarget: target != nil, action), events: events))
  }

  /// Stops sending `action` (every action when `nil`) to `target` for `events`.
  open func removeTarget(_ target: Responder?, action: Action?, for events: Events) {
    remove(events) { receiver in
      guard case .target(let weak, _, let registered) = receiver else { return false }
      return weak.object === target && (action == nil || registered == action)
    }
  }

  /// The actions registered for any of `events` towards `target` (`nil`: the nil-target ones).
  open func actions(forTarget target: Responder?, forControlEvent events: Events) -> [Action] {
    registrations.compactMap { registration in
      guard case .target(let weak, _, let action) = registration.receiver, weak.object === target,
        !registration.events.isDisjoint(with: events)
      else { return nil }
      return action
    }
  }

  /// Runs `action` whenever one of `events` happens, like `UIControl.addAction(_:for:)`. Adding an
  /// action whose ``ClosureAction/identifier`` is already registered replaces that one in place and adds
  /// `events` to its events.
  open func addAction(_ action: ClosureAction, for events: Events) {
    if let index = registrations.firstIndex(where: { closureIdentifier(of: $0) == action.identifier }) {
      registrations[index] = Registration(
        receiver: .closure(action), events: registrations[index].events.union(events))
      return
    }
    registrations.append(Registration(receiver: .closure(action), events: events))
  }

  /// Stops running `action` for `events`.
  open func removeAction(_ action: ClosureAction, for events: Events) {
    removeAction(identifiedBy: action.identifier, for: events)
  }

  /// Stops running the action identified by `identifier` for `events`.
  open func removeAction(identifiedBy identifier: ClosureAction.Identifier, for events: Events) {
    remove(events) { receiver in
      guard case .closure(let registered) = receiver else { return false }
      return registered.identifier == identifier
    }
  }

  /// Sends what is registered for any of `events`, in registration order: each target–action pair
  /// through the window's application (``Application/sendAction(_:to:from:for:)``; a control in no
  /// window sends none, and pairs whose target was freed are skipped), and each closure action runs with
  /// the control as its ``ClosureAction/sender``.
  open func sendActions(for events: Events, with event: Event? = nil) {
    let application = window?.application
    for registration in registrations where !registration.events.isDisjoint(with: events) {
      switch registration.receiver {
      case .target(let weak, let hasTarget, let action):
        guard let application, !(hasTarget && weak.object == nil) else { continue }
        application.sendAction(action, to: weak.object, from: self, for: event)
      case .closure(let action):
        action.perform(from: self)
      }
    }
  }

  private func isPair(_ registration: Registration, target: Responder?, action: Action) -> Bool {
    guard case .target(let weak, let hasTarget, let registered) = registration.receiver else { return false }
    return weak.object === target && hasTarget == (target != nil) && registered == action
  }

  private func closureIdentifier(of registration: Registration) -> ClosureAction.Identifier? {
    guard case .closure(let action) = registration.receiver else { return nil }
    return action.identifier
  }

  /// Takes `events` off the registrations `matches` selects, dropping those left with none.
  private func remove(_ events: Events, where matches: (Receiver) -> Bool) {
    registrations = registrations.compactMap { registration in
      guard matches(registration.receiver) else { return registration }
      let remaining = registration.events.subtracting(events)
      return remaining.isEmpty ? nil : Registration(receiver: registration.receiver, events: remaining)
    }
  }

  // MARK: Touches

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard isEnabled, !isTracking, let touch = touches.first else { return }
    guard beginTracking(touch, with: event) else { return }
    trackedTouch = touch
    isTracking = true
    isTouchInside = true
    isHighlighted = true
    var events: Events = [.touchDown]
    if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
    sendActions(for: events, with: event)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = isInsideTrackingArea(touch)
    isHighlighted = isTouchInside
    if wasInside != isTouchInside {
      sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit, with: event)
    }
    sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside, with: event)
    if !continueTracking(touch, with: event) { stopTracking(touch, with: event) }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    isTouchInside = isInsideTrackingArea(touch)
    stopTracking(touch, with: event)
    sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside, with: event)
    if isTouchInside { touchUpInsideDidHappen(with: event) }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    trackedTouch = nil
    isTracking = false
    isHighlighted = false
    cancelTracking(with: event)
    sendActions(for: .touchCancel, with: event)
  }

  /// A control keeps its own tap (UIKit since iOS 6): a single-finger single-tap recognizer attached to
  /// another view (an ancestor) may not begin over an enabled control, so the control's
  /// ``Events/touchUpInside`` is not stolen. A recognizer attached to the control itself may begin (and,
  /// with ``GestureRecognizer/cancelsTouchesInView``, wins over the control's action).
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer.view !== self, isEnabled, let tap = gestureRecognizer as? TapGestureRecognizer
    else { return true }
    return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
  }

  /// Called after ``Events/touchUpInside`` was sent; subclasses that trigger a primary action (a button
  /// tap, a switch toggle) override it. The default does nothing.
  open func touchUpInsideDidHappen(with event: Event?) {}

  private func stopTracking(_ touch: Touch, with event: Event?) {
    trackedTouch = nil
    isTracking = false
    isHighlighted = false
    endTracking(touch, with: event)
  }

  /// Whether `touch` is inside the bounds grown by the tracking margin of its input kind.
  private func isInsideTrackingArea(_ touch: Touch) -> Bool {
    let margin = InteractionSettings.forTouch(touch.type).controlTrackingMargin
    return bounds.insetBy(dx: -margin, dy: -margin).contains(touch.location(in: self))
  }
}
