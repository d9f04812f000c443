import TactileGeometry

extension Canvas {
  /// Draws `image` scaled into `rect` (user space), through the transform, with global alpha. An image
  /// placed unscaled on whole device pixels is copied pixel for pixel (composited source-over).
  public func draw(_ image: Image, in rect: Rect, filter: ImageFilter = .bilinear) {
    guard rect.isFinite, rect.width > 0, rect.height > 0, alpha8 > 0 else { return }
    let t = state.transform
    image.pixels.withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress,
        let shader = ImageShader(
          pixels: base, width: image.width, height: image.height, in: rect, transform: t, filter: filter)
      else { return }
      var sink = makeSink(color: 0, shader: shader, alpha: alpha8)
      guard t.b == 0, t.c == 0 else {
        return rasterizer.fill([ShapeOutline.rect(rect, t)], rule: .nonZero, clip: state.clip, into: &sink)
      }
      let device = t.apply(to: rect)
      guard let box = Self.wholePixels(device) else { return fillAnalytic(device, into: &sink) }
      fillBox(box, into: &sink)
    }
  }

  /// Draws `image` at its own size (one image pixel per user unit) with its top-left corner at `point`.
  public func draw(_ image: Image, at point: Point, filter: ImageFilter = .bilinear) {
    draw(
      image, in: Rect(origin: point, size: Size(width: Double(image.width), height: Double(image.height))),
      filter: filter)
  }
}
