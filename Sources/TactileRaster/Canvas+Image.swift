import TactileGeometry

extension Canvas {
  /// Draws `image` scaled into `rect` (user space), through the transform, with global alpha. An image
  /// placed unscaled on whole device pixels is copied pixel for pixel (composited source-over).
  public func draw(_ image: Image, in rect: Rect, filter: ImageFilter = .bilinear) {
    guard rect.isFinite, rect.width > 0, rect.height > 0, alpha8 > 0 else { return }
    let t = state.transform
    guard let shader = ImageShader(image: image, in: rect, transform: t, filter: filter) else { return }
    var sink = makeSink(color: 0, shader: shader, alpha: alpha8)
    if t.b == 0, t.c == 0, let box = Self.wholePixels(t.apply(to: rect)) {
      let b = box.intersection(state.clip)
      guard !b.isEmpty else { return }
      for y in b.y0..<b.y1 { sink.span(y: y, x: b.x0, count: b.x1 - b.x0, coverage: 255) }
      return
    }
    rasterizer.fill([ShapeOutline.rect(rect, t)], rule: .nonZero, clip: state.clip, into: &sink)
  }

  /// Draws `image` at its own size (one image pixel per user unit) with its top-left corner at `point`.
  public func draw(_ image: Image, at point: Point, filter: ImageFilter = .bilinear) {
    draw(
      image, in: Rect(origin: point, size: Size(width: Double(image.width), height: Double(image.height))),
      filter: filter)
  }
}
