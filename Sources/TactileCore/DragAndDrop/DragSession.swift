import TactileGeometry

/// One drag in flight, started by a ``DragInteraction``, like `UIDragSession`: its items, its lift
/// preview, where it is, and how it ended.
///
/// Life: ``State-swift.enum/lifted`` while it moves inside its window (targets there hear it through
/// its ``dropSession``); ``State-swift.enum/onPlatform`` once the window's host took it over to leave
/// the app (``WindowHost/window(_:handsOff:)``); ``State-swift.enum/ended(_:)`` exactly once — dropped
/// with an operation, or cancelled (``DropOperation/cancel``). A window has one session at a time
/// (``Window/activeDragSession``): a second lift while one is in flight starts nothing.
@MainActor
public final class DragSession {
  /// Where a session is in its life.
  public enum State: Sendable, Hashable {
    /// Moving in its window, driven by the lifting touch.
    case lifted
    /// Handed to the platform (a `wl_data_device` drag): the platform reports its end.
    case onPlatform
    /// Over, with the operation the drop did (``DropOperation/cancel`` for none).
    case ended(DropOperation)
  }

  /// The items, those added in flight last.
  public internal(set) var items: [DragItem] = []
  /// Anything the source wants to keep with the session.
  public var localContext: AnyObject?
  /// The interaction that started the session.
  public private(set) weak var sourceInteraction: DragInteraction?
  /// The window the drag started in.
  public private(set) weak var window: Window?
  /// The touch (a finger, or a pointer button) that lifted the items, while it is down: a platform
  /// starts its drag with the serial of this touch's press.
  public private(set) weak var liftingTouch: Touch?
  /// The preview following the touch, while the session is lifted.
  public internal(set) var preview: View?
  /// Where the session is in its life.
  public internal(set) var state = State.lifted
  /// Where the drag is, in ``window``'s coordinates.
  var point: Point
  /// The targets of the window under the drag, while it is lifted.
  var tracker: DropTargetTracker?

  init(source: DragInteraction, window: Window, touch: Touch?, point: Point) {
    sourceInteraction = source
    self.window = window
    liftingTouch = touch
    self.point = point
  }

  /// The session as drop targets see it; a platform that brings this app's own drag back over one of
  /// its windows passes this to ``Window/platformDragEntered(_:at:)``.
  public private(set) lazy var dropSession = DropSession(local: self)

  /// Where the drag is, in `view`'s coordinates (the window's for `nil`).
  public func location(in view: View?) -> Point {
    guard let window, let view, view.window === window else { return point }
    return window.convert(point, to: view)
  }

  /// Whether the session ended.
  public var isEnded: Bool {
    if case .ended = state { return true }
    return false
  }

  /// The platform's drag of this session ended: dropped with `operation` in some app (this one
  /// included), or cancelled (``DropOperation/cancel``). The source hears the end; later calls do
  /// nothing.
  public func platformDragDidEnd(with operation: DropOperation) {
    guard state == .onPlatform else { return }
    if let sourceInteraction {
      sourceInteraction.finish(self, with: operation, animated: false)
    } else {
      state = .ended(operation)
      if let window, window.activeDragSession === self { window.activeDragSession = nil }
    }
  }
}
