import TactileGeometry

/// Drags from other apps over a window: the platform's entry points. The window's
/// ``DropInteraction``s hear such a session as they hear drags inside the app (one target logic,
/// `DropTargetTracker`).
extension Window {
  /// A platform drag came over the window at `point` (window coordinates).
  ///
  /// - Parameters:
  ///   - session: The offered items (for this app's own drag, its ``DragSession/dropSession``).
  ///   - point: Where it entered.
  /// - Returns: The target's proposal there.
  @discardableResult
  public func platformDragEntered(_ session: DropSession, at point: Point) -> DropProposal {
    platformDropTracker?.exit()
    let tracker = DropTargetTracker(session: session)
    platformDropTracker = tracker
    return tracker.move(to: point, in: self)
  }

  /// The platform drag moved to `point`.
  ///
  /// - Returns: The target's proposal there (``DropOperation/cancel`` when no drag entered).
  @discardableResult
  public func platformDragMoved(to point: Point) -> DropProposal {
    guard point.isFinite else { return DropProposal(operation: .cancel) }
    return platformDropTracker?.move(to: point, in: self) ?? DropProposal(operation: .cancel)
  }

  /// The platform drag left the window (or its source cancelled it).
  public func platformDragExited() {
    platformDropTracker?.exit()
    platformDropTracker = nil
  }

  /// The platform drag was released over the window.
  ///
  /// - Returns: The operation the target performed, ``DropOperation/cancel`` for none.
  @discardableResult
  public func platformDrop() -> DropOperation {
    defer { platformDropTracker = nil }
    return platformDropTracker?.drop() ?? .cancel
  }
}
