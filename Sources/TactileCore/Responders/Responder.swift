/// An object that can receive and handle events: the base class of ``View``, ``ViewController``,
/// ``Window`` and ``Application``, like `UIResponder`.
///
/// ## The chain
/// Every responder names the next one in ``next``; together they form the *responder chain* that an
/// event climbs when its first receiver does not handle it. The default implementation of every event
/// method (`touches…`, `presses…`, `motion…`, ``remoteControlReceived(with:)``, ``scrollWheel(with:)``,
/// ``hover(with:)``) forwards the same call to ``next``; overriding a method without calling `super`
/// handles the event and stops it there: in a chain View3 → View2 → RootView where no view handles
/// touches, `touchesBegan` runs on View3, View2 and RootView in turn; once View3 overrides it, the call
/// stops at View3.
///
/// A custom responder that wants the event to travel on calls `super` rather than `next` directly, so
/// that the toolkit walks the chain.
///
/// ## Who starts where
/// Touches start at the view the touch is bound to (the hit-test view); presses, motion, remote-control
/// events, edit commands and nil-target actions start at the first responder.
@MainActor
open class Responder {
  public init() {}

  /// The next responder in the chain, or `nil` at its end.
  ///
  /// The base class returns `nil`; subclasses follow UIKit's rules (see ``View/next``,
  /// ``ViewController/next``, ``Window/next``, ``Application/next``).
  open var next: Responder? { nil }

  // MARK: Touches

