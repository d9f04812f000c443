import CCairo
import Glibc
import TactileRaster

/// Runs a scene on every engine in interleaved rounds and measures it.
struct Harness {
  struct Result {
    var scene: Scene
    var ours: [Double]
    var cairo: [Double]
    /// Blend2D's times with the binding's per-call cost subtracted, and that cost (empty when Blend2D
    /// did not draw the scene).
    var blend2d: [Double]
    var blend2dOverhead: [Double]
    var thorvg: [Double]
    /// Mean absolute channel difference between our picture and cairo's, and the fraction of pixels
    /// where some channel differs by more than 16.
    var meanDifference: Double
    var farFraction: Double
    /// Mean absolute channel difference between our picture and each reference's (nil when not drawn).
    var blend2dDifference: Double?
    var thorvgDifference: Double?
    /// `memset` of the same frame, timed in the same rounds (when asked for).
    var memset: [Double]

    var oursMedian: Double { median(ours) }
    var cairoMedian: Double { median(cairo) }
  }

  let rounds: Int
  /// A directory to write both engines' pictures of each scene into, as PNG, for inspection.
  var dumpDirectory: String?
  var blend2d: Blend2DReplay?
  var thorvg: ThorVG?

  /// CPU time of this thread, in seconds: the machine is shared, and wall time would count the time
  /// other processes ran.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// Times `scene` on every engine that can draw it, rotating which goes first.
  /// - Parameters:
  ///   - scene: what to draw.
  ///   - withMemset: also time a `memset` of the frame in every round, as the floor of a clear.
  /// - Returns: the times of every round and how far the pictures differ.
  func run(_ scene: Scene, withMemset: Bool = false) -> Result {
    let count = scene.width * scene.height
    let oursBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    let cairoBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    let thorvgBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer {
      oursBuffer.deallocate()
      cairoBuffer.deallocate()
      thorvgBuffer.deallocate()
    }
    let pixmap = try! Pixmap(
      base: oursBuffer, width: scene.width, height: scene.height, stride: scene.width * 4)
    let surface = cairo_image_surface_create_for_data(
      UnsafeMutableRawPointer(cairoBuffer).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(scene.width), Int32(scene.height), Int32(scene.width * 4))!
    defer { cairo_surface_destroy(surface) }
    let blend2d = scene.blend2d.flatMap { content in self.blend2d.map { ($0, content) } }
    if let (replay, content) = blend2d { replay.load(content, width: scene.width, height: scene.height) }
    let thorvg = scene.thorvg.flatMap { build in self.thorvg.map { ($0, build) } }
    thorvg?.0.target(thorvgBuffer, width: scene.width, height: scene.height)
    var result = Result(
      scene: scene, ours: [], cairo: [], blend2d: [], blend2dOverhead: [], thorvg: [], meanDifference: 0,
      farFraction: 0, memset: [])
    var engines: [(inout Result) -> Void] = [
      { $0.ours.append(timeOurs(scene, pixmap)) },
      { $0.cairo.append(timeCairo(scene, surface, cairoBuffer, count)) },
    ]
    if let (replay, _) = blend2d {
      engines.append { r in
        let (seconds, overhead) = replay.round()
        r.blend2d.append(seconds - overhead)
        r.blend2dOverhead.append(overhead)
      }
    }
    if let (engine, build) = thorvg {
      engines.append { $0.thorvg.append(Self.timeThorVG(engine, build, thorvgBuffer, count)) }
    }
    let memsetBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: withMemset ? count : 1)
    defer { memsetBuffer.deallocate() }
    for round in 0..<rounds {
      for i in 0..<engines.count { engines[(round + i) % engines.count](&result) }
      if withMemset { result.memset.append(Self.timeMemset(memsetBuffer, count, round)) }
    }
    (result.meanDifference, result.farFraction) = Self.compare(oursBuffer, cairoBuffer, count)
    if let (replay, _) = blend2d {
      let picture = replay.picture(count: count)
      if picture.count == count { result.blend2dDifference = Self.compare(oursBuffer, picture, count).0 }
    }
    if thorvg != nil { result.thorvgDifference = Self.compare(oursBuffer, thorvgBuffer, count).0 }
    if let dumpDirectory {
      for (buffer, engine) in [(oursBuffer, "ours"), (cairoBuffer, "cairo"), (thorvgBuffer, "thorvg")]
      where engine != "thorvg" || thorvg != nil {
        let image = try! Image(
          width: scene.width, height: scene.height,
          pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
        let bytes = try! PNGCodec.encode(image)
        let file = fopen("\(dumpDirectory)/\(scene.name)-\(engine).png", "wb")
        if let file {
          fwrite(bytes, 1, bytes.count, file)
          fclose(file)
        }
      }
    }
    return result
  }

  /// One ThorVG round: the scene's paints built fresh (untimed), then rasterized and composited onto a
  /// white target (timed), then freed.
  private static func timeThorVG(
    _ engine: ThorVG, _ build: (ThorVG) -> Void, _ buffer: UnsafeMutablePointer<UInt32>, _ count: Int
  ) -> Double {
    buffer.update(repeating: 0xFFFF_FFFF, count: count)
    build(engine)
    let start = now()
    engine.render()
    let seconds = now() - start
    engine.removeAll()
    return seconds
  }

  private func timeOurs(_ scene: Scene, _ pixmap: Pixmap) -> Double {
    pixmap.fill(PremultipliedColor(argb: 0xFFFF_FFFF))
    let canvas = Canvas(pixmap: pixmap, fonts: scene.coldFonts ? FontSystem() : .shared)
    scene.oursSetup?(canvas)
    let start = Self.now()
    scene.ours(canvas)
    return Self.now() - start
  }

  private func timeCairo(
    _ scene: Scene, _ surface: OpaquePointer, _ buffer: UnsafeMutablePointer<UInt32>, _ count: Int
  ) -> Double {
    buffer.update(repeating: 0xFFFF_FFFF, count: count)
    cairo_surface_mark_dirty(surface)
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    scene.cairoSetup?(cr)
    let start = Self.now()
    scene.cairo(cr)
    cairo_surface_flush(surface)
    return Self.now() - start
  }

  static func compare(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ count: Int) -> (
    Double, Double
  ) {
    var total = 0
    var far = 0
    for i in 0..<count {
      var worst: UInt32 = 0
      for shift: UInt32 in [0, 8, 16, 24] {
        let x = (a[i] >> shift) & 0xFF
        let y = (b[i] >> shift) & 0xFF
        let d = x > y ? x - y : y - x
        total += Int(d)
        worst = max(worst, d)
      }
      if worst > 16 { far += 1 }
    }
    return (Double(total) / Double(4 * count), Double(far) / Double(count))
  }

  /// The time of one `memset` of `count` pixels (after the buffer was written, as a scene's target is).
  static func timeMemset(_ buffer: UnsafeMutablePointer<UInt32>, _ count: Int, _ round: Int) -> Double {
    buffer.update(repeating: 0xFFFF_FFFF, count: count)
    let start = now()
    memset(buffer, Int32(round & 0xFF), count * 4)
    return now() - start
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
