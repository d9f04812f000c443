/// A named action a view offers to assistive technology besides activation, like UIKit's
/// `UIAccessibilityCustomAction`: what a gesture does (swipe to delete, pinch to zoom) offered as a
/// command, so it can be done without the gesture.
///
/// A bridge lists a view's ``View/accessibilityCustomActions`` after its activation action and runs
/// ``perform()`` when one is chosen.
@MainActor
public final class AccessibilityCustomAction {
  /// The name spoken and listed ("Delete", "Zoom in").
  public let name: String
  private let handler: @MainActor (AccessibilityCustomAction) -> Bool

  /// - Parameters:
  ///   - name: The name spoken and listed.
  ///   - handler: Does the action and returns whether it succeeded.
  public init(name: String, handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
    self.name = name
    self.handler = handler
  }

  /// Runs the action.
  ///
  /// - Returns: What the handler returned: whether the action succeeded.
  @discardableResult
  public func perform() -> Bool { handler(self) }
}
