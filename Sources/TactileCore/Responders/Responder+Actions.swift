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
