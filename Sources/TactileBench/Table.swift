import Foundation

/// A Markdown table, as docs/benchmarks.md shows the benchmark results.
public struct Table: CustomStringConvertible {
  public var header: [String]
  /// Whether each column is right-aligned (numbers).
  public var numeric: [Bool]
  public var rows: [[String]] = []

  public init(header: [String], numeric: [Bool]) {
    self.header = header
    self.numeric = numeric
  }

  public mutating func append(_ row: [String]) {
    rows.append(row)
  }

  public var description: String {
    let rule = numeric.map { $0 ? "--:" : "---" }
    return ([header, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
  }
}

/// Formats a number with `digits` decimals, or "–" when there is none.
public func formatted(_ value: Double?, digits: Int = 2) -> String {
  guard let value, value.isFinite else { return "–" }
  return String(format: "%.\(digits)f", value)
}
