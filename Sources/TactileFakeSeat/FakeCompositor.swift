import CWaylandServer
import Glibc

/// A real, headless Wayland compositor on libwayland-server with a scriptable seat, for tests.
///
/// Clients talk to it over the real wire protocol: connect one in-process over a socket pair
/// (``connectClient()``), or let processes connect to a listening socket (``listen(at:)``). Nothing runs
/// behind the caller's back: the compositor does work only inside ``pump()`` and its variants, on the
/// caller's thread, and never blocks unless asked to wait. A test can therefore drive a libwayland client
/// and the compositor from one thread (flush the client, pump, read the client) — a blocking
/// `wl_display_roundtrip` on that same thread would deadlock. The rejected alternative, a compositor thread
/// behind a locked API, makes the order of client and compositor work nondeterministic.
///
/// It offers three kinds of API, like every fake in Tactile:
/// - injection (`touchDown`, `pointerButton`, `key`, …), each returning the serial it used;
/// - inspection (``screenshot()``, `surfaces`, ``requestLog``, ``failures``);
/// - ``finish()``, which reports what is left over (unreleased buffers, pending callbacks, errors).
///
/// Not `Sendable`: use it from one thread.
public final class FakeCompositor {
  let display: OpaquePointer
  let loop: OpaquePointer
  /// The configuration; changes to the output or seat go through the setters, which notify clients.
  public internal(set) var configuration: Configuration

  // Objects, kept by their resources (see ResourceObject); these lists are for lookup and iteration.
  /// Every live surface by its id: added, found and removed in O(1), so that a client with thousands of
  /// surfaces hangs up in linear time.
  var surfaces: [Int: Surface] = [:]
  /// The stacking position of each mapped toplevel by surface id (higher is above); see ``stacking``.
  var stackPositions: [Int: Int] = [:]
  var nextStackPosition = 0
  var buffers: [OpaquePointer: BufferRecord] = [:]
  var outputs: [OutputResource] = []
  /// Every client's `xdg_wm_base` (a client may bind thousands), removed in O(1).
  var wmBases: [ObjectIdentifier: XdgWmBase] = [:]
  var popups: [XdgPopup] = []
  /// Every seat, the first (``seat``) created with the compositor (`FakeCompositor+Seats.swift`).
  var seats: [SeatState] = []
  /// Seats removed with ``removeSeat(named:)``: their globals stay (a bind may already be on the wire)
  /// with the seat as their data, so the seats must stay alive as long as the display.
  var removedSeats: [SeatState] = []
  /// The first seat, `seat0`: the one text input and the selections belong to.
  var seat: SeatState { seats[0] }
  /// The seat that injection (touch, pointer, keyboard, gestures, capabilities) goes to.
  var inputSeat: SeatState { seats.first { $0.name == inputSeatName } ?? seat }
  /// The name of ``inputSeat`` (``useSeat(named:)``).
  var inputSeatName = SeatState.firstName
  var textInputs: [TextInputResource] = []
  /// Presentation, xdg-output, activation, pointer constraints and inhibitors (`DesktopProtocols.swift`).
  let desktop = DesktopProtocols()
  var fractionalScales: [FractionalScaleResource] = []
  var gestureObjects: [GestureResource] = []
  var clients: [OpaquePointer: ClientRecord] = [:]
  var controlQueue: [ControlResult] = []
  /// The `tactile_fake_seat_v1` global, once enabled (only authorised clients see it).
  var controlGlobal: OpaquePointer?
  /// The sockets clients connect to (``listen(at:)``) and authorised clients connect to
  /// (``listenForControl(at:)``); each removes its path and lock file when the compositor goes away.
  var displaySockets: [ListeningSocket] = []
  var controlSockets: [ListeningSocket] = []
  /// The event sources that accept connections on ``controlSockets`` (removed in `deinit`).
  var controlSocketSources: [OpaquePointer] = []
  /// The pipes the compositor reads and writes on its loop's turns (stopped in `deinit`).
  let fileWatches: LoopFileWatches
  var nextSurfaceID = 1
  var manualTime: UInt32 = 0
  /// The manual clock's part of a millisecond past ``manualTime``, in nanoseconds (below 1,000,000).
  var manualSubmillisecondNanoseconds: UInt32 = 0
  var repaintTimer: OpaquePointer?
  /// The session recording in progress (`FakeCompositor+SessionRecording.swift`).
  var sessionRecorder: SessionRecorder?
  var repaintArmed = false
  private var clientCreatedListener: SignalListener?
  private var protocolLogger: OpaquePointer?
  /// How many clients the compositor dropped after a protocol error, or while they were still connected
  /// (libwayland could not send to them: their socket stayed full); scripts fail a line during which one
  /// was. A client that hangs up on its own is not counted.
  public internal(set) var droppedClientCount = 0
  /// Which client was dropped last and why, in words.
  var lastDrop = ""
  /// The event sources of ``stopOnSignals(_:)``.
  var signalSources: [OpaquePointer] = []
  /// The stop signal that arrived, once one did (``stopOnSignals(_:)``).
  public internal(set) var stopSignal: Int32?
  /// Called with each client misbehaviour as it is caught (the executable logs them); ``failures``
  /// keeps them all.
  public var onFailure: ((Failure) -> Void)?
  /// How many commits all surfaces received so far (scripts wait for the next one).
  public internal(set) var totalCommits = 0
  /// How many frame callbacks the compositor has answered so far (`wait drawn` waits for the next ones).
  public internal(set) var firedFrameCallbacks = 0
  /// The bytes of pixels copied out of client buffers so far (a commit copies only its damage).
  public internal(set) var copiedPixelBytes = 0

