import TactileTrace

/// Sends the events of an ``TactileTrace/InputTrace`` through a ``FakeCompositor``'s injection API, one
/// at a time (``FakeCompositor/replay(_:onSurface:)`` keeps the pauses).
///
/// How events are sent, where it is not one protocol event for one trace event:
/// - Positions are surface-local on the surface the trace's surface number stands for; touch motion goes
///   to the surface its point went down on, pointer motion to the surface the pointer entered.
/// - `pointer-axis-source` and `pointer-axis-value120` wait for the `pointer-axis` they precede and are
///   sent with it, in the protocol's order.
/// - `keyboard-enter` sends the compositor's own held keys and modifiers (not the recorded keys); a
///   replayed key updates the compositor's modifier state, which sends `modifiers` when it changes, and
///   each recorded `modifiers` is sent as well, so a client may get the same modifiers twice.
/// - `text-preedit`, `text-commit` and `text-delete-surrounding` wait for their `text-done`, which sends
///   them together to the focused text input once the client has enabled it (the recording client had:
///   the compositor sends text only to enabled ones), waiting up to ``textInputWaitMilliseconds``.
/// - `repeat-info` goes to every keyboard, as the compositor's setting.
final class TracePlayer {
  private let compositor: FakeCompositor
  /// The compositor surface of each trace surface number seen so far.
  private var surfaces: [Int: Int]
  /// The compositor surface the replayed pointer entered.
  private var pointerSurface: Int?
  private var axisSource: UInt32?
  private var value120: [ScrollAxis: Int32] = [:]
  private var preedit: (text: String, begin: Int32, end: Int32)?
  private var commit: String?
  private var delete: (before: UInt32, after: UInt32) = (0, 0)

  /// How long a text event waits for the client to enable its text input.
  static let textInputWaitMilliseconds = 2_000

  /// - Parameters:
  ///   - compositor: The compositor to inject into.
  ///   - window: The surface that stands for the trace's surface 0.
  init(compositor: FakeCompositor, window: Int) {
    self.compositor = compositor
    surfaces = [0: window]
  }

  /// Sends one event (or keeps it for the event that completes it).
  ///
  /// - Throws: A ``FakeSeatError`` from the injection, or when no surface stands for a trace surface.
  func play(_ event: InputEvent) throws {
    switch event {
    case .touchDown(let surface, let id, let x, let y):
      _ = try compositor.touchDown(id: id, at: .surface(id: try self.surface(surface), x: x, y: y))
    case .touchMotion(let id, let x, let y):
      guard let surface = compositor.touchSurfaceID(of: id) else {
        throw FakeSeatError.touchPointNotDown(id: id)
      }
      try compositor.touchMotion(id: id, to: .surface(id: surface, x: x, y: y))
    case .touchUp(let id): _ = try compositor.touchUp(id: id)
    case .touchFrame: compositor.touchFrame()
    case .touchCancel: compositor.touchCancel()
    case .touchShape(let id, let major, let minor):
      try compositor.touchShape(id: id, major: major, minor: minor)
    case .touchOrientation(let id, let degrees): try compositor.touchOrientation(id: id, degrees: degrees)
    default: try playPointer(event)
    }
  }

