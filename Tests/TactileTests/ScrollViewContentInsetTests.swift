import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct ScrollViewContentInsetTests {
  /// A window whose top 30, bottom 20 and right 10 points are covered, and a 175×200 scroll view at
  /// (200, 10) over 175×1000 content: 20 points of its top and 10 of its right are outside the safe area.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let scrollView = ScrollView(frame: Rect(x: 200, y: 10, width: 175, height: 200))

    init() {
      app.window.systemSafeAreaInsets = EdgeInsets(top: 30, left: 0, bottom: 20, right: 10)
      scrollView.contentSize = Size(width: 175, height: 1000)
      scrollView.contentInset = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
      app.rootView.addSubview(scrollView)
    }
  }

  @Test func aViewsSafeAreaInsetsAreTheWindowsCoveredEdgesItOverlapsAndDoNotScroll() {
    let scene = Scene()
    let expected = EdgeInsets(top: 20, left: 0, bottom: 0, right: 10)
    #expect(scene.scrollView.safeAreaInsets == expected)
    scene.scrollView.setContentOffset(Point(x: 0, y: 300), animated: false)
    #expect(scene.scrollView.safeAreaInsets == expected)
    #expect(scene.app.window.safeAreaInsets == EdgeInsets(top: 30, left: 0, bottom: 20, right: 10))
    #expect(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)).safeAreaInsets == .zero, "no window")
  }

  @Test func theAdjustedInsetAddsTheSafeAreaAlongTheAxesThatScroll() {
    let scene = Scene()
    #expect(scene.scrollView.contentInsetAdjustmentBehavior == .automatic)
    #expect(scene.scrollView.adjustedContentInset == EdgeInsets(top: 25, left: 0, bottom: 0, right: 0))
    scene.scrollView.contentInsetAdjustmentBehavior = .always
    #expect(scene.scrollView.adjustedContentInset == EdgeInsets(top: 25, left: 0, bottom: 0, right: 10))
    scene.scrollView.contentInsetAdjustmentBehavior = .never
    #expect(scene.scrollView.adjustedContentInset == scene.scrollView.contentInset)
    scene.scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
    scene.scrollView.contentSize = Size(width: 175, height: 100)
    #expect(scene.scrollView.adjustedContentInset == scene.scrollView.contentInset, "nothing scrolls")
  }

  @Test func theOffsetIsLimitedByTheAdjustedInset() {
    let scene = Scene()
    scene.scrollView.setContentOffset(Point(x: 0, y: -100), animated: false)
    #expect(scene.scrollView.contentOffset == Point(x: 0, y: -25))
    #expect(scene.scrollView.maximumContentOffset == Point(x: 0, y: 800))
  }

  @Test func theIndicatorsKeepClearOfTheSafeAreaUnlessToldNotTo() {
    let scene = Scene()
    scene.scrollView.setContentOffset(Point(x: 0, y: -25), animated: false)
    let top = { scene.scrollView.subviews.last?.frame.minY ?? .nan }
    #expect(abs(top() - (-25 + 20 + 2)) < 1e-9, "the track starts below the covered top")
    scene.scrollView.automaticallyAdjustsScrollIndicatorInsets = false
    scene.scrollView.flashScrollIndicators()
    #expect(abs(top() - (-25 + 2)) < 1e-9)
  }
}
