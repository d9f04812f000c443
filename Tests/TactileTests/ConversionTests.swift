import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct ConversionTests {
  @Test func pointsConvertBetweenSiblingsCousinsAndTheWindow() {
    let app = TestApplication()
    let a = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
    let b = View(frame: Rect(x: 5, y: 5, width: 50, height: 50))
    let c = View(frame: Rect(x: 200, y: 300, width: 50, height: 50))
    app.rootView.addSubview(a)
    a.addSubview(b)
    app.rootView.addSubview(c)
    #expect(b.convert(Point(x: 1, y: 1), to: nil) == Point(x: 16, y: 26))
    #expect(b.convert(Point(x: 16, y: 26), from: nil) == Point(x: 1, y: 1))
    #expect(b.convert(Point(x: 1, y: 1), to: c) == Point(x: -184, y: -274))
    #expect(c.convert(Point(x: 1, y: 1), from: b) == Point(x: -184, y: -274))
    #expect(
      b.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: a) == Rect(x: 5, y: 5, width: 10, height: 10))
  }

  @Test func conversionRespectsBoundsOriginAndRotation() {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let rotated = View(frame: Rect(x: 100, y: 100, width: 100, height: 50))
    root.addSubview(rotated)
    rotated.transform = AffineTransform(rotationAngle: .pi / 2)
    let corner = rotated.convert(Point(x: 0, y: 0), to: root)
    #expect(abs(corner.x - 175) < 1e-9)
    #expect(abs(corner.y - 75) < 1e-9)
    let back = rotated.convert(corner, from: root)
    #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)

    let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(scroller)
    scroller.bounds.origin = Point(x: 0, y: 40)
    #expect(scroller.convert(Point(x: 0, y: 40), to: root) == Point(x: 0, y: 0))
  }

  @Test func convertingIntoACollapsedViewGivesNaN() {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let flat = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(flat)
    flat.transform = AffineTransform(scaleX: 0, y: 1)
    #expect(flat.convert(Point(x: 5, y: 5), from: root).x.isNaN)
  }
}
