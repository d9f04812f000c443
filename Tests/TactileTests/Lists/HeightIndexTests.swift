import Testing

@testable import TactileCore

@Suite struct HeightIndexTests {
  @Test func theItemAtAnOffsetIsTheOneCoveringIt() {
    let index = HeightIndex([10, 0, 20, 5])
    #expect(index.total == 35)
    #expect(index.offset(of: 2) == 10)
    #expect(index.index(at: -5) == 0)
    #expect(index.index(at: 9.5) == 0)
    #expect(index.index(at: 10) == 2, "the empty item starting at 10 is skipped")
    #expect(index.index(at: 31) == 3)
    #expect(index.index(at: 100) == 3)
    #expect(HeightIndex([]).index(at: 0) == nil)
  }

  @Test func changingAHeightMovesTheItemsAfterIt() {
    var index = HeightIndex(Array(repeating: 44, count: 100_000))
    index.setHeight(100, at: 10)
    #expect(index.offset(of: 11) == 11 * 44 + 56)
    #expect(index.index(at: 11 * 44 + 56) == 11)
    #expect(index.total == 100_000 * 44 + 56)
    index.setHeight(.nan, at: 3)
    #expect(index.heights[3] == 0, "a non-finite height counts as 0")
  }
}
