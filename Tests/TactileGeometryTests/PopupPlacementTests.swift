import TactileGeometry
import Testing

@Suite struct PopupPlacementTests {
  private let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

  private func placement(
    at anchorRect: Rect, anchor: PopupPlacement.Edge = .bottom, gravity: PopupPlacement.Edge = .bottomRight,
    adjustment: PopupPlacement.Adjustment = []
  ) -> PopupPlacement {
    PopupPlacement(
      anchorRect: anchorRect, size: Size(width: 100, height: 50), anchor: anchor, gravity: gravity,
      offset: Point(x: 0, y: 4), adjustment: adjustment)
  }

  @Test func anchorGravityAndOffsetPlaceThePopup() {
    let rect = Rect(x: 20, y: 30, width: 80, height: 20)
    #expect(placement(at: rect).frame(constrainedTo: bounds) == Rect(x: 60, y: 54, width: 100, height: 50))
    let centred = placement(at: rect, anchor: .none, gravity: .none)
    #expect(centred.frame(constrainedTo: nil) == Rect(x: 10, y: 19, width: 100, height: 50))
    let aboveLeft = placement(at: rect, anchor: .topLeft, gravity: .topLeft)
    #expect(aboveLeft.frame(constrainedTo: nil) == Rect(x: -80, y: -16, width: 100, height: 50))
  }

  @Test func aPopupPastTheBottomFlipsAboveWithItsOffsetMirrored() {
    let rect = Rect(x: 20, y: 270, width: 80, height: 20)
    let flipping = placement(at: rect, adjustment: .flipY)
    #expect(flipping.frame(constrainedTo: bounds) == Rect(x: 60, y: 216, width: 100, height: 50))
    #expect(placement(at: rect).frame(constrainedTo: bounds).minY == 294)
  }

  @Test func aFlipThatDoesNotFitEitherIsNotTaken() {
    let tall = Rect(x: 20, y: 20, width: 80, height: 260)
    let flipping = placement(at: tall, adjustment: .flipY)
    #expect(flipping.frame(constrainedTo: bounds).minY == 284)
  }

  @Test func slidingMovesThePopupBackInside() {
    let rect = Rect(x: 350, y: 270, width: 40, height: 20)
    let sliding = placement(at: rect, adjustment: [.slideX, .slideY])
    #expect(sliding.frame(constrainedTo: bounds) == Rect(x: 300, y: 250, width: 100, height: 50))
    let narrow = Rect(x: 0, y: 0, width: 60, height: 300)
    #expect(sliding.frame(constrainedTo: narrow).minX == 0)
  }
}
