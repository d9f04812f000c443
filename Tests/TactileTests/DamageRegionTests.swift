import TactileCore
import TactileGeometry
import Testing

@Suite struct DamageRegionTests {
  @Test func overlappingRectanglesMergeAndSeparateOnesStaySeparate() {
    var region = DamageRegion()
    region.add(Rect(x: 0, y: 0, width: 10, height: 10))
    region.add(Rect(x: 5, y: 5, width: 10, height: 10))
    region.add(Rect(x: 100, y: 100, width: 10, height: 10))
    region.add(Rect(x: 0, y: 0, width: 0, height: 10))
    region.add(Rect(x: .nan, y: 0, width: 10, height: 10))
    #expect(
      region.rects == [Rect(x: 0, y: 0, width: 15, height: 15), Rect(x: 100, y: 100, width: 10, height: 10)])
  }

  @Test func tooManyRectanglesCollapseIntoTheirBoundingBox() {
    var region = DamageRegion()
    for i in 0...DamageRegion.maximumRectCount {
      region.add(Rect(x: Double(i) * 20, y: 0, width: 5, height: 5))
    }
    #expect(
      region.rects == [Rect(x: 0, y: 0, width: Double(DamageRegion.maximumRectCount) * 20 + 5, height: 5)])
  }
}

@Suite struct DamageRegionPixelTests {
  @Test func pixelAlignmentRoundsOutwardsAtFractionalScalesAndStaysInTheBuffer() {
    var region = DamageRegion()
    region.add(Rect(x: 1.1, y: 2, width: 3, height: 1.1))
    region.add(Rect(x: 90, y: 90, width: 20, height: 20))
    let buffer = Rect(x: 0, y: 0, width: 125, height: 125)
    // 1.1 × 1.25 = 1.375 → 1; 4.1 × 1.25 = 5.125 → 6; 2 × 1.25 = 2.5 → 2; 3.1 × 1.25 = 3.875 → 4.
    #expect(
      region.pixelAligned(scale: 1.25, within: buffer).rects == [
        Rect(x: 1, y: 2, width: 5, height: 2), Rect(x: 112, y: 112, width: 13, height: 13),
      ])
    #expect(region.pixelAligned(scale: .nan, within: buffer).isEmpty)
  }

  @Test func aUnionKeepsEveryRectangle() {
    var a = DamageRegion(Rect(x: 0, y: 0, width: 2, height: 2))
    a.formUnion(DamageRegion(Rect(x: 10, y: 0, width: 2, height: 2)))
    a.formUnion(DamageRegion(Rect(x: 1, y: 1, width: 2, height: 2)))
    #expect(a.rects == [Rect(x: 10, y: 0, width: 2, height: 2), Rect(x: 0, y: 0, width: 3, height: 3)])
  }
}
