/// Registration of action handlers on a responder instance, the closure form of
/// ``Responder/handler(for:)``.
extension Responder {
  /// Makes this responder handle `action` with `handler`, or stop handling it when `handler` is `nil`
  /// (the equivalent of deleting the action method in seed article 0's nil-target example).
  ///
  /// An override of ``Responder/handler(for:)`` that does not call `super` ignores these registrations.
  public func setHandler(_ handler: ActionHandler?, for action: Action) {
    registeredActionHandlers[action] = handler
  }
}
