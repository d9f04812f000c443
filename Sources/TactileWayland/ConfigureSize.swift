import TactileGeometry

/// Turns an `xdg_toplevel.configure` size into the logical size a window is drawn at.
///
/// The documented clamp: each side is taken from the configure, or from the app's preferred size when the
/// compositor sends 0 ("you choose"); then limited to the app's minimum and maximum size unless the
/// window is fullscreen or maximized (the compositor's size is then binding); then always limited to
/// 1...``maximumLength`` logical units, whatever the compositor sends (negative values, 100000×100000).
/// Non-finite or fractional app sizes are rounded to whole units first.
public enum ConfigureSize {
  /// A size in whole logical units.
  public struct LogicalSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// The longest side Tactile draws, in logical units (4096): at ``SurfaceScale/maximumFactor`` a buffer
  /// is at most 16384 × 16384 pixels (1 GiB), which keeps `stride × height` inside `Int32` for `wl_shm`.
  public static let maximumLength = 4096

  /// The logical size to draw at.
  ///
  /// - Parameters:
  ///   - width: From `xdg_toplevel.configure`; 0 means the app chooses.
  ///   - height: Likewise.
  ///   - preferred: The app's size for a side the compositor leaves open.
  ///   - minimum: The app's lower limit (nil: none); ignored when `constrained` is true.
  ///   - maximum: The app's upper limit (nil or ≤ 0: none); ignored when `constrained` is true.
  ///   - constrained: Whether the window is fullscreen or maximized.
  /// - Returns: Each side in 1...``maximumLength``.
  public static func resolve(
    width: Int32, height: Int32, preferred: Size, minimum: Size?, maximum: Size?, constrained: Bool
  ) -> LogicalSize {
    LogicalSize(
      width: side(
        width, preferred.width, minimum?.width, maximum?.width, constrained: constrained),
      height: side(
        height, preferred.height, minimum?.height, maximum?.height, constrained: constrained))
  }

  private static func side(
    _ configured: Int32, _ preferred: Double, _ minimum: Double?, _ maximum: Double?,
    constrained: Bool
  ) -> Int {
    var length = configured == 0 ? whole(preferred) : Int(configured)
    if !constrained {
      if let maximum, maximum > 0 { length = min(length, whole(maximum)) }
      if let minimum { length = max(length, whole(minimum)) }
    }
    return min(max(length, 1), maximumLength)
  }

  /// `value` rounded to whole units; non-finite values become 1 (and are clamped later anyway).
  private static func whole(_ value: Double) -> Int {
    guard value.isFinite else { return 1 }
    return Int(min(max(value.rounded(), -1e9), 1e9))
  }
}
