import TactileCore
import TactileFakeSeat
import TactileGeometry
import TactileTesting

@testable import TactileWayland

/// The app the wire fuzzer attacks: a ``SeatHarness`` window of 240×160 with a view tree carrying every
/// kind of recognizer (competing, required to fail, simultaneous, delaying), a first responder that
/// records key presses, and the checks of the contract after each sequence.
///
/// Between sequences ``settle()`` brings the compositor back to a known state (all capabilities, fingers
/// up, keys up, focus on the window, "us" keymap, scale 1, the preferred size, frame callbacks and buffer
/// releases answered), so that a sequence behaves alike on a fresh app and after thousands of others.
@MainActor final class FuzzedApp {
  static let size = Size(width: 240, height: 160)
  let harness: SeatHarness
  let ledger = TouchLedger()
  let paths = GestureStatePaths()
  private(set) var recognizers: [GestureRecognizer] = []
  /// The pinch's delegate (a recognizer holds its delegate weakly). The app's own, not a shared one:
  /// a weak reference gives its target a side table that LeakSanitizer cannot see from the target, so a
  /// process-long delegate would be reported as a leak once the app is gone.
  private let simultaneous = Simultaneous()
  private let keys: KeyRecorder
  private let surface: Int
  /// The keys the compositor holds down (to release them when settling).
  private var pressedKeys: Set<UInt32> = []
  private var keymapChanged = false
  /// How many garbage keymaps the sequence sent (each may cause one input error).
  private var garbageKeymaps = 0
  private var failuresSeen = 0
  /// How many touches reached views in the sequences checked so far.
  private(set) var touchesChecked = 0
  /// How many times a recognizer began or recognized in the sequences checked so far.
  private(set) var recognitions = 0

