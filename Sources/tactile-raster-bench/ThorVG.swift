import Glibc
import TactileGeometry
import TactileRaster

/// ThorVG's software canvas, loaded at run time from its C library (`libthorvg`, C API 1.0) with
/// `dlopen`: a reference the benchmark draws with when given the library, never a build dependency.
///
/// A scene builds its shapes (untimed, fresh every round: ThorVG skips rasterizing shapes that did not
/// change); the harness times `update`, `draw` and `sync`, where ThorVG rasterizes and composites.
final class ThorVG {
  typealias Paint = OpaquePointer

  /// The engine's version, as it reports it.
  let version: String
  private let canvas: OpaquePointer

  // The C API's functions this benchmark calls (signatures of ThorVG 1.0's thorvg_capi.h).
  let shapeNew: @convention(c) () -> Paint?
  let appendRect: @convention(c) (Paint, Float, Float, Float, Float, Float, Float, Bool) -> Int32
  let appendCircle: @convention(c) (Paint, Float, Float, Float, Float, Bool) -> Int32
  let moveTo: @convention(c) (Paint, Float, Float) -> Int32
  let lineTo: @convention(c) (Paint, Float, Float) -> Int32
  let cubicTo: @convention(c) (Paint, Float, Float, Float, Float, Float, Float) -> Int32
  let close: @convention(c) (Paint) -> Int32
  let setFillColor: @convention(c) (Paint, UInt8, UInt8, UInt8, UInt8) -> Int32
  let setFillRule: @convention(c) (Paint, UInt32) -> Int32
  let setStrokeWidth: @convention(c) (Paint, Float) -> Int32
  let setStrokeColor: @convention(c) (Paint, UInt8, UInt8, UInt8, UInt8) -> Int32
  let linearGradientNew: @convention(c) () -> OpaquePointer?
  let linearGradientSet: @convention(c) (OpaquePointer, Float, Float, Float, Float) -> Int32
  /// Takes `Tvg_Color_Stop`s (``ColorStop``).
  let setColorStops: @convention(c) (OpaquePointer, UnsafeRawPointer, UInt32) -> Int32
  let setGradient: @convention(c) (Paint, OpaquePointer) -> Int32
  let pictureNew: @convention(c) () -> Paint?
  let pictureLoadRaw: @convention(c) (Paint, UnsafePointer<UInt32>, UInt32, UInt32, UInt32, Bool) -> Int32
  let pictureSetSize: @convention(c) (Paint, Float, Float) -> Int32
  let pictureSetFilter: @convention(c) (Paint, UInt32) -> Int32
  let translate: @convention(c) (Paint, Float, Float) -> Int32
  private let canvasAdd: @convention(c) (OpaquePointer, Paint) -> Int32
  private let canvasRemove: @convention(c) (OpaquePointer, Paint?) -> Int32
  private let canvasUpdate: @convention(c) (OpaquePointer) -> Int32
  private let canvasDraw: @convention(c) (OpaquePointer, Bool) -> Int32
  private let canvasSync: @convention(c) (OpaquePointer) -> Int32
  private let setViewport: @convention(c) (OpaquePointer, Int32, Int32, Int32, Int32) -> Int32
  private let setTarget:
    @convention(c) (OpaquePointer, UnsafeMutablePointer<UInt32>, UInt32, UInt32, UInt32, UInt32) -> Int32

  /// `Tvg_Color_Stop`.
  struct ColorStop {
    var offset: Float
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8
  }

  /// `TVG_COLORSPACE_ARGB8888`: premultiplied, `a << 24 | r << 16 | g << 8 | b`, as Tactile's pixmaps.
  static let argb8888: UInt32 = 1
  static let evenOdd: UInt32 = 1
  static let bilinear: UInt32 = 0