  /// A finger or pointer button went down on the view these touches are bound to.
  ///
  /// The default implementation forwards the call to ``next``.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesBegan(touches, with: event)
  }

  /// Touches moved. The default implementation forwards the call to ``next``.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesMoved(touches, with: event)
  }

  /// Touches lifted. The default implementation forwards the call to ``next``.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesEnded(touches, with: event)
  }

  /// Touches were cancelled (by the system, a window closing, or their view leaving its window). The
  /// default implementation forwards the call to ``next``.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesCancelled(touches, with: event)
  }

  // MARK: Presses

  /// Keys went down. The default implementation forwards the call to ``next``.
  open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    next?.pressesBegan(presses, with: event)
  }

  /// A held key repeated. The default implementation forwards the call to ``next``.
  open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    next?.pressesChanged(presses, with: event)
  }

  /// Keys went up. The default implementation forwards the call to ``next``.
  open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    next?.pressesEnded(presses, with: event)
  }

  /// Key presses were cancelled (the window lost keyboard focus). The default forwards to ``next``.
  open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    next?.pressesCancelled(presses, with: event)
  }

  // MARK: Motion, remote control, scroll, hover

  /// A motion (shake) began. The default implementation forwards the call to ``next``.
  open func motionBegan(_ motion: Event.Subtype, with event: Event?) {
    next?.motionBegan(motion, with: event)
  }

  /// A motion ended. The default implementation forwards the call to ``next``.
  open func motionEnded(_ motion: Event.Subtype, with event: Event?) {
    next?.motionEnded(motion, with: event)
  }

  /// A motion was cancelled. The default implementation forwards the call to ``next``.
  open func motionCancelled(_ motion: Event.Subtype, with event: Event?) {
    next?.motionCancelled(motion, with: event)
  }

  /// A remote-control (media key) event arrived. The default implementation forwards it to ``next``.
  open func remoteControlReceived(with event: Event?) {
    next?.remoteControlReceived(with: event)
  }

  /// A scroll wheel or two-finger scroll over the view this event was hit-tested to.
  ///
  /// A Tactile addition (UIKit routes scrolling to pan gesture recognizers only): the default
  /// implementation forwards it to ``next``, so an unhandled wheel climbs the chain like a touch.
  open func scrollWheel(with event: Event) {
    next?.scrollWheel(with: event)
  }

  /// The pointer moved over the view this event was hit-tested to without a button held.
  ///
  /// A Tactile addition (UIKit has only a hover gesture recognizer); the default forwards to ``next``.
  open func hover(with event: Event) {
    next?.hover(with: event)
  }

  /// A pointer button other than the primary one (which is a touch) went down over the view this event
  /// was hit-tested to; ``Event/buttonMask`` has every button held. Rules: `Window+Clicks.swift`.
  ///
  /// A Tactile addition (UIKit makes every button a touch and filters by `buttonMask`): the default
  /// forwards to ``next``; ``View``'s default first performs the button's standard action (the edit
  /// menu, pasting the primary selection), so override it to give a view its own context menu.
  open func pointerButtonPressed(_ button: ButtonMask, with event: Event) {
    next?.pointerButtonPressed(button, with: event)
  }

  /// The button of an earlier ``pointerButtonPressed(_:with:)`` went up. It goes to the responder that
  /// received the press (which passes it on by default, like the press).
  open func pointerButtonReleased(_ button: ButtonMask, with event: Event) {
    next?.pointerButtonReleased(button, with: event)
  }
  // MARK: First responder (rules: Responder+FirstResponder.swift)

  /// Whether this responder accepts the first-responder role. `false` by default: an object that wants
  /// the role overrides this to return `true`.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this responder is its window's first responder.
  open var isFirstResponder: Bool { responderWindow.map { $0.firstResponder === self } ?? false }

  /// Whether this responder gives up the first-responder role when asked. `true` by default.
  open var canResignFirstResponder: Bool { true }

  /// Asks to become the first responder of this responder's window.
  ///
  /// - Returns: Whether this responder is the first responder afterwards. See
  ///   ``Responder/isFirstResponder`` for every rule, including when this fails.
  @discardableResult
  open func becomeFirstResponder() -> Bool { becomeFirstResponderInWindow() }

  /// Gives up the first-responder role. The default implementation clears its window's first responder
  /// when it is this object and returns `true`; an override that returns `false` keeps the role.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    resignFirstResponderInWindow()
    return true
  }

  /// The window whose first responder this object can be: a view's window, a controller's view's window,
  /// a window itself; `nil` for everything else.
  var responderWindow: Window? { nil }

  // MARK: Actions (registration: setHandler(_:for:), below)

  /// What this responder does for `action`, or `nil` when it does not handle it.
  ///
  /// Target–action without the Objective-C runtime: where UIKit looks for a method named by a selector,
  /// Tactile asks this method. Override it (`switch action { case .save: return { sender, event in … } }`)
  /// or register closures with ``setHandler(_:for:)``; the default returns the registered closure.
  /// Where a UIKit app removes an action *method* so that a nil-target action goes on to the next
  /// responder, here it removes the `case` (or the registration).
  open func handler(for action: Action) -> ActionHandler? { registeredActionHandlers[action] }

  /// Whether this responder handles `action` now. The default returns whether
  /// ``handler(for:)`` gives a handler; override to refuse an action conditionally (a text field
  /// refuses `copy` with no selection).
  open func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool {
    handler(for: action) != nil
  }

  /// The responder that will run `action`: this one if ``canPerformAction(_:withSender:)`` says so,
  /// otherwise the result of asking ``next``; `nil` when no responder in the chain handles it.
  ///
  /// - Complexity: O(length of the responder chain); each responder may override this to redirect.
  open func target(forAction action: Action, withSender sender: AnyObject?) -> Responder? {
    if canPerformAction(action, withSender: sender) { return self }
    return next?.target(forAction: action, withSender: sender)
  }

  /// Closures registered with ``setHandler(_:for:)``.
  var registeredActionHandlers: [Action: ActionHandler] = [:]
}

/// Registration of action handlers on a responder instance, the closure form of
/// ``Responder/handler(for:)``.
extension Responder {
  /// Makes this responder handle `action` with `handler`, or stop handling it when `handler` is `nil`
  /// (what deleting the action method is in UIKit: a nil-target action then goes on to the next
  /// responder that handles it).
  ///
  /// An override of ``Responder/handler(for:)`` that does not call `super` ignores these registrations.
  public func setHandler(_ handler: ActionHandler?, for action: Action) {
    registeredActionHandlers[action] = handler
  }
}
