import TactileGeometry

/// Draws into a ``Pixmap``: shapes, paths, gradients, images and text, anti-aliased, composited with
/// source-over in premultiplied sRGB.
///
/// The canvas keeps a drawing state — the current transform (user space to device pixels), the clip
/// (rectangles and rounded rectangles, intersected) and a global alpha — that ``save()`` pushes and
/// ``restore()`` pops, as in Core Graphics and cairo. It owns scratch memory for rasterizing and is
/// meant for one thread; make one per pixmap (cheap) or keep one and draw into it repeatedly.
///
/// Bad input draws nothing: non-finite coordinates, empty or negative sizes, degenerate paths, a
/// transform that collapses the plane (determinant 0), or a fully transparent paint.
public final class Canvas {
  /// The pixels drawn into.
  public let pixmap: Pixmap
  /// Fonts and glyph cache for text.
  public let fonts: FontSystem

  struct State {
    var transform = AffineTransform.identity
    var clip: PixelBox
    var mask: ClipMask?
    var alpha = 1.0
  }

  var state: State
  private var saved: [State] = []
  let rasterizer = CoverageRasterizer()
  var sourceRow = ScratchBuffer<UInt32>()
  var coverageRow = ScratchBuffer<UInt8>()
  /// Scratch rows of ``RoundedShapeCoverage``: areas (four rows: a ring's two shapes) and coverage bytes.
  var shapeAreas = ScratchBuffer<Double>()
  var shapeLevels = ScratchBuffer<UInt8>()
  /// The shader of the last ``PaintSink`` made, which refers to it without keeping it alive.
  var sinkShader: Shader?

  /// A canvas over `pixmap`, with the identity transform, no clip and full alpha.
  public init(pixmap: Pixmap, fonts: FontSystem = .shared) {
    self.pixmap = pixmap
    self.fonts = fonts
    state = State(clip: PixelBox(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height))
    sourceRow.reserve(max(1, pixmap.width))
    coverageRow.reserve(max(1, pixmap.width))
    shapeAreas.reserve(max(1, 4 * pixmap.width))
    shapeLevels.reserve(max(1, pixmap.width))
  }

  // MARK: State

  /// Pushes a copy of the drawing state (transform, clip, alpha).
  public func save() { saved.append(state) }

  /// Pops the state pushed by the matching ``save()``; does nothing when nothing is saved.
  public func restore() {
    if let last = saved.popLast() { state = last }
  }

  /// Runs `body` between ``save()`` and ``restore()``.
  public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
    save()
    defer { restore() }
    return try body()
  }

  /// The current transform, from user space to device pixels.
  public var transform: AffineTransform {
    get { state.transform }
    set { state.transform = newValue }
  }

  /// Moves the user space origin by (`x`, `y`) user units.
  public func translate(x: Double, y: Double) { state.transform = state.transform.translatedBy(x: x, y: y) }

  /// Scales user space.
  public func scale(x: Double, y: Double) { state.transform = state.transform.scaledBy(x: x, y: y) }

  /// Rotates user space by `angle` radians (clockwise on screen).
  public func rotate(by angle: Double) { state.transform = state.transform.rotated(by: angle) }

  /// Applies `transform` before the current transform (it acts in user space).
  public func concatenate(_ transform: AffineTransform) {
    state.transform = transform.concatenating(state.transform)
  }

  /// A factor on the alpha of everything drawn, clamped to `0...1` (NaN counts as 0).
  public var globalAlpha: Double {
    get { state.alpha }
    set { state.alpha = newValue > 0 ? min(1, newValue) : 0 }
  }

  /// The clip as a rectangle of device pixels (the pixels drawing may touch).
  public var deviceClipBounds: Rect {
    let c = state.clip
    guard !c.isEmpty else { return .zero }
    return Rect(x: Double(c.x0), y: Double(c.y0), width: Double(c.x1 - c.x0), height: Double(c.y1 - c.y0))
  }

  /// The global alpha as 0...255.
  var alpha8: UInt32 { UInt32((state.alpha * 255).rounded()) }
}
