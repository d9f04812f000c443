import TactileCore
import TactileGeometry
import Testing

@testable import TactileWayland

/// The frame rules of ``TouchFrameAssembler`` without a compositor (the wire tests are in
/// `SeatTouchTests`).
@MainActor @Suite struct TouchFrameAssemblerTests {
  let surface = ProxyKey(OpaquePointer(bitPattern: 0x1000)!)
  let other = ProxyKey(OpaquePointer(bitPattern: 0x2000)!)

  @Test func eventsWaitForTheFrameThenComeAsOneBatch() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: Point(x: 1, y: 1), time: 0)
    assembler.motion(id: 1, location: Point(x: 2, y: 1), time: 0.01)
    #expect(assembler.hasPending)
    let batches = assembler.flushPending()
    #expect(batches.count == 1)
    #expect(batches[0].points.map(\.phase) == [.down, .motion])
    #expect(!assembler.hasPending)
  }

  @Test func aShapeBeforeTheMotionOfItsFrameMakesOneMotionWithBoth() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    assembler.shape(id: 1, major: 10, minor: 6, time: 1)
    assembler.motion(id: 1, location: Point(x: 3, y: 4), time: 1)
    assembler.orientation(id: 1, degrees: 90, time: 1)
    let points = assembler.flushPending().flatMap(\.points)
    #expect(points.count == 1)
    #expect(points.first?.phase == .motion)
    #expect(points.first?.location == Point(x: 3, y: 4))
    #expect(points.first?.majorRadius == 5)
    #expect(points.first?.minorRadius == 3)
    #expect(points.first?.orientation == .pi / 2)
  }

  @Test func badShapesAndOrientationsAreIgnored() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    assembler.shape(id: 1, major: -4, minor: 2, time: 1)
    assembler.shape(id: 1, major: .infinity, minor: 2, time: 1)
    assembler.orientation(id: 1, degrees: .nan, time: 1)
    #expect(!assembler.hasPending)
  }

  @Test func theLastUpFlushesButAnEarlierUpWaits() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    assembler.down(id: 2, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    #expect(assembler.up(id: 1, time: 1).isEmpty)
    let last = assembler.up(id: 2, time: 1)
    #expect(last.first?.points.map(\.phase) == [.up, .up])
  }

  @Test func anUpCarriesTheLastLocationOfItsPoint() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    assembler.motion(id: 1, location: Point(x: 5, y: 6), time: 0)
    let batches = assembler.up(id: 1, time: 1)
    #expect(batches.first?.points.last?.location == Point(x: 5, y: 6))
  }

  @Test func pointsOnTwoSurfacesAreSplitIntoOneBatchPerWindow() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    assembler.down(id: 2, surface: other, location: .zero, time: 0)
    let batches = assembler.flushPending()
    #expect(batches.map(\.surface) == [surface, other])
  }

  /// weston 10.0.1 sends no `cancel` when it cancels touches, and its next touch reuses the id.
  @Test func aDownForAnIdStillLiveCancelsTheLivePointsBeforeTheNewPointBegins() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    assembler.down(id: 2, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    let stale = assembler.down(id: 1, surface: other, location: Point(x: 3, y: 4), time: 1)
    #expect(stale.map(\.surface) == [surface])
    #expect(stale.first?.points.map(\.phase) == [.cancel, .cancel])
    let batches = assembler.up(id: 1, time: 2)
    #expect(batches.map(\.surface) == [other], "the new point is the only live one: its up flushes")
    #expect(batches.first?.points.map(\.phase) == [.down, .up])
  }

  @Test func aDownForANewIdCancelsNothing() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    #expect(assembler.down(id: 2, surface: surface, location: .zero, time: 1).isEmpty)
  }

  @Test func cancelDropsUndeliveredDownsAndCancelsOnlyDeliveredPoints() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    assembler.down(id: 2, surface: surface, location: .zero, time: 0)
    let batches = assembler.cancel(time: 2)
    #expect(batches.count == 1)
    #expect(batches[0].points.map(\.phase) == [.cancel])
    #expect(assembler.flushPending().isEmpty, "the pending down was dropped")
  }

  /// Found by the wire fuzzer: finger 1 lifted in a frame that never came, then `cancel`; the core had
  /// seen finger 1 go down, so it must be cancelled, not forgotten.
  @Test func cancelAlsoCancelsAPointWhoseUpWaitedForAFrame() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: Point(x: 3, y: 4), time: 0)
    assembler.down(id: 2, surface: surface, location: .zero, time: 0)
    _ = assembler.flushPending()
    #expect(assembler.up(id: 1, time: 1).isEmpty)
    assembler.down(id: 3, surface: surface, location: .zero, time: 1)
    _ = assembler.up(id: 3, time: 1)
    let batches = assembler.cancel(time: 2)
    let core = { TouchFrameAssembler.coreIdentifier(seat: 1, kind: 0, id: $0) }
    #expect(
      batches.map(\.points) == [
        [
          TouchPoint(id: core(1), phase: .cancel, location: Point(x: 3, y: 4), timestamp: 2),
          TouchPoint(id: core(2), phase: .cancel, location: .zero, timestamp: 2),
        ]
      ], "finger 3 never reached the core")
  }

  @Test func cancelForOneSurfaceLeavesThePointsOfOthers() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.down(id: 1, surface: surface, location: .zero, time: 0)
    assembler.down(id: 2, surface: other, location: .zero, time: 0)
    _ = assembler.flushPending()
    #expect(assembler.cancel(surface: surface, time: 1).map(\.surface) == [surface])
    assembler.motion(id: 2, location: Point(x: 1, y: 1), time: 2)
    #expect(assembler.flushPending().map(\.surface) == [other])
  }

  @Test func eventsForUnknownIdsAreIgnored() {
    var assembler = TouchFrameAssembler(seat: 1)
    assembler.motion(id: 9, location: .zero, time: 0)
    #expect(assembler.up(id: 9, time: 0).isEmpty)
    #expect(!assembler.hasPending)
  }

  @Test func theTouchesOfTwoSeatsGetDistinctCoreIdsForTheSamePlatformId() {
    var first = TouchFrameAssembler(seat: 1)
    var second = TouchFrameAssembler(seat: 2)
    first.down(id: 0, surface: surface, location: .zero, time: 0)
    second.down(id: 0, surface: surface, location: .zero, time: 0)
    let a = first.flushPending()[0].points[0].id
    let b = second.flushPending()[0].points[0].id
    let pointer = TouchFrameAssembler.coreIdentifier(seat: 1, kind: 1, id: 0)
    #expect(Set([a, b, pointer]).count == 3)
    #expect(TouchFrameAssembler.coreIdentifier(seat: 1, kind: 0, id: -1) != a, "negative ids stay distinct")
  }
}
