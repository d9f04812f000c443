import TactileGeometry

extension Canvas {
  /// Draws `image` scaled into `rect` (user space), through the transform, with global alpha. An image
  /// placed unscaled on whole device pixels is copied pixel for pixel (composited source-over).
  public func draw(_ image: Image, in rect: Rect, filter: ImageFilter = .bilinear) {
    guard rect.isFinite, rect.width > 0, rect.height > 0, alpha8 > 0 else { return }
    let t = state.transform
    let axisAligned = t.b == 0 && t.c == 0
    let device = t.apply(to: rect)
    // The device columns the image can reach.
    let x0 = max(PixelBox.coordinate(down: device.minX), state.clip.x0)
    let columns = x0..<max(x0, min(PixelBox.coordinate(up: device.maxX), state.clip.x1))
    image.pixels.withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress,
        let shader = ImageShader(
          pixels: base, width: image.width, height: image.height, in: rect, transform: t, filter: filter,
          columns: axisAligned ? columns : nil)
      else { return }
      var sink = makeSink(color: 0, shader: shader, alpha: alpha8)
      guard axisAligned else {
        return rasterizer.fill([ShapeOutline.rect(rect, t)], rule: .nonZero, clip: state.clip, into: &sink)
      }
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