  /// Every recorded request, oldest first.
  public internal(set) var requestLog: [LoggedRequest] = []
  /// Every client misbehaviour caught so far, oldest first.
  public internal(set) var failures: [Failure] = []
  /// Called after each `wl_surface.commit` was handled (its state applied, or cached for a synchronized
  /// subsurface), with the surface's ``SurfaceInfo/id`` and the `CLOCK_MONOTONIC` time in nanoseconds at
  /// which the compositor began handling the commit, before it copied any pixels. Benchmarks time
  /// input-to-commit latency with it; ``contents(ofSurface:)`` shows what the commit carried.
  public var onCommit: ((_ surfaceID: Int, _ receivedNanoseconds: UInt64) -> Void)?

  /// Creates the display, its event loop and every global.
  ///
  /// - Throws: ``FakeSeatError/displayCreationFailed`` or a keymap error.
  public init(configuration: Configuration = Configuration()) throws {
    guard let display = wl_display_create() else { throw FakeSeatError.displayCreationFailed }
    self.display = display
    self.loop = wl_display_get_event_loop(display)
    self.fileWatches = LoopFileWatches(loop: loop)
    self.configuration = configuration
    // The configured size is bounded like setOutputSize(width:height:)'s.
    self.configuration.outputWidth = min(max(1, configuration.outputWidth), Self.maximumOutputSide)
    self.configuration.outputHeight = min(max(1, configuration.outputHeight), Self.maximumOutputSide)
    if case .manual(let start) = configuration.clock { manualTime = start }
    guard wl_display_init_shm(display) == 0 else {
      wl_display_destroy(display)
      throw FakeSeatError.displayCreationFailed
    }
    seats = [
      try SeatState(named: SeatState.firstName, capabilities: configuration.capabilities, compositor: self)
    ]
    installProtocolLogger()
    installClientTracking()
    createGlobals()
  }

  deinit {
    if let repaintTimer { wl_event_source_remove(repaintTimer) }
    if let timer = desktop.presentationTimer { wl_event_source_remove(timer) }
    for source in signalSources { wl_event_source_remove(source) }
    for source in controlSocketSources { wl_event_source_remove(source) }
    fileWatches.stopAll()
    wl_display_destroy_clients(display)
    clientCreatedListener?.remove()
    if let protocolLogger { wl_protocol_logger_destroy(protocolLogger) }
    wl_display_destroy(display)
    // The display closed its own sockets; the control sockets' descriptors are the compositor's.
    for socket in controlSockets { close(socket.fd) }
  }

