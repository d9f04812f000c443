import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Wheel notches reach a client in the terms of the `wl_pointer` version it bound, over the real wire.
@Suite struct WheelStepTests {
  /// The pointer events a client that bound `wl_seat` at `version` gets for script lines, after the
  /// pointer entered its 100×80 window.
  func pointerEvents(version: UInt32, _ source: String) throws -> [String] {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    _ = client.listenToPointer(client.bindSeat(version: version))
    client.roundtrip()
    let runner = ScriptRunner(compositor: compositor)
    try runner.run(Script(parsing: "move 10 10"))
    client.roundtrip()
    client.events = []
    try runner.run(Script(parsing: source))
    client.roundtrip()
    return client.events
  }

  @Test(arguments: [1, 4] as [UInt32])
  func belowVersionFiveTwoNotchesAreOneAxisEventWithNoFrame(version: UInt32) throws {
    #expect(try pointerEvents(version: version, "scroll 0 2") == ["pointer.axis 0 30.0"])
  }

  @Test(arguments: [5, 6, 7] as [UInt32])
  func fromVersionFiveToSevenTwoNotchesAreTwoDiscreteSteps(version: UInt32) throws {
    #expect(
      try pointerEvents(version: version, "scroll 0 2\nscroll -1 0") == [
        "pointer.axis_source 0", "pointer.axis_discrete 0 2", "pointer.axis 0 30.0", "pointer.frame",
        "pointer.axis_source 0", "pointer.axis_discrete 1 -1", "pointer.axis 1 -15.0", "pointer.frame",
      ])
  }

  @Test func fromVersionEightTwoNotchesAreTwoHundredFortyValue120AndNoDiscreteStep() throws {
    #expect(
      try pointerEvents(version: 8, "scroll 0 2") == [
        "pointer.axis_source 0", "pointer.axis_value120 0 240", "pointer.axis 0 30.0", "pointer.frame",
      ])
  }

  @Test func halfNotchesAddUpToOneDiscreteStepBelowVersionEight() throws {
    let events = try pointerEvents(version: 5, "scroll 0 0.5\nscroll 0 0.5")
    #expect(events.filter { $0.hasPrefix("pointer.axis_discrete") } == ["pointer.axis_discrete 0 1"])
    #expect(events.filter { $0.hasPrefix("pointer.axis ") } == ["pointer.axis 0 7.5", "pointer.axis 0 7.5"])
    let high = try pointerEvents(version: 8, "scroll 0 0.5\nscroll 0 0.5")
    #expect(
      high.filter { $0.hasPrefix("pointer.axis_value120") }
        == Array(repeating: "pointer.axis_value120 0 60", count: 2))
  }

  @Test(arguments: [5, 8] as [UInt32])
  func touchpadScrollingHasNoWheelStepsAndEndsWithAxisStop(version: UInt32) throws {
    #expect(
      try pointerEvents(version: version, "scroll finger 0 12.5\nscroll stop") == [
        "pointer.axis_source 1", "pointer.axis 0 12.5", "pointer.frame", "pointer.axis_stop 1",
        "pointer.axis_stop 0", "pointer.frame",
      ])
  }
}
