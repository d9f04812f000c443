import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

@MainActor
@Suite struct ScrollViewIndicatorTests {
  /// A 200×200 scroll view over 200×1000 content, at the window's origin.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let script: TouchScript

    init(content: Size = Size(width: 200, height: 1000)) {
      scrollView.contentSize = content
      scrollView.addSubview(View(frame: Rect(origin: .zero, size: content)))
      app.rootView.addSubview(scrollView)
      script = TouchScript(window: app.window)
    }

    /// The bar along `axis` while it is in the view tree.
    func bar(_ axis: ScrollIndicator.Axis) -> ScrollIndicator? {
      scrollView.scrollIndicators.first { $0.axis == axis && $0.superview === scrollView }
    }

    /// A finger down at `start` moved by `delta` in five frames, still down.
    func drag(from start: Point, by delta: Point) {
      script.down(1, at: start)
      for index in 1...5 { script.move(1, to: start + delta * (Double(index) / 5)) }
    }

    /// Lifts the finger after it rested at `point` long enough not to fling.
    func lift(afterRestingAt point: Point) {
      script.time += 0.5
      script.move(1, to: point)
      script.up(1)
    }
  }

  private func near(_ a: Rect?, _ b: Rect) -> Bool {
    guard let a else { return false }
    return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy {
      abs($0) < 1e-9
    }
  }

  @Test func aDragShowsTheVerticalIndicatorSizedByTheVisibleShareOfTheContent() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 150), by: Point(x: 0, y: -50))
    #expect(scene.scrollView.contentOffset.y == 50)
    let bar = scene.bar(.vertical)
    // Track 196 (2 in from each end); length 196 · 200 / 1000; at 50 / 800 of the track's free space.
    #expect(near(bar?.frame, Rect(x: 195, y: 50 + 2 + (196 - 39.2) * 0.0625, width: 3, height: 39.2)))
    #expect(scene.bar(.horizontal) == nil, "the content does not scroll horizontally")
    #expect(scene.scrollView.subviews.last === bar)
    #expect(bar?.isUserInteractionEnabled == false)
    scene.script.up(1)
  }

  @Test func theIndicatorStaysWhileTheFingerIsDownAndFadesAfterTheDelayOnceItLifts() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 150), by: Point(x: 0, y: -50))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.bar(.vertical)?.alpha == 1, "a finger holding the content keeps the bar")
    scene.lift(afterRestingAt: Point(x: 100, y: 100))
    #expect(scene.scrollView.contentOffset.y == 50, "no fling")
    scene.app.scheduler.advance(by: 0.49)
    #expect(scene.bar(.vertical)?.alpha == 1)
    scene.app.scheduler.advance(by: 0.17)
    // The fade's ninth frame, 0.15 s into its 0.25 s.
    #expect(abs((scene.bar(.vertical)?.alpha ?? 0) - 0.4) < 1e-9)
    scene.app.scheduler.advance(by: 0.1)
    #expect(scene.bar(.vertical) == nil, "a faded bar leaves the view tree")
    #expect(scene.app.scheduler.pendingCount == 0)
  }

  @Test func scrollingDuringTheFadeShowsTheIndicatorAgainAndRestartsTheDelay() {
    let scene = Scene()
    scene.scrollView.flashScrollIndicators()
    scene.app.scheduler.advance(by: 0.61)
    #expect(abs((scene.bar(.vertical)?.alpha ?? 0) - 0.6) < 1e-9, "the fade's sixth frame")
    scene.scrollView.setContentOffset(Point(x: 0, y: 100), animated: false)
    #expect(scene.bar(.vertical)?.alpha == 1)
    scene.app.scheduler.advance(by: 0.49)
    #expect(scene.bar(.vertical)?.alpha == 1)
    scene.app.scheduler.advance(by: 0.26 + 0.01)
    #expect(scene.bar(.vertical) == nil)
  }

  @Test func pullingPastTheTopShrinksTheIndicatorAtTheStartOfItsTrack() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 50), by: Point(x: 0, y: 20))
    let beyond = -scene.scrollView.contentOffset.y
    #expect(beyond > 0)
    let bar = scene.bar(.vertical)
    #expect(near(bar?.frame, Rect(x: 195, y: -beyond + 2, width: 3, height: 39.2 - beyond)))
    scene.script.up(1)
  }

  @Test func farPastTheEndTheIndicatorShrinksToTwiceItsThicknessAtTheEndOfItsTrack() {
    let scene = Scene()
    scene.scrollView.setContentOffset(Point(x: 0, y: 800), animated: false)
    scene.drag(from: Point(x: 100, y: 190), by: Point(x: 0, y: -180))
    let offset = scene.scrollView.contentOffset.y
    #expect(offset - 800 > 39.2)
    #expect(near(scene.bar(.vertical)?.frame, Rect(x: 195, y: offset + 198 - 6, width: 3, height: 6)))
    scene.script.up(1)
  }

  @Test func aHiddenIndicatorNeverShows() {
    let scene = Scene()
    scene.scrollView.showsVerticalScrollIndicator = false
    scene.drag(from: Point(x: 100, y: 150), by: Point(x: 0, y: -50))
    #expect(scene.scrollView.contentOffset.y == 50)
    #expect(scene.bar(.vertical) == nil)
    #expect(scene.scrollView.subviews.count == 1, "only the content")
    scene.script.up(1)
  }

  @Test func flashingShowsBothIndicatorsClearOfEachOthersCornerWithoutScrolling() {
    let scene = Scene(content: Size(width: 1000, height: 1000))
    scene.scrollView.flashScrollIndicators()
    #expect(scene.scrollView.contentOffset == .zero)
    // Each track is 200 − 2 − 2 − (3 + 2) for the corner = 191 long; the bars are a fifth of it.
    #expect(near(scene.bar(.vertical)?.frame, Rect(x: 195, y: 2, width: 3, height: 38.2)))
    #expect(near(scene.bar(.horizontal)?.frame, Rect(x: 2, y: 195, width: 38.2, height: 3)))
    scene.app.scheduler.advance(by: 0.76)
    #expect(scene.bar(.vertical) == nil && scene.bar(.horizontal) == nil)
  }

  @Test func indicatorInsetsMoveAndShortenTheTrack() {
    let scene = Scene()
    scene.scrollView.verticalScrollIndicatorInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 10)
    scene.scrollView.flashScrollIndicators()
    #expect(near(scene.bar(.vertical)?.frame, Rect(x: 185, y: 22, width: 3, height: 176 * 0.2)))
  }

  @Test func zoomingShowsTheIndicatorsOfTheZoomedContent() {
    let scene = Scene(content: Size(width: 200, height: 200))
    let content = scene.scrollView.subviews[0]
    let delegate = ZoomingDelegate(content)
    scene.scrollView.delegate = delegate
    scene.scrollView.maximumZoomScale = 4
    scene.scrollView.zoomScale = 2
    // 400 × 400 content at (100, 100): each bar half its 191-point track, in the middle of it.
    #expect(near(scene.bar(.vertical)?.frame, Rect(x: 295, y: 100 + 2 + 47.75, width: 3, height: 95.5)))
    #expect(near(scene.bar(.horizontal)?.frame, Rect(x: 100 + 2 + 47.75, y: 295, width: 95.5, height: 3)))
  }

  @Test func contentAddedWhileTheIndicatorsShowGoesUnderThemOnTheNextScroll() {
    let scene = Scene()
    scene.scrollView.flashScrollIndicators()
    let added = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.scrollView.addSubview(added)
    scene.scrollView.setContentOffset(Point(x: 0, y: 10), animated: false)
    #expect(scene.scrollView.subviews.last === scene.bar(.vertical))
  }
}

@MainActor
private final class ZoomingDelegate: ScrollViewDelegate {
  let view: View
  init(_ view: View) { self.view = view }
  func viewForZooming(in scrollView: ScrollView) -> View? { view }
}
