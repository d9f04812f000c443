import TactileGeometry

/// An object that turns the touches of a view (and its subviews) into one gesture — a tap, a pan, a
/// pinch — and calls actions as the gesture's ``state`` changes, like `UIGestureRecognizer`.
///
/// ## Life of a recognizer
/// Attach it with ``View/addGestureRecognizer(_:)``. Every touch that begins on that view or on one of its
/// descendants is delivered to the recognizer *before* the hit view (see ``GestureCoordinator``) through
/// ``touchesBegan(_:with:)`` and its siblings; a subclass reads them and sets ``state``. Each state change
/// out of ``State/possible`` is arbitrated by the window's ``GestureCoordinator`` (the resolution rule is
/// documented there), then the actions run once per change: for a discrete gesture once at
/// ``State/ended``; for a continuous one at ``State/began``, at each ``State/changed``, and at
/// ``State/ended`` or ``State/cancelled``. Nothing runs for ``State/failed``.
///
/// When the recognizer has reached ``State/ended``, ``State/cancelled`` or ``State/failed`` and every
/// finger it received (or was refused because it had already finished) has lifted, it is reset to
/// ``State/possible`` (``reset()`` is called). So a recognizer that failed ignores new fingers until
/// every finger has lifted.
///
/// ## Time
/// Recognizers that wait (long press, multiple taps) use the scheduler of their window's
/// ``Application`` (``scheduleTimer(after:_:)``); timers are cancelled on reset.
@MainActor
open class GestureRecognizer {
  /// One registered action: a target–action pair or a closure.
  enum ActionEntry {
    case target(Weak<Responder>, Action)
    case closure(@MainActor (GestureRecognizer) -> Void)
  }

  // The public stored values below keep their values in private storage, so that with whole-module
  // optimization the compiler proves their exclusive access statically: a public stored property of a
  // class is checked at run time (`swift_beginAccess`) on every access, and touch delivery reads these
  // for every recognizer of every touch.

  /// The state as the actions and the delegate see it.
  var storedState: State = .possible
  /// States a recognizer asked for while it waited for others to fail (``require(toFail:)``), applied
  /// in order once they have failed.
  var pendingStates: [State] = []
  var actionEntries: [ActionEntry] = []
  var failureRequirements: [Weak<GestureRecognizer>] = []
  /// The coordinator of the window whose touches this recognizer is tracking.
  weak var coordinator: GestureCoordinator?
  /// Every touch received in the current sequence, in arrival order.
  var sequenceTouches: [Touch] = []
  /// Touches refused because the recognizer had already finished; it resets only once they end too.
  var refusedTouches: [Touch] = []
  /// The touches that are down, in arrival order.
  var activeTouches: [Touch] = []
  /// Every press received in the current sequence, and those still down, in arrival order.
  var sequencePresses: [Press] = []
  var activePresses: [Press] = []
  /// Whether a touchpad gesture is driving this recognizer.
  var isTouchpadActive = false
  /// The last centroid of the touches (or the touchpad pointer), in window coordinates.
  var centroidInWindow = Point.zero
  /// Running timers by id; a timer removes itself when it fires.
  var timers: [Int: TimerToken] = [:]
  var nextTimerID = 0
  /// Why the recognizer is failing itself, for diagnostics (``fail(because:)``).
  var failureReason: String?

  /// The view the recognizer is attached to; set by ``View/addGestureRecognizer(_:)``.
  public internal(set) var view: View? {
    get { storedView }
    set { storedView = newValue }
  }
  private weak var storedView: View?

  /// Asked before the recognizer begins, receives a touch or competes with another recognizer.
  public var delegate: GestureRecognizerDelegate? {
    get { storedDelegate }
    set { storedDelegate = newValue }
  }
  private weak var storedDelegate: GestureRecognizerDelegate?

  /// A name shown in diagnostics (``Window/gestureDiagnostics``).
  public var name: String?

  /// Whether the recognizer takes part in recognition. Default `true`. Setting it to `false` while the
  /// gesture is in progress cancels it (``State/began``/``State/changed`` → ``State/cancelled``, with the
  /// action called) or fails it (from ``State/possible``); a disabled recognizer receives no touches.
  public var isEnabled: Bool {
    get { storedIsEnabled }
    set {
      let oldValue = storedIsEnabled
      storedIsEnabled = newValue
      if oldValue, !newValue { stopForDisabling() }
    }
  }
  private var storedIsEnabled = true

