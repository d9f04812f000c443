import TactileGeometry

extension Canvas {
  /// Strokes the outline of `rect` with a line `width` wide centred on it (mitred corners).
  public func stroke(_ rect: Rect, width: Double, with paint: Paint) {
    guard rect.isFinite, width > 0, width.isFinite, rect.width > 0 || rect.height > 0 else { return }
    let half = width / 2
    let t = state.transform
    var polygons = [ShapeOutline.rect(rect.insetBy(dx: -half, dy: -half), t)]
    let inner = rect.insetBy(dx: half, dy: half)
    if inner.width > 0 && inner.height > 0 {
      polygons.append(ShapeOutline.rect(inner, t).reversed())
    }
    fillPolygons(polygons, rule: .nonZero, with: paint)
  }

  /// Strokes a rounded rectangle with a line `width` wide centred on its outline: the ring between the
  /// outline grown and shrunk by half the width, in closed form (`RoundedShapeCoverage`) under a
  /// transform that keeps axes aligned, scan converted otherwise.
  public func stroke(_ shape: RoundedRect, width: Double, with paint: Paint) {
    guard shape.rect.isFinite, width > 0, width.isFinite else { return }
    let half = width / 2
    let t = state.transform
    let outer = shape.outset(by: half)
    var polygons = [ShapeOutline.roundedRect(outer, t)]
    let inner = shape.outset(by: -half)
    guard inner.rect.width > 0 && inner.rect.height > 0 && shape.rect.width > 0 else {
      return fillPolygons(polygons, rule: .nonZero, with: paint)
    }
    polygons.append(ShapeOutline.roundedRect(inner, t).reversed())
    // Axis-aligned: the ring between the two shapes in closed form.
    guard let o = deviceShape(outer), let i = deviceShape(inner) else {
      return fillPolygons(polygons, rule: .nonZero, with: paint)
    }
    guard var sink = makeSink(paint) else { return }
    fillRounded(o, hole: i, into: &sink)
  }

  /// Strokes the ellipse inscribed in `rect` with a line `width` wide centred on it. For circles the
  /// stroke is exact; for other ellipses it is the ring between the ellipses grown and shrunk by half
  /// the width (close to, but not exactly, the true offset curve), in closed form under a transform
  /// that keeps axes aligned.
  public func strokeEllipse(in rect: Rect, width: Double, with paint: Paint) {
    guard rect.isFinite, width > 0, width.isFinite, rect.width > 0, rect.height > 0 else { return }
    let half = width / 2
    let t = state.transform
    let outer = rect.insetBy(dx: -half, dy: -half)
    let inner = rect.insetBy(dx: half, dy: half)
    let hasHole = inner.width > 0 && inner.height > 0
    // Axis-aligned: in closed form, the outer ellipse's area less the inner one's.
    if let o = deviceEllipse(in: outer) {
      let i = hasHole ? deviceEllipse(in: inner) : nil
      guard !hasHole || i != nil, var sink = makeSink(paint) else { return }
      return fillRounded(o, hole: i, into: &sink)
    }
    var polygons = [ShapeOutline.ellipse(in: outer, t)]
    if hasHole { polygons.append(ShapeOutline.ellipse(in: inner, t).reversed()) }
    fillPolygons(polygons, rule: .nonZero, with: paint)
  }

  /// Strokes `path` with `style` (width in user units, transformed with the path).
  public func stroke(_ path: Path, style: StrokeStyle, with paint: Paint) {
    guard style.width > 0, style.width.isFinite else { return }
    let t = state.transform
    let scale = ShapeOutline.scaleFactor(of: t)
    guard scale > 0 else { return }
    let lines = PathFlattener.flatten(path, transform: .identity, tolerance: ShapeOutline.tolerance / scale)
    var stroker = Stroker(style: style, deviceScale: scale)
    for line in lines { stroker.add(line) }
    let polygons = stroker.pieces.map { $0.map { t.apply(to: $0) } }
    fillPolygons(polygons, rule: .nonZero, with: paint)
  }
}
