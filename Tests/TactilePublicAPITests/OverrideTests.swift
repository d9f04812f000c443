import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// What UIKit lets a subclass override is `open` here, and the toolkit reads the override: subclasses
/// written outside the module, as an app writes them.
@MainActor
@Suite struct OverrideTests {
  final class AlwaysHidden: View {
    override var isHidden: Bool {
      get { true }
      set { super.isHidden = newValue }
    }
  }

  final class HighlightWatcher: Button {
    var highlights: [Bool] = []
    override var isHighlighted: Bool {
      didSet { highlights.append(isHighlighted) }
    }
  }

  final class Focusable: View {
    override var canBecomeFirstResponder: Bool { true }
  }

  final class ExclusiveByDefault: View {
    override var isExclusiveTouch: Bool {
      get { true }
      set { super.isExclusiveTouch = newValue }
    }
  }

  @Test func aSubclassOverridingIsHiddenIsSkippedByHitTesting() {
    let app = TestApplication()
    let view = AlwaysHidden(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(view)
    #expect(app.window.hitTest(Point(x: 50, y: 50), with: nil) === app.rootView)
  }

  @Test func aControlSubclassObservingIsHighlightedSeesATouchHighlightAndReleaseIt() {
    let app = TestApplication()
    let button = HighlightWatcher(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    app.rootView.addSubview(button)
    TouchScript(window: app.window).tap(at: Point(x: 50, y: 25))
    #expect(button.highlights == [true, false])
  }

  @Test func aSubclassOverridingCanBecomeFirstResponderBecomesIt() {
    let app = TestApplication()
    let view = Focusable(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    app.rootView.addSubview(view)
    #expect(view.becomeFirstResponder())
    #expect(app.window.firstResponder === view)
  }

  @Test func aSubclassOverridingIsExclusiveTouchExcludesOtherViewsTouches() {
    let app = TestApplication()
    let log = EventLog()
    let exclusive = ExclusiveByDefault(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let other = RecordingView("other", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(exclusive)
    app.rootView.addSubview(other)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 50, y: 50))
    script.tap(at: Point(x: 250, y: 50), id: 2)
    #expect(log.entries.isEmpty)
    script.up(1)
  }

  final class FrameWatcher: View {
    var frames: [Rect] = []
    override var frame: Rect {
      didSet { frames.append(frame) }
    }
  }

  @Test func aSubclassObservingItsFrameSeesTheFrameAStackViewLaysOut() {
    let stack = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let watcher = FrameWatcher(frame: .zero)
    stack.addArrangedSubview(watcher)
    stack.layoutIfNeeded()
    #expect(watcher.frames.last == watcher.frame)
    #expect(watcher.frame.size == Size(width: 200, height: 100), "the one arranged view fills the stack")
  }
}
