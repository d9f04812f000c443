/// The damage a client declared on a surface since its last commit: `wl_surface.damage` (surface units)
/// and `wl_surface.damage_buffer` (buffer pixels), as the compositor needs it to copy only what changed.
///
/// Bounded: past ``maximumRectangles`` rectangles the damage becomes the whole buffer, so a client cannot
/// make the compositor keep more than that many per surface.
struct Damage {
  /// A rectangle as the client sent it (any values, negative or huge included).
  struct Rectangle: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// The most rectangles kept; one more makes the damage the whole buffer.
  static let maximumRectangles = 64

  private(set) var surfaceRectangles: [Rectangle] = []
  private(set) var bufferRectangles: [Rectangle] = []
  /// Whether the whole buffer is damaged (too many rectangles).
  private(set) var coversEverything = false

  /// Whether the client declared no damage at all.
  var isEmpty: Bool { !coversEverything && surfaceRectangles.isEmpty && bufferRectangles.isEmpty }

  /// Adds one rectangle; a rectangle with no area adds nothing.
  mutating func add(_ rectangle: Rectangle, inBufferCoordinates: Bool) {
    guard !coversEverything, rectangle.width > 0, rectangle.height > 0 else { return }
    if surfaceRectangles.count + bufferRectangles.count == Self.maximumRectangles {
      self = Damage()
      coversEverything = true
    } else if inBufferCoordinates {
      bufferRectangles.append(rectangle)
    } else {
      surfaceRectangles.append(rectangle)
    }
  }

  /// Adds another commit's damage (a synchronized subsurface's cached state).
  mutating func formUnion(_ other: Damage) {
    if other.coversEverything { coversEverything = true }
    for rectangle in other.surfaceRectangles { add(rectangle, inBufferCoordinates: false) }
    for rectangle in other.bufferRectangles { add(rectangle, inBufferCoordinates: true) }
  }

  /// The damaged parts of a buffer in buffer pixels.
  ///
  /// - Parameters:
  ///   - width: The buffer's width in pixels.
  ///   - height: The buffer's height in pixels.
  ///   - scale: The buffer scale that maps surface units to buffer pixels.
  ///   - surfaceUnitsAreExact: Whether surface units map to buffer pixels by `scale` alone (no viewport);
  ///     otherwise surface damage counts as the whole buffer.
  /// - Returns: The damaged rectangles clipped to the buffer, or `nil` when the whole buffer must be
  ///   taken as damaged.
  /// - Complexity: O(rectangles).
  func bufferRegion(width: Int, height: Int, scale: Int, surfaceUnitsAreExact: Bool) -> [Rectangle]? {
    guard !coversEverything, surfaceUnitsAreExact || surfaceRectangles.isEmpty else { return nil }
    // A scale past the buffer's sides clips to the same pixels and keeps the products far from overflow.
    let scale = min(scale, max(width, height, 1))
    let scaled = surfaceRectangles.map {
      Rectangle(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
    }
    return (scaled + bufferRectangles).compactMap { $0.clipped(width: width, height: height) }
  }
}

extension Damage.Rectangle {
  /// The part of the rectangle inside `0..<width` × `0..<height`, or `nil` when none is.
  func clipped(width: Int, height: Int) -> Self? {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(width, x + self.width)
    let bottom = min(height, y + self.height)
    guard left < right, top < bottom else { return nil }
    return Self(x: left, y: top, width: right - left, height: bottom - top)
  }
}
