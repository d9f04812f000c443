import Foundation
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The rules of `PencilAxes`, one test each: tablet-v2's axis values to the core's pencil values.
@MainActor @Suite struct PencilAxesTests {
  @Test func pressureScalesOntoTheMaximumForceAndBeyondTheRangeCountsAsFull() {
    #expect(PencilAxes.force(pressure: 0) == 0)
    #expect(PencilAxes.force(pressure: 65535) == Touch.maximumPencilForce)
    #expect(PencilAxes.force(pressure: 70000) == Touch.maximumPencilForce)
  }

  @Test func distanceBecomesAHeightFromZeroToOne() {
    #expect(PencilAxes.zOffset(distance: 0) == 0)
    #expect(PencilAxes.zOffset(distance: UInt32.max) == 1)
  }

  @Test func noTiltStandsUpright() throws {
    let angles = try #require(PencilAxes.angles(tiltX: 0, tiltY: 0))
    #expect(angles.altitude == .pi / 2 && angles.azimuth == 0)
  }

  @Test func tiltTowardsMinusXLeansTheOtherWay() throws {
    let angles = try #require(PencilAxes.angles(tiltX: -30, tiltY: 0))
    #expect(abs(angles.altitude - .pi / 3) < 1e-9)
    #expect(abs(abs(angles.azimuth) - .pi) < 1e-9)
  }

  @Test func tiltOnBothAxesLeansDiagonally() throws {
    let angles = try #require(PencilAxes.angles(tiltX: 45, tiltY: 45))
    #expect(abs(angles.azimuth - .pi / 4) < 1e-9)
    #expect(abs(angles.altitude - (.pi / 2 - atan(2.0.squareRoot()))) < 1e-9)
  }

  @Test func aTiltBeyondNinetyDegreesLiesFlatAndNonFiniteTiltIsIgnored() throws {
    let flat = try #require(PencilAxes.angles(tiltX: 500, tiltY: 0))
    #expect(flat.altitude >= 0 && flat.altitude < 0.02)
    #expect(PencilAxes.angles(tiltX: .nan, tiltY: 0) == nil)
  }

  @Test func toolTypesMapToPencilToolsAndPointerLikeToolsToNone() {
    #expect(PencilAxes.tool(type: 0x140) == .pen)
    #expect(PencilAxes.tool(type: 0x141) == .eraser)
    #expect(PencilAxes.tool(type: 0x146) == nil, "the mouse tool")
  }

  @Test func stylusButtonsMapToMaskButtons() {
    #expect(PencilAxes.button(code: 331) == .secondary)
    #expect(PencilAxes.button(code: 332) == .middle)
    #expect(PencilAxes.button(code: 272) == nil)
  }
}
