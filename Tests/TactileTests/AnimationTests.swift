import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@MainActor
@Suite struct AnimationTests {
  /// A 40×40 view at (0, 0) in a window of a fresh app, with the layout pass and damage of the first
  /// frame taken.
  private func scene() -> (TestApplication, View) {
    let app = TestApplication()
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    app.rootView.addSubview(view)
    app.window.frameDidStart(at: 0)
    _ = app.window.takeDamage()
    return (app, view)
  }

  private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

  @Test func bezierCurvesGiveTheirProgressAtAGivenTime() {
    #expect(near(TimingCurve.linear.progress(atTime: 0.3, duration: 1.2), 0.25))
    #expect(near(TimingCurve.easeIn.progress(atTime: 0.5, duration: 1), 0.31535681257253945))
    #expect(near(TimingCurve.easeOut.progress(atTime: 0.5, duration: 1), 0.6846431874274606))
    #expect(near(TimingCurve.easeInOut.progress(atTime: 0.25, duration: 1), 0.1291619310473198))
    #expect(near(TimingCurve.easeInOut.progress(atTime: 1, duration: 2), 0.5))
    #expect(TimingCurve.easeIn.progress(atTime: 3, duration: 2) == 1)
    #expect(TimingCurve.easeIn.progress(atTime: -1, duration: 2) == 0)
  }

  @Test func aSpringOvershootsWithLowDampingAndSettlesExactlyAtTheEnd() {
    let bouncy = TimingCurve.spring(dampingRatio: 0.5, initialVelocity: 0)
    #expect(near(bouncy.progress(atTime: 0.25, duration: 1), 1.1604312032672137))
    #expect(near(bouncy.progress(atTime: 0.5, duration: 1), 0.9752089947246398))
    #expect(bouncy.progress(atTime: 1, duration: 1) == 1)
    let critical = TimingCurve.spring(dampingRatio: 1, initialVelocity: 0)
    #expect(near(critical.progress(atTime: 0.25, duration: 1), 0.5150740844410675))
    let samples = (1..<60).map { critical.progress(atTime: Double($0) / 60, duration: 1) }
    #expect(samples.allSatisfy { $0 < 1 }, "a critically damped spring never overshoots")
  }

  @Test func aSpringStartsAtItsInitialVelocity() {
    let curve = TimingCurve.spring(dampingRatio: 0.8, initialVelocity: 3)
    let slope = curve.progress(atTime: 1e-7, duration: 0.5) / 1e-7
    #expect(abs(slope - 3) < 1e-3)
  }

  @Test func anAnimationSetsExactValuesAtEachTickOnTheScheduler() {
    let (app, view) = scene()
    var finished: [Bool] = []
    View.animate(
      withDuration: 1, options: .curveLinear,
      animations: { view.center = Point(x: 140, y: 80) }, completion: { finished.append($0) })
    #expect(view.center == Point(x: 20, y: 20), "the view starts where it was")
    app.scheduler.advance(by: 0.25)
    #expect(view.center == Point(x: 50, y: 35))
    app.scheduler.advance(by: 0.25)
    #expect(view.center == Point(x: 80, y: 50))
    #expect(finished.isEmpty)
    app.scheduler.advance(by: 0.5)
    #expect(view.center == Point(x: 140, y: 80))
    #expect(finished == [true])
    #expect(app.scheduler.pendingCount == 0)
  }

  @Test func everyAnimatablePropertyMovesAlongTheCurve() {
    let (app, view) = scene()
    view.backgroundColor = Color(red: 1, green: 0, blue: 0)
    View.animate(withDuration: 0.5, options: .curveEaseIn) {
      view.frame = Rect(x: 100, y: 0, width: 80, height: 20)
      view.transform = AffineTransform(scaleX: 3, y: 3)
      view.alpha = 0
      view.backgroundColor = Color(red: 0, green: 0, blue: 1)
      view.cornerRadius = 10
    }
    app.scheduler.advance(by: 0.25)
    let p = TimingCurve.easeIn.progress(atTime: 0.25, duration: 0.5)
    #expect(near(view.center.x, 20 + 120 * p) && near(view.center.y, 20 - 10 * p))
    #expect(near(view.bounds.width, 40 + 40 * p) && near(view.bounds.height, 40 - 20 * p))
    #expect(near(view.transform.a, 1 + 2 * p) && near(view.transform.d, 1 + 2 * p))
    #expect(near(view.alpha, 1 - p))
    #expect(near(view.backgroundColor!.red, 1 - p) && near(view.backgroundColor!.blue, p))
    #expect(near(view.cornerRadius, 10 * p))
    app.scheduler.advance(by: 0.25)
    #expect(view.transform == AffineTransform(scaleX: 3, y: 3))
    #expect(view.bounds.size == Size(width: 80, height: 20) && view.alpha == 0 && view.cornerRadius == 10)
  }

