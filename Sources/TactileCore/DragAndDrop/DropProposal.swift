/// What a drop target would do with a session at its current point, like `UIDropProposal`.
public struct DropProposal: Sendable, Hashable {
  /// The operation.
  public var operation: DropOperation

  public init(operation: DropOperation) {
    self.operation = operation
  }
}
