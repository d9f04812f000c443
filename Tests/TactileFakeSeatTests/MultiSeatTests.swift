import TactileFakeSeat
import Testing

/// Several seats in the fake compositor (`FakeCompositor+Seats.swift`); what a client makes of them is
/// tested end to end in `SeatMultiSeatTests`.
@Suite struct MultiSeatTests {
  @Test func seatsAreAddedChosenForInjectionAndRemovedByName() throws {
    let compositor = try FakeCompositor()
    #expect(compositor.seatNames == ["seat0"])
    try compositor.addSeat(named: "tablet", capabilities: [.touch])
    #expect(compositor.seatNames == ["seat0", "tablet"])
    #expect(compositor.currentSeatName == "seat0")
    #expect(compositor.capabilities == .all)
    try compositor.useSeat(named: "tablet")
    #expect(compositor.capabilities == [.touch], "injection and capabilities are the chosen seat's")
    #expect(throws: FakeSeatError.missingCapability(.keyboard)) { try compositor.keyboardEnter(surface: 1) }
    try compositor.removeSeat(named: "tablet")
    #expect(compositor.seatNames == ["seat0"])
    #expect(compositor.currentSeatName == "seat0", "removing the chosen seat goes back to seat0")
    #expect(compositor.finish().isClean)
  }

  @Test func badSeatCallsThrowClearErrors() throws {
    let compositor = try FakeCompositor()
    #expect(throws: FakeSeatError.seatExists(name: "seat0")) { try compositor.addSeat(named: "seat0") }
    #expect(throws: FakeSeatError.unknownSeat(name: "pen")) { try compositor.useSeat(named: "pen") }
    #expect(throws: FakeSeatError.unknownSeat(name: "pen")) { try compositor.removeSeat(named: "pen") }
    #expect(throws: FakeSeatError.firstSeatIsPermanent) { try compositor.removeSeat(named: "seat0") }
    #expect(FakeSeatError.firstSeatIsPermanent.description == "seat0 cannot be removed")
  }

  @Test func scriptsAddUseAndRemoveSeats() throws {
    let script = try Script(
      parsing: """
        seat add tablet touch,pointer
        seat add pen
        seat use tablet
        seat remove tablet
        """)
    #expect(
      script.lines.map(\.command) == [
        .seatAdd(name: "tablet", capabilities: [.touch, .pointer]), .seatAdd(name: "pen", capabilities: .all),
        .seatUse(name: "tablet"), .seatRemove(name: "tablet"),
      ])
    let compositor = try FakeCompositor()
    try ScriptRunner(compositor: compositor).run(script)
    #expect(compositor.seatNames == ["seat0", "pen"])
    #expect(throws: ScriptError(line: 1, message: "seat takes add, use or remove, not 'fly'")) {
      try Script(parsing: "seat fly tablet")
    }
    #expect(throws: ScriptError(line: 1, message: "no seat named 'tablet'")) {
      try ScriptRunner(compositor: compositor).run(Script(parsing: "seat use tablet"))
    }
  }
}
