import Foundation
import TactileTrace

/// Runs a ``Script`` against a ``FakeCompositor``, on the caller's thread, pumping the compositor while
/// time passes so that clients in other processes keep being served.
///
/// Time: with a monotonic clock, waits and gesture steps take real time; with a manual clock they advance
/// it and pump once, so in-process tests run scripts instantly and deterministically.
public final class ScriptRunner {
  let compositor: FakeCompositor
  /// Where `screenshot NAME` writes `NAME.png`.
  public var screenshotDirectory: String
  /// How many steps multi-finger paths and drags take (at least 1).
  public var steps = 10
  /// The program the script drives, if the runner knows it: a wait for a window, a commit or a pong
  /// fails at once with ``FakeSeatError/clientExited(status:)`` once it has exited, instead of waiting
  /// out its timeout for an answer that cannot come.
  public var client: ClientProcess?
  /// How long `wait drawn` watches for a commit after a client's pong before it calls the round quiet
  /// (a toolkit that paints at idle priority, as GTK 4 does, commits just after it answered the ping).
  public var drawnQuietMilliseconds = 50
  /// The touchpad gesture begun by a `gesture KIND begin` line and not yet ended.
  private var gestureInProgress: GestureKind?

  public init(compositor: FakeCompositor, screenshotDirectory: String = ".") {
    self.compositor = compositor
    self.screenshotDirectory = screenshotDirectory
  }

  /// Runs every line in order.
  ///
  /// A line that sends input fails when the compositor drops a client with a protocol error (or because
  /// the client's socket stayed full) while it runs
  /// (lines that pump, as `tap` and `type` do, see the client's answer to their events): what follows
  /// would test nothing. A client that exits on its own (a tap on its close button) is no failure.
  ///
  /// - Throws: ``ScriptError`` with the number of the line that failed.
  public func run(_ script: Script) throws(ScriptError) {
    for line in script.lines {
      let drops = compositor.droppedClientCount
      do {
        try execute(line.command)
        if line.command.sendsInput, compositor.droppedClientCount > drops {
          throw FakeSeatError.clientDisconnected(compositor.lastDrop)
        }
      } catch {
        throw ScriptError(line: line.number, message: "\(error)")
      }
    }
  }

  /// Runs one command (the control protocol runs lines one at a time).
  ///
  /// - Throws: A ``FakeSeatError`` or a file error.
  public func execute(_ command: ScriptCommand) throws {
    switch command {
    case .wait(let milliseconds): pause(milliseconds)
    case .waitWindow: try waitForClient(until: "a window") { !compositor.windows.isEmpty }
    case .waitCommit:
      let before = compositor.totalCommits
      try waitForClient(until: "a commit") { compositor.totalCommits > before }
    case .waitDrawn: try waitUntilDrawn()
    case .tap(let x, let y):
      try compositor.requireTouchDelivery(at: .output(x: x, y: y))
      try compositor.touchDown(id: 0, at: .output(x: x, y: y))
      compositor.touchFrame()
      try compositor.touchUp(id: 0)
      compositor.pump()
    case .touchDown(let id, let x, let y):
      try compositor.requireTouchDelivery(at: .output(x: x, y: y))
      try compositor.touchDown(id: id, at: .output(x: x, y: y))
    case .touchMove(let id, let x, let y): try compositor.touchMotion(id: id, to: .output(x: x, y: y))
    case .touchUp(let id): try compositor.touchUp(id: id)
    case .touchFrame: compositor.touchFrame()
    case .touchCancel: compositor.touchCancel()
    case .touchShape(let id, let major, let minor):
      try compositor.touchShape(id: id, major: major, minor: minor)
    case .touchOrientation(let id, let degrees): try compositor.touchOrientation(id: id, degrees: degrees)
    case .drag(let x1, let y1, let x2, let y2, let ms):
      try touchPath(fingers: 1, milliseconds: ms) { _, t in (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) }
    case .pinch(let x, let y, let from, let to, let ms):
      try touchPath(fingers: 2, milliseconds: ms) { finger, t in
        let half = (from + (to - from) * t) / 2
        return (x + (finger == 0 ? -half : half), y)
      }
    case .rotate(let x, let y, let radius, let degrees, let ms):
      try touchPath(fingers: 2, milliseconds: ms) { finger, t in
        let angle = (degrees * t + (finger == 0 ? 0 : 180)) * .pi / 180
        return (x + radius * cos(angle), y + radius * sin(angle))
      }
    case .swipe(let fingers, let x, let y, let dx, let dy, let ms):
      try touchPath(fingers: fingers, milliseconds: ms) { finger, t in
        (x + Double(finger) * 20 + dx * t, y + dy * t)
      }
    default: try executePointerAndKeys(command)
    }
  }

