import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class TopDelegate: ScrollViewDelegate {
  var allows = true
  var log: [String] = []
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
    log.append("should")
    return allows
  }
  func scrollViewDidScrollToTop(_ scrollView: ScrollView) { log.append("did") }
}

@MainActor
@Suite struct ScrollViewScrollToTopTests {
  /// A 200×200 scroll view over 200×1000 content with a 10-point top inset, scrolled to 500.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let delegate = TopDelegate()

    init() {
      scrollView.contentSize = Size(width: 200, height: 1000)
      scrollView.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
      scrollView.delegate = delegate
      app.rootView.addSubview(scrollView)
      scrollView.setContentOffset(Point(x: 0, y: 500), animated: false)
    }

    func press(_ key: Key) {
      app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
      app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 0.1))
    }
  }

  private let controlHome = Key(keyCode: 110, name: .home, characters: "", modifierFlags: .control)

  @Test func aScrollToTopRequestAnimatesTheOnlyScrollViewToTheTopOfItsInsetAndTellsTheDelegate() {
    let scene = Scene()
    #expect(scene.app.window.scrollToTop())
    #expect(scene.delegate.log == ["should"])
    scene.app.scheduler.advance(by: 0.15)
    #expect(abs(scene.scrollView.contentOffset.y - 245) < 1e-9, "half way along the ease-in-out curve")
    scene.app.scheduler.advance(by: 0.15)
    #expect(scene.scrollView.contentOffset == Point(x: 0, y: -10))
    #expect(scene.delegate.log == ["should", "did"])
  }

  @Test func ctrlHomeThatNoResponderHandlesScrollsToTheTop() {
    let scene = Scene()
    scene.press(controlHome)
    scene.app.scheduler.advance(by: 0.3)
    #expect(scene.scrollView.contentOffset.y == -10)
    scene.scrollView.setContentOffset(Point(x: 0, y: 500), animated: false)
    scene.press(Key(keyCode: 110, name: .home, characters: ""))
    scene.app.scheduler.advance(by: 0.3)
    #expect(scene.scrollView.contentOffset.y == 500, "Home alone is not the request")
  }

  @Test func aTapOnTheTitleBarAsksForTheScrollToTop() {
    let app = TestApplication(size: Size(width: 400, height: 300))
    let frame = DecorationView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(frame)
    frame.layoutIfNeeded()
    var taps = 0
    frame.onTitleBarTap = { taps += 1 }
    TouchScript(window: app.window).tap(at: Point(x: 200, y: DecorationView.resizeMargin + 20))
    #expect(taps == 1)
  }

  @Test func theDelegateCanRefuseAndScrollsToTopOffOrASecondCandidateLeavesTheContent() {
    let scene = Scene()
    scene.delegate.allows = false
    #expect(!scene.app.window.scrollToTop())
    scene.delegate.allows = true
    let other = ScrollView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
    scene.app.rootView.addSubview(other)
    #expect(!scene.app.window.scrollToTop(), "two candidates: neither scrolls")
    other.isHidden = true
    #expect(scene.app.window.scrollToTop(), "a hidden scroll view is no candidate")
    scene.app.scheduler.advance(by: 0.3)
    scene.scrollView.scrollsToTop = false
    #expect(!scene.app.window.scrollToTop())
    #expect(scene.delegate.log == ["should", "should", "did"])
  }

  @Test func aScrollViewAlreadyAtTheTopTellsTheDelegateAtOnce() {
    let scene = Scene()
    scene.scrollView.setContentOffset(Point(x: 0, y: -10), animated: false)
    #expect(scene.app.window.scrollToTop())
    #expect(scene.delegate.log == ["should", "did"])
  }
}
