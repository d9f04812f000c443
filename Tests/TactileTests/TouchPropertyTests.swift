import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// What every responder received, per touch, in order.
@MainActor
private final class Audit {
  var deliveries: [ObjectIdentifier: [(responder: ObjectIdentifier, phase: String)]] = [:]
  var misdirected: [String] = []
  /// Keeps every touch alive so that object identifiers are never reused within a run.
  var touches: Set<Touch> = []

  func record(_ touches: Set<Touch>, phase: String, at view: View) {
    self.touches.formUnion(touches)
    for touch in touches {
      deliveries[ObjectIdentifier(touch), default: []].append((ObjectIdentifier(view), phase))
      if touch.view !== view { misdirected.append("\(phase) delivered to a view the touch is not bound to") }
    }
  }
}

/// A view that handles touches (never forwards), records them, and sometimes misbehaves by removing a
/// view from inside its own handler.
@MainActor
private final class AuditView: View {
  let audit: Audit
  var chaos: (() -> Void)?

  init(frame: Rect, audit: Audit) {
    self.audit = audit
    super.init(frame: frame)
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    audit.record(touches, phase: "began", at: self)
    chaos?()
  }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    audit.record(touches, phase: "moved", at: self)
    chaos?()
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    audit.record(touches, phase: "ended", at: self)
  }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    audit.record(touches, phase: "cancelled", at: self)
  }
}

/// Records the touches that begin in each event, to compare their binding with the hit test.
@MainActor
private final class BeganRecorder: Application {
  var began: [Touch] = []
  override func sendEvent(_ event: Event) {
    began += (event.allTouches ?? []).filter { $0.phase == .began }
    super.sendEvent(event)
  }
}

@MainActor
@Suite struct TouchPropertyTests {
  /// Issue 4's property: for random view trees and random touch sequences (including system cancels,
  /// views removed and re-added, views removed from inside their own handlers), every touch that began
  /// in a responder is ended or cancelled there exactly once, and is never delivered elsewhere.
  @Test(arguments: 0..<40)
  func everyTouchThatBeganEndsOrIsCancelledExactlyOnceWhereItBegan(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let audit = Audit()
    let application = BeganRecorder(scheduler: ManualScheduler())
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300), application: application)
    let views = makeRandomTree(in: window, audit: audit, random: &random)
    for view in views {
      view.chaos = makeChaos(views: views, window: window, random: &random)
    }
    let script = TouchScript(window: window)
    var down: Set<Int> = []
    for _ in 0..<80 {
      step(script: script, window: window, views: views, down: &down, random: &random)
    }
    #expect(audit.deliveries.count >= 5, "too little happened to prove anything")
    for id in down.sorted() { script.up(id) }
    check(audit)
  }

  private func step(
    script: TouchScript, window: Window, views: [AuditView], down: inout Set<Int>,
    random: inout SeededGenerator
  ) {
    let point = Point(
      x: Double.random(in: -20..<320, using: &random), y: Double.random(in: -20..<320, using: &random))
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<30:
      let id = Int.random(in: 0..<4, using: &random) * 1_000_003
      let expected = window.hitTest(point, with: nil)
      let application = window.application as! BeganRecorder
      application.began = []
      script.down(id, at: point)
      down.insert(id)
      for touch in application.began {
        #expect(
          touch.view == nil || touch.view === expected,
          "bound to \(touch.view.map { "\($0.frame)" } ?? "nil"), hit \(expected.map { "\($0.frame)" } ?? "nil") at \(point) superview \(touch.view?.superview.map { "\($0.frame)" } ?? "none")"
        )
      }
    case 30..<65:
      if let id = down.sorted().randomElement(using: &random) { script.move(id, to: point) }
    case 65..<85:
      if let id = down.sorted().randomElement(using: &random) {
        script.up(id)
        down.remove(id)
      }
    case 85..<88:
      if let id = down.sorted().randomElement(using: &random) {
        script.cancel(id)
        down.remove(id)
      }
    case 88..<91:
      script.cancelAll()
      down = []
    case 91..<96:
      views.randomElement(using: &random)!.removeFromSuperview()
    default:
      let view = views.randomElement(using: &random)!
      let parent = ([window.subviews[0]] + views).randomElement(using: &random)!
      parent.addSubview(view)
    }
  }

  private func makeRandomTree(in window: Window, audit: Audit, random: inout SeededGenerator) -> [AuditView] {
    let background = AuditView(frame: window.bounds, audit: audit)
    background.isMultipleTouchEnabled = true
    window.addSubview(background)
    var views: [AuditView] = []
    for _ in 0..<12 {
      let frame = Rect(
        x: Double.random(in: -20..<250, using: &random), y: Double.random(in: -20..<250, using: &random),
        width: Double.random(in: 10..<200, using: &random),
        height: Double.random(in: 10..<200, using: &random))
      let view = AuditView(frame: frame, audit: audit)
      view.isMultipleTouchEnabled = Bool.random(using: &random)
      view.isExclusiveTouch = Int.random(in: 0..<10, using: &random) == 0
      view.isHidden = Int.random(in: 0..<10, using: &random) == 0
      view.isUserInteractionEnabled = Int.random(in: 0..<10, using: &random) != 0
      if Int.random(in: 0..<5, using: &random) == 0 {
        view.transform = AffineTransform(rotationAngle: Double.random(in: 0..<3, using: &random))
      }
      let parent: View =
        views.isEmpty || Bool.random(using: &random) ? background : views.randomElement(using: &random)!
      parent.addSubview(view)
      views.append(view)
    }
    return views
  }

  private func makeChaos(views: [AuditView], window: Window, random: inout SeededGenerator) -> (() -> Void)? {
    guard Int.random(in: 0..<4, using: &random) == 0 else { return nil }
    let victim = views.randomElement(using: &random)!
    var remaining = 2
    return { [weak victim] in  // the victim may be the view that keeps this closure
      guard remaining > 0 else { return }
      remaining -= 1
      victim?.removeFromSuperview()
    }
  }

  private func check(_ audit: Audit) {
    #expect(audit.misdirected.isEmpty)
    for (_, log) in audit.deliveries {
      let responders = Set(log.map(\.responder))
      #expect(responders.count == 1, "a touch was delivered to more than one responder")
      let phases = log.map(\.phase)
      #expect(phases.first == "began")
      let ends = phases.filter { $0 == "ended" || $0 == "cancelled" }
      #expect(ends.count == 1, "phases: \(phases)")
      #expect(phases.last == "ended" || phases.last == "cancelled", "phases: \(phases)")
      #expect(phases.filter { $0 == "began" }.count == 1)
    }
  }
}
