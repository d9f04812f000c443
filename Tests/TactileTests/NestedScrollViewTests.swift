import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Nested scroll views sharing touch drags (rules: `ScrollView+NestedDragging.swift` and the
/// "Nested scroll views" section of ``ScrollView``).
@MainActor
@Suite struct NestedScrollViewTests {
  /// A 200 × 200 vertical scroll view (1000 points of content) holding a 200 × 100 scroll view at its
  /// top, whose content is `innerContent`.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let script: TouchScript

    init(innerContent: Size, innerBounces: Bool = false) {
      outer.contentSize = Size(width: 200, height: 1000)
      inner.contentSize = innerContent
      inner.bounces = innerBounces
      outer.addSubview(inner)
      app.rootView.addSubview(outer)
      script = TouchScript(window: app.window)
    }

    /// Puts a finger down at (100, 90) and moves it by each of `moves` in turn (one frame each).
    func drag(_ moves: [Point]) {
      var location = Point(x: 100, y: 90)
      script.down(1, at: location)
      for move in moves {
        location = location + move
        script.move(1, to: location)
      }
    }
  }

  @Test func aDragPastTheInnerEdgeContinuesTheOuterScrollViewAndDraggingBackUndoesItFirst() {
    let scene = Scene(innerContent: Size(width: 200, height: 150))
    scene.drag(Array(repeating: Point(x: 0, y: -20), count: 4))
    #expect(scene.inner.contentOffset == Point(x: 0, y: 50))
    #expect(scene.outer.contentOffset == Point(x: 0, y: 30))
    #expect(scene.inner.isDragging && !scene.outer.isDragging)
    scene.script.move(1, to: Point(x: 100, y: 50))
    #expect(scene.outer.contentOffset == .zero)
    #expect(scene.inner.contentOffset == Point(x: 0, y: 40))
  }

  @Test func aBouncingInnerScrollViewPullsPastItsEdgeInsteadOfHandingTheDragOff() {
    let scene = Scene(innerContent: Size(width: 200, height: 150), innerBounces: true)
    scene.drag(Array(repeating: Point(x: 0, y: -20), count: 4))
    #expect(scene.inner.contentOffset.y > 50)
    #expect(scene.outer.contentOffset == .zero)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 2)
    #expect(scene.inner.contentOffset == Point(x: 0, y: 50))
    #expect(scene.outer.contentOffset == .zero)
  }

  @Test func aDragInTheMiddleOfTheInnerContentNeverMovesTheOuterScrollView() {
    let scene = Scene(innerContent: Size(width: 200, height: 400))
    scene.drag(Array(repeating: Point(x: 0, y: -20), count: 4))
    #expect(scene.inner.contentOffset == Point(x: 0, y: 80))
    scene.script.up(1)
    #expect(scene.inner.isDecelerating)
    scene.app.scheduler.advance(by: 0.1)
    #expect(scene.inner.contentOffset.y > 80)
    #expect(scene.outer.contentOffset == .zero)
  }

  @Test func aFlingOfTheInnerScrollViewStopsAtItsEdgeAndNeverMovesTheOuterOne() {
    let scene = Scene(innerContent: Size(width: 200, height: 150))
    scene.drag(Array(repeating: Point(x: 0, y: -10), count: 3))
    #expect(scene.inner.contentOffset == Point(x: 0, y: 30))
    scene.script.up(1)
    #expect(scene.inner.isDecelerating)
    scene.app.scheduler.advance(by: 2)
    #expect(scene.inner.contentOffset == Point(x: 0, y: 50))
    #expect(!scene.inner.isDecelerating)
    #expect(scene.outer.contentOffset == .zero)
  }

  @Test func theReleaseAfterAHandOffFlingsTheOuterScrollViewAndLeavesTheInnerAtItsEdge() {
    let scene = Scene(innerContent: Size(width: 200, height: 150))
    scene.drag(Array(repeating: Point(x: 0, y: -20), count: 4))
    scene.script.up(1)
    #expect(scene.outer.isDecelerating && !scene.inner.isDecelerating)
    scene.app.scheduler.advance(by: 3)
    #expect(scene.outer.contentOffset.y > 60)
    #expect(!scene.outer.isDecelerating)
    #expect(scene.inner.contentOffset == Point(x: 0, y: 50))
  }

  @Test func aMostlyHorizontalDragMovesTheInnerStripAndAMostlyVerticalOneTheOuterScrollView() {
    let scene = Scene(innerContent: Size(width: 600, height: 100))
    // Mostly horizontal at the threshold, then drifting far down: the strip keeps it, alone.
    scene.drag([Point(x: -15, y: -5), Point(x: -15, y: -30), Point(x: -10, y: -40)])
    #expect(scene.inner.contentOffset == Point(x: 40, y: 0))
    #expect(scene.outer.contentOffset == .zero)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 3)
    let stripOffset = scene.inner.contentOffset
    // Mostly vertical at the threshold, then drifting sideways: the outer scroll view keeps it, alone.
    scene.drag([Point(x: -5, y: -15), Point(x: -40, y: -15), Point(x: -40, y: -10)])
    #expect(scene.outer.contentOffset == Point(x: 0, y: 40))
    #expect(scene.inner.contentOffset == stripOffset)
  }

  @Test func aStripThatAlwaysBouncesVerticallyKeepsAVerticalDragAndSpringsBack() {
    let scene = Scene(innerContent: Size(width: 600, height: 100), innerBounces: true)
    scene.inner.alwaysBounceVertical = true
    scene.drag(Array(repeating: Point(x: 0, y: -20), count: 3))
    #expect(scene.inner.contentOffset.y > 0)
    #expect(scene.outer.contentOffset == .zero)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 2)
    #expect(scene.inner.contentOffset == .zero)
    #expect(scene.outer.contentOffset == .zero)
  }

  @Test func aHandOffToAPagingScrollViewSettlesOnItsNextPage() {
    let app = TestApplication()
    let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    pager.contentSize = Size(width: 600, height: 200)
    pager.isPagingEnabled = true
    let photo = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    photo.contentSize = Size(width: 260, height: 200)
    photo.bounces = false
    pager.addSubview(photo)
    app.rootView.addSubview(pager)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 150, y: 100))
    for index in 1...5 { script.move(1, to: Point(x: 150 - 20 * Double(index), y: 100)) }
    #expect(photo.contentOffset == Point(x: 60, y: 0))
    #expect(pager.contentOffset == Point(x: 40, y: 0))
    script.up(1)
    app.scheduler.advance(by: 1)
    #expect(pager.contentOffset == Point(x: 200, y: 0))
    #expect(photo.contentOffset == Point(x: 60, y: 0))
  }
}
