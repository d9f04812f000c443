import Tactile
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
