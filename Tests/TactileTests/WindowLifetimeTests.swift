import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Who keeps whom: a window keeps its application; the application lists its windows without keeping
/// them, so an app and the windows nobody shows are freed (LeakSanitizer found them kept by each other).
@MainActor
@Suite struct WindowLifetimeTests {
  @Test func anApplicationAndItsOpenWindowAreFreedWhenNothingElseKeepsThem() {
    weak var application: Application?
    weak var window: Window?
    weak var recognizer: GestureRecognizer?
    do {
      let app = TestApplication()
      let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      let press = LongPressGestureRecognizer()
      view.addGestureRecognizer(press)
      app.rootView.addSubview(view)
      // A finger down: touches bound, a recognizer tracking, a long-press timer pending.
      TouchScript(window: app.window).down(1, at: Point(x: 10, y: 10))
      #expect(app.scheduler.pendingCount > 0)
      (application, window, recognizer) = (app.application, app.window, press)
    }
    #expect(application == nil)
    #expect(window == nil)
    #expect(recognizer == nil)
  }

  @Test func aWindowLetGoOfWithThePointerOverItAndAButtonHeldIsFreed() {
    weak var released: Window?
    do {
      let application = Application(scheduler: ManualScheduler())
      let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: application)
      window.deliver(hover: HoverInput(phase: .entered, location: Point(x: 10, y: 10), timestamp: 1))
      window.deliver(
        pointerButton: PointerButtonInput(
          button: .middle, phase: .down, location: Point(x: 10, y: 10), timestamp: 2, buttonMask: .middle))
      #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window, "the window is what they point at")
      released = window
    }
    #expect(released == nil)
  }

  @Test func aWindowNobodyKeepsLeavesItsApplicationsWindows() {
    let app = TestApplication()
    weak var dropped: Window?
    do {
      let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: app.application)
      dropped = window
      #expect(app.application.windows.count == 2)
    }
    #expect(dropped == nil)
    #expect(app.application.windows.count == 1 && app.application.windows[0] === app.window)
  }

  @Test func anOpenWindowKeepsItsApplication() {
    weak var application: Application?
    let window: Window
    do {
      let made = Application(scheduler: ManualScheduler())
      application = made
      window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: made)
    }
    #expect(application != nil)
    #expect(window.application.windows.first === window)
  }
}
