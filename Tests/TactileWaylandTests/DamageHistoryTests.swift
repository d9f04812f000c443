import TactileCore
import TactileGeometry
import Testing

@testable import TactileWayland

@Suite struct DamageHistoryTests {
  private func region(_ x: Double) -> DamageRegion {
    DamageRegion(Rect(x: x, y: 0, width: 1, height: 1))
  }

  @Test func aBufferMissesTheDamageOfEveryFrameSinceItWasShown() {
    var history = DamageHistory()
    #expect(history.commit(region(0)) == 1)
    #expect(history.commit(region(10)) == 2)
    #expect(history.commit(region(20)) == 3)
    #expect(history.staleRegion(sinceFrame: 3) == DamageRegion(), "it shows the latest frame")
    #expect(history.staleRegion(sinceFrame: 2) == region(20))
    var both = region(10)
    both.formUnion(region(20))
    #expect(history.staleRegion(sinceFrame: 1) == both)
  }

  @Test func aNewTooOldOrForeignBufferIsUnknown() {
    var history = DamageHistory()
    #expect(history.staleRegion(sinceFrame: nil) == nil, "a buffer that never showed a frame")
    for x in 0..<(DamageHistory.depth + 2) { _ = history.commit(region(Double(x))) }
    #expect(history.staleRegion(sinceFrame: 1) == nil, "older than the history")
    #expect(history.staleRegion(sinceFrame: 2) != nil, "missed exactly as many frames as are kept")
    #expect(history.staleRegion(sinceFrame: 99) == nil, "a frame not committed yet")
  }

  @Test func invalidatingMakesEveryEarlierBufferUnknown() {
    var history = DamageHistory()
    _ = history.commit(region(0))
    _ = history.commit(region(1))
    history.invalidate()
    #expect(history.staleRegion(sinceFrame: 2) == nil, "drawn at the old size or scale")
    let next = history.commit(region(2))
    #expect(history.staleRegion(sinceFrame: next) == DamageRegion())
    #expect(history.staleRegion(sinceFrame: 2) == nil)
  }
}
