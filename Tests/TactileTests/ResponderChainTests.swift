import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class AppDelegate: Responder {}

@MainActor
private func chain(from responder: Responder) -> [Responder] {
  var result: [Responder] = []
  var current: Responder? = responder
  while let next = current {
    result.append(next)
    current = next.next
  }
  return result
}

@MainActor
@Suite struct ResponderChainTests {
  /// The whole chain: View3 → View2 → RootView → Controller → Window → Application → AppDelegate.
  @Test func seedArticle2ChainFromView3ReachesTheAppDelegate() {
    let app = TestApplication()
    let delegate = AppDelegate()
    app.application.delegate = delegate
    let view2 = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let view3 = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    app.rootView.addSubview(view2)
    view2.addSubview(view3)
    let expected: [Responder] = [
      view3, view2, app.rootView, app.rootViewController, app.window, app.application, delegate,
    ]
    #expect(chain(from: view3).map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
  }

  /// Nested controllers: a child controller's root view → the child controller → the
  /// superview of its view (in the parent's hierarchy) → … → root controller → window → application.
  @Test func seedArticle0NestedControllersPassEventsToTheirViewsSuperview() {
    let app = TestApplication()
    let child = ViewController()
    let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    app.rootView.addSubview(container)
    app.rootViewController.addChild(child)
    container.addSubview(child.view)
    child.didMove(toParent: app.rootViewController)
    let leaf = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    child.view.addSubview(leaf)
    let expected: [Responder] = [
      leaf, child.view, child, container, app.rootView, app.rootViewController, app.window,
      app.application,
    ]
    #expect(chain(from: leaf).map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
    #expect(app.rootViewController.children.count == 1)
    #expect(child.parent === app.rootViewController)
  }

  @Test func controllerWhoseViewIsInNoSuperviewPassesToItsParent() {
    let parent = ViewController()
    let child = ViewController()
    parent.addChild(child)
    #expect(child.next === parent)
    child.removeFromParent()
    #expect(child.next == nil)
    #expect(parent.children.isEmpty)
  }

  @Test func applicationWithoutAResponderDelegateEndsTheChain() {
    let app = TestApplication()
    #expect(app.application.next == nil)
    #expect(app.window.next === app.application)
  }

  /// The order of touches calls: with no view handling touches, touchesBegan runs on View3, then
  /// View2 and RootView through next; once View3 handles it, only View3 runs.
  @Test func seedArticle2UnhandledTouchesClimbTheChainAndStopWhereHandled() {
    let app = TestApplication()
    let log = EventLog()
    let root = RecordingView(
      "RootView", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log, handlesTouches: false)
    let view2 = RecordingView(
      "View2", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log, handlesTouches: false)
    let view3 = RecordingView(
      "View3", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log, handlesTouches: false)
    app.rootView.addSubview(root)
    root.addSubview(view2)
    view2.addSubview(view3)
    let script = TouchScript(window: app.window)
    script.tap(at: Point(x: 10, y: 10))
    #expect(
      log.entries == [
        "View3.began(1)", "View2.began(1)", "RootView.began(1)",
        "View3.ended(1)", "View2.ended(1)", "RootView.ended(1)",
      ])
    log.clear()
    view3.handlesTouches = true
    script.tap(at: Point(x: 10, y: 10))
    #expect(log.entries == ["View3.began(1)", "View3.ended(1)"])
  }

  /// Special cases: a window whose hitTest returns nil lets nobody handle touches; a root
  /// controller view returning nil leaves only the window.
  @Test func seedArticle4WindowOrRootViewReturningNilFromHitTest() {
    final class NilWindow: Window {
      override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }
    final class NilView: View {
      override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }
    let app = TestApplication()
    let nilWindow = NilWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app.application)
    nilWindow.addSubview(View(frame: nilWindow.bounds))
    #expect(nilWindow.hitTest(Point(x: 5, y: 5), with: nil) == nil)

    let controller = ViewController()
    controller.view = NilView()
    app.window.rootViewController = controller
    #expect(app.window.hitTest(Point(x: 5, y: 5), with: nil) === app.window)
  }

  @Test func pressesMotionAndRemoteControlStartAtTheFirstResponderAndClimb() {
    final class Field: View {
      let log: EventLog
      init(log: EventLog) {
        self.log = log
        super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      }
      override var canBecomeFirstResponder: Bool { true }
      override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        log.record("field.pressesBegan \(presses.first!.key.characters)")
        super.pressesBegan(presses, with: event)
      }
    }
    final class Controller: ViewController {
      let log: EventLog
      init(log: EventLog) {
        self.log = log
        super.init()
      }
      override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        log.record("controller.pressesBegan")
      }
      override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        log.record("controller.pressesEnded")
      }
      override func motionBegan(_ motion: Event.Subtype, with event: Event?) {
        log.record("controller.motionBegan \(motion)")
      }
      override func remoteControlReceived(with event: Event?) {
        log.record("controller.remote \(event!.subtype)")
      }
    }
    let log = EventLog()
    let app = TestApplication()
    let controller = Controller(log: log)
    app.window.rootViewController = controller
    let field = Field(log: log)
    controller.view.addSubview(field)
    #expect(field.becomeFirstResponder())
    let key = Key(keyCode: 30, name: .character("a"), characters: "a")
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 2))
    app.window.deliver(motion: .motionShake, phase: .began, timestamp: 3)
    app.window.deliver(remoteControl: .remoteControlPlay, timestamp: 4)
    #expect(
      log.entries == [
        "field.pressesBegan a", "controller.pressesBegan", "controller.pressesEnded",
        "controller.motionBegan motionShake", "controller.remote remoteControlPlay",
      ])
  }
}
