import TactileCore
import Testing

@testable import TactileWayland

@MainActor @Suite struct FramePacerTests {
  let scheduler = ManualScheduler()
  let log = DrawLog()

  func makePacer() -> FramePacer {
    let pacer = FramePacer(scheduler: scheduler, fallbackInterval: 0.5) { [log] in log.draws += 1 }
    pacer.isEnabled = true
    return pacer
  }

  @Test func drawsNothingWhenNothingChanged() {
    _ = makePacer()
    scheduler.advance(by: 10)
    #expect(log.draws == 0)
  }

  @Test func drawsOnTheNextTurnAfterAChange() {
    let pacer = makePacer()
    pacer.setNeedsDisplay()
    #expect(log.draws == 0)
    scheduler.runDue()
    #expect(log.draws == 1)
  }

  @Test func coalescesChangesUntilTheFrameCallback() {
    let pacer = makePacer()
    pacer.setNeedsDisplay()
    scheduler.runDue()
    pacer.setNeedsDisplay()
    pacer.setNeedsDisplay()
    scheduler.advance(by: 0.1)
    #expect(log.draws == 1)
    pacer.frameDone()
    #expect(log.draws == 2)
  }

  @Test func aFrameCallbackWithoutChangesDrawsNothing() {
    let pacer = makePacer()
    pacer.setNeedsDisplay()
    scheduler.runDue()
    pacer.frameDone()
    scheduler.advance(by: 5)
    #expect(log.draws == 1)
  }

  @Test func aHiddenSurfaceWhoseFrameCallbacksStopStillDrawsChanges() {
    let pacer = makePacer()
    pacer.setNeedsDisplay()
    scheduler.runDue()
    pacer.setNeedsDisplay()
    scheduler.advance(by: 0.49)
    #expect(log.draws == 1)
    scheduler.advance(by: 0.01)
    #expect(log.draws == 2)
    scheduler.advance(by: 10)
    #expect(log.draws == 2)
  }

  @Test func drawsNothingBeforeTheFirstConfigure() {
    let pacer = FramePacer(scheduler: scheduler) { [log] in log.draws += 1 }
    pacer.setNeedsDisplay()
    scheduler.advance(by: 1)
    #expect(log.draws == 0)
    pacer.isEnabled = true
    scheduler.runDue()
    #expect(log.draws == 1)
  }

  @Test func cancelStopsPendingDraws() {
    let pacer = makePacer()
    pacer.setNeedsDisplay()
    pacer.cancel()
    scheduler.advance(by: 1)
    #expect(log.draws == 0)
    #expect(scheduler.pendingCount == 0)
  }
}

@MainActor final class DrawLog {
  var draws = 0
}
