import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// The fake seat's tablet (tablet-unstable-v2) over the real wire: what a raw libwayland client receives
/// for each injection call and script line.
@Suite struct TabletInjectionTests {
  /// A compositor with a manual clock, one client with a mapped 100×80 window at 0,0 and a tablet seat,
  /// its announcements already read.
  func setUp() throws -> (FakeCompositor, WireClient, Int) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 100, height: 80)
    let seat = client.bindSeat()
    client.listenToTablets(of: seat)
    client.roundtrip()
    return (compositor, client, compositor.windows[0].id)
  }

  @Test func aTabletSeatAnnouncesTheTabletAndAPenAndAnEraserWithTheirCapabilities() throws {
    let (_, client, _) = try setUp()
    let capabilities: [String] = ["capability 1", "capability 2", "capability 3", "capability 4"]
    var expected: [String] = ["seat.tablet_added", "tablet.name Tactile fake tablet", "tablet.id 4617 31431"]
    expected.append("tablet.done")
    for tool in ["pen", "eraser"] {
      expected += ["seat.tool_added", "\(tool).type", "\(tool).serial 0 1"]
      expected += capabilities.map { "\(tool).\($0)" }
      expected.append("\(tool).done")
    }
    let tabletEvents = client.events.filter {
      $0.hasPrefix("seat.t") || $0.hasPrefix("tablet.") || $0.hasPrefix("pen.") || $0.hasPrefix("eraser.")
    }
    #expect(tabletEvents == expected)
  }

  @Test func aPenStrokeArrivesAsProximityDownAxesUpAndOutEachGroupFramed() throws {
    let (compositor, client, window) = try setUp()
    client.events = []
    let proximity = try compositor.tabletProximityIn(.pen, at: .output(x: 20, y: 30))
    compositor.tabletFrame()
    let down = try compositor.tabletDown()
    try compositor.tabletMotion(
      to: .surface(id: window, x: 25, y: 31),
      axes: TabletAxes(pressure: 30000, distance: 0, tiltX: 30, tiltY: -10, rotation: 45))
    compositor.tabletFrame()
    compositor.advanceClock(milliseconds: 8)
    let button = try compositor.tabletButton(button: 331, pressed: true)
    compositor.tabletFrame()
    try compositor.tabletUp()
    compositor.tabletFrame()
    try compositor.tabletProximityOut()
    compositor.tabletFrame()
    client.roundtrip()
    #expect(
      client.events == [
        "pen.proximity_in \(proximity) true true", "pen.motion 20.0,30.0", "pen.frame 1000",
        "pen.down \(down)", "pen.motion 25.0,31.0", "pen.pressure 30000", "pen.distance 0",
        "pen.tilt 30.0,-10.0", "pen.rotation 45.0", "pen.frame 1000",
        "pen.button \(button) 331 1", "pen.frame 1008", "pen.up", "pen.frame 1008", "pen.proximity_out",
        "pen.frame 1008",
      ])
    #expect(compositor.tabletToolsInProximity.isEmpty)
    #expect(compositor.finish().isClean)
  }

  @Test func theEraserIsItsOwnToolObject() throws {
    let (compositor, client, _) = try setUp()
    client.events = []
    try compositor.tabletProximityIn(.eraser, at: .output(x: 5, y: 5))
    compositor.tabletFrame(.eraser)
    client.roundtrip()
    #expect(client.events.first?.hasPrefix("eraser.proximity_in") == true)
    #expect(client.events.last == "eraser.frame 1000")
    #expect(compositor.tabletToolsInProximity == [.eraser])
  }

  @Test func brokenSequencesAreSentAsTheyAreForRobustnessTests() throws {
    let (compositor, client, _) = try setUp()
    client.events = []
    // A motion before any proximity_in goes to the client under it.
    try compositor.tabletMotion(to: .output(x: 10, y: 10), axes: TabletAxes(pressure: 70000))
    try compositor.tabletProximityIn(at: .output(x: 10, y: 10))
    try compositor.tabletDown()
    try compositor.tabletDown()
    try compositor.tabletRemoveTool(.pen)
    client.roundtrip()
    #expect(client.events.first == "pen.motion 10.0,10.0")
    #expect(client.events.contains("pen.pressure 70000"))
    #expect(client.events.filter { $0.hasPrefix("pen.down") }.count == 2)
    #expect(client.events.last == "pen.removed")
    #expect(throws: TabletError.noSuchTool(.pen)) { try compositor.tabletDown() }
  }

  @Test func removingTheTabletSendsRemovedAndRefusesFurtherToolEvents() throws {
    let (compositor, client, _) = try setUp()
    try compositor.tabletProximityIn(at: .output(x: 10, y: 10))
    try compositor.tabletDown()
    client.roundtrip()
    client.events = []
    compositor.tabletRemove()
    client.roundtrip()
    #expect(client.events == ["tablet.removed"])
    #expect(throws: TabletError.tabletRemoved) { try compositor.tabletUp() }
    compositor.tabletAdd()
    client.roundtrip()
    #expect(
      client.events.suffix(4) == [
        "seat.tablet_added", "tablet.name Tactile fake tablet", "tablet.id 4617 31431", "tablet.done",
      ])
  }

  @Test func aToolInProximityCannotComeInAgain() throws {
    let (compositor, _, _) = try setUp()
    try compositor.tabletProximityIn(at: .output(x: 10, y: 10))
    #expect(throws: TabletError.toolInProximity(.pen)) {
      try compositor.tabletProximityIn(at: .output(x: 20, y: 20))
    }
    #expect(throws: TabletError.toolNeverInProximity(.eraser)) { try compositor.tabletDown(.eraser) }
  }

  @Test func theToolsSetCursorIsAcceptedOnlyWithTheLatestProximitySerial() throws {
    let (compositor, client, _) = try setUp()
    let serial = try compositor.tabletProximityIn(at: .output(x: 10, y: 10))
    compositor.tabletFrame()
    client.roundtrip()
    let tool = try #require(client.tabletTools.first)
    zwp_tablet_tool_v2_set_cursor(tool, serial &+ 100, nil, 0, 0)
    zwp_tablet_tool_v2_set_cursor(tool, serial, nil, 0, 0)
    client.roundtrip()
    let cursors = compositor.requestLog.compactMap {
      if case .setCursor(let serial, let accepted) = $0.kind { (serial, accepted) } else { nil }
    }
    #expect(cursors.map(\.1) == [false, true])
    #expect(compositor.failures.map(\.interface) == ["zwp_tablet_tool_v2"])
  }

  @Test func penScriptLinesDriveTheTablet() throws {
    let (compositor, client, _) = try setUp()
    client.events = []
    let runner = ScriptRunner(compositor: compositor)
    runner.steps = 2
    try runner.run(
      Script(
        parsing: """
          pen in 10 10
          pen frame
          pen down
          pen move 12 11 pressure 40000 tilt 5 6
          pen frame
          pen button 332 down
          pen up
          pen out
          pen frame
          pen stroke 10 10 50 10 20ms
          pen eraser in 30 30
          pen eraser frame
          tablet remove
          """))
    client.roundtrip()
    let names = client.events.map { String($0.split(separator: " ")[0]) }
    #expect(
      Array(names.prefix(13)) == [
        "pen.proximity_in", "pen.motion", "pen.frame", "pen.down", "pen.motion", "pen.pressure", "pen.tilt",
        "pen.frame", "pen.button", "pen.up", "pen.proximity_out", "pen.frame", "pen.proximity_in",
      ])
    #expect(client.events.contains("pen.pressure 16384"))
    #expect(client.events.contains("pen.pressure 49152"))
    #expect(names.suffix(4) == ["eraser.proximity_in", "eraser.motion", "eraser.frame", "tablet.removed"])
  }

  @Test func malformedPenLinesAreSyntaxErrors() {
    #expect(throws: ScriptError.self) { try Script(parsing: "pen sideways") }
    #expect(throws: ScriptError.self) { try Script(parsing: "pen move 1 2 weight 3") }
    #expect(throws: ScriptError.self) { try Script(parsing: "pen button 331 pressed") }
    #expect(throws: ScriptError.self) { try Script(parsing: "tablet explode") }
    #expect(throws: ScriptError.self) { try Script(parsing: "pen in 1") }
  }
}
