import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// The hierarchy, layout, display, gesture-recognizer, responder and control members UIKit lets a
/// subclass override are `open` too, and the toolkit's own calls go through the overrides.
@MainActor
@Suite struct HierarchyOverrideTests {
  /// Logs every overridden call, then does what the toolkit does.
  final class LoggingView: View {
    var calls: [String] = []
    @discardableResult
    override func addSubview(_ view: View) -> Bool {
      calls.append("addSubview")
      return super.addSubview(view)
    }
    @discardableResult
    override func insertSubview(_ view: View, at index: Int) -> Bool {
      calls.append("insertSubview(at: \(index))")
      return super.insertSubview(view, at: index)
    }
    @discardableResult
    override func insertSubview(_ view: View, aboveSubview sibling: View) -> Bool {
      calls.append("insertSubview(above)")
      return super.insertSubview(view, aboveSubview: sibling)
    }
    @discardableResult
    override func insertSubview(_ view: View, belowSubview sibling: View) -> Bool {
      calls.append("insertSubview(below)")
      return super.insertSubview(view, belowSubview: sibling)
    }
    override func bringSubviewToFront(_ view: View) {
      calls.append("bringSubviewToFront")
      super.bringSubviewToFront(view)
    }
    override func sendSubviewToBack(_ view: View) {
      calls.append("sendSubviewToBack")
      super.sendSubviewToBack(view)
    }
    override func removeFromSuperview() {
      calls.append("removeFromSuperview")
      super.removeFromSuperview()
    }
    override func setNeedsLayout() {
      calls.append("setNeedsLayout")
      super.setNeedsLayout()
    }
    override func layoutIfNeeded() {
      calls.append("layoutIfNeeded")
      super.layoutIfNeeded()
    }
    override func sizeToFit() {
      calls.append("sizeToFit")
      super.sizeToFit()
    }
    override func invalidateIntrinsicContentSize() {
      calls.append("invalidateIntrinsicContentSize")
      super.invalidateIntrinsicContentSize()
    }
    override func setNeedsDisplay(_ rect: Rect) {
      calls.append("setNeedsDisplay(\(rect.size.width)×\(rect.size.height))")
      super.setNeedsDisplay(rect)
    }
    override func addGestureRecognizer(_ recognizer: GestureRecognizer) {
      calls.append("addGestureRecognizer")
      super.addGestureRecognizer(recognizer)
    }
    override func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
      calls.append("removeGestureRecognizer")
      super.removeGestureRecognizer(recognizer)
    }
    override var isFirstResponder: Bool {
      calls.append("isFirstResponder")
      return super.isFirstResponder
    }
    override func sizeThatFits(_ size: Size) -> Size { Size(width: 30, height: 20) }
  }

  @Test func hierarchyOverridesRunForEachOperationAndOnlyForIt() {
    let parent = LoggingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let a = View(frame: .zero)
    let b = View(frame: .zero)
    parent.addSubview(a)
    parent.insertSubview(b, at: 0)
    parent.insertSubview(b, aboveSubview: a)
    parent.insertSubview(b, belowSubview: a)
    parent.bringSubviewToFront(b)
    parent.sendSubviewToBack(b)
    // A new subview marks its superview for layout, through the override; a reorder does not.
    #expect(
      parent.calls == [
        "addSubview", "setNeedsLayout", "insertSubview(at: 0)", "setNeedsLayout", "insertSubview(above)",
        "insertSubview(below)", "bringSubviewToFront", "sendSubviewToBack",
      ])
    #expect(parent.subviews.map { $0 === b } == [true, false])
    let child = LoggingView(frame: .zero)
    parent.addSubview(child)
    child.removeFromSuperview()
    #expect(child.calls == ["removeFromSuperview"])
    #expect(child.superview == nil)
  }

  @Test func aSizeChangeAndSizeToFitGoThroughTheLayoutOverrides() {
    let view = LoggingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    view.calls = []
    view.sizeToFit()
    #expect(view.frame == Rect(x: 0, y: 0, width: 30, height: 20))
    view.layoutIfNeeded()
    view.invalidateIntrinsicContentSize()
    #expect(
      view.calls == ["sizeToFit", "setNeedsLayout", "layoutIfNeeded", "invalidateIntrinsicContentSize"])
  }

  @Test func setNeedsDisplayWithoutARectGoesThroughTheRectOverride() {
    let view = LoggingView(frame: Rect(x: 0, y: 0, width: 40, height: 30))
    view.calls = []
    view.setNeedsDisplay()
    #expect(view.calls == ["setNeedsDisplay(40.0×30.0)"])
  }

  @Test func settingGestureRecognizersGoesThroughTheAddAndRemoveOverrides() {
    let view = LoggingView(frame: .zero)
    let tap = TapGestureRecognizer()
    let pan = PanGestureRecognizer()
    view.gestureRecognizers = [tap]
    view.gestureRecognizers = [pan]
    #expect(view.calls == ["addGestureRecognizer", "removeGestureRecognizer", "addGestureRecognizer"])
    #expect(view.gestureRecognizers.map { $0 === pan } == [true])
  }

  final class NotchedScrollView: ScrollView {
    override var safeAreaInsets: EdgeInsets { EdgeInsets(top: 7, left: 0, bottom: 0, right: 0) }
  }

  @Test func aScrollViewAdjustsItsContentInsetForAnOverriddenSafeArea() {
    let scroll = NotchedScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentInsetAdjustmentBehavior = .always
    #expect(scroll.adjustedContentInset.top == 7)
  }

  @Test func theFirstResponderOverrideIsWhatTheViewReports() {
    let view = LoggingView(frame: .zero)
    #expect(!view.isFirstResponder)
    #expect(view.calls == ["isFirstResponder"])
  }

  final class LoggingControl: Control {
    var calls: [String] = []
    override func addTarget(_ target: Responder?, action: Action, for events: Events) {
      calls.append("addTarget")
      super.addTarget(target, action: action, for: events)
    }
    override func addAction(_ action: ClosureAction, for events: Events) {
      calls.append("addAction")
      super.addAction(action, for: events)
    }
    override var state: State { super.state.union(.selected) }
  }

  final class LoggingController: ViewController {
    var calls: [String] = []
    override func addChild(_ child: ViewController) {
      calls.append("addChild")
      super.addChild(child)
    }
  }

  @Test func controlAndControllerOverridesAreCalled() {
    let control = LoggingControl(frame: .zero)
    control.addTarget(nil, action: "tapped", for: .touchUpInside)
    control.addAction(ClosureAction { _ in }, for: .touchUpInside)
    #expect(control.calls == ["addTarget", "addAction"])
    #expect(control.state.contains(.selected))
    let parent = LoggingController()
    parent.addChild(ViewController())
    #expect(parent.calls == ["addChild"])
    #expect(parent.children.count == 1)
  }
}
