/// The scale a surface is drawn at, and the buffer size that follows from it.
///
/// - `integer(n)`: from `wl_output.scale` of the outputs the surface is on; the buffer is `n`× the
///   logical size and `wl_surface.set_buffer_scale(n)` tells the compositor.
/// - `fractional(s)`: from fractional-scale-v1's `preferred_scale`, in 120ths (180 = 1.5×). The buffer is
///   `round(logical × s / 120)` pixels (half away from zero), its buffer scale stays 1, and a viewport maps
///   it onto the logical size.
public enum SurfaceScale: Equatable, Sendable {
  case integer(Int)
  case fractional(UInt32)

  /// The largest scale Tactile draws at (4×): with ``ConfigureSize/maximumLength`` it bounds a buffer to
  /// 16384 pixels a side. Larger scales from the compositor are clamped to it.
  public static let maximumFactor = 4

  /// The scale factor as a number (1.5 for `fractional(180)`), after clamping to 1...4.
  public var factor: Double {
    switch clamped {
    case .integer(let n): Double(n)
    case .fractional(let s): Double(s) / 120
    }
  }

  /// The same scale limited to 1×...``maximumFactor``×.
  public var clamped: SurfaceScale {
    switch self {
    case .integer(let n): .integer(min(max(n, 1), Self.maximumFactor))
    case .fractional(let s): .fractional(min(max(s, 120), UInt32(Self.maximumFactor * 120)))
    }
  }

  /// The number of buffer pixels for `logical` units: exact for integer scales, rounded half away from
  /// zero for fractional ones.
  public func pixels(forLogical logical: Int) -> Int {
    switch clamped {
    case .integer(let n):
      return logical * n
    case .fractional(let s):
      let scaled = logical * Int(s)
      let magnitude = (scaled.magnitude + 60) / 120
      return scaled < 0 ? -Int(magnitude) : Int(magnitude)
    }
  }

  /// The buffer size for a logical size (each side at least 1 pixel).
  func bufferSize(forLogical size: ConfigureSize.LogicalSize) -> BufferLedger.PixelSize {
    BufferLedger.PixelSize(
      width: max(1, pixels(forLogical: size.width)), height: max(1, pixels(forLogical: size.height)))
  }
}
