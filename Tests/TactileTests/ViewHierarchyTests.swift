import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class HookView: View {
  let name: String
  let log: EventLog
  var layouts = 0
  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
    super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  }
  override func willMove(toSuperview newSuperview: View?) {
    log.record("\(name).willMove(toSuperview: \(newSuperview == nil ? "nil" : "view"))")
  }
  override func didMoveToSuperview() { log.record("\(name).didMoveToSuperview") }
  override func willMove(toWindow newWindow: Window?) {
    log.record("\(name).willMove(toWindow: \(newWindow == nil ? "nil" : "window"))")
  }
  override func didMoveToWindow() { log.record("\(name).didMoveToWindow") }
  override func layoutSubviews() { layouts += 1 }
}

@MainActor
@Suite struct ViewHierarchyTests {
  @Test func subviewOrderOperations() {
    let root = View(frame: .zero)
    let a = View(frame: .zero)
    let b = View(frame: .zero)
    let c = View(frame: .zero)
    root.addSubview(a)
    root.addSubview(b)
    root.insertSubview(c, at: 0)
    #expect(root.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
    root.bringSubviewToFront(c)
    #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
    root.sendSubviewToBack(b)
    #expect(root.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
    root.insertSubview(b, aboveSubview: a)
    #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
    root.insertSubview(c, belowSubview: a)
    #expect(root.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
    root.addSubview(c)
    #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
    a.removeFromSuperview()
    #expect(root.subviews.map(ObjectIdentifier.init) == [b, c].map(ObjectIdentifier.init))
    #expect(a.superview == nil)
    let other = View(frame: .zero)
    other.addSubview(b)
    #expect(root.subviews.map(ObjectIdentifier.init) == [c].map(ObjectIdentifier.init))
    #expect(b.superview === other)
  }

  @Test func movingIntoAndOutOfAWindowRunsTheHooksInOrder() {
    let app = TestApplication()
    let log = EventLog()
    let parent = HookView("parent", log: log)
    let child = HookView("child", log: log)
    parent.addSubview(child)
    log.clear()
    app.rootView.addSubview(parent)
    parent.removeFromSuperview()
    #expect(
      log.entries == [
        "parent.willMove(toSuperview: view)", "parent.willMove(toWindow: window)",
        "child.willMove(toWindow: window)", "parent.didMoveToWindow", "child.didMoveToWindow",
        "parent.didMoveToSuperview",
        "parent.willMove(toSuperview: nil)", "parent.willMove(toWindow: nil)",
        "child.willMove(toWindow: nil)", "parent.didMoveToWindow", "child.didMoveToWindow",
        "parent.didMoveToSuperview",
      ])
    #expect(child.window == nil)
  }

  @Test func layoutRunsOncePerMarkAtTheNextFrame() {
    let app = TestApplication()
    let log = EventLog()
    let view = HookView("v", log: log)
    app.rootView.addSubview(view)
    app.window.frameDidStart(at: 0)
    #expect(view.layouts == 1)
    app.window.frameDidStart(at: 1)
    #expect(view.layouts == 1)
    view.setNeedsLayout()
    view.setNeedsLayout()
    app.window.frameDidStart(at: 2)
    #expect(view.layouts == 2)
    view.frame = Rect(x: 0, y: 0, width: 20, height: 10)
    view.layoutIfNeeded()
    #expect(view.layouts == 3)
    view.center = Point(x: 50, y: 50)
    view.layoutIfNeeded()
    #expect(view.layouts == 3)
  }

  @Test func setNeedsDisplayMarksDamageInWindowCoordinates() {
    let app = TestApplication()
    let parent = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
    let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    app.rootView.addSubview(parent)
    parent.addSubview(view)
    _ = app.window.takeDamage()
    view.setNeedsDisplay(Rect(x: 0, y: 0, width: 5, height: 5))
    #expect(app.window.takeDamage().rects == [Rect(x: 110, y: 110, width: 5, height: 5)])
    #expect(app.window.damage.isEmpty)
    view.center = Point(x: 70, y: 20)
    #expect(
      app.window.takeDamage().rects == [
        Rect(x: 110, y: 110, width: 20, height: 20), Rect(x: 160, y: 110, width: 20, height: 20),
      ])
    view.isHidden = true
    #expect(app.window.takeDamage().rects == [Rect(x: 160, y: 110, width: 20, height: 20)])
  }

  @Test func damageAsksTheHostForOneFrame() {
    final class Host: WindowHost {
      var frames = 0
      var titles: [String] = []
      var closed = 0
      func windowNeedsFrame(_ window: Window) { frames += 1 }
      func window(_ window: Window, didChangeTitle title: String) { titles.append(title) }
      func window(_ window: Window, requestsSize size: Size) {}
      func windowDidClose(_ window: Window) { closed += 1 }
    }
    let app = TestApplication()
    let host = Host()
    app.window.host = host
    app.window.frameDidStart(at: 0)
    app.rootView.setNeedsDisplay()
    app.rootView.setNeedsLayout()
    #expect(host.frames == 1)
    app.window.frameDidStart(at: 1)
    app.rootView.setNeedsDisplay()
    #expect(host.frames == 2)
    app.window.title = "Hello"
    app.window.close()
    app.window.close()
    #expect(host.titles == ["Hello"])
    #expect(host.closed == 1)
  }

  @Test func hostResizeResizesTheRootView() {
    let app = TestApplication()
    app.window.hostDidResize(to: Size(width: 800, height: 600))
    #expect(app.window.bounds.size == Size(width: 800, height: 600))
    #expect(app.rootView.frame == Rect(x: 0, y: 0, width: 800, height: 600))
    app.window.hostDidResize(to: Size(width: .nan, height: 600))
    #expect(app.window.bounds.size == Size(width: 800, height: 600))
  }
}
