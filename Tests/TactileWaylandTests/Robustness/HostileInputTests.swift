import CSystem
import Foundation
import Glibc
import TactileCore
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileWayland

/// A compositor that sends input meant to break the client, over the real wire: a keymap file that
/// shrinks while it is read or is too large, a repeat rate that would flood the loop, fingers that are
/// never lifted. Each case ends with the limit of "Limits of the client" in `docs/robustness.md`.
@MainActor @Suite struct HostileInputTests {
  static let a: UInt32 = 30

  /// A harness whose first responder is a probe view with keyboard focus on the window.
  func focused(rate: Int32 = 25, delay: Int32 = 600) throws -> (SeatHarness, ProbeView) {
    try SeatHarness.focusedOnProbe(rate: rate, delay: delay)
  }

  /// The compositor sends a 4 MiB keymap (the "us" keymap, then spaces up to its NUL) forty times while
  /// another thread cuts the file back to the keymap's own text and writes the spaces again, over and
  /// over: a client that mapped the file would take `SIGBUS` on the pages past a cut end while it looked
  /// for the NUL; this one reads each copy whole, or reports it too small.
  @Test func aKeymapFileThatShrinksWhileItIsReadCannotFaultTheApp() throws {
    let (app, view) = try focused()
    let keymap = try KeymapTests().keymapText(layout: "us").dropLast()
    let padding = [UInt8](repeating: 0x20, count: Int(XKBKeymap.maximumSize) - keymap.count - 1) + [0]
    let text = Array(keymap) + padding
    let fd = tactile_memfd_create("shrinking-keymap")
    try #require(fd >= 0)
    defer { close(fd) }
    #expect(write(fd, text, text.count) == text.count)
    let stop = ShrinkerStop()
    let shrinker = Thread { [padding, cut = keymap.count] in
      while !stop.isSet {
        ftruncate(fd, off_t(cut))
        _ = padding.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(cut)) }
      }
    }
    shrinker.start()
    for _ in 0..<40 {
      app.compositor.sendKeymap(fd: fd, announcedSize: UInt32(text.count))
      try app.sync()
    }
    stop.set()
    while !shrinker.isFinished { usleep(1000) }
    for error in app.inputErrors {
      switch error {
      case .keymapTooSmall, .keymapInvalid: continue
      default: Issue.record("unexpected \(error)")
      }
    }
    try app.compositor.setKeyboardLayout("us")
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    #expect(view.keys == ["down a"], "the app lives on and a whole keymap enables the keyboard")
  }

  /// A keymap announced larger than 4 MiB is refused before it is read, with one error.
  @Test func aKeymapLargerThanFourMebibytesIsRefusedWithOneError() throws {
    let (app, view) = try focused()
    let size = XKBKeymap.maximumSize + 1
    try app.compositor.sendKeymap(bytes: [UInt8](repeating: 0x20, count: Int(size)), announcedSize: size)
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    #expect(app.inputErrors == [.keymapTooLarge(announced: size, limit: 4 << 20)])
    #expect(view.keys.isEmpty, "the keyboard is disabled")
  }

  /// `repeat_info` with a rate of `Int32.max` and no delay repeats at 100 per second after 100 ms, and
  /// the key's release ends the repeat.
  @Test func aHugeRepeatRateIsClampedAndTheReleaseStillEndsTheRepeat() throws {
    let (app, view) = try focused(rate: .max, delay: 0)
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 0.099)
    #expect(view.keys == ["down a"])
    app.scheduler.advance(by: 0.906)
    #expect(view.keys.count(where: { $0 == "repeat a" }) == 91)
    try app.compositor.key(Self.a, pressed: false)
    try app.sync()
    app.scheduler.advance(by: 5)
    #expect(view.keys.last == "up a")
    #expect(view.keys.count(where: { $0 == "repeat a" }) == 91)
    #expect(app.scheduler.pendingCount == 0)
  }

  /// The loop was busy for five seconds while a key repeated: the turn that follows runs one repeat,
  /// not the five hundred it missed, and the next waits for its own time.
  @Test func aRepeatThatFellBehindRunsOncePerLoopTurn() {
    let scheduler = TurnScheduler()
    let repeater = KeyRepeater()
    repeater.info = .init(rate: 100, delay: 100)
    var fired: [Double] = []
    repeater.start(key: Self.a, on: scheduler) { fired.append($0) }
    scheduler.turn(at: 5)
    #expect(fired == [0.1])
    scheduler.turn(at: 5)
    #expect(fired == [0.1])
    scheduler.turn(at: 5.0101)
    #expect(fired.count == 2 && abs(fired[1] - 5.01) < 1e-9, "\(fired)")
  }

  /// A repeat that is never stopped keeps neither its scheduler nor itself alive: the scheduler holds the
  /// pending repeat, which must not hold the scheduler (found by LeakSanitizer).
  @Test func aSchedulerWithARepeatPendingIsFreedWithItsRepeater() {
    weak var weakScheduler: TurnScheduler?
    do {
      let scheduler = TurnScheduler()
      weakScheduler = scheduler
      let repeater = KeyRepeater()
      repeater.info = .init(rate: 100, delay: 100)
      repeater.start(key: Self.a, on: scheduler) { _ in }
      scheduler.turn(at: 0.1)  // the first repeat ran and scheduled the next
    }
    #expect(weakScheduler == nil)
  }

  /// A delay of `Int32.max` milliseconds waits 5 s, and a negative rate disables repeat.
  @Test func repeatDelaysAreClampedAndNegativeRatesDisableRepeat() throws {
    let (app, view) = try focused(rate: 10, delay: .max)
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 4.999)
    #expect(view.keys == ["down a"])
    app.scheduler.advance(by: 0.001)
    #expect(view.keys == ["down a", "repeat a"])
    app.compositor.setRepeatInfo(rate: -5, delay: 100)
    try app.sync()
    app.scheduler.advance(by: 5)
    #expect(view.keys == ["down a", "repeat a"])
    #expect(app.scheduler.pendingCount == 0)
  }

  /// Forty fingers go down and are never lifted: the 33rd and later each cancel the oldest live one,
  /// so at most 32 are live; each cancelled touch ends once, and the `up` that follows it is ignored.
  @Test func touchesBeyondThirtyTwoCancelTheOldestEachExactlyOnce() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    for id in Int32(1)...40 {
      try app.compositor.touchDown(id: id, at: app.at(Double(id * 4), 50))
      app.compositor.touchFrame()
    }
    try app.settle()
    #expect(app.log.entries.count(where: { $0 == "view.began(1)" }) == 40)
    #expect(app.log.entries.count(where: { $0 == "view.cancelled(1)" }) == 8)
    for id in Int32(1)...40 {
      try app.compositor.touchUp(id: id)
      app.compositor.touchFrame()
    }
    try app.settle()
    #expect(app.log.entries.count(where: { $0.hasPrefix("view.cancelled") }) == 8)
    #expect(app.log.entries.count(where: { $0.hasPrefix("view.ended") }) == 32)
  }
}