  /// Whether the touches of a recognized gesture are cancelled in the view: the hit view gets
  /// `touchesCancelled` just before the action of ``State/began`` (continuous) or ``State/ended``
  /// (discrete). Default `true`.
  public var cancelsTouchesInView: Bool {
    get { storedCancelsTouchesInView }
    set { storedCancelsTouchesInView = newValue }
  }
  private var storedCancelsTouchesInView: Bool = true
  /// Whether the hit view's `touchesBegan` waits until this recognizer fails (the view then gets it) or
  /// recognizes (the view never sees the touch when ``cancelsTouchesInView`` is set). Default `false`.
  public var delaysTouchesBegan: Bool {
    get { storedDelaysTouchesBegan }
    set { storedDelaysTouchesBegan = newValue }
  }
  private var storedDelaysTouchesBegan: Bool = false
  /// Whether the hit view's `touchesEnded` waits while this recognizer is still undecided; when it then
  /// recognizes, the view gets `touchesCancelled` instead. Default `true`.
  public var delaysTouchesEnded: Bool {
    get { storedDelaysTouchesEnded }
    set { storedDelaysTouchesEnded = newValue }
  }
  private var storedDelaysTouchesEnded: Bool = true

  /// The pointer button whose touches this recognizer receives, like `UIGestureRecognizer`'s
  /// `buttonMaskRequired`. Default ``ButtonMask/primary``: fingers and the primary button (every
  /// touch, as before the property existed). A non-primary button (``ButtonMask/secondary`` for a
  /// right-click tap) makes it receive only that button's presses, as touches of type
  /// ``Touch/TouchType/pointer`` bound to no view (`Window+ButtonGestures.swift`), and no fingers or
  /// primary clicks. One button only: a mask of several receives nothing. Read when a touch begins.
  public var buttonMaskRequired: ButtonMask {
    get { storedButtonMaskRequired }
    set { storedButtonMaskRequired = newValue }
  }
  private var storedButtonMaskRequired: ButtonMask = ButtonMask.primary

  /// The kinds of touch this recognizer receives, like `UIGestureRecognizer.allowedTouchTypes`. Default
  /// every kind. Read when a touch begins.
  public var allowedTouchTypes: Set<Touch.TouchType> {
    get { storedAllowedTouchTypes }
    set { storedAllowedTouchTypes = newValue }
  }
  private var storedAllowedTouchTypes: Set<Touch.TouchType> = Set(Touch.TouchType.allCases)

  /// The kinds of key press this recognizer receives (rules: `GestureCoordinator+Presses.swift`), like
  /// `UIGestureRecognizer.allowedPressTypes`. Default empty: no presses — unlike UIKit, whose default
  /// select type would let every tap recognizer up the responder chain take Return from a text field.
  /// Read when a press begins.
  public var allowedPressTypes: Set<Press.PressType> {
    get { storedAllowedPressTypes }
    set { storedAllowedPressTypes = newValue }
  }
  private var storedAllowedPressTypes: Set<Press.PressType> = []

  /// Whether, once it received a touch of one kind, the recognizer receives no touch of another kind
  /// until it resets. Default `true`, as in UIKit. Read when a touch begins.
  public var requiresExclusiveTouchType: Bool {
    get { storedRequiresExclusiveTouchType }
    set { storedRequiresExclusiveTouchType = newValue }
  }
  private var storedRequiresExclusiveTouchType: Bool = true

  /// Whether the gesture is discrete (``State/possible`` → ``State/ended``) or continuous
  /// (``State/possible`` → ``State/began`` → ``State/changed``… → ``State/ended``). Subclasses override.
  open var kind: Kind { .discrete }

  /// Creates a recognizer without actions.
  public init() {}

  /// Creates a recognizer that sends `action` to `target` on each state change.
  public convenience init(target: Responder, action: Action) {
    self.init()
    addTarget(target, action: action)
  }

  /// Creates a recognizer that calls `handler` on each state change.
  public convenience init(handler: @escaping @MainActor (GestureRecognizer) -> Void) {
    self.init()
    addAction(handler)
  }

  // MARK: Actions

  /// Sends `action` to `target` (its ``Responder/handler(for:)``, with the recognizer as sender) on each
  /// state change. The target is held weakly.
  public func addTarget(_ target: Responder, action: Action) {
    actionEntries.append(.target(Weak(object: target), action))
  }

  /// Stops sending `action` (every action when `nil`) to `target` (every target when `nil`).
  public func removeTarget(_ target: Responder?, action: Action?) {
    actionEntries.removeAll { entry in
      guard case .target(let weak, let registered) = entry else { return false }
      return (target == nil || weak.object === target) && (action == nil || registered == action)
    }
  }

