/// Why an element-based UI test step failed. The descriptions of the element failures end with the
/// accessibility tree that was searched, so a failing test shows what the app did expose.
public enum AccessibilityTestError: Error, CustomStringConvertible {
  /// No accessibility bus: `dbus-daemon` or at-spi2-core is missing, or the bus went away.
  case accessibilityBusUnavailable(String)
  /// The process did not register with the registry in time; `registered` names those that did.
  case applicationNotFound(String, registered: [String])
  /// An accessible object did not answer (the app freed it, or quit).
  case objectGone(AccessibleReference)
  /// A wait ran out of time.
  case timedOut(waitingFor: String)
  /// No element matched the query within the timeout.
  case elementNotFound(query: String, tree: AccessibleNode)
  /// The element was found but did not reach the condition within the timeout.
  case conditionNotMet(String, element: AccessibleNode, tree: AccessibleNode)
  /// The element has no extents, or its window is not on the fake seat's output, so there is nowhere to
  /// touch.
  case notOnScreen(String, tree: AccessibleNode)

  public var description: String {
    switch self {
    case .accessibilityBusUnavailable(let why): "No accessibility bus: \(why)"
    case .applicationNotFound(let what, let registered):
      "\(what) did not register on the accessibility bus; registered: "
        + (registered.isEmpty ? "none" : registered.joined(separator: ", "))
    case .objectGone(let reference): "The accessible object \(reference) does not answer"
    case .timedOut(let what): "Timed out waiting for \(what)"
    case .elementNotFound(let query, let tree): "No \(query) in the accessibility tree:\n\(tree)"
    case .conditionNotMet(let what, let element, let tree):
      "\(element.summary) did not become \(what); the accessibility tree:\n\(tree)"
    case .notOnScreen(let why, let tree): "Cannot touch the element: \(why); the accessibility tree:\n\(tree)"
    }
  }
}
