/// The first responder: the one responder per window that receives presses, motion, remote-control
/// events, text input, edit commands and nil-target actions first.
///
/// The hit-test view is sometimes loosely called the "first responder"; Tactile follows UIKit: the
/// hit-test view is where a *touch* starts, the first responder is where the other events start, and
/// the two are unrelated unless a view makes itself first responder.
///
/// Rules (UIKit's):
/// - An object becomes first responder by returning `true` from ``Responder/canBecomeFirstResponder``
///   *and* receiving ``Responder/becomeFirstResponder()`` (it may send that to itself).
/// - ``Responder/becomeFirstResponder()`` fails (returns `false`) for a responder that is not in a window:
///   asked in ``ViewController/viewWillAppear(_:)``, before the view is in its window, it returns
///   `false`; ``ViewController/viewDidAppear(_:)`` is the place to ask.
/// - It also fails when the current first responder refuses to give up the role
///   (``Responder/canResignFirstResponder`` is `false` or ``Responder/resignFirstResponder()`` returns
///   `false`).
/// - Asking the current first responder again succeeds without asking anyone to resign.
/// - **Re-entrancy (bad input):** a `becomeFirstResponder()` made while the same window is already
///   changing its first responder — typically from inside an overridden `resignFirstResponder()` —
///   fails and returns `false`; the change in progress completes. Without this rule the two calls would
///   ask each other to resign forever.
/// - A first responder view that leaves its window is asked to resign and loses the role whatever it
///   answers (the window no longer contains it).
extension Responder {
  /// The default body of ``Responder/becomeFirstResponder()``; the rules are on this extension.
  func becomeFirstResponderInWindow() -> Bool {
    guard let window = responderWindow else { return false }
    if window.firstResponder === self { return true }
    guard canBecomeFirstResponder, !window.isChangingFirstResponder else { return false }
    window.isChangingFirstResponder = true
    defer { window.isChangingFirstResponder = false }
    if let current = window.firstResponder {
      guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
    }
    window.firstResponder = self
    return true
  }

  /// The default body of ``Responder/resignFirstResponder()``: clears the window's first responder when
  /// it is this object.
  func resignFirstResponderInWindow() {
    guard let window = responderWindow, window.firstResponder === self else { return }
    window.firstResponder = nil
  }
}
