import TactileGeometry

/// A drag as a drop target sees it, like `UIDropSession`: the items, where the drag is, and whether it
/// came from this app.
///
/// A drag inside the app gives its targets a drop session over its ``DragSession`` (the same items,
/// items added in flight included, their ``DragItem/localObject``s). A drag from another app arrives
/// through the platform (``Window/platformDragEntered(_:at:)``) with items whose providers load over
/// the platform.
@MainActor
public final class DropSession {
  /// The drag inside this app, or `nil` for a drag from another app.
  public private(set) weak var localDragSession: DragSession?
  /// Whether a target may answer ``DropOperation/move`` (a move is a copy otherwise). Inside the app
  /// always; from another app when its source offers moving.
  public let allowsMoveOperation: Bool
  private let platformItems: [DragItem]
  /// The window the drag is over.
  weak var window: Window?
  /// Where the drag is, in ``window``'s coordinates.
  var point: Point

  /// A drop session for a drag from another app.
  ///
  /// - Parameters:
  ///   - items: The offered items (one per offer on Wayland).
  ///   - allowsMoveOperation: Whether the source offers moving.
  public init(items: [DragItem], allowsMoveOperation: Bool) {
    platformItems = items
    self.allowsMoveOperation = allowsMoveOperation
    point = .zero
  }

  /// A drop session over a drag inside the app.
  init(local session: DragSession) {
    localDragSession = session
    platformItems = []
    allowsMoveOperation = true
    window = session.window
    point = session.point
  }

  /// The items dragged.
  public var items: [DragItem] { localDragSession?.items ?? platformItems }

  /// Where the drag is, in `view`'s coordinates (the window's for `nil`).
  public func location(in view: View?) -> Point {
    guard let window, let view, view.window === window else { return point }
    return window.convert(point, to: view)
  }

  /// Whether some item offers one of `typeIdentifiers`.
  public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
    items.contains { item in
      typeIdentifiers.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) }
    }
  }
}