  /// Pumps until `condition` holds, failing at once when ``client`` has exited.
  ///
  /// - Throws: ``FakeSeatError/clientExited(status:)`` or what
  ///   ``FakeCompositor/pump(until:timeoutMilliseconds:_:)`` throws.
  private func waitForClient(
    until what: String, timeoutMilliseconds: Int = 10_000, _ condition: () -> Bool
  ) throws {
    try compositor.pump(until: what, timeoutMilliseconds: timeoutMilliseconds) {
      if condition() { return true }
      if let status = client?.exitStatus { throw FakeSeatError.clientExited(status: status) }
      return false
    }
  }

  /// Waits until every client has handled the events sent so far and has drawn what they changed: rounds
  /// of `xdg_wm_base.ping` until one brings no commit up to ``drawnQuietMilliseconds`` after its pong,
  /// no configure is waiting for its acknowledgement, and no frame callback the compositor will answer
  /// is outstanding.
  ///
  /// A client handles events in order, so its pong follows everything sent before the ping, and a commit
  /// made while handling them arrives in that round or starts another one. A toolkit that paints at idle
  /// priority (GTK 4) answers the ping first and commits just after, so the round watches for a commit a
  /// little longer; one that draws at its next frame callback is waited for by letting the compositor
  /// answer every due callback and pinging again. A configure not yet acknowledged is waited for too (its
  /// answer is a commit). What it guarantees: every client has handled all input sent before it, and
  /// drawn whatever it drew within ``drawnQuietMilliseconds`` of that or at its next frame; a client
  /// that draws later than that on its own timer can slip past. In the manual frame callback modes the
  /// test answers callbacks itself, so they are not waited for.
  ///
  /// - Throws: ``FakeSeatError/timedOut(waitingFor:)`` when a client keeps committing or never answers
  ///   (10 s; after answered rounds the error says how many, so a client that never stops drawing is
  ///   not mistaken for one that stopped answering), or ``FakeSeatError/clientExited(status:)``.
  private func waitUntilDrawn() throws {
    var answeredRounds = 0
    do {
      try waitUntilDrawn(countingRoundsIn: &answeredRounds)
    } catch FakeSeatError.timedOut(let what) where answeredRounds > 0 {
      throw FakeSeatError.timedOut(
        waitingFor: "the clients to finish drawing: they answered \(answeredRounds) pings and committed "
          + "again after each (the 10 s ran out waiting for \(what))")
    }
  }

  /// The rounds of `waitUntilDrawn()`, counting the pings answered.
  private func waitUntilDrawn(countingRoundsIn answeredRounds: inout Int) throws {
    let deadline = monotonicMilliseconds() + 10_000
    func remaining() throws -> Int {
      let left = deadline - monotonicMilliseconds()
      guard left > 0 else { throw FakeSeatError.timedOut(waitingFor: "the clients to finish drawing") }
      return left
    }
    while true {
      let before = compositor.totalCommits
      compositor.ping()
      try waitForClient(until: "a pong", timeoutMilliseconds: try remaining()) {
        compositor.unansweredPingCount == 0
      }
      answeredRounds += 1
      let quietUntil = monotonicMilliseconds() + drawnQuietMilliseconds
      while compositor.totalCommits == before, monotonicMilliseconds() < quietUntil {
        compositor.pump(forMilliseconds: min(5, max(1, quietUntil - monotonicMilliseconds())))
      }
      if compositor.totalCommits != before { continue }
      if compositor.unackedConfigureCount > 0 {
        try waitForClient(until: "a configure acknowledgement", timeoutMilliseconds: try remaining()) {
          compositor.unackedConfigureCount == 0
        }
        continue
      }
      guard compositor.dueFrameCallbackCount > 0 else { return }
      let fired = compositor.firedFrameCallbacks
      try waitForClient(until: "a frame callback", timeoutMilliseconds: try remaining()) {
        compositor.firedFrameCallbacks > fired
      }
    }
  }

