/// What a drop does, like `UIDropOperation`.
public enum DropOperation: Sendable, Hashable {
  /// Nothing: the target does not take the items here (the drag animates back if dropped).
  case cancel
  /// The target would take the items but refuses them now (shown as forbidden; dropping cancels).
  case forbidden
  /// The target copies the items' data.
  case copy
  /// The target takes the items; the source removes them (offered only when the session allows it:
  /// ``DropSession/allowsMoveOperation``).
  case move

  /// Whether dropping with this operation performs a drop.
  public var performsDrop: Bool { self == .copy || self == .move }
}
