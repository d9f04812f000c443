import TactileCore
import TactileGeometry

/// Builds platform touch frames for tests and feeds them to a window, with a clock that only moves when
/// told to, as a Wayland adapter would.
///
/// Each call (``down(_:at:)``, ``move(_:to:)``, ``up(_:)``) delivers one frame with one point, unless
/// points are collected into one frame with ``frame(_:)``. Time advances by ``step`` after every frame.
///
/// ```swift
/// let script = TouchScript(window: window)
/// script.down(1, at: Point(x: 10, y: 10))
/// script.move(1, to: Point(x: 50, y: 10))
/// script.up(1)
/// ```
@MainActor
public final class TouchScript {
  public let window: Window
  /// The timestamp of the next frame, in seconds.
  public var time: Double
  /// Seconds added to ``time`` after each frame.
  public var step: Double
  /// The kind of touches produced.
  public var type: Touch.TouchType
  private var locations: [Int: Point] = [:]
  private var pending: [TouchPoint]?

  public init(window: Window, time: Double = 0, step: Double = 0.016, type: Touch.TouchType = .direct) {
    self.window = window
    self.time = time
    self.step = step
    self.type = type
  }

  /// Puts finger `id` down at `location` (window coordinates).
  public func down(_ id: Int, at location: Point) {
    locations[id] = location
    emit(TouchPoint(id: id, phase: .down, location: location, timestamp: time, type: type))
  }

  /// Moves finger `id` to `location`.
  public func move(_ id: Int, to location: Point) {
    locations[id] = location
    emit(TouchPoint(id: id, phase: .motion, location: location, timestamp: time, type: type))
  }

  /// Lifts finger `id` where it last was.
  public func up(_ id: Int) {
    let location = locations.removeValue(forKey: id) ?? .zero
    emit(TouchPoint(id: id, phase: .up, location: location, timestamp: time, type: type))
  }

  /// Cancels finger `id` alone.
  public func cancel(_ id: Int) {
    let location = locations.removeValue(forKey: id) ?? .zero
    emit(TouchPoint(id: id, phase: .cancel, location: location, timestamp: time, type: type))
  }

  /// Cancels every finger, as `wl_touch.cancel` does.
  public func cancelAll() {
    locations = [:]
    window.cancelAllTouches(timestamp: time)
    time += step
  }

  /// A tap: down and up at `location` in two frames.
  public func tap(at location: Point, id: Int = 0) {
    down(id, at: location)
    up(id)
  }

  /// Collects the points emitted by `body` into one platform frame.
  public func frame(_ body: () -> Void) {
    pending = []
    body()
    let points = pending ?? []
    pending = nil
    window.deliver(touchFrame: points)
    time += step
  }

  /// Delivers raw points as one frame (for malformed input).
  public func deliver(_ points: [TouchPoint]) {
    window.deliver(touchFrame: points)
    time += step
  }

  private func emit(_ point: TouchPoint) {
    if pending != nil {
      pending!.append(point)
      return
    }
    window.deliver(touchFrame: [point])
    time += step
  }
}
