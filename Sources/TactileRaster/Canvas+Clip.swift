import TactileGeometry

extension Canvas {
  /// Intersects the clip with `rect` (user space). Under a transform that keeps axes aligned the clip
  /// snaps to whole device pixels (edges rounded to the nearest pixel boundary), as UI clipping wants;
  /// under rotation or shear it becomes an anti-aliased mask.
  public func clip(to rect: Rect) {
    guard rect.isFinite, rect.width > 0, rect.height > 0, state.transform.determinant != 0 else {
      return clipToNothing()
    }
    let t = state.transform
    if t.b == 0 && t.c == 0 {
      let d = t.apply(to: rect)
      func snap(_ v: Double) -> Int { PixelBox.coordinate(v.rounded()) }
      let box = PixelBox(x0: snap(d.minX), y0: snap(d.minY), x1: snap(d.maxX), y1: snap(d.maxY))
      state.clip = state.clip.intersection(box)
      return
    }
    clip(toPolygon: ShapeOutline.rect(rect, t))
  }

  /// Intersects the clip with a rounded rectangle (user space), anti-aliased. Its mask has exactly the
  /// coverage a fill of the same rounded rectangle has: under a transform that keeps axes aligned the
  /// same closed-form areas, else the same polygon scan converted.
  public func clip(to shape: RoundedRect) {
    let r = shape.effectiveRadii
    guard r.topLeft > 0 || r.topRight > 0 || r.bottomRight > 0 || r.bottomLeft > 0 else {
      return clip(to: shape.rect)
    }
    guard shape.rect.isFinite, shape.rect.width > 0, shape.rect.height > 0,
      state.transform.determinant != 0
    else { return clipToNothing() }
    guard let device = deviceShape(shape) else {
      return clip(toPolygon: ShapeOutline.roundedRect(shape, state.transform))
    }
    let bounds = PixelBox(
      x0: PixelBox.coordinate(down: device.left), y0: PixelBox.coordinate(down: device.top),
      x1: PixelBox.coordinate(up: device.right), y1: PixelBox.coordinate(up: device.bottom))
    clip(toMaskOver: bounds) { sink, _ in fillRounded(device, into: &sink) }
  }

  private func clipToNothing() {
    state.clip = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    state.mask = nil
  }

  /// Replaces the mask by (old mask × polygon coverage) over the polygon's bounds within the clip.
  private func clip(toPolygon polygon: [Point]) {
    guard let bounds = CoverageRasterizer.bounds(of: [polygon]) else { return clipToNothing() }
    clip(toMaskOver: bounds) { sink, box in rasterizer.fill([polygon], rule: .nonZero, clip: box, into: &sink)
    }
  }

  /// Replaces the mask by (old mask × the coverage `draw` emits) over `bounds` within the clip; `draw`
  /// gets that box and must emit inside it (the clip before this call limits it there too).
  private func clip(toMaskOver bounds: PixelBox, _ draw: (inout MaskSink, PixelBox) -> Void) {
    let box = bounds.intersection(state.clip)
    guard !box.isEmpty else { return clipToNothing() }
    let mask = ClipMask(box: box)
    var sink = MaskSink(mask: mask, outer: state.mask)
    draw(&sink, box)
    state.clip = box
    state.mask = mask
  }
}
