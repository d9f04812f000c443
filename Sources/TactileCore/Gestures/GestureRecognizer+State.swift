/// The state machine of a ``GestureRecognizer``.
///
/// Legal transitions (anything else asserts with a message and is ignored in release builds):
///
/// | from | discrete | continuous |
/// |---|---|---|
/// | ``GestureRecognizer/State/possible`` | `ended`, `failed` | `began`, `failed` |
/// | ``GestureRecognizer/State/began`` | — | `changed`, `ended`, `cancelled` |
/// | ``GestureRecognizer/State/changed`` | — | `changed`, `ended`, `cancelled` |
/// | `ended`, `cancelled`, `failed` | — (only the reset returns to `possible`) | same |
///
/// A recognizer waiting for another to fail (``GestureRecognizer/require(toFail:)``) keeps reporting
/// `possible`; the states it asks for meanwhile are kept and applied in order once the other fails. While
/// it waits, asking for `began` again is taken as `changed` (it cannot know it was deferred), asking
/// for `failed` gives up waiting, and once a final state is waiting, other requests are ignored.
extension GestureRecognizer {
  /// The states of a recognizer.
  public enum State: Sendable, Hashable, CustomStringConvertible {
    /// Not recognized yet (the starting state).
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture changed.
    case changed
    /// The gesture finished: a discrete gesture recognized, or a continuous one ended.
    case ended
    /// A continuous gesture was cancelled.
    case cancelled
    /// The touches are not this gesture.
    case failed

    /// UIKit's name for ``ended`` in discrete gestures.
    public static let recognized = State.ended

    /// Whether the gesture is over (only a reset leaves this state).
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Whether a recognizer in this state receives its touches and presses: `possible`, `began`,
    /// `changed`.
    var isReceivingInput: Bool { self == .possible || self == .began || self == .changed }

    /// Whether the transition from this state to `next` is legal for a recognizer of `kind`.
    public func canTransition(to next: State, kind: Kind) -> Bool {
      switch (self, next) {
      case (.possible, .failed): return true
      case (.possible, .ended): return kind == .discrete
      case (.possible, .began): return kind == .continuous
      case (.began, .changed), (.began, .ended), (.began, .cancelled),
        (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
        return kind == .continuous
      default: return false
      }
    }

    public var description: String {
      switch self {
      case .possible: "possible"
      case .began: "began"
      case .changed: "changed"
      case .ended: "ended"
      case .cancelled: "cancelled"
      case .failed: "failed"
      }
    }
  }

  /// How a recognizer's gesture unfolds.
  public enum Kind: Sendable, Hashable {
    /// Recognized once (``State/possible`` → ``State/ended``): tap, swipe.
    case discrete
    /// Begins, changes and ends: pan, pinch, rotation, long press, hover.
    case continuous
  }

  /// The recognizer's state. Subclasses set it as they interpret touches (UIKit's
  /// `UIGestureRecognizerSubclass` setter; Swift has no subclass-only access, so the setter is public,
  /// and only a subclass should use it); see the table on this extension for legal transitions — an
  /// illegal one stops a debug build with a message naming the recognizer. The change is arbitrated by the window's ``GestureCoordinator``:
  /// a `began` or discrete `ended` may turn into `failed` (another recognizer won, the delegate refused)
  /// or wait (a failure requirement).
  public var state: State {
    get { storedState }
    set { requestState(newValue) }
  }

  private func requestState(_ requested: State) {
    var next = requested
    let effective = pendingStates.last ?? storedState
    let givesUpWaiting = !pendingStates.isEmpty && next == .failed
    if !pendingStates.isEmpty, !givesUpWaiting {
      if effective.isFinal { return }
      if next == .began { next = .changed }
    }
    guard givesUpWaiting || effective.canTransition(to: next, kind: kind) else {
      assertionFailure("illegal gesture state transition \(effective) → \(next) in \(displayName)")
      return
    }
    if let coordinator = coordinator ?? view?.window?.gestureCoordinator {
      coordinator.request(self, next)
    } else {
      storedState = next
      if next != .failed { sendActions() }
      if next.isFinal { resetNow() }
    }
  }

  /// Takes `touch` into the current sequence: it is down, and its events come to this recognizer
  /// until it ends (``releaseTouches(_:)``).
  func adoptTouch(_ touch: Touch) {
    sequenceTouches.append(touch)
    activeTouches.append(touch)
  }

  /// Declines `touch` because the recognizer already finished: it resets only once this touch ends
  /// too.
  func refuseTouch(_ touch: Touch) {
    refusedTouches.append(touch)
  }

  /// The touches of `touches` that are down on this recognizer, in the order given.
  func ownTouches(among touches: [Touch]) -> [Touch] {
    var ownsAll = true
    for touch in touches where !activeTouches.containsIdentical(touch) { ownsAll = false }
    if ownsAll { return touches }
    var own: [Touch] = []
    for touch in touches where activeTouches.containsIdentical(touch) { own.append(touch) }
    return own
  }

  /// Forgets `touches`, which ended or were cancelled: they are no longer down on this recognizer.
  func releaseTouches(_ touches: [Touch]) {
    for touch in touches { activeTouches.removeIdentical(touch) }
  }

  /// Returns to ``State/possible`` and forgets the sequence (timers, touches, waiting states).
  func resetNow() {
    cancelTimers()
    storedState = .possible
    // Only what is not empty is replaced: an assignment releases the old array.
    if !pendingStates.isEmpty { pendingStates = [] }
    if !sequenceTouches.isEmpty { sequenceTouches = [] }
    if !refusedTouches.isEmpty { refusedTouches = [] }
    if !activeTouches.isEmpty { activeTouches = [] }
    if !sequencePresses.isEmpty { sequencePresses = [] }
    if !activePresses.isEmpty { activePresses = [] }
    isTouchpadActive = false
    coordinator = nil
    reset()
  }
}
