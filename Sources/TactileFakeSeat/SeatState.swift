import Glibc

/// The seat's devices, their per-client resources, and focus.
///
/// Focus rules: the pointer focus follows ``FakeCompositor/pointerMotion(to:)`` (or an explicit enter);
/// the keyboard focus changes with ``FakeCompositor/keyboardEnter(surface:)`` and, unless
/// ``FakeCompositor/Configuration/focusFollowsPress`` is off, with a button press or touch down on
/// another window; each touch point is
/// bound to the surface it went down on until it goes up or is cancelled.
final class SeatState {
  /// The seat's name (`wl_seat.name`).
  let name: String
  /// The seat's `wl_seat` global, once created.
  var global: OpaquePointer?
  /// The compositor, for the global's bind handler.
  unowned(unsafe) let compositor: FakeCompositor
  var capabilities: Capabilities = .all
  /// Every capability the seat ever had (requests for others are protocol errors).
  var everHad: Capabilities = []
  var keymap: Keymap!
  var seats: [SeatResource] = []
  var pointers: [DeviceResource] = []
  var keyboards: [DeviceResource] = []
  var touches: [DeviceResource] = []

  weak var pointerFocus: Surface?
  /// The surface the pointer left since the latest `frame`: its client's pointers get the `frame` that
  /// ends the group with the `leave` (v5+), though the pointer no longer focuses it.
  weak var pointerLeft: Surface?
  /// The serial of the latest pointer `enter`: the only one `set_cursor` accepts.
  var pointerEnterSerial: UInt32?
  /// Where the pointer is on the output, once it moved.
  var pointerPosition: (x: Double, y: Double)?
  /// The buttons held down, and the serial of the latest press while any is (what an interactive move
  /// or resize needs).
  var heldButtons: [UInt32] = []
  var pointerPressSerial: UInt32?
  /// The interactive move or resize in progress (`FakeCompositor+InteractiveGrabs.swift`).
  var windowGrab: WindowGrab?
  /// Wheel steps (in 120ths of a notch) not yet sent as a whole `axis_discrete` notch, per axis.
  var wheelRemainders: (horizontal: Int32, vertical: Int32) = (0, 0)
  weak var keyboardFocus: Surface?
  var pressedKeys: [UInt32] = []

  /// Every client's clipboard and primary-selection devices.
  var selectionDevices: [SelectionDeviceResource] = []
  /// The current clipboard and primary selection (`FakeCompositor+Selection.swift`).
  var selections: [FakeCompositor.SelectionKind: FakeCompositor.SelectionState] = [:]
  /// Counts selection changes of both kinds, so that offers of replaced selections are recognized.
  var selectionGeneration = 0
  /// The `wl_data_device` drag in progress (`FakeCompositor+DragAndDrop.swift`).
  var drag: DataDeviceDrag?
  /// How the seat's drags ended, oldest first.
  var dragOutcomes: [FakeCompositor.DragOutcome] = []
  /// Write ends of selection pipes held open on purpose (a stuck program), closed with the seat.
  var stalledPipes: [Int32] = []

  deinit {
    for fd in stalledPipes { close(fd) }
  }

  /// The name of the first seat, the one the compositor starts with.
  static let firstName = "seat0"

  /// A seat with its own keymap, of the compositor's configured layout; its global is created apart.
  ///
  /// - Throws: ``FakeSeatError/keymapCompilationFailed(layout:)``.
  init(named name: String, capabilities: Capabilities, compositor: FakeCompositor) throws {
    self.name = name
    self.compositor = compositor
    self.capabilities = capabilities
    everHad = capabilities
    keymap = try Keymap(layout: compositor.configuration.keyboardLayout)
  }

  /// A touch point that is down, bound to its surface.
  struct TouchPoint {
    weak var surface: Surface?
    var client: OpaquePointer
    /// The serial of its `down`.
    var serial: UInt32
    /// Where it is on the output.
    var position: (x: Double, y: Double)
  }
  var touchPoints: [Int32: TouchPoint] = [:]
  /// Clients that got touch events since the last `frame`.
  var touchClientsSinceFrame: [OpaquePointer] = []
  /// The seat's graphics tablet and its tools (`Tablet.swift`).
  let tablet = TabletState()

  /// Adds wheel steps to an axis and takes the whole notches they complete (toward zero; the rest is
  /// kept for the next steps).
  func wheelNotches(adding value120: Int32, vertical: Bool) -> Int32 {
    let total = (vertical ? wheelRemainders.vertical : wheelRemainders.horizontal) &+ value120
    let notches = total / 120
    if vertical { wheelRemainders.vertical = total % 120 } else { wheelRemainders.horizontal = total % 120 }
    return notches
  }

  /// Notes a button press or release with its serial.
  func noteButton(_ button: UInt32, pressed: Bool, serial: UInt32) {
    if pressed {
      if !heldButtons.contains(button) { heldButtons.append(button) }
      pointerPressSerial = serial
    } else {
      heldButtons.removeAll { $0 == button }
      if heldButtons.isEmpty { pointerPressSerial = nil }
    }
  }

  /// Drops every reference to a surface that is going away.
  func forget(_ surface: Surface) {
    if pointerFocus === surface {
      pointerFocus = nil
      pointerEnterSerial = nil
    }
    if keyboardFocus === surface { keyboardFocus = nil }
  }

  /// Drops the touch state of a client that disconnected (its address may be reused by a new client).
  func forget(client: OpaquePointer) {
    // A grab of the client's window, or driven by its touch point, ends with it.
    if let grab = windowGrab,
      grab.toplevel == nil || grab.toplevel?.client == client
        || grab.touchID.flatMap({ touchPoints[$0] })?.client == client
    {
      windowGrab = nil
    }
    touchPoints = touchPoints.filter { $0.value.client != client }
    touchClientsSinceFrame.removeAll { $0 == client }
    // A drag without a source ends with its client (only that client heard it); a sourced one ends
    // when its source is destroyed, which tells the target.
    if let drag, case .clientLocal(let owner) = drag.owner, owner == client {
      self.drag = nil
      dragOutcomes.append(.cancelled(reason: "the source's client disconnected"))
    }
    tablet.forget(client: client)
  }

  /// The device resources of one kind that belong to `client`.
  func resources(_ list: [DeviceResource], of client: OpaquePointer?) -> [DeviceResource] {
    list.filter { $0.client == client }
  }
}
