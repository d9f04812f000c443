import Foundation
import TactileFakeSeat
import TactileTesting
import Testing

/// The desktop protocols against clients nobody here wrote: weston's presentation and confinement
/// demos, and GTK 4's activation.
@Suite struct RealClientProtocolTests {
  @Test func westonPresentationShmSeesEveryFramePresentedAtTheVirtualRefresh() throws {
    let harness = try FakeSeatSession()
    // stdbuf: its per-frame lines are block-buffered into the log file otherwise. It binds xdg_wm_base
    // at whatever version is offered and has no wm_capabilities handler: on version 5 it aborts.
    let process = try harness.launch(["stdbuf", "-oL", "weston-presentation-shm"])
    _ = try harness.waitForWindow()
    harness.compositor.pump(forMilliseconds: 700)
    #expect(process.exitStatus == nil, "still running")
    // One line per frame: "  12: f2c  0 ms, c2p  8 ms, f2p  8 ms, p2p 16666 us, t2p  8161, [s___], seq 170492".
    let frames = harness.log(of: "stdbuf").split(separator: "\n").filter { $0.contains(", seq ") }
      .map { line in
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
        let p2p = words.firstIndex(of: "p2p").flatMap { Int(words[$0 + 1]) }
        return (p2p: p2p, vsync: line.contains("[s___]"), sequence: words.last.flatMap { Int($0) })
      }
    let steady = Array(frames.dropFirst(2))
    #expect(steady.count >= 10, "frames presented: \(frames.count)")
    // Each shown at a tick, 16,666 µs apart (or a whole number of refreshes when the debug build missed
    // one), flagged vsync, and the sequence counts the refreshes between.
    for (previous, frame) in zip(steady, steady.dropFirst()) {
      let p2p = try #require(frame.p2p)
      let refreshes = (p2p + 8333) / 16666
      #expect(refreshes >= 1 && abs(p2p - refreshes * 16666) <= refreshes, "p2p \(p2p) µs")
      #expect(frame.vsync)
      #expect(frame.sequence.map { $0 - (previous.sequence ?? 0) } == refreshes)
    }
  }

  @Test func westonConfineHoldsThePointerInItsWindowAfterAClick() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["weston-confine"])
    let window = try harness.waitForWindow()
    let (x, y) = (window.x! + window.width / 2, window.y! + window.height / 2)
    try harness.run("wait drawn\nclick \(x) \(y)\nwait drawn")
    #expect(harness.compositor.activePointerConstraints.map(\.kind) == ["confine"])
    try harness.run("move 799 599")
    let position = try #require(harness.compositor.pointerPosition)
    #expect(position.x < Double(window.x! + window.width) && position.y < Double(window.y! + window.height))
    #expect(position.x > Double(x) && position.y > Double(y), "moved toward the corner as far as allowed")
  }

  @Test func aGTK4AppStartedWithAnActivationTokenIsActivatedByIt() throws {
    let harness = try FakeSeatSession()
    let token = harness.compositor.makeActivationToken()
    let program = try GTKClientTests.build(GTKClientTests.source, named: "gtk-probe", in: harness)
    try harness.launch(
      [program], environment: GTKClientTests.environment.merging(["XDG_ACTIVATION_TOKEN": token]) { $1 })
    try harness.compositor.pump(until: "the GTK window's activation", timeoutMilliseconds: 30_000) {
      !harness.compositor.activations.isEmpty
        && harness.compositor.windows.contains { $0.title == "tactile-gtk-probe" }
    }
    let window = try #require(harness.compositor.windows.first { $0.title == "tactile-gtk-probe" })
    #expect(harness.compositor.activations.map(\.surface) == [window.id])
    #expect(harness.compositor.activations.map(\.granted) == [true])
  }
}
