import TactileCore

/// The damage of a surface's recent frames, for redrawing a reused buffer ("buffer age").
///
/// Frames are numbered from 1 as they are committed. A buffer that last showed frame `k` misses the
/// changes of frames `k + 1` through ``frame``: ``staleRegion(sinceFrame:)`` is the union of their damage.
/// Only the last ``depth`` frames are kept; an older buffer, a buffer that showed nothing yet, or one
/// drawn before ``invalidate()`` (a new size or scale) has unknown content and must be drawn whole.
struct DamageHistory {
  /// How many frames of damage are kept: a pool rotates two or three buffers, more while the compositor
  /// holds them.
  static let depth = 4

  /// The number of the latest committed frame (0 before the first).
  private(set) var frame = 0
  /// The damage of frames `frame - damages.count + 1 ... frame`, oldest first.
  private var damages: [DamageRegion] = []
  /// Frames before this one were drawn at another size or scale.
  private var firstKnownFrame = 1

  /// Records the damage of a newly committed frame.
  ///
  /// - Returns: The new frame's number.
  mutating func commit(_ damage: DamageRegion) -> Int {
    frame += 1
    damages.append(damage)
    if damages.count > Self.depth { damages.removeFirst() }
    return frame
  }

  /// What a buffer that last showed frame `shown` misses.
  ///
  /// - Parameter shown: The frame the buffer last showed; nil for a buffer that never showed one.
  /// - Returns: The union of the damage of every later frame (empty when the buffer shows the latest
  ///   frame), or nil when the buffer's content is unknown and every pixel must be drawn.
  func staleRegion(sinceFrame shown: Int?) -> DamageRegion? {
    guard let shown, shown >= firstKnownFrame, shown <= frame else { return nil }
    let missed = frame - shown
    guard missed <= damages.count else { return nil }
    var region = DamageRegion()
    for damage in damages.suffix(missed) { region.formUnion(damage) }
    return region
  }

  /// Forgets every frame's damage: buffers drawn so far count as unknown (their size or scale is stale).
  mutating func invalidate() {
    damages = []
    firstKnownFrame = frame + 1
  }
}
