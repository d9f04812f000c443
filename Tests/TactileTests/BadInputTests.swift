import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct BadInputTests {
  /// Non-finite geometry is ignored: the view keeps its previous frame, bounds, centre and transform.
  @Test func nonFiniteGeometryIsIgnored() {
    let view = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    view.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
    view.bounds = Rect(x: 0, y: 0, width: .infinity, height: 1)
    view.center = Point(x: 0, y: -.infinity)
    view.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    view.alpha = .nan
    #expect(view.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(view.transform == .identity)
    #expect(view.alpha == 1)
    #expect(View(frame: Rect(x: .nan, y: 0, width: 1, height: 1)).frame == .zero)
  }

  @Test func hitTestingANonFinitePointFindsNothing() {
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(view.hitTest(Point(x: .nan, y: 1), with: nil) == nil)
    #expect(view.hitTest(Point(x: .infinity, y: 1), with: nil) == nil)
  }

  @Test func nonFiniteTouchDownIsDroppedAndNonFiniteMotionKeepsTheLastLocation() {
    final class Keeper: View {
      var locations: [Point] = []
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        locations += touches.map { $0.location(in: nil) }
      }
      override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        locations += touches.map { $0.location(in: nil) }
      }
      override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        locations += touches.map { $0.location(in: nil) }
      }
    }
    let app = TestApplication()
    let keeper = Keeper(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(keeper)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: .nan, y: 5))
    script.up(1)
    script.down(2, at: Point(x: 5, y: 5))
    script.move(2, to: Point(x: .infinity, y: 5))
    script.up(2)
    #expect(keeper.locations == [Point(x: 5, y: 5), Point(x: 5, y: 5), Point(x: 5, y: 5)])
  }

  /// A view added as its own ancestor: refused, nothing changes.
  @Test func viewAddedAsItsOwnAncestorIsRefused() {
    let parent = View(frame: .zero)
    let child = View(frame: .zero)
    parent.addSubview(child)
    #expect(!child.addSubview(parent))
    #expect(!child.addSubview(child))
    #expect(parent.superview == nil)
    #expect(child.subviews.isEmpty)
    #expect(parent.subviews.count == 1 && parent.subviews[0] === child)
  }

  /// Removing a view during its own touch handling: it gets touchesCancelled once, right after its
  /// touchesBegan returns, and nothing afterwards.
  @Test func viewRemovingItselfDuringTouchesBeganGetsOneCancel() {
    let log = EventLog()
    final class SelfRemover: RecordingView {
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        removeFromSuperview()
        log.record("removed")
      }
    }
    let app = TestApplication()
    let view = SelfRemover("v", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(view)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 10, y: 10))
    script.move(1, to: Point(x: 20, y: 10))
    script.up(1)
    #expect(log.entries == ["v.began(1)", "removed", "v.cancelled(1)"])
  }

  @Test func viewRemovingItselfDuringTouchesEndedGetsNoCancel() {
    let log = EventLog()
    final class SelfRemover: RecordingView {
      override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        super.touchesEnded(touches, with: event)
        removeFromSuperview()
      }
    }
    let app = TestApplication()
    let view = SelfRemover("v", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(view)
    TouchScript(window: app.window).tap(at: Point(x: 10, y: 10))
    #expect(log.entries == ["v.began(1)", "v.ended(1)"])
  }

  @Test func viewRemovedBeforeItsTouchBeganWasDeliveredGetsNothing() {
    let log = EventLog()
    final class Remover: RecordingView {
      weak var victim: View?
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        victim?.removeFromSuperview()
      }
    }
    let app = TestApplication()
    let remover = Remover("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let victim = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    remover.victim = victim
    app.rootView.addSubview(remover)
    app.rootView.addSubview(victim)
    let script = TouchScript(window: app.window)
    script.frame {
      script.down(1, at: Point(x: 10, y: 10))
      script.down(2, at: Point(x: 110, y: 10))
    }
    script.frame {
      script.up(1)
      script.up(2)
    }
    #expect(log.entries == ["a.began(1)", "a.ended(1)"])
  }

  @Test func unknownIdsAreIgnoredAndAReusedLiveIdCancelsTheOldTouch() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let b = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    app.rootView.addSubview(b)
    let script = TouchScript(window: app.window)
    script.move(42, to: Point(x: 10, y: 10))
    script.up(43)
    script.down(1, at: Point(x: 10, y: 10))
    script.down(1, at: Point(x: 110, y: 10))
    script.up(1)
    #expect(log.entries == ["a.began(1)", "a.cancelled(1)", "b.began(1)", "b.ended(1)"])
  }
}
