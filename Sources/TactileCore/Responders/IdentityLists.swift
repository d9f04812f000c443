/// Searching and removing objects by identity in the arrays the event path keeps (a recognizer's
/// touches, a touch's recognizers, the arena's members), as plain loops.
///
/// The standard library's `contains(where:)`, `removeAll(where:)` and friends would do, but Swift 6
/// checks at run time that a main-actor closure passed to them runs on the main actor
/// (`swift_task_isCurrentExecutor`, about 170 instructions a call), and touch delivery makes hundreds of
/// such calls per event. Nonisolated functions of this module take no closure and need no check.
extension Array where Element: AnyObject {
  /// Whether the array holds `object` itself.
  ///
  /// - Complexity: O(n).
  func containsIdentical(_ object: Element) -> Bool {
    firstIndexIdentical(to: object) != nil
  }

  /// The index of the first element that is `object` itself, or `nil`.
  ///
  /// - Complexity: O(n).
  func firstIndexIdentical(to object: Element) -> Int? {
    var index = startIndex
    while index < endIndex {
      if self[index] === object { return index }
      index += 1
    }
    return nil
  }

  /// Removes every element that is `object` itself, keeping the others in order.
  ///
  /// - Complexity: O(n).
  mutating func removeIdentical(_ object: Element) {
    guard var index = firstIndexIdentical(to: object) else { return }
    remove(at: index)
    while index < endIndex {
      if self[index] === object { remove(at: index) } else { index += 1 }
    }
  }

  /// Appends `object` unless the array already holds it.
  ///
  /// - Returns: Whether it was appended.
  @discardableResult
  mutating func appendIfAbsent(_ object: Element) -> Bool {
    guard !containsIdentical(object) else { return false }
    append(object)
    return true
  }
}
