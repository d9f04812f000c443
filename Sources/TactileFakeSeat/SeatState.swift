import Glibc

/// The seat's devices, their per-client resources, and focus.
///
/// Focus rules: the pointer focus follows ``FakeCompositor/pointerMotion(to:)`` (or an explicit enter);
/// the keyboard focus changes only with ``FakeCompositor/keyboardEnter(surface:)``; each touch point is
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
  weak var keyboardFocus: Surface?
  var pressedKeys: [UInt32] = []

  /// Every client's clipboard and primary-selection devices.
  var selectionDevices: [SelectionDeviceResource] = []
  /// The current clipboard and primary selection (`FakeCompositor+Selection.swift`).
  var selections: [FakeCompositor.SelectionKind: FakeCompositor.SelectionState] = [:]
  /// Counts selection changes of both kinds, so that offers of replaced selections are recognized.
  var selectionGeneration = 0
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
  }
  var touchPoints: [Int32: TouchPoint] = [:]
  /// Clients that got touch events since the last `frame`.
  var touchClientsSinceFrame: [OpaquePointer] = []

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
    touchPoints = touchPoints.filter { $0.value.client != client }
    touchClientsSinceFrame.removeAll { $0 == client }
  }

  /// The device resources of one kind that belong to `client`.
  func resources(_ list: [DeviceResource], of client: OpaquePointer?) -> [DeviceResource] {
    list.filter { $0.client == client }
  }
}
