import Foundation
import TactileCore
import Testing

@testable import TactileWayland

@MainActor @Suite struct TimerQueueTests {
  @Test func popsDueTimersInDeadlineThenSchedulingOrder() {
    var queue = TimerQueue()
    let log = Log()
    _ = queue.schedule(at: 2) { log.values.append(2) }
    _ = queue.schedule(at: 1) { log.values.append(1) }
    _ = queue.schedule(at: 1) { log.values.append(3) }
    while let action = queue.popDue(now: 1.5) { action() }
    #expect(log.values == [1, 3])
    #expect(queue.nextDeadline == 2)
  }

  @Test func cancelledTimersNeverFallDue() {
    var queue = TimerQueue()
    let identifier = queue.schedule(at: 1) {}
    queue.cancel(identifier)
    #expect(queue.popDue(now: 5) == nil)
    #expect(queue.count == 0)
  }

  @Test func pollTimeoutRoundsUpSoTheLoopNeverWakesEarly() {
    #expect(TimerQueue.pollTimeout(until: 1.0001, now: 1) == 1)
    #expect(TimerQueue.pollTimeout(until: 1.5, now: 1) == 500)
    #expect(TimerQueue.pollTimeout(until: 0.5, now: 1) == 0)
    #expect(TimerQueue.pollTimeout(until: nil, now: 1) == -1)
    #expect(TimerQueue.pollTimeout(until: 1e12, now: 0) == Int32.max)
  }
}

@MainActor @Suite struct EventLoopTests {
  @Test func aTimerDueInThePastRunsAtTheNextTurnNotInsideSchedule() throws {
    let loop = try EventLoop(connection: nil)
    var ran = false
    loop.schedule(at: loop.now - 1) { ran = true }
    #expect(!ran)
    try loop.run { ran }
    #expect(ran)
  }

  @Test func aCancelledTimerDoesNotRun() throws {
    let loop = try EventLoop(connection: nil)
    var log: [String] = []
    let token = loop.schedule(at: loop.now - 1) { log.append("cancelled") }
    loop.schedule(at: loop.now - 1) { log.append("kept") }
    token.cancel()
    try loop.run { !log.isEmpty }
    #expect(log == ["kept"])
  }

  @Test func workPostedFromAnotherThreadWakesThePollAndRunsOnTheMainActor() throws {
    let loop = try EventLoop(connection: nil)
    let wakeUp = loop.wakeUp
    let received = Log()
    Thread.detachNewThread {
      for value in 1...3 { wakeUp.post { received.values.append(value) } }
    }
    try loop.run { received.values.count == 3 }
    #expect(received.values == [1, 2, 3])
  }

  /// Two pipes ready in one poll round: the first watch's callback cancels the second watch and closes
  /// its fd (a transfer ending the other), so the second is not called on an fd number that may already
  /// name another file. It was, and a drag between apps on one machine then closed the app's own
  /// Wayland socket about one run in three (`GTKDragAndDropTests`).
  @Test func aWatchCancelledByAnEarlierCallbackOfTheSameRoundIsNotCalled() throws {
    let loop = try EventLoop(connection: nil)
    var first: [Int32] = [-1, -1]
    var second: [Int32] = [-1, -1]
    #expect(pipe(&first) == 0 && pipe(&second) == 0)
    defer { for fd in [first[0], first[1], second[1]] { close(fd) } }
    #expect(write(first[1], "a", 1) == 1 && write(second[1], "b", 1) == 1)
    var calls: [String] = []
    var secondWatch: TimerToken?
    let firstWatch = loop.watch(fileDescriptor: first[0]) {
      calls.append("first")
      secondWatch?.cancel()
      close(second[0])
    }
    secondWatch = loop.watch(fileDescriptor: second[0]) { calls.append("second") }
    try loop.run { !calls.isEmpty }
    firstWatch.cancel()
    #expect(calls == ["first"])
  }

  @Test func aFailureReportedInsideTheLoopIsThrownByRun() throws {
    let loop = try EventLoop(connection: nil)
    loop.schedule(at: loop.now) {
      loop.fail(.sharedMemory(operation: "mmap", reason: "Cannot allocate memory"))
    }
    #expect(throws: WaylandError.sharedMemory(operation: "mmap", reason: "Cannot allocate memory")) {
      try loop.run { false }
    }
  }
}

@MainActor final class Log {
  var values: [Int] = []
}
