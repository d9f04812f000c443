import TactileGeometry

/// A set of rectangles that need to be drawn again: in window coordinates (points) for
/// ``Window/damage``, in buffer pixels once a renderer has aligned it (``pixelAligned(scale:within:)``).
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

  /// A region of one rectangle (none when `rect` is empty).
  public init(_ rect: Rect) {
    add(rect)
  }

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

  /// Adds every rectangle of `other`.
  ///
  /// - Complexity: O(n × m) for n and m rectangles (both at most ``maximumRectCount``).
  public mutating func formUnion(_ other: DamageRegion) {
    for rect in other.rects { add(rect) }
  }

  /// This region scaled by `scale` (points to pixels) with each rectangle rounded outwards to whole
  /// numbers, so that a pixel partly covered by a damaged rectangle is damaged too, then limited to
  /// `bounds`.
  ///
  /// - Parameters:
  ///   - scale: Pixels per point (1, 1.25, 2, …); a non-finite or non-positive scale gives an empty region.
  ///   - bounds: The pixel rectangle the result stays within (a buffer's).
  /// - Returns: A region whose rectangles have integer coordinates.
  public func pixelAligned(scale: Double, within bounds: Rect) -> DamageRegion {
    var aligned = DamageRegion()
    guard scale.isFinite, scale > 0 else { return aligned }
    for rect in rects {
      let scaled = Rect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
      aligned.add(scaled.integral.intersection(bounds.integral))
    }
    return aligned
  }

  private static func touchOrOverlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
  }
}
