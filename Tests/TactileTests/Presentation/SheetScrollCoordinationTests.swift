import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A page sheet whose content is a scroll view: the sheet takes a downward drag only while the scroll
/// view is at its top; every other drag scrolls.
@MainActor
@Suite struct SheetScrollCoordinationTests {
  /// The ``SheetScene`` with a vertically scrolling 375×2,000 content filling the sheet.
  @MainActor struct Scene {
    let sheet = SheetScene()
    let scrollView: ScrollView

    init(contentSize: Size = Size(width: 375, height: 2000)) {
      scrollView = ScrollView(frame: sheet.sheet.view.bounds)
      scrollView.contentSize = contentSize
      scrollView.addSubview(View(frame: Rect(origin: .zero, size: contentSize)))
      sheet.sheet.view.addSubview(scrollView)
      sheet.app.window.layoutIfNeeded()
    }

    var isPresented: Bool { sheet.app.rootViewController.presentedViewController === sheet.sheet }
  }

  @Test func aDownwardDragOnAScrollViewAtItsTopDismissesTheSheetWithoutBouncing() {
    let scene = Scene()
    scene.sheet.drag(through: [200, 300, 400, 500], step: 0.2)
    #expect(scene.sheet.offset > 300, "the sheet follows the finger")
    #expect(scene.scrollView.contentOffset.y == 0, "the content does not pull down from its top")
    #expect(!scene.scrollView.isDragging)
    scene.sheet.script.up(1)
    scene.sheet.app.scheduler.advance(by: 1)
    #expect(!scene.isPresented)
    #expect(scene.sheet.log.entries.first == "willDismiss")
    #expect(scene.sheet.log.entries.last == "didDismiss")
  }

  @Test func aDownwardDragOnAScrolledDownScrollViewScrollsAndTheSheetStays() {
    let scene = Scene()
    scene.scrollView.contentOffset = Point(x: 0, y: 600)
    scene.sheet.drag(through: [200, 300, 400, 500], step: 0.2)
    #expect(scene.scrollView.isDragging)
    let dragged = scene.scrollView.contentOffset.y
    #expect(dragged < 600 && dragged > 0, "the content follows the finger down")
    #expect(scene.sheet.offset == 0, "the sheet does not move")
    scene.sheet.script.up(1)
    scene.sheet.app.scheduler.advance(by: 2)
    #expect(scene.isPresented)
    #expect(scene.sheet.log.entries.isEmpty, "the delegate hears of no dismissal")
  }

  @Test func aDragThatBeganScrollingKeepsScrollingPastTheTopInsteadOfDismissing() {
    let scene = Scene()
    scene.scrollView.contentOffset = Point(x: 0, y: 100)
    scene.sheet.drag(through: [150, 250, 350, 450], step: 0.2)
    #expect(scene.scrollView.contentOffset.y < 0, "the content pulls past its top and bounces")
    #expect(scene.sheet.offset == 0)
    scene.sheet.script.up(1)
    scene.sheet.app.scheduler.advance(by: 2)
    #expect(scene.scrollView.contentOffset.y == 0, "it springs back")
    #expect(scene.isPresented)
  }

  @Test func anUpwardDragOnAScrollViewAtItsTopScrollsTheContent() {
    let scene = Scene()
    scene.sheet.script.step = 0.2
    scene.sheet.script.down(1, at: Point(x: 187, y: 500))
    for y in [450.0, 400, 350, 300] { scene.sheet.script.move(1, to: Point(x: 187, y: y)) }
    #expect(scene.scrollView.contentOffset.y > 100)
    #expect(scene.sheet.offset == 0)
    #expect(scene.sheet.log.entries.isEmpty)
  }

  @Test func aDownwardDragOnContentThatDoesNotScrollDismissesTheSheet() {
    let scene = Scene(contentSize: Size(width: 375, height: 300))
    scene.scrollView.alwaysBounceVertical = false
    scene.sheet.drag(through: [200, 300, 400, 500], step: 0.2)
    #expect(scene.sheet.offset > 300)
    scene.sheet.script.up(1)
    scene.sheet.app.scheduler.advance(by: 1)
    #expect(!scene.isPresented)
  }

  @Test func aSidewaysDragOnASidewaysScrollViewInTheSheetScrollsIt() {
    let scene = Scene(contentSize: Size(width: 1500, height: 657))
    scene.sheet.script.step = 0.2
    scene.sheet.script.down(1, at: Point(x: 300, y: 200))
    for x in [260.0, 220, 180, 140] { scene.sheet.script.move(1, to: Point(x: x, y: 205)) }
    #expect(scene.scrollView.contentOffset.x > 100)
    #expect(scene.sheet.offset == 0)
    #expect(scene.sheet.log.entries.isEmpty)
  }
}
