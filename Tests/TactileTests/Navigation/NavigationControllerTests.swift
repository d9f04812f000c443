import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A controller that logs its appearance callbacks as "title.willAppear" and so on.
@MainActor
private final class Screen: ViewController {
  let log: EventLog

  init(_ title: String, log: EventLog) {
    self.log = log
    super.init()
    self.title = title
  }

  override func viewWillAppear(_ animated: Bool) { log.record("\(title!).willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.record("\(title!).didAppear") }
  override func viewWillDisappear(_ animated: Bool) { log.record("\(title!).willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { log.record("\(title!).didDisappear") }
}

/// A 375×667 window whose root controller is a navigation controller over "Root".
@MainActor
private struct NavigationScene {
  let app = TestApplication()
  let log = EventLog()
  let root: Screen
  let navigation: NavigationController
  let script: TouchScript

  init() {
    root = Screen("Root", log: log)
    navigation = NavigationController(rootViewController: root)
    app.window.rootViewController = navigation
    app.window.layoutIfNeeded()
    script = TouchScript(window: app.window)
  }

  /// Pushes "Detail" without animation and clears the log.
  func pushDetail() -> Screen {
    let detail = Screen("Detail", log: log)
    navigation.pushViewController(detail, animated: false)
    log.clear()
    return detail
  }

  /// Drags finger 1 from the leading edge through `xs`, one frame each, at `step` seconds per frame.
  func swipe(through xs: [Double], step: Double) {
    script.step = step
    script.down(1, at: Point(x: 4, y: 300))
    for x in xs { script.move(1, to: Point(x: x, y: 300)) }
  }
}

@MainActor
@Suite struct NavigationControllerTests {
  @Test func theRootIsShownUnderTheBarWithItsTitleAndNoBackButton() {
    let scene = NavigationScene()
    #expect(scene.root.view.frame == Rect(x: 0, y: 44, width: 375, height: 623))
    #expect(scene.navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 375, height: 44))
    #expect(scene.navigation.navigationBar.titleLabel.text == "Root")
    #expect(scene.navigation.navigationBar.backButton.isHidden)
    #expect(scene.root.navigationController === scene.navigation)
  }

  @Test func pushingSlidesTheNewViewInFromTheTrailingEdgeOnTheClock() {
    let scene = NavigationScene()
    let detail = Screen("Detail", log: scene.log)
    scene.log.clear()
    scene.navigation.pushViewController(detail, animated: true)
    #expect(scene.navigation.viewControllers.count == 2)
    #expect(detail.view.transform.tx == 375)
    #expect(scene.navigation.navigationBar.titleLabel.text == "Detail")
    #expect(scene.navigation.navigationBar.backButton.title(for: .normal) == "‹ Root")
    scene.app.scheduler.advance(by: NavigationController.transitionDuration / 2)
    #expect(detail.view.transform.tx > 0 && detail.view.transform.tx < 375)
    #expect(scene.root.view.transform.tx < 0 && scene.root.view.transform.tx > -125)
    scene.app.scheduler.advance(by: NavigationController.transitionDuration)
    #expect(detail.view.transform == .identity)
    #expect(scene.root.view.window == nil, "the covered view left the window")
    #expect(scene.root.view.transform == .identity)
    #expect(
      scene.log.entries == [
        "Detail.willAppear", "Detail.didAppear", "Root.willDisappear", "Root.didDisappear",
      ])
  }

  @Test func poppingSlidesTheTopViewOutAndRemovesItWhenTheMotionEnds() {
    let scene = NavigationScene()
    let detail = scene.pushDetail()
    #expect(scene.navigation.popViewController(animated: true) === detail)
    #expect(scene.root.view.transform.tx == -125, "the view below starts a third of the width out")
    scene.app.scheduler.advance(by: NavigationController.transitionDuration / 2)
    #expect(detail.view.transform.tx > 0 && detail.view.transform.tx < 375)
    #expect(scene.navigation.viewControllers.count == 2, "still in the stack until the pop ends")
    scene.app.scheduler.advance(by: NavigationController.transitionDuration)
    #expect(scene.navigation.viewControllers.map(\.title) == ["Root"])
    #expect(detail.parent == nil)
    #expect(detail.view.window == nil)
    #expect(scene.root.view.transform == .identity)
    #expect(scene.navigation.navigationBar.titleLabel.text == "Root")
    #expect(scene.navigation.navigationBar.backButton.isHidden)
  }

  @Test func theBackButtonPops() {
    let scene = NavigationScene()
    _ = scene.pushDetail()
    scene.app.window.layoutIfNeeded()
    scene.script.tap(at: Point(x: 20, y: 22))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 1)
  }

  @Test func aPushDuringAPopFinishesThePopFirst() {
    let scene = NavigationScene()
    _ = scene.pushDetail()
    scene.navigation.popViewController(animated: true)
    scene.app.scheduler.advance(by: 0.1)
    let other = Screen("Other", log: scene.log)
    scene.navigation.pushViewController(other, animated: false)
    #expect(scene.navigation.viewControllers.map(\.title) == ["Root", "Other"])
  }

  @Test func poppingTheRootOrPushingAControllerTwiceChangesNothing() {
    let scene = NavigationScene()
    #expect(scene.navigation.popViewController(animated: true) == nil)
    scene.navigation.pushViewController(scene.root, animated: false)
    #expect(scene.navigation.viewControllers.count == 1)
  }

  @Test func aTitleChangeShowsInTheBar() {
    let scene = NavigationScene()
    let detail = scene.pushDetail()
    scene.root.title = "Settings"
    detail.title = "Wi-Fi"
    #expect(scene.navigation.navigationBar.titleLabel.text == "Wi-Fi")
    #expect(scene.navigation.navigationBar.backButton.title(for: .normal) == "‹ Settings")
  }
}

@MainActor
@Suite struct InteractivePopTests {
  @Test func anEdgeSwipeDrivesThePopWithTheFinger() {
    let scene = NavigationScene()
    let detail = scene.pushDetail()
    scene.swipe(through: [30, 60, 90, 120], step: 0.2)
    let translation = scene.navigation.interactivePopGestureRecognizer.translation(in: scene.navigation.view)
      .x
    #expect(translation > 0)
    #expect(abs(detail.view.transform.tx - translation) < 0.001, "the top view follows the finger")
    #expect(scene.root.view.window != nil, "the view below is shown")
    #expect(scene.log.entries.first == "Root.willAppear")
  }

  @Test func aSlowSwipeReleasedBeforeHalfwayCancelsThePop() {
    let scene = NavigationScene()
    let detail = scene.pushDetail()
    scene.swipe(through: [30, 60, 90, 120], step: 0.2)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 2)
    #expect(detail.view.transform == .identity)
    #expect(scene.root.view.window == nil)
  }

  @Test func aSlowSwipeReleasedPastHalfwayFinishesThePop() {
    let scene = NavigationScene()
    let detail = scene.pushDetail()
    scene.swipe(through: [60, 120, 180, 240], step: 0.2)
    scene.script.up(1)
    #expect(scene.navigation.viewControllers.count == 2, "finishing takes the rest of the motion")
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 1)
    #expect(detail.view.window == nil)
  }

