import Glibc
import TactileGeometry

/// A shape made of subpaths of straight lines, quadratic and cubic Bézier curves, like `CGPath`.
///
/// Build it with ``move(to:)``, ``addLine(to:)``, ``addQuadCurve(to:control:)``,
/// ``addCurve(to:control1:control2:)``, ``addArc(center:radius:startAngle:endAngle:clockwise:)`` and
/// ``closeSubpath()``. A drawing command before any ``move(to:)`` starts a subpath at its own start
/// (the origin for lines). Non-finite coordinates are recorded; a path containing any is drawn as nothing.
public struct Path: Hashable, Sendable {
  /// One command of a path.
  public enum Element: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(control: Point, end: Point)
    case cubic(control1: Point, control2: Point, end: Point)
    case close
  }

  public private(set) var elements: [Element] = []
  /// The end point of the last command, where the next one starts.
  public private(set) var currentPoint: Point?
  private var subpathStart: Point?

  public init() {}

  /// Whether the path has no drawing commands.
  public var isEmpty: Bool { elements.isEmpty }

  /// Starts a new subpath at `point`.
  public mutating func move(to point: Point) {
    elements.append(.move(point))
    currentPoint = point
    subpathStart = point
  }

  /// A straight line from the current point.
  public mutating func addLine(to point: Point) {
    ensureSubpath(at: .zero)
    elements.append(.line(point))
    currentPoint = point
  }

  /// A quadratic Bézier curve from the current point.
  public mutating func addQuadCurve(to end: Point, control: Point) {
    ensureSubpath(at: control)
    elements.append(.quad(control: control, end: end))
    currentPoint = end
  }

  /// A cubic Bézier curve from the current point.
  public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
    ensureSubpath(at: control1)
    elements.append(.cubic(control1: control1, control2: control2, end: end))
    currentPoint = end
  }

  /// Closes the current subpath with a straight line back to its start.
  public mutating func closeSubpath() {
    guard subpathStart != nil, elements.last != .close else { return }
    elements.append(.close)
    currentPoint = subpathStart
  }

  /// A circular arc, as `CGPath.addArc(center:radius:startAngle:endAngle:clockwise:)` on a y-down screen:
  /// angles in radians from the x axis towards the y axis; `clockwise` follows the screen. A line joins
  /// the current point (if any) to the arc's start. The arc is made of cubic curves (≤ 90° each).
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
      elements.append(.move(Point(x: .nan, y: .nan)))
      return
    }
    var sweep = endAngle - startAngle
    let full = 2 * Double.pi
    if clockwise {
      sweep = sweep.truncatingRemainder(dividingBy: full)
      if sweep < 0 { sweep += full }
      if sweep == 0 && endAngle != startAngle { sweep = full }
    } else {
      sweep = -(-sweep).truncatingRemainder(dividingBy: full)
      if sweep > 0 { sweep -= full }
      if sweep == 0 && endAngle != startAngle { sweep = -full }
    }
    let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
    if currentPoint == nil { move(to: start) } else { addLine(to: start) }
    let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
    let step = sweep / Double(pieces)
    let k = 4.0 / 3.0 * tan(step / 4)
    var a0 = startAngle
    for _ in 0..<pieces {
      let a1 = a0 + step
      let (c0, s0, c1, s1) = (cos(a0), sin(a0), cos(a1), sin(a1))
      addCurve(
        to: Point(x: center.x + radius * c1, y: center.y + radius * s1),
        control1: Point(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0)),
        control2: Point(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1)))
      a0 = a1
    }
  }

  /// A closed rectangle subpath (clockwise on screen).
  public mutating func addRect(_ rect: Rect) {
    let r = rect.standardized
    move(to: Point(x: r.minX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.maxY))
    addLine(to: Point(x: r.minX, y: r.maxY))
    closeSubpath()
  }

  /// A closed ellipse subpath inscribed in `rect`, made of four cubic curves.
  public mutating func addEllipse(in rect: Rect) {
    let r = rect.standardized
    let (rx, ry) = (r.width / 2, r.height / 2)
    let center = r.center
    move(to: Point(x: center.x + rx, y: center.y))
    for q in 0..<4 {
      let a0 = Double(q) * Double.pi / 2
      let a1 = a0 + Double.pi / 2
      let k = 0.552_284_749_830_793_4
      let (c0, s0, c1, s1) = (cos(a0), sin(a0), cos(a1), sin(a1))
      addCurve(
        to: Point(x: center.x + rx * c1, y: center.y + ry * s1),
        control1: Point(x: center.x + rx * (c0 - k * s0), y: center.y + ry * (s0 + k * c0)),
        control2: Point(x: center.x + rx * (c1 + k * s1), y: center.y + ry * (s1 - k * c1)))
    }
    closeSubpath()
  }

  /// A closed rounded-rectangle subpath (clockwise on screen), corners as circular arcs.
  public mutating func addRoundedRect(_ shape: RoundedRect) {
    let r = shape.rect.standardized
    let c = shape.effectiveRadii
    let half = Double.pi / 2
    move(to: Point(x: r.minX + c.topLeft, y: r.minY))
    let corners: [(Double, Point)] = [
      (c.topRight, Point(x: r.maxX - c.topRight, y: r.minY + c.topRight)),
      (c.bottomRight, Point(x: r.maxX - c.bottomRight, y: r.maxY - c.bottomRight)),
      (c.bottomLeft, Point(x: r.minX + c.bottomLeft, y: r.maxY - c.bottomLeft)),
      (c.topLeft, Point(x: r.minX + c.topLeft, y: r.minY + c.topLeft)),
    ]
    for (i, (radius, center)) in corners.enumerated() {
      let start = Double(i - 1) * half
      if radius > 0 {
        addArc(center: center, radius: radius, startAngle: start, endAngle: start + half, clockwise: true)
      } else {
        addLine(to: center)
      }
    }
    closeSubpath()
  }

  private mutating func ensureSubpath(at fallback: Point) {
    if currentPoint == nil { move(to: fallback) }
    if case .close = elements.last, let start = subpathStart { elements.append(.move(start)) }
  }
}