  private func executePointerAndKeys(_ command: ScriptCommand) throws {
    switch command {
    case .move(let x, let y):
      // Under an active confinement the motion ends inside it, wherever the line points.
      let target = try compositor.constrainedMotion(to: .output(x: x, y: y)) ?? .output(x: x, y: y)
      try compositor.requirePointerDelivery(at: target)
      try compositor.pointerMotion(to: .output(x: x, y: y))
      compositor.pointerFrame()
    case .moveRelative(let dx, let dy):
      try compositor.requirePointerDelivery()
      try compositor.pointerMotion(byX: dx, y: dy)
      compositor.pointerFrame()
    case .click(let x, let y, let button):
      try compositor.requirePointerDelivery(at: .output(x: x, y: y))
      try compositor.pointerMotion(to: .output(x: x, y: y))
      compositor.pointerFrame()
      try compositor.pointerButton(button, pressed: true)
      compositor.pointerFrame()
      try compositor.pointerButton(button, pressed: false)
      compositor.pointerFrame()
    case .pointerMotion(let x, let y): try compositor.pointerMotion(to: .output(x: x, y: y))
    case .pointerRelative(let dx, let dy): try compositor.pointerMotion(byX: dx, y: dy)
    case .pointerButton(let button, let pressed): try compositor.pointerButton(button, pressed: pressed)
    case .pointerAxis(let vertical, let value, let value120, let source):
      try compositor.pointerAxis(vertical: vertical, value: value, value120: value120, source: source)
    case .pointerAxisStop(let vertical): try compositor.pointerAxisStop(vertical: vertical)
    case .pointerFrame: compositor.pointerFrame()
    case .scroll(let horizontal, let vertical):
      try compositor.requirePointerDelivery()
      for (value, isVertical) in [(horizontal, false), (vertical, true)] where value != 0 {
        try compositor.pointerAxis(
          vertical: isVertical, value: value * 15, value120: Int32(saturating: (value * 120).rounded()),
          source: 0)
      }
      compositor.pointerFrame()
    case .scrollFinger(let dx, let dy):
      try compositor.requirePointerDelivery()
      for (value, isVertical) in [(dx, false), (dy, true)] where value != 0 {
        try compositor.pointerAxis(vertical: isVertical, value: value, source: 1)
      }
      compositor.pointerFrame()
    case .scrollStop:
      try compositor.requirePointerDelivery()
      try compositor.pointerAxisStop(vertical: false)
      try compositor.pointerAxisStop(vertical: true)
      compositor.pointerFrame()
    case .gesturePinch(let fingers, let scale, let degrees):
      try requireNoGesture()
      try compositor.gestureBegin(.pinch, fingers: fingers)
      compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: scale, rotation: degrees)
      compositor.gestureEnd(.pinch)
    case .gestureSwipe(let fingers, let dx, let dy):
      try requireNoGesture()
      try compositor.gestureBegin(.swipe, fingers: fingers)
      compositor.gestureSwipeUpdate(dx: dx, dy: dy)
      compositor.gestureEnd(.swipe)
    case .gestureHold(let fingers):
      try requireNoGesture()
      try compositor.gestureBegin(.hold, fingers: fingers)
      compositor.gestureEnd(.hold)
    case .gestureBegin(let kind, let fingers):
      try requireNoGesture()
      try compositor.gestureBegin(kind, fingers: fingers)
      gestureInProgress = kind
    case .gesturePinchUpdate(let scale, let degrees):
      try requireGesture(.pinch)
      compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: scale, rotation: degrees)
    case .gestureSwipeUpdate(let dx, let dy):
      try requireGesture(.swipe)
      compositor.gestureSwipeUpdate(dx: dx, dy: dy)
    case .gestureEnd(let kind, let cancelled):
      try requireGesture(kind)
      compositor.gestureEnd(kind, cancelled: cancelled)
      gestureInProgress = nil
    default: try executeKeysAndSettings(command)
    }
    compositor.pump()
  }

  /// Checks that no gesture is in progress and that a new one would reach a client.
  private func requireNoGesture() throws {
    try compositor.requirePointerDelivery()
    if let gestureInProgress { throw FakeSeatError.gestureAlreadyInProgress(gestureInProgress) }
  }

  private func requireGesture(_ kind: GestureKind) throws {
    guard gestureInProgress == kind else { throw FakeSeatError.noGestureInProgress(kind) }
  }

  private func executeKeysAndSettings(_ command: ScriptCommand) throws {
    switch command {
    case .focus:
      guard let window = compositor.windows.last else { throw FakeSeatError.noWindow }
      try compositor.keyboardEnter(surface: window.id)
    case .focusFollowsPress(let follows): compositor.configuration.focusFollowsPress = follows
    case .key(let names):
      try compositor.requireKeyboardDelivery()
      let codes = try names.map { try compositor.keyCode(named: $0) }
      for code in codes { try compositor.key(code, pressed: true) }
      for code in codes.reversed() { try compositor.key(code, pressed: false) }
    case .keyDown(let name):
      try compositor.requireKeyboardDelivery()
      try compositor.key(compositor.keyCode(named: name), pressed: true)
    case .keyUp(let name):
      try compositor.requireKeyboardDelivery()
      try compositor.key(compositor.keyCode(named: name), pressed: false)
    case .keyCode(let code, let pressed): try compositor.key(code, pressed: pressed)
    case .type(let text):
      try compositor.requireKeyboardDelivery()
      try compositor.type(text)
    case .oskPreedit(let text): compositor.textInputPreedit(text)
    case .oskCommit(let text):
      compositor.textInputCommit(text)
      // Long text is many events: the client's answer (or its drop for a full socket) comes now.
      compositor.pump()
    case .capabilities(let capabilities): compositor.setCapabilities(capabilities)
    case .seatAdd(let name, let capabilities): try compositor.addSeat(named: name, capabilities: capabilities)
    case .seatUse(let name): try compositor.useSeat(named: name)
    case .seatRemove(let name): try compositor.removeSeat(named: name)
    case .scale(let scale): compositor.setOutputScale(scale)
    case .replay(let path): try replay(path)
    case .dndText(let x, let y, let text):
      try compositor.startDrag(
        at: .output(x: x, y: y), mimeTypes: ScriptCommand.dragTextMimeTypes, data: Array(text.utf8),
        actions: ScriptCommand.dragTextActions)
    case .dndMove(let x, let y):
      guard compositor.drag != nil else { throw FakeSeatError.noDrag }
      let position = Position.output(x: x, y: y)
      try compositor.recording(
        compositor.scriptPoint(position).map { "dnd move \($0)" }, kind: "input at a point outside the output"
      ) {
        try compositor.dragMotion(to: position)
      }
    case .dndDrop:
      try compositor.dropDrag()
      compositor.pump()
    case .dndCancel: try compositor.cancelDrag()
    case .pen(let tool, let action): try executePen(tool: tool, action)
    case .screenshot(let name):
      compositor.pump()
      try compositor.writeScreenshot(
        named: name + ".png", inDirectory: screenshotDirectory)
    default: preconditionFailure("\(command) is handled by execute(_:)")
    }
  }

  /// Moves `fingers` touch points along `path(finger, t)` for t from 0 to 1 in ``steps`` framed steps,
  /// then lifts them (no frame after the last up).
  private func touchPath(
    fingers: Int, milliseconds: Int, _ path: (Int, Double) -> (Double, Double)
  ) throws {
    let ids = (0..<fingers).map { Int32($0) }
    for id in ids {
      let (x, y) = path(Int(id), 0)
      try compositor.requireTouchDelivery(at: .output(x: x, y: y))
    }
    for id in ids {
      let (x, y) = path(Int(id), 0)
      try compositor.touchDown(id: id, at: .output(x: x, y: y))
    }
    compositor.touchFrame()
    let steps = max(1, self.steps)
    for step in 1...steps {
      pause(milliseconds / steps)
      for id in ids {
        let (x, y) = path(Int(id), Double(step) / Double(steps))
        try compositor.touchMotion(id: id, to: .output(x: x, y: y))
      }
      compositor.touchFrame()
    }
    for id in ids { try compositor.touchUp(id: id) }
    compositor.pump()
  }

  private func pause(_ milliseconds: Int) {
    compositor.wait(milliseconds: milliseconds)
  }

  /// Replays the trace file at `path` (a local script's; read as ``TextFile`` reads, bounded and never
  /// blocking) onto the first window.
  private func replay(_ path: String) throws {
    let text: String
    do { text = try TextFile.read(atPath: path) } catch {
      throw ScriptSyntaxError(message: "\(error)")
    }
    let trace: InputTrace
    do { trace = try InputTrace(parsing: text) } catch {
      throw ScriptSyntaxError(message: "\(path): \(error)")
    }
    try replay(trace)
  }

  /// Replays a trace onto the first window, waiting for one to be mapped (10 s at most).
  ///
  /// - Throws: ``FakeSeatError`` (see ``FakeCompositor/replay(_:onSurface:)``).
  public func replay(_ trace: InputTrace) throws {
    try waitForClient(until: "a window to replay onto") { !compositor.windows.isEmpty }
    try compositor.replay(trace, onSurface: compositor.windows[0].id)
  }
}
