/// A dictionary that empties itself when an insertion would take it past its limits: a number of
/// entries and a total cost (for example bytes). The caches of ``FontSystem``.
///
/// Clear-on-overflow rather than least-recently-used: a hit costs only the dictionary lookup (no
/// recency bookkeeping on the hot path), and what is dropped is cheap to recompute. A working set larger
/// than the limits keeps refilling the cache, which is the price of the bound.
struct BoundedCache<Value> {
  /// The most entries kept.
  let entryLimit: Int
  /// The most total cost kept (the sum of the costs of the entries).
  let costLimit: Int
  private var entries: [UInt64: Value] = [:]
  /// The sum of the costs of the entries.
  private(set) var cost = 0

  /// - Parameters:
  ///   - entryLimit: The most entries kept (at least 1).
  ///   - costLimit: The most total cost kept.
  init(entryLimit: Int, costLimit: Int = .max) {
    self.entryLimit = max(1, entryLimit)
    self.costLimit = costLimit
  }

  /// How many entries are kept.
  var count: Int { entries.count }

  /// The value cached for `key`, if any.
  subscript(key: UInt64) -> Value? { entries[key] }

  /// Caches `value` for `key` (which must not be cached yet), first emptying the cache when it would
  /// exceed a limit. A value costing more than ``costLimit`` on its own is not cached.
  mutating func insert(_ value: Value, for key: UInt64, cost: Int = 1) {
    guard cost <= costLimit else { return }
    if entries.count >= entryLimit || self.cost + cost > costLimit {
      entries.removeAll(keepingCapacity: true)
      self.cost = 0
    }
    entries[key] = value
    self.cost += cost
  }
}
