import TactileGeometry

/// What fills or strokes a shape: a solid colour or a gradient.
public enum Paint: Hashable, Sendable {
  case color(Color)
  case linearGradient(LinearGradient)
  case radialGradient(RadialGradient)
}

/// A colour at a position of a gradient, `location` in `0...1`.
public struct GradientStop: Hashable, Sendable {
  public var location: Double
  public var color: Color

  public init(location: Double, color: Color) {
    self.location = location
    self.color = color
  }
}

/// A gradient along the line from `start` to `end` (user space); colours are constant across the line.
/// Before the start and after the end the end colours continue (pad).
public struct LinearGradient: Hashable, Sendable {
  public var start: Point
  public var end: Point
  /// The colours along the line; assigning or changing them replaces the cached colour table.
  public var stops: [GradientStop] {
    get { colors.stops }
    set { colors = GradientColors(newValue) }
  }
  /// The stops with their colour table, made on the first draw.
  private(set) var colors: GradientColors

  public init(start: Point, end: Point, stops: [GradientStop]) {
    self.start = start
    self.end = end
    colors = GradientColors(stops)
  }
}

/// A gradient from `center` (location 0) out to the circle of `radius` (location 1), in user space;
/// outside the circle the last colour continues (pad).
public struct RadialGradient: Hashable, Sendable {
  public var center: Point
  public var radius: Double
  /// The colours from the centre out; assigning or changing them replaces the cached colour table.
  public var stops: [GradientStop] {
    get { colors.stops }
    set { colors = GradientColors(newValue) }
  }
  /// The stops with their colour table, made on the first draw.
  private(set) var colors: GradientColors

  public init(center: Point, radius: Double, stops: [GradientStop]) {
    self.center = center
    self.radius = radius
    colors = GradientColors(stops)
  }
}