  @Test func anInterruptedAnimationCompletesUnfinishedAndTheNewOneBeginsFromTheCurrentState() {
    let (app, view) = scene()
    var log: [String] = []
    View.animate(
      withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 120, y: 20) },
      completion: { log.append("first \($0)") })
    app.scheduler.advance(by: 0.5)
    View.animate(
      withDuration: 1, options: [.curveLinear, .beginFromCurrentState],
      animations: { view.center = Point(x: 70, y: 120) }, completion: { log.append("second \($0)") })
    #expect(log == ["first false"])
    #expect(view.center == Point(x: 70, y: 20), "it carries on from where the first had brought it")
    app.scheduler.advance(by: 0.5)
    #expect(view.center == Point(x: 70, y: 70))
    app.scheduler.advance(by: 0.5)
    #expect(log == ["first false", "second true"])
  }

  @Test func withoutBeginFromCurrentStateTheNewAnimationStartsFromTheRunningOnesEnd() {
    let (app, view) = scene()
    View.animate(withDuration: 1, options: .curveLinear) { view.center = Point(x: 120, y: 20) }
    app.scheduler.advance(by: 0.5)
    View.animate(withDuration: 1, options: .curveLinear) { view.center = Point(x: 120, y: 120) }
    #expect(view.center == Point(x: 120, y: 20))
    app.scheduler.advance(by: 0.5)
    #expect(view.center == Point(x: 120, y: 70))
  }

  @Test func aDelayedAnimationWaitsBeforeMoving() {
    let (app, view) = scene()
    View.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
    app.scheduler.advance(by: 0.5)
    #expect(view.alpha == 1)
    app.scheduler.advance(by: 0.25)
    #expect(near(view.alpha, 0.5))
  }

  @Test func aViewOutsideAnyWindowJumpsToTheEndAndCompletesAtOnce() {
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    var finished: [Bool] = []
    View.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: { finished.append($0) })
    #expect(view.alpha == 0.5)
    #expect(finished == [true])
  }

  @Test func eachAnimationFrameDamagesOnlyWhereTheViewWasAndIs() {
    let (app, view) = scene()
    let other = View(frame: Rect(x: 200, y: 200, width: 100, height: 100))
    other.backgroundColor = .black
    app.rootView.addSubview(other)
    app.window.frameDidStart(at: 0)
    _ = app.window.takeDamage()
    View.animate(withDuration: 1, options: .curveLinear) { view.center = Point(x: 80, y: 20) }
    _ = app.window.takeDamage()
    app.scheduler.advance(by: 0.5)
    let damage = app.window.takeDamage()
    #expect(damage.bounds == Rect(x: 0, y: 0, width: 70, height: 40))
    #expect(!damage.rects.contains { $0.intersects(other.frame) })
  }

  @Test func aReversedAnimatorRunsBackToTheStart() {
    let (app, view) = scene()
    let animator = PropertyAnimator(duration: 1, curve: .linear) { view.center = Point(x: 120, y: 20) }
    var positions: [PropertyAnimator.Position] = []
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    app.scheduler.advance(by: 0.5)
    animator.isReversed = true
    app.scheduler.advance(by: 0.25)
    #expect(view.center == Point(x: 45, y: 20))
    app.scheduler.advance(by: 0.25)
    #expect(view.center == Point(x: 20, y: 20))
    #expect(positions == [.start])
    #expect(animator.state == .inactive)
  }

  @Test func aPanScrubsAnAnimatorAndItsVelocityCarriesItToTheEnd() {
    let (app, view) = scene()
    let panel = View(frame: Rect(x: 0, y: 100, width: 300, height: 300))
    app.rootView.addSubview(panel)
    let animator = PropertyAnimator(duration: 1, curve: .easeInOut) { view.center = Point(x: 220, y: 20) }
    var positions: [PropertyAnimator.Position] = []
    animator.addCompletion { positions.append($0) }
    let pan = PanGestureRecognizer()
    var fractions: [Double] = []
    pan.addAction { recognizer in
      let pan = recognizer as! PanGestureRecognizer
      switch pan.state {
      case .began: animator.pauseAnimation()
      case .changed:
        animator.fractionComplete = pan.translation(in: panel).x / 200
        fractions.append(animator.fractionComplete)
      case .ended:
        let remaining = (1 - animator.fractionComplete) * 200
        let velocity = pan.velocity(in: panel).x / remaining
        animator.continueAnimation(
          withTimingParameters: .spring(dampingRatio: 1, initialVelocity: velocity), durationFactor: 1)
      default: break
      }
    }
    panel.addGestureRecognizer(pan)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 10, y: 200))
    for step in 1...6 { script.move(1, to: Point(x: 10 + Double(step) * 15, y: 200)) }
    let scrubbed = animator.fractionComplete
    #expect(fractions.last == scrubbed)
    #expect(near(view.center.x, 20 + 200 * scrubbed), "scrubbing moves the view linearly with the finger")
    script.up(1)
    #expect(animator.isRunning)
    app.scheduler.advance(by: 1.0 / 60)
    #expect(view.center.x > 20 + 200 * scrubbed)
    app.scheduler.advance(by: 1)
    #expect(view.center == Point(x: 220, y: 20))
    #expect(positions == [.end])
  }

  @Test func anAnimationOnAClockFarFromZeroStillFinishesOnItsLastTick() {
    let scheduler = ManualScheduler(now: 12_345.678)
    let window = Window(
      frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application(scheduler: scheduler))
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    window.addSubview(view)
    var finished: [Bool] = []
    View.animate(
      withDuration: 0.3, options: .curveLinear, animations: { view.alpha = 0 },
      completion: { finished.append($0) })
    scheduler.advance(by: 0.3)
    #expect(view.alpha == 0)
    #expect(finished == [true])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func anAnimatorStoppedWithoutFinishingKeepsItsValuesAndSkipsItsCompletions() {
    let (app, view) = scene()
    let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    var ran = false
    animator.addCompletion { _ in ran = true }
    animator.startAnimation()
    app.scheduler.advance(by: 0.5)
    animator.stopAnimation(true)
    app.scheduler.advance(by: 1)
    #expect(near(view.alpha, 0.5))
    #expect(!ran && animator.state == .inactive)
  }
}
