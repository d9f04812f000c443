import Tactile
import TactileGeometry

/// What a surface's touch and pointer input goes to: its core ``Tactile/Window``, or the
/// ``ClientFrame`` that routes it between the frame and the window. Keys always go to the window.
@MainActor
protocol PointerInputTarget: AnyObject {
  func deliver(touchFrame points: [TouchPoint])
  func deliver(hover: HoverInput)
  func deliver(scroll: ScrollInput)
  func deliver(secondaryClick location: Point)
}

extension Window: PointerInputTarget {}
