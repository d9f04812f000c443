/// Target–action: sending an action message to a responder, or up the responder chain.
///
/// Rules of ``Application/sendAction(_:to:from:for:)``:
/// - **A target is given:** the target runs its handler (``Responder/handler(for:)``) if it has one; no
///   chain is walked. UIKit would raise an exception for a target without the method; Tactile returns
///   `false`.
/// - **No target (nil-target action):** the action travels the responder chain, and the first
///   responder that can perform it (``Responder/target(forAction:withSender:)``) runs it. The chain
///   starts at the first responder of the sender's window (the key window's when the sender is not a
///   view in a window); **when there is no first responder it starts at the sender** when the sender is
///   a responder (UIKit does the same, which is why a button with no target handles its own action
///   first, then its superview, then its controller). With neither, nothing runs.
/// - Returns whether a handler ran.
extension Application {
  /// Sends `action` to `target`, or up the responder chain when `target` is `nil`.
  ///
  /// - Parameters:
  ///   - action: The action name.
  ///   - target: The responder that should handle it, or `nil` for the responder chain.
  ///   - sender: The object sending it (a control), passed to the handler.
  ///   - event: The event that caused it, if any.
  /// - Returns: Whether some responder handled the action.
  @discardableResult
  public func sendAction(
    _ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?
  ) -> Bool {
    let receiver: Responder?
    if let target {
      receiver = target.handler(for: action) == nil ? nil : target
    } else {
      receiver = chainStart(from: sender)?.target(forAction: action, withSender: sender)
    }
    guard let receiver, let handler = receiver.handler(for: action) else { return false }
    handler(sender, event)
    return true
  }

  /// Where a nil-target action starts: the first responder of the sender's window (or of the key
  /// window), else the sender.
  func chainStart(from sender: AnyObject?) -> Responder? {
    let window = (sender as? View)?.window ?? keyWindow
    return window?.firstResponder ?? (sender as? Responder)
  }
}
