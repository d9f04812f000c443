import CWaylandServer

/// Several seats. The compositor starts with one, `seat0` (``seat``), which text input and the
/// selections belong to; ``addSeat(named:capabilities:)`` adds more, each a `wl_seat` global of its
/// own with its own devices, focus, touch points, held keys and keymap (of the configured layout).
///
/// Injection (touch, pointer, keyboard, gestures, ``setCapabilities(_:)``) goes to one seat at a time:
/// `seat0` until ``useSeat(named:)`` chooses another. Removing a seat withdraws its global
/// (`wl_registry.global_remove`) and forgets its state without sending events, as for a lost
/// capability: clients must end what the seat held on their own.
extension FakeCompositor {
  /// The seats' names, the first seat first.
  public var seatNames: [String] { seats.map(\.name) }

  /// The seat injection goes to.
  public var currentSeatName: String { inputSeat.name }

  /// Adds a seat: a new `wl_seat` global, advertised to every client.
  ///
  /// - Throws: ``FakeSeatError/seatExists(name:)`` when the name is taken, or a keymap error.
  public func addSeat(named name: String, capabilities: Capabilities = .all) throws {
    try recording("seat add \(name) \(capabilities.isEmpty ? "none" : capabilities.description)") {
      guard !seats.contains(where: { $0.name == name }) else { throw FakeSeatError.seatExists(name: name) }
      let state = try SeatState(named: name, capabilities: capabilities, compositor: self)
      seats.append(state)
      createGlobal(of: state)
    }
  }

  /// Directs injection to the seat named `name`.
  ///
  /// - Throws: ``FakeSeatError/unknownSeat(name:)``.
  public func useSeat(named name: String) throws {
    try recording("seat use \(name)") {
      guard seats.contains(where: { $0.name == name }) else { throw FakeSeatError.unknownSeat(name: name) }
      inputSeatName = name
    }
  }

  /// Removes a seat added with ``addSeat(named:capabilities:)``: its global is withdrawn and its state
  /// forgotten; injection goes back to `seat0` if it went to this seat. The global itself is destroyed
  /// with the display, so that binds already on the wire still find it.
  ///
  /// - Throws: ``FakeSeatError/unknownSeat(name:)``, or ``FakeSeatError/firstSeatIsPermanent`` for
  ///   `seat0`.
  public func removeSeat(named name: String) throws {
    try recording("seat remove \(name)") {
      guard let index = seats.firstIndex(where: { $0.name == name }) else {
        throw FakeSeatError.unknownSeat(name: name)
      }
      guard index > 0 else { throw FakeSeatError.firstSeatIsPermanent }
      let state = seats.remove(at: index)
      removedSeats.append(state)
      if let global = state.global { wl_global_remove(global) }
      state.pointerFocus = nil
      state.keyboardFocus = nil
      state.touchPoints = [:]
      if inputSeatName == name { inputSeatName = SeatState.firstName }
    }
  }
}
