import TactileGeometry

extension Canvas {
  /// Fills the clip with `color`, replacing the pixels (no blending, transform and global alpha
  /// ignored). Pixels under a partially covering rounded clip are blended in proportion to it.
  public func clear(_ color: Color) {
    let premultiplied = color.premultiplied.argb
    let box = state.clip
    guard !box.isEmpty else { return }
    if state.mask == nil && box.x0 == 0 && box.x1 == pixmap.width && pixmap.stride == pixmap.width * 4 {
      // Whole rows without padding are one run of memory.
      return Blend.fill(pixmap.row(box.y0), (box.y1 - box.y0) * pixmap.width, premultiplied)
    }
    for y in box.y0..<box.y1 {
      let row = pixmap.row(y) + box.x0
      let count = box.x1 - box.x0
      guard let mask = state.mask else {
        Blend.fill(row, count, premultiplied)
        continue
      }
      let m = mask.row(y, x: box.x0)
      for i in 0..<count {
        let c = UInt32(m[i])
        row[i] = Blend.scale(premultiplied, c) &+ Blend.scale(row[i], 255 &- c)
      }
    }
  }

  /// Fills `rect` (user space). An axis-aligned rectangle on whole device pixels is filled directly;
  /// anything else is rasterized with exact-area anti-aliasing.
  public func fill(_ rect: Rect, with paint: Paint) {
    guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
    let t = state.transform
    if t.b == 0, t.c == 0 {
      let device = t.apply(to: rect)
      guard device.isFinite, var sink = makeSink(paint) else { return }
      if let box = Self.wholePixels(device) { return fillBox(box, into: &sink) }
      return fillAnalytic(device, into: &sink)
    }
    fillPolygons([ShapeOutline.rect(rect, t)], rule: .nonZero, with: paint)
  }

  /// Fills a rounded rectangle (user space). Under an axis-aligned transform the coverage is computed
  /// analytically (`RoundedShapeCoverage`); under rotation or shear the outline is scan converted.
  public func fill(_ shape: RoundedRect, with paint: Paint) {
    guard shape.rect.isFinite, shape.rect.width > 0, shape.rect.height > 0 else { return }
    guard let device = deviceShape(shape) else {
      return fillPolygons([ShapeOutline.roundedRect(shape, state.transform)], rule: .nonZero, with: paint)
    }
    guard var sink = makeSink(paint) else { return }
    fillRounded(device, into: &sink)
  }

  /// Fills the ellipse inscribed in `rect` (user space), analytically under an axis-aligned transform.
  public func fillEllipse(in rect: Rect, with paint: Paint) {
    guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
    guard let device = deviceEllipse(in: rect) else {
      return fillPolygons([ShapeOutline.ellipse(in: rect, state.transform)], rule: .nonZero, with: paint)
    }
    guard var sink = makeSink(paint) else { return }
    fillRounded(device, into: &sink)
  }

  /// Fills `path` with the given rule. Open subpaths are closed with a straight line.
  public func fill(_ path: Path, rule: FillRule = .nonZero, with paint: Paint) {
    let polygons = PathFlattener.flatten(path, transform: state.transform).map(\.points)
    fillPolygons(polygons, rule: rule, with: paint)
  }

  /// Rasterizes device-space polygons with `paint`, through the clip.
  func fillPolygons(_ polygons: [[Point]], rule: FillRule, with paint: Paint) {
    guard state.transform.determinant != 0, var sink = makeSink(paint) else { return }
    rasterizer.fill(polygons, rule: rule, clip: state.clip, into: &sink)
  }

  /// Fills whole device pixels, clipped.
  func fillBox<S: SpanSink>(_ box: PixelBox, into sink: inout S) {
    let b = box.intersection(state.clip)
    guard !b.isEmpty else { return }
    sink.block(rows: b.y0..<b.y1, x: b.x0, count: b.x1 - b.x0, coverage: 255)
  }

  /// The pixel box of `rect` when all its edges lie on whole pixels (within 1/1024 pixel).
  static func wholePixels(_ rect: Rect) -> PixelBox? {
    // One vector, not arrays: a rect fill is called a thousand times a frame.
    let edges = SIMD4(rect.minX, rect.minY, rect.maxX, rect.maxY)
    let rounded = edges.rounded(.toNearestOrAwayFromZero)
    let difference = edges - rounded
    let limit = Double(1 << 30)
    let onPixels = (difference .<= 1.0 / 1024) .& (difference .>= -1.0 / 1024)
    guard all(onPixels .& (rounded .<= limit) .& (rounded .>= -limit)) else { return nil }
    return PixelBox(x0: Int(rounded.x), y0: Int(rounded.y), x1: Int(rounded.z), y1: Int(rounded.w))
  }

  /// The compositor for `paint` in the current state, or nil when it would draw nothing.
  func makeSink(_ paint: Paint) -> PaintSink? {
    let alpha = alpha8
    guard alpha > 0 else { return nil }
    var color: UInt32 = 0
    var shader: Shader?
    if case .color(let c) = paint {
      color = Blend.scale(c.premultiplied.argb, alpha)
      guard color >> 24 != 0 else { return nil }
    } else {
      guard let gradient = GradientShader(paint, transform: state.transform) else { return nil }
      shader = gradient
    }
    return makeSink(color: color, shader: shader, alpha: alpha)
  }

  /// A compositor with `shader`, which stays alive (in ``sinkShader``) until the next sink is made; the
  /// mask is the state's, alive while the state is unchanged.
  func makeSink(color: UInt32, shader: Shader?, alpha: UInt32) -> PaintSink {
    sinkShader = shader
    return PaintSink(
      pixmap: pixmap, color: color, shader: shader, alpha: alpha, mask: state.mask,
      sourceRow: sourceRow.pointer, coverageRow: coverageRow.pointer)
  }
}
