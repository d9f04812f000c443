import TactileGeometry

/// A set of rectangles, in window coordinates, that need to be drawn again.
///
/// Kept small on purpose: a rectangle that overlaps or touches one already present is merged into it
/// (their union), and past ``maximumRectCount`` rectangles everything is merged into one bounding box,
/// so adding is cheap and a renderer never gets a long list.
public struct DamageRegion: Sendable, Hashable {
  /// The most separate rectangles kept before collapsing into their bounding box.
  public static let maximumRectCount = 8

  /// The damaged rectangles; none overlaps another.
  public private(set) var rects: [Rect] = []

  public init() {}

  /// Whether nothing is damaged.
  public var isEmpty: Bool { rects.isEmpty }

  /// The smallest rectangle covering all damage (`.zero` when empty).
  public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

  /// Adds `rect`; empty or non-finite rectangles are ignored.
  public mutating func add(_ rect: Rect) {
    guard !rect.isEmpty else { return }
    var merged = rect.standardized
    var changed = true
    while changed {
      changed = false
      if let index = rects.firstIndex(where: { Self.touchOrOverlap($0, merged) }) {
        merged = merged.union(rects.remove(at: index))
        changed = true
      }
    }
    rects.append(merged)
    if rects.count > Self.maximumRectCount { rects = [bounds] }
  }

  private static func touchOrOverlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
  }
}
