import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class PageFollower: ScrollViewDelegate {
  let pageControl: PageControl
  init(_ pageControl: PageControl) { self.pageControl = pageControl }
  func scrollViewDidScroll(_ scrollView: ScrollView) {
    pageControl.currentPage = scrollView.currentHorizontalPage
  }
}

/// Runs `onTurn` for the action "turn".
@MainActor
private final class PageTurner: Responder {
  var onTurn: () -> Void = {}
  override func handler(for action: Action) -> ActionHandler? {
    guard action == "turn" else { return nil }
    return { [weak self] _, _ in self?.onTurn() }
  }
}

@MainActor
@Suite struct ScrollViewPagingTests {
  /// Five 200-point pages in a paging scroll view, and a page control below it that follows.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let pageControl = PageControl(frame: Rect(x: 0, y: 200, width: 200, height: 36))
    let follower: PageFollower
    let script: TouchScript

    init() {
      scrollView.contentSize = Size(width: 1000, height: 200)
      scrollView.isPagingEnabled = true
      pageControl.numberOfPages = 5
      follower = PageFollower(pageControl)
      scrollView.delegate = follower
      app.rootView.addSubview(scrollView)
      app.rootView.addSubview(pageControl)
      script = TouchScript(window: app.window)
    }

    /// A horizontal drag by `dx` in six frames `interval` seconds apart, then the lift.
    func drag(by dx: Double, interval: Double) {
      script.step = interval
      script.down(1, at: Point(x: 150, y: 100))
      for index in 1...6 { script.move(1, to: Point(x: 150 + dx * Double(index) / 6, y: 100)) }
      script.up(1)
    }
  }

  @Test func aFlickSettlesOnTheNextPageByVelocity() {
    let scene = Scene()
    scene.drag(by: -40, interval: 0.016)
    #expect(scene.scrollView.isDecelerating)
    scene.app.scheduler.advance(by: 0.35)
    #expect(scene.scrollView.contentOffset == Point(x: 200, y: 0))
    #expect(!scene.scrollView.isDecelerating)
    #expect(scene.pageControl.currentPage == 1)
  }

  @Test func aSlowDragSettlesOnTheNearestPage() {
    let scene = Scene()
    scene.drag(by: -60, interval: 0.2)
    scene.app.scheduler.advance(by: 0.35)
    #expect(scene.scrollView.contentOffset == .zero, "60 points is nearer page 0")
    scene.drag(by: -140, interval: 0.2)
    scene.app.scheduler.advance(by: 0.35)
    #expect(scene.scrollView.contentOffset == Point(x: 200, y: 0), "140 points is nearer page 1")
  }

  @Test func aFlickGoesAtMostOnePageFromWhereTheDragStarted() {
    let scene = Scene()
    scene.drag(by: -190, interval: 0.016)
    scene.app.scheduler.advance(by: 0.35)
    #expect(scene.scrollView.contentOffset == Point(x: 200, y: 0))
    scene.drag(by: 60, interval: 0.016)
    scene.app.scheduler.advance(by: 0.35)
    #expect(scene.scrollView.contentOffset == .zero, "a flick back goes to the previous page")
  }

  @Test func aTouchStopsAPageWhileItSettles() {
    let scene = Scene()
    scene.drag(by: -40, interval: 0.016)
    scene.app.scheduler.advance(by: 0.1)
    let stopped = scene.scrollView.contentOffset
    scene.script.down(2, at: Point(x: 100, y: 100))
    scene.app.scheduler.advance(by: 0.5)
    #expect(scene.scrollView.contentOffset == stopped)
    #expect(stopped.x > 40 && stopped.x < 200)
  }

  @Test func tappingThePageControlBesideTheCurrentDotMovesOnePageAndSendsValueChanged() {
    let scene = Scene()
    var pages: [Int] = []
    let turner = PageTurner()
    turner.onTurn = {
      pages.append(scene.pageControl.currentPage)
      scene.scrollView.setContentOffset(
        Point(x: Double(scene.pageControl.currentPage) * 200, y: 0), animated: true)
    }
    scene.pageControl.addTarget(turner, action: "turn", for: .valueChanged)
    let dot = scene.pageControl.convert(scene.pageControl.indicatorCenter(forPage: 0), to: nil)
    scene.script.tap(at: Point(x: dot.x + 30, y: dot.y))
    #expect(pages == [1])
    scene.app.scheduler.advance(by: 0.15)
    #expect(scene.scrollView.contentOffset == Point(x: 100, y: 0), "half way through the ease in and out")
    scene.app.scheduler.advance(by: 0.15)
    #expect(scene.scrollView.contentOffset == Point(x: 200, y: 0))
    scene.script.tap(at: Point(x: dot.x - 10, y: dot.y))
    #expect(pages == [1, 0])
    scene.script.tap(at: Point(x: dot.x - 10, y: dot.y))
    #expect(pages == [1, 0], "there is no page before the first")
  }
}