  @Test func aQuickFlickFinishesThePopEvenNearTheEdge() {
    let scene = NavigationScene()
    _ = scene.pushDetail()
    scene.swipe(through: [20, 40, 60, 80], step: 0.016)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 1)
  }

  @Test func aFlickBackCancelsThePopEvenPastHalfway() {
    let scene = NavigationScene()
    _ = scene.pushDetail()
    scene.swipe(through: [60, 120, 180, 240, 300], step: 0.2)
    scene.script.step = 0.016
    for x in [280.0, 260, 240, 220] { scene.script.move(1, to: Point(x: x, y: 300)) }
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 2)
  }

  @Test func aCancelledSwipeRunsThePopBack() {
    let scene = NavigationScene()
    _ = scene.pushDetail()
    scene.swipe(through: [60, 120, 180, 240], step: 0.2)
    scene.script.cancelAll()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.navigation.viewControllers.count == 2)
  }

  @Test func theEdgeSwipeDoesNotBeginAtTheRoot() {
    let scene = NavigationScene()
    scene.swipe(through: [60, 120, 180], step: 0.2)
    #expect(
      scene.navigation.interactivePopGestureRecognizer.state == .possible
        || scene.navigation.interactivePopGestureRecognizer.state == .failed)
    scene.script.up(1)
    #expect(scene.navigation.viewControllers.count == 1)
  }
}