/// Pastes of 64 MiB, the most a selection may hold, and one byte more.
@MainActor @Suite struct HostileSelectionTests {
  /// A harness with keyboard focus (so the compositor offers its selection) and a selection of `size`
  /// bytes of text.
  func offering(_ size: Int) throws -> SeatHarness {
    let app = try SeatHarness()
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    app.compositor.setSelection(
      .clipboard, data: [UInt8](repeating: 0x61, count: size), mimeTypes: ["text/plain;charset=utf-8"])
    try app.settle()
    return app
  }

  /// While 64 MiB stream in through the pipe, the app answers each ping the compositor sends: the
  /// paste is read a little per loop turn, never in one blocking piece, and arrives whole.
  @Test func theAppKeepsAnsweringPingsWhileA64MebibytePasteStreamsIn() throws {
    let app = try offering(64 << 20)
    var pasted: String?
    var finished = false
    app.display.clipboard.readString {
      pasted = $0
      finished = true
    }
    var answeredDuringPaste = 0
    while !finished {
      app.compositor.ping()
      app.compositor.pump()  // sends the ping now, not at the compositor's next wake-up
      #expect(try run(app.display) { app.compositor.unansweredPingCount == 0 })
      if !finished { answeredDuringPaste += 1 }
    }
    #expect(pasted?.utf8.count == 64 << 20)
    #expect(answeredDuringPaste >= 64, "about one ping per MiB or better: \(answeredDuringPaste)")
    #expect(app.inputErrors.isEmpty)
  }

  /// Ctrl+V of 10 MB into a focused text field, the case that once froze the app for 25 s: the
  /// compositor's pings are answered throughout, and the field ends holding its edit limit
  /// (``TactileCore/TextField/maximumLength``, 65,535 characters), not 10 million.
  @Test func aTenMegabytePasteIntoAFocusedFieldKeepsAnsweringPingsAndStopsAtTheFieldsLimit() throws {
    let app = try offering(10_000_000)
    let field = TextField(frame: Rect(x: 10, y: 10, width: 150, height: 30))
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    try app.sync()
    try app.compositor.key(SeatKeyboardTests.control, pressed: true)
    try app.compositor.key(SeatClipboardTests.v, pressed: true)
    try app.compositor.key(SeatClipboardTests.v, pressed: false)
    try app.compositor.key(SeatKeyboardTests.control, pressed: false)
    var turns = 0
    while field.text.isEmpty && turns < 1_000 {
      app.compositor.ping()
      app.compositor.pump()
      #expect(try run(app.display) { app.compositor.unansweredPingCount == 0 })
      turns += 1
    }
    #expect(field.text.count == 65_535)
    #expect(turns >= 10, "about one ping per MiB read or better: \(turns)")
    #expect(app.inputErrors.isEmpty)
  }

  /// One byte over 64 MiB: the paste is dropped (the completion gets nil) and reported once.
  @Test func aPasteOverTheLimitIsDroppedAndReported() throws {
    let app = try offering((64 << 20) + 1)
    var pasted: String? = "not yet"
    var finished = false
    app.display.clipboard.readString {
      pasted = $0
      finished = true
    }
    #expect(try run(app.display) { finished })
    #expect(pasted == nil)
    #expect(app.inputErrors == [.pasteTooLarge(selection: .clipboard, limit: 64 << 20)])
  }
}

/// A scheduler that runs timers as ``EventLoop`` does: one turn at a time, each running the timers due
/// when the turn began.
@MainActor private final class TurnScheduler: Scheduler {
  private(set) var now = 0.0
  private var timers = TimerQueue()

  func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
    let identifier = timers.schedule(at: deadline, action)
    return TimerToken { [weak self] in MainActor.assumeIsolated { self?.timers.cancel(identifier) } }
  }

  /// One loop turn at time `time`.
  func turn(at time: Double) {
    now = time
    while let action = timers.popDue(now: time) { action() }
  }
}

/// A flag the test sets and the shrinking thread reads.
private final class ShrinkerStop: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}
