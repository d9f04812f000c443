import CCairo
import Glibc
import TactileRaster

/// Runs a scene on both engines in interleaved rounds and measures it.
struct Harness {
  struct Result {
    var scene: Scene
    var ours: [Double]
    var cairo: [Double]
    /// Mean absolute channel difference between the two engines' pictures, and the fraction of pixels
    /// where some channel differs by more than 16.
    var meanDifference: Double
    var farFraction: Double
    /// `memset` of the same frame, timed in the same rounds (when asked for).
    var memset: [Double]

    var oursMedian: Double { median(ours) }
    var cairoMedian: Double { median(cairo) }
  }

  let rounds: Int
  /// A directory to write both engines' pictures of each scene into, as PNG, for inspection.
  var dumpDirectory: String?

  /// CPU time of this thread, in seconds: the machine is shared, and wall time would count the time
  /// other processes ran.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// Times `scene` on both engines, alternating which goes first.
  /// - Parameters:
  ///   - scene: what to draw.
  ///   - withMemset: also time a `memset` of the frame in every round, as the floor of a clear.
  /// - Returns: the times of every round and how far the two pictures differ.
  func run(_ scene: Scene, withMemset: Bool = false) -> Result {
    let count = scene.width * scene.height
    let oursBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    let cairoBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer {
      oursBuffer.deallocate()
      cairoBuffer.deallocate()
    }
    let pixmap = try! Pixmap(
      base: oursBuffer, width: scene.width, height: scene.height, stride: scene.width * 4)
    let surface = cairo_image_surface_create_for_data(
      UnsafeMutableRawPointer(cairoBuffer).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(scene.width), Int32(scene.height), Int32(scene.width * 4))!
    defer { cairo_surface_destroy(surface) }
    var ours = [Double]()
    var cairo = [Double]()
    var memsets = [Double]()
    let memsetBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: withMemset ? count : 1)
    defer { memsetBuffer.deallocate() }
    for round in 0..<rounds {
      let oursFirst = round % 2 == 0
      if oursFirst { ours.append(timeOurs(scene, pixmap)) }
      cairo.append(timeCairo(scene, surface, cairoBuffer, count))
      if !oursFirst { ours.append(timeOurs(scene, pixmap)) }
      if withMemset { memsets.append(Self.timeMemset(memsetBuffer, count, round)) }
    }
    let (mean, far) = Self.compare(oursBuffer, cairoBuffer, count)
    if let dumpDirectory {
      for (buffer, engine) in [(oursBuffer, "ours"), (cairoBuffer, "cairo")] {
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
    return Result(
      scene: scene, ours: ours, cairo: cairo, meanDifference: mean, farFraction: far, memset: memsets)
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
