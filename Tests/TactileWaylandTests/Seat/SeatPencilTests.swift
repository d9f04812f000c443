import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// A view that notes each touch it receives with the pencil's values, and checks every touch's life
/// with a ``TactileCoreTesting/TouchLedger``.
@MainActor final class PencilProbe: View {
  let name: String
  var entries: [String] = []
  var touches: [Touch] = []
  var masks: [ButtonMask] = []
  let ledger: TouchLedger

  init(_ name: String, frame: Rect, ledger: TouchLedger) {
    self.name = name
    self.ledger = ledger
    super.init(frame: frame)
    isMultipleTouchEnabled = true
  }

  private func note(_ set: Set<Touch>, _ phase: Touch.Phase, _ event: Event?) {
    ledger.record(set, phase, at: self)
    for touch in set {
      entries.append("\(name).\(phase) \(touch.type)")
      touches.append(touch)
    }
    masks.append(event?.buttonMask ?? [])
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note(touches, .began, event) }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note(touches, .moved, event) }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note(touches, .ended, event) }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    note(touches, .cancelled, event)
  }
}

/// tablet-unstable-v2 from the fake compositor to a Tactile app's views: pens as UIKit pencil touches,
/// hover, the cursor, palm rejection and bad input, over the real wire.
@MainActor @Suite struct SeatPencilTests {
  let ledger = TouchLedger()

  /// An app with a 200×100 window: a probe on the left half and one on the right.
  func setUp() throws -> (SeatHarness, left: PencilProbe, right: PencilProbe) {
    let app = try SeatHarness()
    let left = PencilProbe("left", frame: Rect(x: 0, y: 0, width: 100, height: 100), ledger: ledger)
    let right = PencilProbe("right", frame: Rect(x: 100, y: 0, width: 100, height: 100), ledger: ledger)
    app.window.addSubview(left)
    app.window.addSubview(right)
    return (app, left, right)
  }

  /// Proximity at `x`,`y` and the tip down there with `axes`, each framed.
  func penDown(_ app: SeatHarness, _ tool: TabletToolKind = .pen, at x: Double, _ y: Double, axes: TabletAxes)
    throws
  {
    try app.compositor.tabletProximityIn(tool, at: app.at(x, y))
    app.compositor.tabletFrame(tool)
    try app.compositor.tabletDown(tool)
    try app.compositor.tabletMotion(tool, to: nil, axes: axes)
    app.compositor.tabletFrame(tool)
  }

  @Test func aPenDownBeginsAPencilTouchBoundToTheViewUnderIt() throws {
    let (app, left, right) = try setUp()
    try penDown(app, at: 150, 50, axes: TabletAxes(pressure: 32768))
    try app.compositor.tabletMotion(to: app.at(20, 50))
    app.compositor.tabletFrame()
    try app.compositor.tabletUp()
    app.compositor.tabletFrame()
    try app.compositor.tabletProximityOut()
    app.compositor.tabletFrame()
    try app.sync()
    #expect(right.entries == ["right.began pencil", "right.moved pencil", "right.ended pencil"])
    #expect(left.entries.isEmpty, "the touch stays bound to the view it began in")
    let touch = try #require(right.touches.first)
    #expect(touch.pencilTool == .pen)
    #expect(touch.maximumPossibleForce == 4)
    #expect(abs((touch.force ?? 0) - 2) < 0.001, "half the pressure range is half the maximum force")
    #expect(ledger.violations(requireEnd: true).isEmpty)
  }

  @Test func tiltBecomesAltitudeAndAzimuthAndRotationBecomesRoll() throws {
    let (app, _, right) = try setUp()
    try penDown(app, at: 150, 50, axes: TabletAxes(tiltX: 0, tiltY: 45, rotation: 90))
    try app.sync()
    let touch = try #require(right.touches.first)
    #expect(abs(touch.altitudeAngle - .pi / 4) < 0.001)
    #expect(abs(touch.azimuthAngle(in: nil) - .pi / 2) < 0.001, "leaning towards +y, down the window")
    #expect(abs(touch.azimuthUnitVector(in: right).y - 1) < 0.001)
    #expect(abs(touch.rollAngle - .pi / 2) < 0.001)
  }