  /// Calls `handler` with the recognizer on each state change.
  public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) {
    actionEntries.append(.closure(handler))
  }

  /// Calls every action once, in registration order.
  func sendActions() {
    for entry in actionEntries {
      switch entry {
      case .target(let weak, let action):
        guard let target = weak.object else { continue }
        target.handler(for: action)?(self, nil)
      case .closure(let handler):
        handler(self)
      }
    }
  }

  // MARK: Touches and location

  /// How many touches the recognizer is tracking now.
  public var numberOfTouches: Int { activeTouches.count }

  /// The gesture's location in `view`'s coordinates (`nil`: the window's): the centroid of the touches,
  /// or where they were last when none is down.
  open func location(in view: View?) -> Point {
    convertFromWindow(centroidInWindow, to: view)
  }

  /// The location of the touch at `index` (0 ..< ``numberOfTouches``, in arrival order) in `view`'s
  /// coordinates; `nil` when there is no such touch.
  open func location(ofTouch index: Int, in view: View?) -> Point? {
    guard activeTouches.indices.contains(index) else { return nil }
    return activeTouches[index].location(in: view)
  }

  func convertFromWindow(_ point: Point, to target: View?) -> Point {
    guard let target, let window = target.window ?? self.view?.window else { return point }
    return target.convert(point, from: window)
  }

  /// The centroid of the active touches, in window coordinates (`nil` when none).
  var activeCentroidInWindow: Point? {
    guard !activeTouches.isEmpty else { return nil }
    var sum = Point.zero
    for touch in activeTouches { sum = sum + touch.location(in: nil) }
    return sum * (1 / Double(activeTouches.count))
  }

  /// The settings of the input kind of the first touch (pointer settings for a touchpad gesture).
  public var settings: InteractionSettings {
    if isTouchpadActive { return .pointer }
    return InteractionSettings.forTouch(sequenceTouches.first?.type ?? .direct)
  }

  // MARK: Subclass hooks

  /// Touches began; subclasses read them and may set ``state``. The default does nothing.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
  /// Touches moved. The default does nothing.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
  /// Touches lifted. The default does nothing.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// Touches were cancelled. The default fails a recognizer in ``State/possible`` and cancels one in
  /// ``State/began``/``State/changed``; subclasses that override call `super`.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    stopForLostInput()
  }

  /// Key presses of an ``allowedPressTypes`` type began on the responder chain this recognizer's view
  /// is on; subclasses read them and may set ``state``. Called before the responder gets them
  /// (`GestureCoordinator+Presses.swift`). The default does nothing.
  open func pressesBegan(_ presses: Set<Press>, with event: Event) {}
  /// Presses repeated. The default does nothing.
  open func pressesChanged(_ presses: Set<Press>, with event: Event) {}
  /// Presses were released. The default does nothing.
  open func pressesEnded(_ presses: Set<Press>, with event: Event) {}
  /// Presses were cancelled (the window lost the keyboard). The default fails or cancels the
  /// recognizer as ``touchesCancelled(_:with:)`` does; subclasses that override call `super`.
  open func pressesCancelled(_ presses: Set<Press>, with event: Event) {
    stopForLostInput()
  }

  private func stopForLostInput() {
    switch state {
    case .possible: state = .failed
    case .began, .changed: state = .cancelled
    default: break
    }
  }

  /// Stops delivering `touch` to this recognizer, like UIKit's `ignore(_:for:)` for a touch the gesture
  /// does not use (a third finger on a two-finger gesture). The recognizer gets no later phase of it,
  /// no longer competes with other recognizers over it, does not hold the view's delivery of it, and a
  /// recognition with ``cancelsTouchesInView`` leaves it alone: the view keeps receiving it. Ignoring a
  /// touch the recognizer does not track does nothing.
  ///
  /// - Parameters:
  ///   - touch: A touch this recognizer received.
  ///   - event: The event being delivered (UIKit's signature; unused).
  public func ignore(_ touch: Touch, for event: Event) {
    guard activeTouches.contains(where: { $0 === touch }) else { return }
    activeTouches.removeAll { $0 === touch }
    sequenceTouches.removeAll { $0 === touch }
    touch.gestureRecognizers.removeAll { $0 === self }
  }

  /// Stops delivering `press` to this recognizer, as ``ignore(_:for:)-(Touch,_)`` does for a touch: no
  /// later phase of it comes here, it no longer makes this recognizer compete or hold the responder's
  /// delivery, and a recognition with ``cancelsTouchesInView`` leaves the responder's press alone.
  /// Ignoring a press the recognizer does not track does nothing.
  ///
  /// - Parameters:
  ///   - press: A press this recognizer received.
  ///   - event: The event being delivered (UIKit's signature; unused).
  public func ignore(_ press: Press, for event: Event) {
    guard activePresses.contains(where: { $0 === press }) else { return }
    activePresses.removeAll { $0 === press }
    sequencePresses.removeAll { $0 === press }
    press.gestureRecognizers.removeAll { $0 === self }
  }

  /// Whether `touch`'s kind is one this recognizer receives now (``allowedTouchTypes``,
  /// ``requiresExclusiveTouchType``).
  func acceptsType(of touch: Touch) -> Bool {
    guard allowedTouchTypes.contains(touch.type) else { return false }
    guard requiresExclusiveTouchType, let first = sequenceTouches.first else { return true }
    return first.type == touch.type
  }

  /// Whether this recognizer wants `touch` at all (before the delegate is asked). The default accepts
  /// every touch; ``HoverGestureRecognizer`` accepts none.
  open func canReceive(_ touch: Touch) -> Bool { true }

  /// Whether this recognizer handles touchpad gestures of `kind` with `fingers` fingers (see
  /// ``TouchpadGestureInput``). The default handles none.
  open func acceptsTouchpadGesture(_ kind: TouchpadGestureInput.Kind, fingers: Int) -> Bool { false }

  /// A touchpad gesture this recognizer accepted changed. The default does nothing.
  open func touchpadGestureChanged(_ input: TouchpadGestureInput) {}

  /// Whether the hit view's `touchesBegan` is held for this recognizer while it is undecided: by default
  /// ``delaysTouchesBegan``; a scroll view's pan stops holding after
  /// ``InteractionSettings/contentTouchDelay``.
  var holdsTouchesBegan: Bool { delaysTouchesBegan }

  /// Whether the hit view of `touch` may receive it once its `touchesBegan` is due. Default `true`; a
  /// scroll view's pan asks ``ScrollView/touchesShouldBegin(_:with:in:)``.
  func allowsViewToBegin(_ touch: Touch) -> Bool { true }

  /// Returns the recognizer to its starting values, after the touch sequence ended. Subclasses that keep
  /// per-gesture values override it and call `super`. Called by the coordinator; do not call it.
  open func reset() {}

  /// Whether this recognizer, when it recognizes, may make the competing `other` fail (UIKit's
  /// `canPrevent(_:)`; rules 3 and 4 of ``GestureCoordinator``). Default `true`;
  /// ``TapGestureRecognizer`` never prevents a tap recognizer that needs more taps.
  open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

  /// Whether the competing `other`, when it recognizes, may make this recognizer fail (UIKit's
  /// `canBePrevented(by:)`). Default `true`.
  open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

  /// Whether this recognizer, when it recognizes, must wait for `other` to fail. The default returns
  /// `false`; subclasses override it to set up a failure requirement by type.
  open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

  /// Whether `other`, when it recognizes, must wait for this recognizer to fail. Default `false`.
  open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

  /// Makes this recognizer wait for `other` to fail before it begins or ends (UIKit's
  /// `require(toFail:)`): when `other` recognizes instead, this one fails.
  public func require(toFail other: GestureRecognizer) {
    failureRequirements.removeAll { $0.object == nil || $0.object === other }
    failureRequirements.append(Weak(object: other))
  }

  /// Runs `action` after `delay` seconds on the application's scheduler, unless the recognizer is reset
  /// first. Does nothing when the recognizer's view is in no window.
  public func scheduleTimer(after delay: Double, _ action: @escaping @MainActor () -> Void) {
    guard let scheduler = view?.window?.application.scheduler else { return }
    let id = nextTimerID
    nextTimerID += 1
    timers[id] = scheduler.schedule(after: delay) { [weak self] in
      self?.timers[id] = nil
      action()
    }
  }

  /// Fails the recognizer if it is still ``State/possible`` after ``InteractionSettings/multipleTapInterval``
  /// (the wait for the next tap of a multi-tap gesture; a new touch cancels it with ``cancelTimers()``).
  func failUnlessTheNextTapBeginsInTime() {
    scheduleTimer(after: settings.multipleTapInterval) { [weak self] in
      guard let self, self.state == .possible else { return }
      self.fail(because: "the next tap did not begin within \(self.settings.multipleTapInterval) s")
    }
  }

  /// Fails the recognizer (``state`` = ``State/failed``), giving `reason` to the diagnostics (built
  /// only when ``Window/gestureDiagnostics`` is set).
  public func fail(because reason: @autoclosure () -> String) {
    let coordinator = coordinator ?? view?.window?.gestureCoordinator
    failureReason = coordinator?.diagnostics == nil ? nil : reason()
    state = .failed
  }

  /// Cancels every timer started with ``scheduleTimer(after:_:)``.
  public func cancelTimers() {
    guard !timers.isEmpty else { return }
    for timer in timers.values { timer.cancel() }
    timers = [:]
  }

  var displayName: String { name ?? "\(type(of: self))" }

  private func stopForDisabling() {
    switch storedState {
    case .began, .changed: state = .cancelled
    case .possible where !sequenceTouches.isEmpty || isTouchpadActive || !pendingStates.isEmpty:
      state = .failed
    default: break
    }
  }
}
