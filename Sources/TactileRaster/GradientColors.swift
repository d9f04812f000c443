import Synchronization

/// A gradient's stops together with the colour table drawn from them (``GradientShader/table(_:)``),
/// made the first time the gradient is drawn and kept for every later draw: building the table costs
/// far more than filling a small shape with it (a view tree redraws its gradients on every frame that
/// damages them).
///
/// Held by ``LinearGradient`` and ``RadialGradient``, which make a new one whenever their `stops` are
/// assigned or mutated, so a table always belongs to the stops it was made from. Equal and hashed as its
/// stops. Safe to share between threads (the table is made under a lock, once).
final class GradientColors: Hashable, Sendable {
  /// The stops, as given.
  let stops: [GradientStop]
  /// `nil` until made; then the table, or `nil` when the stops have no usable colour.
  private let table = Mutex<[UInt32]??>(nil)

  init(_ stops: [GradientStop]) {
    self.stops = stops
  }

  /// The 256-entry table of premultiplied colours for the stops, or `nil` when there is no usable stop.
  var colorTable: [UInt32]? {
    table.withLock { cached in
      if let cached { return cached }
      let made = GradientShader.table(stops)
      cached = .some(made)
      return made
    }
  }

  static func == (lhs: GradientColors, rhs: GradientColors) -> Bool {
    lhs.stops == rhs.stops
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(stops)
  }
}
