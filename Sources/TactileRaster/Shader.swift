/// The source pixels of one run, as a ``Shader`` provides them.
enum ShaderRow {
  /// Every pixel of the run has this premultiplied colour (a gradient constant along the run).
  case constant(UInt32)
  /// One premultiplied pixel per pixel of the run (in the shader's memory or the scratch row).
  case pixels(UnsafePointer<UInt32>)
}

/// A source of pixels that vary across the canvas (gradients, images), evaluated one run at a time.
///
/// Called by ``PaintSink`` once per span, never per pixel; implementations precompute what they can
/// (colour tables, inverse transforms) when they are made.
protocol Shader: AnyObject {
  /// The premultiplied source pixels of device pixels `x ..< x + count` of row `y`, written into
  /// `scratch` (at least `count` long) unless they can be given more cheaply.
  func row(x: Int, y: Int, count: Int, scratch: UnsafeMutablePointer<UInt32>) -> ShaderRow
}

/// Coverage of a rounded or transformed clip: one byte per device pixel of `box` (0 outside the clip).
///
/// Immutable once built; canvases share it between saved states.
final class ClipMask {
  let box: PixelBox
  let bytes: UnsafeMutablePointer<UInt8>

  /// A mask with every byte zero.
  init(box: PixelBox) {
    self.box = box
    let count = max(1, (box.x1 - box.x0) * (box.y1 - box.y0))
    bytes = .allocate(capacity: count)
    bytes.initialize(repeating: 0, count: count)
  }

  deinit { bytes.deallocate() }

  /// The coverage bytes of row `y` starting at column `x` (both inside `box`).
  @inline(__always)
  func row(_ y: Int, x: Int) -> UnsafeMutablePointer<UInt8> {
    bytes + (y - box.y0) * (box.x1 - box.x0) + (x - box.x0)
  }
}

/// Writes coverage runs into a fresh ``ClipMask``, multiplied by an enclosing mask if there is one.
struct MaskSink: SpanSink {
  let mask: ClipMask
  let outer: ClipMask?

  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
    let row = mask.row(y, x: x)
    row.update(repeating: coverage, count: count)
    if let outer { Blend.multiply(row, by: outer.row(y, x: x), count) }
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    let row = mask.row(y, x: x)
    row.update(from: coverages, count: count)
    if let outer { Blend.multiply(row, by: outer.row(y, x: x), count) }
  }
}
