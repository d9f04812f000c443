/// Measurements of one quantity, with the order statistics the benchmark tables print.
public struct Samples: Sendable {
  /// The values, sorted ascending.
  public let sorted: [Double]

  public init(_ values: [Double]) {
    sorted = values.sorted()
  }

  public var count: Int { sorted.count }

  /// The median (the mean of the middle two for an even count); nil without values.
  public var median: Double? {
    guard !sorted.isEmpty else { return nil }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The nearest-rank percentile: the smallest value with at least `percent` % of the values at or
  /// below it; nil without values.
  ///
  /// - Parameter percent: 0…100.
  /// - Returns: The value at that rank.
  public func percentile(_ percent: Double) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
  }
}