  private func playPointer(_ event: InputEvent) throws {
    switch event {
    case .pointerEnter(let surface, let x, let y):
      let id = try self.surface(surface)
      try compositor.pointerEnter(surface: id, x: x, y: y)
      pointerSurface = id
    case .pointerLeave:
      compositor.pointerLeave()
      pointerSurface = nil
    case .pointerMotion(let x, let y):
      guard let pointerSurface else { throw FakeSeatError.traceEventWithoutFocus("pointer-motion") }
      try compositor.pointerMotion(to: .surface(id: pointerSurface, x: x, y: y))
    case .pointerButton(let button, let pressed): _ = try compositor.pointerButton(button, pressed: pressed)
    case .pointerAxisSource(let source): axisSource = source
    case .pointerAxisValue120(let axis, let value): value120[axis] = value
    case .pointerAxis(let axis, let value):
      try compositor.pointerAxis(
        vertical: axis == .vertical, value: value, value120: value120.removeValue(forKey: axis),
        source: axisSource)
      axisSource = nil
    case .pointerAxisStop(let axis): try compositor.pointerAxisStop(vertical: axis == .vertical)
    case .pointerFrame:
      compositor.pointerFrame()
      axisSource = nil
      value120 = [:]
    case .gestureBegin(let kind, let fingers): _ = try compositor.gestureBegin(kind, fingers: fingers)
    case .gestureSwipeUpdate(let dx, let dy): compositor.gestureSwipeUpdate(dx: dx, dy: dy)
    case .gesturePinchUpdate(let dx, let dy, let scale, let rotation):
      compositor.gesturePinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation)
    case .gestureEnd(let kind, let cancelled): _ = compositor.gestureEnd(kind, cancelled: cancelled)
    default: try playKeyboard(event)
    }
  }

  private func playKeyboard(_ event: InputEvent) throws {
    switch event {
    case .keyboardEnter(let surface, _): _ = try compositor.keyboardEnter(surface: try self.surface(surface))
    case .keyboardLeave: compositor.keyboardLeave()
    case .key(let code, let pressed): _ = try compositor.key(code, pressed: pressed)
    case .modifiers(let depressed, let latched, let locked, let group):
      _ = try compositor.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    case .repeatInfo(let rate, let delay): compositor.setRepeatInfo(rate: rate, delay: delay)
    case .textPreedit(let text, let begin, let end): preedit = (text, begin, end)
    case .textCommit(let text): commit = text
    case .textDeleteSurrounding(let before, let after): delete = (before, after)
    case .textDone: try sendText()
    // Sent by this compositor with its keyboard focus (and never written by Tactile's recorder).
    case .textEnter, .textLeave: break
    case .tabletTool(let type, let event): try playTablet(type, event)
    default: preconditionFailure("\(event) is played by play(_:) or playPointer(_:)")
    }
  }

  /// Sends one tablet event with the tool of `type` (a tool the fake tablet lacks is added first).
  private func playTablet(_ type: UInt32, _ event: TabletToolEvent) throws {
    guard let tool = TabletToolKind(wireType: type) else { return }
    compositor.tabletAddTool(tool)
    switch event {
    case .proximityIn(let surface):
      try compositor.tabletProximityIn(tool, at: .surface(id: try self.surface(surface), x: 0, y: 0))
    case .proximityOut: try compositor.tabletProximityOut(tool)
    case .down: try compositor.tabletDown(tool)
    case .up: try compositor.tabletUp(tool)
    case .motion(let x, let y):
      guard let surface = compositor.tabletSurfaceID(of: tool) else {
        throw TabletError.toolNeverInProximity(tool)
      }
      try compositor.tabletMotion(tool, to: .surface(id: surface, x: x, y: y))
    case .pressure(let value): try compositor.tabletMotion(tool, to: nil, axes: TabletAxes(pressure: value))
    case .distance(let value): try compositor.tabletMotion(tool, to: nil, axes: TabletAxes(distance: value))
    case .tilt(let x, let y): try compositor.tabletMotion(tool, to: nil, axes: TabletAxes(tiltX: x, tiltY: y))
    case .rotation(let degrees):
      try compositor.tabletMotion(tool, to: nil, axes: TabletAxes(rotation: degrees))
    case .button(let code, let pressed): try compositor.tabletButton(tool, button: code, pressed: pressed)
    case .frame: compositor.tabletFrame(tool)
    }
  }

  private func sendText() throws {
    defer { (preedit, commit, delete) = (nil, nil, (0, 0)) }
    guard preedit != nil || commit != nil || delete != (0, 0) else {
      // A `done` that changes nothing (sent after `enter` by some compositors) does not wait.
      compositor.textInputDone()
      return
    }
    try compositor.pump(
      until: "an enabled text input to replay text into", timeoutMilliseconds: Self.textInputWaitMilliseconds
    ) {
      compositor.textInputDone(
        preedit: preedit, commit: commit, deleteBefore: delete.before, deleteAfter: delete.after) > 0
    }
  }

  /// The compositor surface that stands for trace surface `number`: the one chosen before if it is still
  /// there, else the topmost mapped window or popup of the replayed client that stands for no other
  /// number.
  private func surface(_ number: Int) throws -> Int {
    if let id = surfaces[number], compositor.isLiveSurface(id) { return id }
    let taken = Set(surfaces.filter { $0.key != number }.values)
    guard let window = surfaces[0],
      let id = compositor.topmostShellSurface(sharingClientWith: window, excluding: taken)
    else { throw FakeSeatError.noSurfaceForTraceSurface(number) }
    surfaces[number] = id
    return id
  }
}

extension FakeCompositor {
  /// The id of the surface a live touch point is bound to.
  fileprivate func touchSurfaceID(of id: Int32) -> Int? {
    inputSeat.touchPoints[id]?.surface?.id
  }

  /// The id of the surface a tablet tool is in proximity of.
  fileprivate func tabletSurfaceID(of tool: TabletToolKind) -> Int? {
    let contact = inputSeat.tablet.contacts[tool]
    return contact?.inProximity == true ? contact?.surface?.id : nil
  }

  fileprivate func isLiveSurface(_ id: Int) -> Bool {
    surfaces[id] != nil
  }

  /// The topmost mapped xdg surface (window or popup) of the client of surface `id`, leaving out `taken`.
  fileprivate func topmostShellSurface(sharingClientWith id: Int, excluding taken: Set<Int>) -> Int? {
    guard let client = surfaces[id]?.client else { return nil }
    return stacking.last { surface in
      guard case .xdg = surface.role else { return false }
      return surface.client == client && surface.image != nil && !taken.contains(surface.id)
    }?.id
  }
}
