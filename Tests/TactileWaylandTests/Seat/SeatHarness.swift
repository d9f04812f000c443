import TactileCore
import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileWayland

/// A Tactile app in a hosted window on the in-process fake compositor, over a socket pair on one
/// thread: the compositor injects, ``sync()`` carries the events across, the app's state is checked.
///
/// The app's clock is a ``ManualScheduler`` (key repeat and paste timeouts read it), so no test sleeps.
/// Its pasteboard and primary selection are the compositor's, as in `WindowApp`.
@MainActor final class SeatHarness {
  let compositor: FakeCompositor
  let display: WaylandDisplay
  let scheduler = ManualScheduler()
  let application: Application
  let window: Window
  let host: HostedWindow
  let log = EventLog()
  /// Errors the display reported.
  var inputErrors: [SeatError] = []

  /// - Parameters:
  ///   - configuration: The fake compositor's configuration: by default it draws the decorations
  ///     (server-side), so the window fills its surface; with another
  ///     ``TactileFakeSeat/FakeCompositor/Configuration/decorationMode`` the window draws its frame.
  ///   - size: The window's logical size (the fake compositor lets the app choose); a client-side frame
  ///     makes the surface larger.
  ///   - sharedCompositor: The compositor of another harness, to run a second client beside it
  ///     (`configuration` is then unused).
  /// - Throws: A fake-seat or Wayland error when the window cannot be shown.
  init(
    configuration: FakeCompositor.Configuration = FakeCompositor.Configuration(),
    size: Size = Size(width: 200, height: 100), sharedCompositor: FakeCompositor? = nil
  ) throws {
    let compositor = try sharedCompositor ?? FakeCompositor(configuration: configuration)
    let connection = try WaylandConnection(fileDescriptor: compositor.connectClient())
    let loop = try EventLoop(connection: connection)
    loop.watch(fileDescriptor: compositor.eventLoopFileDescriptor) { compositor.pump() }
    self.compositor = compositor
    display = try WaylandDisplay(connection: connection, loop: loop)
    application = Application(scheduler: scheduler)
    display.clipboard.clock = scheduler
    display.primarySelection?.clock = scheduler
    application.pasteboard = display.clipboard
    application.primarySelection = display.primarySelection
    window = Window(frame: Rect(origin: .zero, size: size), application: application)
    host = HostedWindow(
      window: window, display: display,
      options: .init(title: "seat", appID: "dev.tactile.seat", preferredSize: size))
    display.onInputError = { [unowned self] in self.inputErrors.append($0) }
    #expect(try run(display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    ownSurfaceID = compositor.windows.map(\.id).max()
  }

  private var ownSurfaceID: Int?

  /// The compositor's id of the window's surface.
  var surfaceID: Int {
    get throws { try #require(ownSurfaceID) }
  }

  /// A position on the window's surface.
  func at(_ x: Double, _ y: Double) throws -> Position {
    .surface(id: try surfaceID, x: x, y: y)
  }

  /// Adds a recording view to the window.
  @discardableResult
  func addView(_ name: String, _ frame: Rect) -> ProbeView {
    let view = ProbeView(name, frame: frame, log: log)
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    return view
  }

  /// Sends what the compositor queued and dispatches every resulting event in the app.
  func sync() throws {
    compositor.pump()
    try WaylandDisplay.roundtrip(display.connection, display.loop)
  }

  /// ``sync()`` twice: the requests the app sent while handling the events have reached the compositor.
  func settle() throws {
    try sync()
    try sync()
  }

  /// The display's first seat.
  var seat: Seat {
    get throws { try #require(display.seats.values.min { $0.globalName < $1.globalName }) }
  }
}

/// A recording view that also reports the touches of each `touchesMoved`, its hover and scroll events.
@MainActor final class ProbeView: RecordingView {
  var onTouchesMoved: (Set<Touch>) -> Void = { _ in }
  /// Called with each `touchesMoved`'s touches and event.
  var onTouchesMovedInEvent: (Set<Touch>, Event?) -> Void = { _, _ in }
  /// Each touch that began, with its type.
  var beganTypes: [Touch.TouchType] = []
  /// Scroll deltas received.
  var scrolls: [Point] = []
  /// The source, whole notches and stopped axes of each scroll event received.
  var scrollDetails: [(source: ScrollInput.Source?, notches: Point?, stopped: ScrollInput.Axes)] = []
  /// Key strokes received: "down a", "up a", "repeat a" (the key's characters, or its name).
  var keys: [String] = []
  var remoteControls: [Event.Subtype] = []
  /// The button mask of each touch event received, in order.
  var touchMasks: [ButtonMask] = []
  /// Pointer buttons received: "down secondary", "up middle" (the event's mask in brackets when not
  /// empty).
  var buttons: [String] = []

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    beganTypes += touches.map(\.type)
    touchMasks += event.map { [$0.buttonMask] } ?? []
    super.touchesBegan(touches, with: event)
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    onTouchesMoved(touches)
    onTouchesMovedInEvent(touches, event)
    touchMasks += event.map { [$0.buttonMask] } ?? []
    super.touchesMoved(touches, with: event)
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    touchMasks += event.map { [$0.buttonMask] } ?? []
    super.touchesEnded(touches, with: event)
  }

  override func pointerButtonPressed(_ button: ButtonMask, with event: Event) {
    buttons.append("down \(Self.name(of: button))\(Self.names(of: event.buttonMask))")
  }

  override func pointerButtonReleased(_ button: ButtonMask, with event: Event) {
    buttons.append("up \(Self.name(of: button))\(Self.names(of: event.buttonMask))")
  }

  static func name(of button: ButtonMask) -> String {
    let names: [(ButtonMask, String)] = [
      (.primary, "primary"), (.secondary, "secondary"), (.middle, "middle"), (.back, "back"),
      (.forward, "forward"),
    ]
    return names.filter { button.contains($0.0) }.map(\.1).joined(separator: "+")
  }

  /// " [a+b]", or nothing for no buttons.
  static func names(of mask: ButtonMask) -> String {
    mask.isEmpty ? "" : " [\(name(of: mask))]"
  }

  override func hover(with event: Event) {
    log.record("\(name).hover(\(event.hoverPhase.map { "\($0)" } ?? "?"))")
  }

  override func scrollWheel(with event: Event) {
    scrolls.append(event.scrollDelta ?? .zero)
    scrollDetails.append((event.scrollSource, event.scrollNotches, event.scrollStoppedAxes))
  }

  override var canBecomeFirstResponder: Bool { true }

  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    keys += presses.map { "down \(Self.name(of: $0.key))" }
  }

  override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    keys += presses.map { "repeat \(Self.name(of: $0.key))" }
  }

  override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    keys += presses.map { "up \(Self.name(of: $0.key))" }
  }

  override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    keys += presses.map { "cancel \(Self.name(of: $0.key))" }
  }

  override func remoteControlReceived(with event: Event?) {
    if let event { remoteControls.append(event.subtype) }
  }

  static func name(of key: Key) -> String {
    key.characters.isEmpty ? "\(key.name)" : key.characters
  }
}

extension SeatHarness {
  /// A harness whose first responder is a probe view with keyboard focus on the window; the compositor
  /// repeats keys `rate` times per second after `delay` milliseconds.
  static func focusedOnProbe(rate: Int32, delay: Int32) throws -> (SeatHarness, ProbeView) {
    var configuration = FakeCompositor.Configuration()
    configuration.repeatRate = rate
    configuration.repeatDelay = delay
    let app = try SeatHarness(configuration: configuration)
    let view = app.addView("field", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(view.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    return (app, view)
  }
}
