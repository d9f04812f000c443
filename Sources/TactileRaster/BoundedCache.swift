/// A hash table from 64-bit keys that empties itself when an insertion would take it past its limits:
/// a number of entries and a total cost (for example bytes). The caches of ``FontSystem``.
///
/// Clear-on-overflow rather than least-recently-used: a hit costs only the lookup (no recency
/// bookkeeping on the hot path), and what is dropped is cheap to recompute. A working set larger than
/// the limits keeps refilling the cache, which is the price of the bound.
///
/// Open addressing with linear probing and a multiplicative hash: a lookup is a few instructions and
/// one or two probes, where a `Dictionary` hashes every key with a seeded SipHash (text drawing looks
/// up two caches per glyph). The table doubles while it fills, up to the size its entry limit needs at
/// three quarters full, and keeps its size when it is emptied.
struct BoundedCache<Value> {
  /// The most entries kept.
  let entryLimit: Int
  /// The most total cost kept (the sum of the costs of the entries).
  let costLimit: Int
  /// The key in each slot, ``empty`` for a free one; `values` holds the value of each used slot.
  private var keys: [UInt64] = []
  private var values: [Value?] = []
  /// The number of slots minus one (slots are a power of two), −1 before the first insertion.
  private var mask = -1
  /// The bits of the hash that pick a slot: `64 − log2(slots)`.
  private var shift: UInt64 = 64
  /// How many entries are kept.
  private(set) var count = 0
  /// The sum of the costs of the entries.
  private(set) var cost = 0

  /// The key that marks a free slot, which is therefore never cached.
  static var empty: UInt64 { .max }

  /// - Parameters:
  ///   - entryLimit: The most entries kept (at least 1).
  ///   - costLimit: The most total cost kept.
  init(entryLimit: Int, costLimit: Int = .max) {
    self.entryLimit = max(1, entryLimit)
    self.costLimit = costLimit
  }

  /// The value cached for `key`, if any.
  subscript(key: UInt64) -> Value? {
    guard count > 0 else { return nil }
    return keys.withUnsafeBufferPointer { keys in
      var slot = self.slot(for: key)
      while true {
        let stored = keys[slot]
        if stored == key { return values[slot] }
        if stored == Self.empty { return nil }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Caches `value` for `key` (which must not be cached yet), first emptying the cache when it would
  /// exceed a limit. A value costing more than ``costLimit`` on its own is not cached, nor is one for
  /// the key ``empty``.
  mutating func insert(_ value: Value, for key: UInt64, cost: Int = 1) {
    guard cost <= costLimit, key != Self.empty else { return }
    if count >= entryLimit || self.cost + cost > costLimit {
      keys.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
      values.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
      count = 0
      self.cost = 0
    }
    if (count + 1) * 4 > (mask + 1) * 3 { grow() }
    var slot = self.slot(for: key)
    while keys[slot] != Self.empty { slot = (slot &+ 1) & mask }
    keys[slot] = key
    values[slot] = value
    count += 1
    self.cost += cost
  }

  /// The first slot probed for `key`: the top bits of its product with 2⁶⁴/φ (Fibonacci hashing),
  /// after folding the high half in so that keys differing only there spread too.
  @inline(__always)
  private func slot(for key: UInt64) -> Int {
    Int(truncatingIfNeeded: ((key ^ key >> 32) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Doubles the table (16 slots at first) and puts every entry back in it.
  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    let slots = max(16, (mask + 1) * 2)
    keys = [UInt64](repeating: Self.empty, count: slots)
    values = [Value?](repeating: nil, count: slots)
    mask = slots - 1
    shift = UInt64(64 - slots.trailingZeroBitCount)
    for (i, key) in oldKeys.enumerated() where key != Self.empty {
      var slot = self.slot(for: key)
      while keys[slot] != Self.empty { slot = (slot &+ 1) & mask }
      keys[slot] = key
      values[slot] = oldValues[i]
    }
  }
}
