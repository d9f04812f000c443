import TactileGeometry
import Testing

@Suite struct RectTests {
  @Test func containsItsMinimumEdgesButNotItsMaximumEdges() {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(r.contains(Point(x: 10, y: 20)))
    #expect(r.contains(Point(x: 39.999, y: 59.999)))
    #expect(!r.contains(Point(x: 40, y: 30)))
    #expect(!r.contains(Point(x: 20, y: 60)))
  }

  @Test func containsNoPointWithANaNCoordinate() {
    #expect(!Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: .nan, y: 5)))
  }

  @Test func standardizesNegativeSizes() {
    let r = Rect(x: 10, y: 10, width: -4, height: -6)
    #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
    #expect(r.contains(Point(x: 7, y: 5)))
  }

  @Test func intersectionAndUnion() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
  }

  @Test func nonFiniteRectanglesAreEmpty() {
    #expect(Rect(x: .infinity, y: 0, width: 10, height: 10).isEmpty)
    #expect(Rect(x: 0, y: 0, width: .nan, height: 10).isEmpty)
  }

  @Test func integralCoversTheFractionalRectangle() {
    #expect(Rect(x: 0.5, y: 1.2, width: 2, height: 2).integral == Rect(x: 0, y: 1, width: 3, height: 3))
  }
}
