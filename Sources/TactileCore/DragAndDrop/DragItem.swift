/// One thing being dragged, like `UIDragItem`: its data, and for drops inside the app, the object
/// itself.
@MainActor
public final class DragItem {
  /// The item's data in the types it offers.
  public let itemProvider: ItemProvider
  /// The object dragged, for a drop target in this app (another app sees only ``itemProvider``).
  public var localObject: AnyObject?

  public init(itemProvider: ItemProvider, localObject: AnyObject? = nil) {
    self.itemProvider = itemProvider
    self.localObject = localObject
  }
}