  @Test func anUprightPenStandsAtAltitudeHalfPiWithAzimuthZero() throws {
    let (app, _, right) = try setUp()
    try penDown(app, at: 150, 50, axes: TabletAxes(pressure: 100))
    try app.sync()
    let touch = try #require(right.touches.first)
    #expect(touch.altitudeAngle == .pi / 2)
    #expect(touch.azimuthAngle(in: right) == 0)
  }

  @Test func theEraserEndMakesAnEraserTouch() throws {
    let (app, left, _) = try setUp()
    try penDown(app, .eraser, at: 50, 50, axes: TabletAxes(pressure: 65535))
    try app.sync()
    #expect(left.touches.first?.pencilTool == .eraser)
    #expect(left.touches.first?.force == 4)
  }

  @Test func barrelButtonsAreInTheEventsButtonMask() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 1000))
    try app.compositor.tabletButton(button: 331, pressed: true)
    try app.compositor.tabletMotion(to: app.at(55, 50))
    app.compositor.tabletFrame()
    try app.sync()
    #expect(left.masks == [[], [.secondary]])
  }

  @Test func aHoveringPenDrivesAHoverRecognizerWithItsHeightAndAngles() throws {
    let (app, left, _) = try setUp()
    let hover = HoverGestureRecognizer()
    var states: [GestureRecognizer.State] = []
    var heights: [Double] = []
    hover.addAction { recognizer in
      states.append(recognizer.state)
      heights.append((recognizer as! HoverGestureRecognizer).zOffset)
    }
    left.addGestureRecognizer(hover)
    try app.compositor.tabletProximityIn(at: app.at(50, 50))
    try app.compositor.tabletMotion(to: nil, axes: TabletAxes(distance: 32768, tiltX: 45, tiltY: 0))
    app.compositor.tabletFrame()
    try app.compositor.tabletMotion(to: app.at(60, 50), axes: TabletAxes(distance: 0))
    app.compositor.tabletFrame()
    try app.sync()
    #expect(states == [.began, .changed])
    #expect(abs(heights[0] - 0.5) < 0.001 && heights[1] == 0)
    #expect(abs(hover.altitudeAngle - .pi / 4) < 0.001)
    #expect(abs(hover.azimuthAngle(in: left)) < 0.001)
    try app.compositor.tabletDown()
    app.compositor.tabletFrame()
    try app.sync()
    #expect(states.last == .ended, "touching down ends the hover")
    #expect(left.entries == ["left.began pencil"])
  }

  @Test func recognizersReceivePencilTouchesOnlyWhenTheyAllowThem() throws {
    let (app, left, _) = try setUp()
    let fingers = TapGestureRecognizer()
    fingers.allowedTouchTypes = [.direct]
    let pencils = TapGestureRecognizer()
    pencils.allowedTouchTypes = [.pencil]
    var taps: [String] = []
    fingers.addAction { if $0.state == .ended { taps.append("fingers") } }
    pencils.addAction { if $0.state == .ended { taps.append("pencils") } }
    left.addGestureRecognizer(fingers)
    left.addGestureRecognizer(pencils)
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 20000))
    try app.compositor.tabletUp()
    app.compositor.tabletFrame()
    try app.sync()
    #expect(taps == ["pencils"])
  }

  @Test func theToolGetsTheCursorOfTheViewUnderItWithItsProximitySerial() throws {
    let (app, _, right) = try setUp()
    right.cursorStyle = .text
    let serial = try app.compositor.tabletProximityIn(at: app.at(150, 50))
    app.compositor.tabletFrame()
    try app.settle()
    let requests = app.compositor.requestLog.compactMap {
      if case .setCursor(let serial, let accepted) = $0.kind { (serial, accepted) } else { nil }
    }
    #expect(requests.map(\.0) == [serial])
    let accepted = requests.map(\.1)
    #expect(accepted == [true])
    #expect(app.compositor.failures.isEmpty)
  }

  // MARK: Palm rejection

  @Test func aFingerAlreadyDownIsCancelledOnceWhenThePenComesNear() throws {
    let (app, left, right) = try setUp()
    try app.compositor.touchDown(id: 1, at: app.at(20, 50))
    app.compositor.touchFrame()
    try app.sync()
    try penDown(app, at: 150, 50, axes: TabletAxes(pressure: 30000))
    try app.compositor.touchMotion(id: 1, to: app.at(30, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(left.entries == ["left.began direct", "left.cancelled direct"])
    #expect(right.entries == ["right.began pencil"])
    #expect(ledger.violations(requireEnd: false).isEmpty)
  }

  @Test func aFingerThatLandsWhileThePenIsNearIsNotDelivered() throws {
    let (app, left, _) = try setUp()
    try app.compositor.tabletProximityIn(at: app.at(150, 50))
    app.compositor.tabletFrame()
    try app.sync()
    try app.compositor.touchDown(id: 1, at: app.at(20, 50))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(25, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(left.entries.isEmpty)
    #expect(app.window.touchTracker.liveTouches.isEmpty)
  }

  @Test func fingersAreDeliveredAgainOnceThePenLeaves() throws {
    let (app, left, _) = try setUp()
    try app.compositor.tabletProximityIn(at: app.at(150, 50))
    app.compositor.tabletFrame()
    try app.compositor.tabletProximityOut()
    app.compositor.tabletFrame()
    try app.sync()
    try app.compositor.touchDown(id: 1, at: app.at(20, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(left.entries == ["left.began direct", "left.ended direct"])
  }

  @Test func withPalmRejectionOffFingersAndThePenWorkTogether() throws {
    let (app, left, right) = try setUp()
    app.window.palmRejection = .off
    try app.compositor.touchDown(id: 1, at: app.at(20, 50))
    app.compositor.touchFrame()
    try penDown(app, at: 150, 50, axes: TabletAxes(pressure: 30000))
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(left.entries == ["left.began direct", "left.ended direct"])
    #expect(right.entries == ["right.began pencil"])
  }

  // MARK: Bad input

  @Test func motionAndDownBeforeProximityInAreIgnored() throws {
    let (app, left, _) = try setUp()
    try app.compositor.tabletMotion(to: app.at(20, 50), axes: TabletAxes(pressure: 30000))
    app.compositor.tabletFrame()
    try app.sync()
    #expect(left.entries.isEmpty)
    #expect(app.window.touchTracker.liveTouches.isEmpty)
  }

  @Test func aSecondDownWhileDownIsIgnored() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 30000))
    try app.compositor.tabletDown()
    app.compositor.tabletFrame()
    try app.compositor.tabletUp()
    app.compositor.tabletFrame()
    try app.sync()
    #expect(left.entries == ["left.began pencil", "left.ended pencil"])
    #expect(ledger.violations(requireEnd: true).isEmpty)
  }

  @Test func pressureBeyondTheProtocolsRangeCountsAsFull() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 1_000_000))
    try app.sync()
    #expect(left.touches.first?.force == Touch.maximumPencilForce)
  }

  @Test func removingTheTabletMidStrokeCancelsThePenTouchOnce() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 30000))
    try app.sync()
    app.compositor.tabletRemove()
    try app.sync()
    #expect(left.entries == ["left.began pencil", "left.cancelled pencil"])
    #expect(ledger.violations(requireEnd: true).isEmpty)
  }

  @Test func removingTheToolWhileDownCancelsItsTouchOnce() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 30000))
    try app.compositor.tabletRemoveTool(.pen)
    try app.sync()
    #expect(left.entries == ["left.began pencil", "left.cancelled pencil"])
    #expect(ledger.violations(requireEnd: true).isEmpty)
  }

  @Test func leavingProximityWhileDownCancelsTheTouch() throws {
    let (app, left, _) = try setUp()
    try penDown(app, at: 50, 50, axes: TabletAxes(pressure: 30000))
    try app.compositor.tabletProximityOut()
    app.compositor.tabletFrame()
    try app.sync()
    #expect(left.entries == ["left.began pencil", "left.cancelled pencil"])
  }

  @Test func eventsThatNoFrameEndsAreDeliveredAtTheEndOfTheDispatch() throws {
    let (app, left, _) = try setUp()
    try app.compositor.tabletProximityIn(at: app.at(50, 50))
    try app.compositor.tabletDown()
    try app.compositor.tabletMotion(to: nil, axes: TabletAxes(pressure: 30000))
    try app.sync()
    #expect(left.entries == ["left.began pencil"])
    let expected: Double = 30000.0 / 65535.0 * 4.0
    let force: Double = left.touches.first?.force ?? 0
    #expect(abs(force - expected) < 0.001)
  }
}