  /// Loads the library and makes a single-threaded software canvas.
  /// - Parameter library: the path of `libthorvg` (C API 1.0).
  /// - Throws: ``Unavailable`` with the reason when it cannot be loaded or is not 1.x.
  init(library: String) throws(Unavailable) {
    guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
      throw Unavailable(reason: String(cString: dlerror()))
    }
    func function<F>(_ name: String, _: F.Type = F.self) throws(Unavailable) -> F {
      guard let symbol = dlsym(handle, name) else { throw Unavailable(reason: "\(library) has no \(name)") }
      return unsafeBitCast(symbol, to: F.self)
    }
    let getVersion:
      @convention(c) (
        UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
        UnsafeMutablePointer<UnsafePointer<CChar>?>?
      ) -> Int32 = try function("tvg_engine_version")
    var (major, minor, micro) = (UInt32(0), UInt32(0), UInt32(0))
    var text: UnsafePointer<CChar>?
    _ = getVersion(&major, &minor, &micro, &text)
    guard major == 1 else { throw Unavailable(reason: "ThorVG \(major).\(minor).\(micro) is not C API 1.x") }
    version = "\(major).\(minor).\(micro)"
    let initialize: @convention(c) (UInt32) -> Int32 = try function("tvg_engine_init")
    guard initialize(0) == 0 else { throw Unavailable(reason: "tvg_engine_init failed") }
    let create: @convention(c) (UInt32) -> OpaquePointer? = try function("tvg_swcanvas_create")
    guard let canvas = create(0) else { throw Unavailable(reason: "tvg_swcanvas_create failed") }
    self.canvas = canvas
    shapeNew = try function("tvg_shape_new")
    appendRect = try function("tvg_shape_append_rect")
    appendCircle = try function("tvg_shape_append_circle")
    moveTo = try function("tvg_shape_move_to")
    lineTo = try function("tvg_shape_line_to")
    cubicTo = try function("tvg_shape_cubic_to")
    close = try function("tvg_shape_close")
    setFillColor = try function("tvg_shape_set_fill_color")
    setFillRule = try function("tvg_shape_set_fill_rule")
    setStrokeWidth = try function("tvg_shape_set_stroke_width")
    setStrokeColor = try function("tvg_shape_set_stroke_color")
    linearGradientNew = try function("tvg_linear_gradient_new")
    linearGradientSet = try function("tvg_linear_gradient_set")
    setColorStops = try function("tvg_gradient_set_color_stops")
    setGradient = try function("tvg_shape_set_gradient")
    pictureNew = try function("tvg_picture_new")
    pictureLoadRaw = try function("tvg_picture_load_raw")
    pictureSetSize = try function("tvg_picture_set_size")
    pictureSetFilter = try function("tvg_picture_set_filter")
    translate = try function("tvg_paint_translate")
    canvasAdd = try function("tvg_canvas_add")
    canvasRemove = try function("tvg_canvas_remove")
    canvasUpdate = try function("tvg_canvas_update")
    canvasDraw = try function("tvg_canvas_draw")
    canvasSync = try function("tvg_canvas_sync")
    setViewport = try function("tvg_canvas_set_viewport")
    setTarget = try function("tvg_swcanvas_set_target")
  }

  /// Why ThorVG cannot be drawn with.
  struct Unavailable: Error {
    var reason: String
  }

  /// Points the canvas at `buffer` (premultiplied ARGB, `width` pixels a row), with the whole of it as
  /// the viewport.
  func target(_ buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
    _ = setTarget(canvas, buffer, UInt32(width), UInt32(width), UInt32(height), Self.argb8888)
    viewport(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
  }

  /// Limits drawing to `clip` (whole pixels).
  func viewport(_ clip: Rect) {
    _ = setViewport(canvas, Int32(clip.minX), Int32(clip.minY), Int32(clip.width), Int32(clip.height))
  }

  /// Adds a paint to the canvas, which then owns it.
  func add(_ paint: Paint) { _ = canvasAdd(canvas, paint) }

  /// Rasterizes and composites every paint onto the target, over what it holds, and waits for it.
  func render() {
    _ = canvasUpdate(canvas)
    _ = canvasDraw(canvas, false)
    _ = canvasSync(canvas)
  }

  /// Removes (and frees) every paint.
  func removeAll() { _ = canvasRemove(canvas, nil) }

  /// A new shape filled with `color`.
  func shape(filledWith color: Color) -> Paint {
    let s = shapeNew()!
    let (r, g, b, a) = Self.bytes(color)
    _ = setFillColor(s, r, g, b, a)
    return s
  }

  /// A new shape stroked `width` wide with `color`, not filled.
  func shape(strokedWith color: Color, width: Double) -> Paint {
    let s = shapeNew()!
    let (r, g, b, a) = Self.bytes(color)
    _ = setStrokeWidth(s, Float(width))
    _ = setStrokeColor(s, r, g, b, a)
    return s
  }

  /// Appends `path`'s elements (quadratic curves raised to cubics, as ThorVG has no quadratic).
  func append(_ path: Path, to shape: Paint) {
    var current = Point(x: 0, y: 0)
    for element in path.elements {
      switch element {
      case .move(let p):
        _ = moveTo(shape, Float(p.x), Float(p.y))
        current = p
      case .line(let p):
        _ = lineTo(shape, Float(p.x), Float(p.y))
        current = p
      case .quad(let c, let e):
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = e + (c - e) * (2.0 / 3)
        _ = cubicTo(shape, Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y), Float(e.x), Float(e.y))
        current = e
      case .cubic(let c1, let c2, let e):
        _ = cubicTo(shape, Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y), Float(e.x), Float(e.y))
        current = e
      case .close: _ = close(shape)
      }
    }
  }

  /// A linear gradient with the stops of `g` (ThorVG takes straight colours).
  func gradient(_ g: LinearGradient) -> OpaquePointer {
    let gradient = linearGradientNew()!
    _ = linearGradientSet(gradient, Float(g.start.x), Float(g.start.y), Float(g.end.x), Float(g.end.y))
    let stops = g.stops.map { stop in
      let (r, g, b, a) = Self.bytes(stop.color)
      return ColorStop(offset: Float(stop.location), r: r, g: g, b: b, a: a)
    }
    _ = stops.withUnsafeBytes { setColorStops(gradient, $0.baseAddress!, UInt32(stops.count)) }
    return gradient
  }

  /// A colour's components as bytes, not premultiplied.
  static func bytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
    func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v * 255 + 0.5))) }
    return (byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
  }
}
