import Glibc
import TactileGeometry

@testable import TactileRaster

/// Draws into a fresh image of `width × height` pixels filled with `background`.
func render(
  width: Int, height: Int, background: PremultipliedColor = .clear, _ draw: (Canvas) -> Void
) -> Image {
  var image = try! Image(width: width, height: height, color: background)
  image.withPixmap { draw(Canvas(pixmap: $0)) }
  return image
}

/// Advances the 64-bit linear congruential generator behind the tests' seeded values.
/// - Returns: the new state.
func seededStep(_ state: inout UInt64) -> UInt64 {
  state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  return state
}

/// A seeded generator of doubles in `0 ..< 1`.
struct SeededDoubles {
  var state: UInt64

  mutating func next() -> Double {
    Double(seededStep(&state) >> 11) / Double(UInt64(1) << 53)
  }

  mutating func next(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + next() * (range.upperBound - range.lowerBound)
  }
}

/// The kernel sets this CPU runs, the portable one included.
let supportedKernels = BlendKernels.allCases.filter(\.isSupported)

/// A seeded generator of 32-bit values, integers and premultiplied pixels, for the kernel tests.
struct SeededPixels {
  var state: UInt64

  mutating func next() -> UInt32 { UInt32(truncatingIfNeeded: seededStep(&state) >> 33) }

  /// A value in `range`.
  mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt32(range.upperBound - range.lowerBound + 1))
  }

  /// A valid premultiplied pixel with alpha in `alphas`.
  mutating func pixel(alphas: ClosedRange<UInt32> = 0...255) -> UInt32 {
    let a = alphas.lowerBound + next() % (alphas.upperBound - alphas.lowerBound + 1)
    func channel() -> UInt32 { next() % (a + 1) }
    return a << 24 | channel() << 16 | channel() << 8 | channel()
  }
}

/// Valid premultiplied pixels from a fixed-seed generator.
func testPixels(_ count: Int, seed: UInt32) -> [UInt32] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 1_664_525 &+ 1_013_904_223
    let a = state >> 24
    func channel(_ shift: UInt32) -> UInt32 { a == 0 ? 0 : ((state >> shift) & 0xFF) % (a + 1) }
    return a << 24 | channel(3) << 16 | channel(9) << 8 | channel(15)
  }
}

/// The area of the part of `polygon` inside the unit pixel square at (`px`, `py`): the polygon clipped
/// by Sutherland–Hodgman, then the shoelace formula. Exact for simple polygons.
func exactCoverage(of polygon: [Point], pixelX px: Int, pixelY py: Int) -> Double {
  var poly = polygon
  let (x0, y0, x1, y1) = (Double(px), Double(py), Double(px + 1), Double(py + 1))
  let sides: [(Point) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
  for inside in sides {
    guard !poly.isEmpty else { return 0 }
    var out = [Point]()
    var previous = poly[poly.count - 1]
    for p in poly {
      let (dp, dq) = (inside(previous), inside(p))
      if dq >= 0 {
        if dp < 0 { out.append(previous + (p - previous) * (dp / (dp - dq))) }
        out.append(p)
      } else if dp >= 0 {
        out.append(previous + (p - previous) * (dp / (dp - dq)))
      }
      previous = p
    }
    poly = out
  }
  guard poly.count > 2 else { return 0 }
  var area = 0.0
  var previous = poly[poly.count - 1]
  for p in poly {
    area += previous.x * p.y - p.x * previous.y
    previous = p
  }
  return abs(area) / 2
}

/// A circle as a polygon fine enough to be exact at 8-bit precision.
func finePolygon(circleAt c: Point, radius r: Double, vertices: Int = 4096) -> [Point] {
  (0..<vertices).map { i in
    let a = Double(i) / Double(vertices) * 2 * Double.pi
    return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
  }
}

/// The largest difference between the alpha of each pixel and `255 × coverage(x, y)`.
func maxAlphaError(_ image: Image, expected coverage: (Int, Int) -> Double) -> Int {
  var worst = 0
  for y in 0..<image.height {
    for x in 0..<image.width {
      let want = Int((coverage(x, y) * 255).rounded())
      worst = max(worst, abs(Int(image[x, y].alpha) - want))
    }
  }
  return worst
}

/// The largest per-channel difference between two images of the same size.
func maxChannelDifference(_ a: Image, _ b: Image) -> Int {
  var worst = 0
  for (p, q) in zip(a.pixels, b.pixels) {
    for shift in stride(from: 0, to: 32, by: 8) {
      worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
    }
  }
  return worst
}

let opaqueBlack = Paint.color(.black)

/// A rounded rectangle as a polygon fine enough to be exact at 8-bit precision (clockwise on screen).
func finePolygon(roundedRect r: Rect, radii: CornerRadii, perCorner: Int = 512) -> [Point] {
  let corners: [(Double, Double, Double)] = [
    (radii.topLeft, r.minX + radii.topLeft, r.minY + radii.topLeft),
    (radii.topRight, r.maxX - radii.topRight, r.minY + radii.topRight),
    (radii.bottomRight, r.maxX - radii.bottomRight, r.maxY - radii.bottomRight),
    (radii.bottomLeft, r.minX + radii.bottomLeft, r.maxY - radii.bottomLeft),
  ]
  var points = [Point]()
  for (i, (radius, cx, cy)) in corners.enumerated() {
    for j in 0...perCorner {
      let a = Double(i + 2) * Double.pi / 2 + Double(j) / Double(perCorner) * Double.pi / 2
      points.append(Point(x: cx + radius * cos(a), y: cy + radius * sin(a)))
    }
  }
  return points
}

/// An ellipse inscribed in `rect` as a polygon fine enough to be exact at 8-bit precision.
func finePolygon(ellipseIn rect: Rect, vertices: Int = 4096) -> [Point] {
  (0..<vertices).map { i in
    let a = Double(i) / Double(vertices) * 2 * Double.pi
    return Point(x: rect.midX + rect.width / 2 * cos(a), y: rect.midY + rect.height / 2 * sin(a))
  }
}