  /// - Throws: A fake-seat or Wayland error when the window cannot be shown.
  init() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1_000)
    configuration.requestLogLimit = 64
    harness = try SeatHarness(configuration: configuration, size: Self.size)
    surface = try harness.surfaceID
    keys = KeyRecorder(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    buildTree()
    harness.window.gestureDiagnostics = { [paths] in paths.record($0) }
    harness.window.addSubview(keys)
    _ = keys.becomeFirstResponder()
    try harness.compositor.keyboardEnter(surface: surface)
    try harness.settle()
  }

  var compositor: FakeCompositor { harness.compositor }

  /// Three views over the window: the background pans and takes edge swipes; the left one has a single
  /// tap that waits for a double tap to fail and a long press; the right one pinches and rotates at once
  /// and swipes; a small view inside it taps with `delaysTouchesBegan`.
  private func buildTree() {
    let background = LedgerView(frame: Rect(origin: .zero, size: Self.size), ledger: ledger)
    let left = LedgerView(frame: Rect(x: 0, y: 0, width: 120, height: 160), ledger: ledger)
    let right = LedgerView(frame: Rect(x: 120, y: 0, width: 120, height: 160), ledger: ledger)
    let inner = LedgerView(frame: Rect(x: 20, y: 40, width: 60, height: 60), ledger: ledger)
    harness.window.addSubview(background)
    background.addSubview(left)
    background.addSubview(right)
    right.addSubview(inner)
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let edge = ScreenEdgePanGestureRecognizer()
    edge.edges = .left
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    pinch.delegate = simultaneous
    let delayed = TapGestureRecognizer()
    delayed.delaysTouchesBegan = true
    delayed.cancelsTouchesInView = false
    let placements: [(GestureRecognizer, View)] = [
      (PanGestureRecognizer(), background), (edge, background), (single, left), (double, left),
      (LongPressGestureRecognizer(), left), (pinch, right), (rotation, right),
      (SwipeGestureRecognizer(), right), (delayed, inner),
    ]
    for (index, (recognizer, view)) in placements.enumerated() {
      recognizer.name = "\(type(of: recognizer))#\(index)"
      view.addGestureRecognizer(recognizer)
      recognizers.append(recognizer)
    }
  }

  /// Performs one step; a step that makes no sense now (a ``FakeSeatError``) is skipped.
  ///
  /// The common senseless steps are recognized before the compositor is asked rather than caught:
  /// swift-testing keeps a backtrace of every error thrown during a test until the test ends, so the
  /// thousands of refusals of a long run made malloc's bytes in use grow as if the app leaked.
  ///
  /// - Throws: The app's ``WaylandError`` when its connection fails.
  func perform(_ step: FuzzStep) throws {
    guard !makesNoSense(step) else { return }
    do {
      try apply(step)
    } catch is FakeSeatError {
      return
    } catch is TabletError {
      return
    }
  }

  /// Whether the compositor would refuse `step` now: a touch or key without its device, a finger put
  /// down twice, or a finger moved, lifted or reshaped while it is not down.
  private func makesNoSense(_ step: FuzzStep) -> Bool {
    let capabilities = compositor.capabilities
    let down = compositor.touchPointIDs
    switch step {
    case .touchDown(let id, _, _): return !capabilities.contains(.touch) || down.contains(id)
    case .touchMotion(let id, _, _), .touchUp(let id), .touchShape(let id, _):
      return !capabilities.contains(.touch) || !down.contains(id)
    case .key, .keyboardEnter: return !capabilities.contains(.keyboard)
    case .penIn(let tool, _, _): return compositor.tabletToolsInProximity.contains(tool)
    default: return false
    }
  }

  private func apply(_ step: FuzzStep) throws {
    switch step {
    case .touchDown(let id, let x, let y):
      try compositor.touchDown(id: id, at: .surface(id: surface, x: x, y: y))
    case .touchMotion(let id, let x, let y):
      try compositor.touchMotion(id: id, to: .surface(id: surface, x: x, y: y))
    case .touchUp(let id): try compositor.touchUp(id: id)
    case .touchShape(let id, let major): try compositor.touchShape(id: id, major: major, minor: major / 2)
    case .touchFrame: compositor.touchFrame()
    case .touchCancel: compositor.touchCancel()
    case .capabilities(let capabilities): compositor.setCapabilities(capabilities)
    case .keyboardEnter: try compositor.keyboardEnter(surface: surface)
    case .keyboardLeave: compositor.keyboardLeave()
    case .key(let code, let pressed):
      try compositor.key(code, pressed: pressed)
      if pressed { pressedKeys.insert(code) } else { pressedKeys.remove(code) }
    case .keymap(let layout):
      keymapChanged = true
      try compositor.setKeyboardLayout(layout)
    case .garbageKeymap:
      keymapChanged = true
      garbageKeymaps += 1
      try compositor.sendKeymap(bytes: Array("xkb_keymap { garbage".utf8), announcedSize: 4096)
    case .repeatInfo(let rate, let delay): compositor.setRepeatInfo(rate: rate, delay: delay)
    case .outputScale(let scale): compositor.setOutputScale(scale)
    case .fractionalScale(let scale): compositor.setFractionalScale(scale)
    case .configure(let width, let height):
      try compositor.configureWindow(surface, width: width, height: height)
    case .withholdFrameCallbacks(let withheld):
      compositor.setFrameCallbacks(withheld ? .withheld : .automatic(intervalMilliseconds: 0))
    case .withholdBufferReleases(let withheld):
      compositor.setBufferReleases(withheld ? .withheld : .automatic)
    case .advanceClock(let milliseconds): advanceClocks(milliseconds: milliseconds)
    case .sync: try harness.sync()
    case .penIn(let tool, let x, let y):
      try compositor.tabletProximityIn(tool, at: .surface(id: surface, x: x, y: y))
    case .penOut(let tool): try compositor.tabletProximityOut(tool)
    case .penDown(let tool): try compositor.tabletDown(tool)
    case .penUp(let tool): try compositor.tabletUp(tool)
    case .penMotion(let tool, let x, let y, let pressure):
      try compositor.tabletMotion(
        tool, to: .surface(id: surface, x: x, y: y), axes: TabletAxes(pressure: pressure))
    case .penFrame(let tool): compositor.tabletFrame(tool)
    case .penRemove(let tool): try compositor.tabletRemoveTool(tool)
    case .tabletRemove: compositor.tabletRemove()
    }
  }

  private func advanceClocks(milliseconds: UInt32) {
    compositor.advanceClock(milliseconds: milliseconds)
    harness.scheduler.advance(by: Double(milliseconds) / 1000)
  }

  /// Brings the compositor back to the known state, lets every timer run out, and checks the contract.
  ///
  /// - Returns: What broke, one line each; empty when all is well.
  /// - Throws: The app's ``WaylandError`` when its connection fails.
  func settle() throws -> [String] {
    compositor.setCapabilities(.all)
    compositor.setFrameCallbacks(.automatic(intervalMilliseconds: 0))
    compositor.setBufferReleases(.automatic)
    for id in compositor.touchPointIDs { try compositor.touchUp(id: id) }
    compositor.touchFrame()
    compositor.tabletAdd()
    for tool in [TabletToolKind.pen, .eraser] {
      compositor.tabletAddTool(tool)
      if compositor.tabletToolsInProximity.contains(tool) {
        try compositor.tabletUp(tool)
        try compositor.tabletProximityOut(tool)
        compositor.tabletFrame(tool)
      }
    }
    for code in pressedKeys.sorted() { try compositor.key(code, pressed: false) }
    pressedKeys = []
    if keymapChanged { try compositor.setKeyboardLayout("us") }
    keymapChanged = false
    compositor.setRepeatInfo(rate: 25, delay: 600)
    compositor.setOutputScale(1)
    compositor.setFractionalScale(120)
    try compositor.configureWindow(surface, width: 0, height: 0)
    try compositor.keyboardEnter(surface: surface)
    try harness.settle()
    let repeatsBefore = keys.repeats
    advanceClocks(milliseconds: 10_000)
    try harness.settle()
    var problems = ledger.violations(requireEnd: true).map { "touch contract: \($0)" }
    problems += paths.illegalSteps(kinds: kinds).map { "illegal gesture state step: \($0)" }
    problems += recognizers.filter { $0.state != .possible }.map { "\($0.name!) stuck in \($0.state)" }
    if keys.repeats != repeatsBefore { problems.append("a key repeated after every key was released") }
    if keys.open != 0 { problems.append("\(keys.open) key presses never ended nor were cancelled") }
    problems += compositor.failures.dropFirst(failuresSeen).map { "client misbehaved: \($0)" }
    if harness.inputErrors.count > garbageKeymaps {
      problems.append("more input errors than garbage keymaps sent: \(harness.inputErrors)")
    }
    if compositor.windows.first?.width != Int32(Self.size.width) {
      problems.append("the window does not show its preferred size again: \(compositor.windows)")
    }
    forgetSequence()
    return problems
  }

  private var kinds: [String: GestureRecognizer.Kind] {
    Dictionary(uniqueKeysWithValues: recognizers.map { ($0.name!, $0.kind) })
  }

  /// Forgets what the last sequence recorded, so that long runs stay flat.
  private func forgetSequence() {
    touchesChecked += ledger.touchCount
    recognitions +=
      paths.decisions.filter { $0.outcome == .state(.began) || $0.outcome == .state(.ended) }.count
    ledger.clear()
    paths.clear()
    keys.reset()
    harness.inputErrors = []
    garbageKeymaps = 0
    failuresSeen = compositor.failures.count
    compositor.clearRequestLog()
  }
}

/// A view that records its touches in a ``TouchLedger`` and handles them.
@MainActor final class LedgerView: View {
  private let ledger: TouchLedger

  init(frame: Rect, ledger: TouchLedger) {
    self.ledger = ledger
    super.init(frame: frame)
    isMultipleTouchEnabled = true
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    ledger.record(touches, .began, at: self)
  }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    ledger.record(touches, .moved, at: self)
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    ledger.record(touches, .ended, at: self)
  }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    ledger.record(touches, .cancelled, at: self)
  }
}

/// The first responder: counts repeats and the presses still open.
@MainActor final class KeyRecorder: View {
  private(set) var repeats = 0
  private(set) var open = 0

  override var canBecomeFirstResponder: Bool { true }
  override func pressesBegan(_ presses: Set<Press>, with event: Event?) { open += presses.count }
  override func pressesChanged(_ presses: Set<Press>, with event: Event?) { repeats += presses.count }
  override func pressesEnded(_ presses: Set<Press>, with event: Event?) { open -= presses.count }
  override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { open -= presses.count }

  func reset() {
    repeats = 0
    open = 0
  }
}

/// Lets a recognizer recognize together with any other.
@MainActor final class Simultaneous: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }
}
