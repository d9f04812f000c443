/// The changes made to animatable properties inside an animations block: while a block runs, each
/// view property setter reports the value it replaces here, so an animator learns where each change
/// started and (reading the view afterwards) where it ends.
@MainActor
final class AnimationCapture {
  /// One changed property and the value it had before the block.
  struct Change {
    let view: View
    let property: AnimatableProperty
    let old: AnimatableValue
  }

  /// The capture in progress, if a block is running.
  private static var current: AnimationCapture?

  private var changes: [Change] = []
  private var seen: Set<Key> = []

  private struct Key: Hashable {
    let view: ObjectIdentifier
    let property: AnimatableProperty
  }

  /// Whether an animator is capturing a block's changes or putting the views back to where the
  /// animation starts: the values in between are never shown, so a scroll view does not report them.
  static private(set) var isCapturing = false

  /// Runs `blocks`, then `settle` with the properties they changed (each once, with the value before
  /// its first change, in the order of first change), with ``isCapturing`` set throughout. A capture
  /// started inside another (an animation begun in an animations block) collects its own changes; the
  /// outer one resumes afterwards.
  static func capture(_ blocks: [() -> Void], settle: ([Change]) -> Void) {
    let capture = AnimationCapture()
    let outer = (current, isCapturing)
    current = capture
    isCapturing = true
    for block in blocks { block() }
    current = nil
    settle(capture.changes)
    (current, isCapturing) = outer
  }

  /// Called by a setter of `view` just before `property` changes from `old`, outside any capture too.
  static func note(_ view: View, _ property: AnimatableProperty, old: AnimatableValue) {
    guard let capture = current else { return }
    let key = Key(view: ObjectIdentifier(view), property: property)
    guard capture.seen.insert(key).inserted else { return }
    capture.changes.append(Change(view: view, property: property, old: old))
  }
}
