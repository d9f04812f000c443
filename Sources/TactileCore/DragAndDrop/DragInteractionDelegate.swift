import TactileGeometry

/// Gives a ``DragInteraction`` its items and hears how its sessions go, like
/// `UIDragInteractionDelegate`.
@MainActor
public protocol DragInteractionDelegate: AnyObject {
  /// The items a lift at the session's point (``DragSession/location(in:)``) drags; none starts no
  /// drag.
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]

  /// The items a tap on the view at `point` (its coordinates) adds to `session`, a drag in flight in the
  /// same window. Default: none.
  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem]

  /// The view that follows the touch for `item` (the first item), sized already; `nil` (the default)
  /// for a translucent copy of the view's frame and background.
  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  ) -> View?

  /// The session is lifted and its preview shown. Default: nothing.
  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)

  /// The session is over: dropped with `operation` (``DropOperation/move`` asks the source to remove
  /// the items), or cancelled (``DropOperation/cancel``, after the preview went back). Default: nothing.
  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
}

extension DragInteractionDelegate {
  public func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] { [] }

  public func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  ) -> View? { nil }

  public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}

  public func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {}
}
