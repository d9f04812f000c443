import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class ScrollLog: ScrollViewDelegate {
  var offsets: [Point] = []
  func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset) }
}

@MainActor
@Suite struct ScrollViewTests {
  @Test func wheelScrollsTheContentAndStopsAtTheEdges() {
    let app = TestApplication()
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = Size(width: 100, height: 250)
    let log = ScrollLog()
    scroll.delegate = log
    let content = View(frame: Rect(x: 0, y: 200, width: 100, height: 50))
    scroll.addSubview(content)
    app.rootView.addSubview(scroll)
    #expect(app.window.hitTest(Point(x: 10, y: 10), with: nil) === scroll)
    for _ in 0..<4 {
      app.window.deliver(
        scroll: ScrollInput(location: Point(x: 10, y: 10), delta: Point(x: 0, y: 60), timestamp: 0))
    }
    #expect(log.offsets == [Point(x: 0, y: 60), Point(x: 0, y: 120), Point(x: 0, y: 150)])
    #expect(app.window.hitTest(Point(x: 10, y: 60), with: nil) === content)
    scroll.setContentOffset(Point(x: 0, y: -40), animated: false)
    #expect(scroll.contentOffset == .zero)
  }

  @Test func wheelAtTheEdgeScrollsTheOuterScrollView() {
    let app = TestApplication()
    let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    outer.contentSize = Size(width: 200, height: 1000)
    let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    inner.contentSize = Size(width: 100, height: 130)
    outer.addSubview(inner)
    app.rootView.addSubview(outer)
    let step = ScrollInput(location: Point(x: 10, y: 10), delta: Point(x: 0, y: 20), timestamp: 0)
    app.window.deliver(scroll: step)
    app.window.deliver(scroll: step)
    #expect(inner.contentOffset == Point(x: 0, y: 30))
    #expect(outer.contentOffset == .zero)
    app.window.deliver(scroll: step)
    #expect(outer.contentOffset == Point(x: 0, y: 20))
  }

  @Test func scrollRectToVisibleMovesTheLeastDistance() {
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = Size(width: 500, height: 500)
    scroll.scrollRectToVisible(Rect(x: 150, y: 20, width: 20, height: 20), animated: false)
    #expect(scroll.contentOffset == Point(x: 70, y: 0))
    scroll.contentInset = EdgeInsets(all: 10)
    scroll.setContentOffset(Point(x: -100, y: 1000), animated: false)
    #expect(scroll.contentOffset == Point(x: -10, y: 410))
  }

  @Test func aScrollViewClipsItsContentToItsBoundsLikeUIKit() {
    #expect(ScrollView(frame: .zero).clipsToBounds)
    #expect(!View(frame: .zero).clipsToBounds)
  }

  @Test func controlsKeepTheirTouchesWhenAScrollWouldCancelThem() {
    let scroll = ScrollView(frame: .zero)
    #expect(!scroll.touchesShouldCancel(in: Button(frame: .zero)))
    #expect(scroll.touchesShouldCancel(in: View(frame: .zero)))
    #expect(scroll.delaysContentTouches && scroll.canCancelContentTouches)
  }
}
