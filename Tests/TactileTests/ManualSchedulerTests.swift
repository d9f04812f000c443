import TactileCore
import Testing

@MainActor
@Suite struct ManualSchedulerTests {
  @Test func timersRunInDeadlineOrderWithTheClockAtTheirDeadline() {
    let scheduler = ManualScheduler()
    var log: [String] = []
    scheduler.schedule(after: 2) { log.append("b@\(scheduler.now)") }
    scheduler.schedule(after: 1) { log.append("a@\(scheduler.now)") }
    scheduler.schedule(after: 2) { log.append("c@\(scheduler.now)") }
    scheduler.advance(by: 1.5)
    #expect(log == ["a@1.0"])
    scheduler.advance(by: 1)
    #expect(log == ["a@1.0", "b@2.0", "c@2.0"])
    #expect(scheduler.now == 2.5)
  }

  @Test func finishReportsTheTimersLeftBehindAndDropsThem() {
    let scheduler = ManualScheduler()
    var ran = false
    scheduler.schedule(after: 1) {}
    scheduler.advance(by: 0.25)
    scheduler.schedule(after: 0.5) { ran = true }
    let token = scheduler.schedule(after: 3) {}
    token.cancel()
    let leftovers = scheduler.finish()
    #expect(leftovers.map(\.deadline) == [0.75, 1])
    #expect(leftovers.map(\.scheduledAt) == [0.25, 0])
    scheduler.advance(by: 5)
    #expect(!ran, "a finished timer never runs")
    #expect(scheduler.finish().isEmpty)
  }

  @Test func cancelledTimerNeverRuns() {
    let scheduler = ManualScheduler()
    var ran = false
    let token = scheduler.schedule(after: 1) { ran = true }
    token.cancel()
    scheduler.advance(by: 5)
    #expect(!ran)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func timerScheduledByATimerRunsInTheSameAdvanceWhenDue() {
    let scheduler = ManualScheduler()
    var log: [Double] = []
    scheduler.schedule(after: 1) {
      log.append(scheduler.now)
      scheduler.schedule(after: 1) { log.append(scheduler.now) }
    }
    scheduler.advance(by: 3)
    #expect(log == [1, 2])
  }
}
