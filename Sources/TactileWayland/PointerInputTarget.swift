import TactileCore
import TactileGeometry

/// What a surface's touch and pointer input goes to: its core ``TactileCore/Window``, or the
/// ``ClientFrame`` that routes it between the frame and the window. Keys always go to the window.
/// Locations are on the surface, in logical units.
@MainActor
protocol PointerInputTarget: AnyObject {
  func deliver(touchFrame points: [TouchPoint])
  func deliver(hover: HoverInput)
  func deliver(scroll: ScrollInput)
  func deliver(pointerButton: PointerButtonInput)
  /// The shape of the pointer at `location`.
  func cursorStyle(at location: Point) -> CursorStyle
}

extension Window: PointerInputTarget {
  /// The cursor of the view the hit test finds at `location`, or the arrow over no view.
  func cursorStyle(at location: Point) -> CursorStyle {
    hitTest(location, with: nil)?.effectiveCursorStyle ?? .arrow
  }
}
