import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A classic event-delivery interview question: SView (grey) holds AView (orange), which holds BView
/// (green), DView (cyan, sticking out of AView) and CView (blue), in that order.
@MainActor
private struct InterviewLayout {
  let app = TestApplication()
  let sView: View
  let aView: View
  let bView = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
  let dView = View(frame: Rect(x: 150, y: 150, width: 100, height: 100))
  let cView = View(frame: Rect(x: 50, y: 130, width: 50, height: 50))

  init(orange: View, addDViewLast: Bool = false) {
    sView = View(frame: Rect(x: 0, y: 100, width: 375, height: 300))
    aView = orange
    app.rootView.addSubview(sView)
    sView.addSubview(aView)
    aView.addSubview(bView)
    if !addDViewLast { aView.addSubview(dView) }
    aView.addSubview(cView)
    if addDViewLast { aView.addSubview(dView) }
  }

  /// A point (window coordinates) on DView's part outside AView.
  var outsideAView: Point { Point(x: 320, y: 370) }
  /// A point (window coordinates) on AView's orange background, away from its subviews.
  var onOrange: Point { Point(x: 280, y: 170) }

  func hit(_ point: Point) -> View? { app.window.hitTest(point, with: nil) }
}

/// The right answer: AView keeps a reference to DView and asks it directly.
@MainActor
private final class AViewRight: View {
  weak var dv: View?
  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let view = super.hitTest(point, with: event)
    guard isUserInteractionEnabled, !isHidden, alpha > 0.01, let sub = dv else { return nil }
    if view == nil {
      let converted = sub.convert(point, from: self)
      return sub.point(inside: converted, with: event) ? sub : view
    }
    return view
  }
}

/// The "wrong code found online": it only asks the last subview.
@MainActor
private final class AViewWrong: View {
  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let view = super.hitTest(point, with: event)
    if !isUserInteractionEnabled || isHidden || alpha <= 0.01 { return nil }
    if view == nil {
      for sub in subviews.reversed() {
        let converted = sub.convert(point, from: self)
        return sub.hitTest(converted, with: event)
      }
    }
    return view
  }
}

@MainActor
@Suite struct SeedArticle3Tests {
  @Test func dViewOutsideItsParentIsNotTouchableByDefault() {
    let layout = InterviewLayout(orange: View(frame: Rect(x: 100, y: 50, width: 200, height: 200)))
    #expect(layout.hit(layout.outsideAView) === layout.sView)
    #expect(layout.hit(Point(x: 270, y: 320)) === layout.dView)
  }

  @Test func dViewOutsideItsParentIsTouchableWithTheArticlesHitTest() {
    let orange = AViewRight(frame: Rect(x: 100, y: 50, width: 200, height: 200))
    let layout = InterviewLayout(orange: orange)
    orange.dv = layout.dView
    #expect(layout.hit(layout.outsideAView) === layout.dView)
    #expect(layout.hit(layout.onOrange) === orange)
  }

  @Test func articlesWrongCodeFailsWhenDViewIsNotTheLastSubview() {
    let wrong = InterviewLayout(
      orange: AViewWrong(frame: Rect(x: 100, y: 50, width: 200, height: 200)))
    #expect(wrong.hit(wrong.outsideAView) === wrong.sView)
    let lucky = InterviewLayout(
      orange: AViewWrong(frame: Rect(x: 100, y: 50, width: 200, height: 200)), addDViewLast: true)
    #expect(lucky.hit(lucky.outsideAView) === lucky.dView)
  }

  /// "点击橘色的任何区域，点击事件都由橘色view来响应": AView's hitTest returns self.
  @Test func orangeViewTakesEveryTouch() {
    final class Orange: View {
      override func hitTest(_ point: Point, with event: Event?) -> View? { self }
    }
    let layout = InterviewLayout(orange: Orange(frame: Rect(x: 100, y: 50, width: 200, height: 200)))
    let log = EventLog()
    let recorder = RecordingView("cView", frame: layout.cView.bounds, log: log)
    layout.cView.addSubview(recorder)
    for point in [layout.onOrange, Point(x: 160, y: 210), Point(x: 175, y: 300)] {
      #expect(layout.hit(point) === layout.aView)
    }
    TouchScript(window: layout.app.window).tap(at: Point(x: 175, y: 300))
    #expect(log.entries.isEmpty)
  }

  /// A touch anywhere on the orange view is handled by the blue view: AView's hitTest returns the blue
  /// view (a common listing of this answer picks BView by class, which is green — the mechanism is the
  /// same).
  @Test func orangeViewSendsEveryTouchToTheBlueView() {
    final class Orange: View {
      weak var blue: View?
      override func hitTest(_ point: Point, with event: Event?) -> View? { blue }
    }
    let orange = Orange(frame: Rect(x: 100, y: 50, width: 200, height: 200))
    let layout = InterviewLayout(orange: orange)
    let log = EventLog()
    let blue = RecordingView("blue", frame: Rect(x: 50, y: 130, width: 50, height: 50), log: log)
    orange.addSubview(blue)
    orange.blue = blue
    for point in [layout.onOrange, Point(x: 175, y: 205)] {
      #expect(layout.hit(point) === blue)
    }
    TouchScript(window: layout.app.window).tap(at: layout.onOrange)
    #expect(log.entries == ["blue.began(1)", "blue.ended(1)"])
  }
}