  /// The compositor's event clock in milliseconds: the `time` of injected events and of logged requests.
  public var now: UInt32 {
    switch configuration.clock {
    case .manual: return manualTime
    case .monotonic: return UInt32(truncatingIfNeeded: monotonicMilliseconds())
    }
  }

  /// Moves a ``Clock/manual(start:)`` clock forward; does nothing on a monotonic clock.
  public func advanceClock(milliseconds: UInt32) {
    manualTime &+= milliseconds
  }

  /// Moves a ``Clock/manual(start:)`` clock forward by `nanoseconds`: event `time`s (whole
  /// milliseconds) move when the sum crosses a millisecond, nanosecond input times and presentation times
  /// move at once. Does nothing on a monotonic clock.
  public func advanceClock(nanoseconds: UInt64) {
    let total = UInt64(manualSubmillisecondNanoseconds) + nanoseconds
    manualTime &+= UInt32(truncatingIfNeeded: total / 1_000_000)
    manualSubmillisecondNanoseconds = UInt32(total % 1_000_000)
  }

  /// A fresh serial from the display (`wl_display_next_serial`).
  func nextSerial() -> UInt32 { wl_display_next_serial(display) }

  /// Records a misbehaviour that real compositors ignore rather than punish with a protocol error.
  func recordFailure(interface: String, _ message: String) {
    record(Failure(interface: interface, code: nil, message: message))
  }

  /// Keeps a failure in ``failures`` and tells ``onFailure``.
  func record(_ failure: Failure) {
    failures.append(failure)
    onFailure?(failure)
  }

  func log(_ kind: LoggedRequest.Kind, surface: Surface?) {
    if let limit = configuration.requestLogLimit, requestLog.count >= limit {
      requestLog.removeFirst(requestLog.count - limit / 2)
    }
    requestLog.append(LoggedRequest(time: now, surface: surface?.id, kind: kind))
  }

  /// Forgets the request log (for long runs that only care about what comes next).
  public func clearRequestLog() {
    requestLog.removeAll(keepingCapacity: false)
  }
}

extension FakeCompositor {
  /// Catches every `wl_display.error` event — posted by this compositor or by libwayland itself (shm
  /// bounds, bad object ids) — and records it as a ``Failure``.
  fileprivate func installProtocolLogger() {
    protocolLogger = wl_display_add_protocol_logger(
      display,
      { data, direction, message in
        guard direction == WL_PROTOCOL_LOGGER_EVENT, let message = message?.pointee,
          message.message_opcode == UInt32(WL_DISPLAY_ERROR),
          String(cString: wl_resource_get_class(message.resource)) == "wl_display"
        else { return }
        let compositor = Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue()
        let arguments = message.arguments!
        let object = arguments[0].o
        let failure = Failure(
          interface: object.map { String(cString: wl_resource_get_class($0)) } ?? "wl_display",
          code: arguments[1].u, message: arguments[2].s.map { String(cString: $0) } ?? "")
        compositor.record(failure)
        compositor.clients[wl_resource_get_client(message.resource)]?.protocolError = failure
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Keeps a ``ClientRecord`` per connected client, whichever way it connected.
  fileprivate func installClientTracking() {
    let listener = SignalListener(once: false) { [unowned(unsafe) self] data in
      guard let client = OpaquePointer(data) else { return }
      self.clients[client] = ClientRecord(client: client) { [unowned(unsafe) self] in
        if let record = self.clients[client], let reason = record.dropReason(client) {
          self.droppedClientCount += 1
          self.lastDrop = "pid \(record.pid) \(reason)"
        }
        self.clients[client] = nil
        for state in self.seats { state.forget(client: client) }
      }
    }
    listener.link { wl_display_add_client_created_listener(display, $0) }
    clientCreatedListener = listener
  }
}
