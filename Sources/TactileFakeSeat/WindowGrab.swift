import TactileGeometry

/// An interactive move or resize in progress: a client asked for it (`xdg_toplevel.move` or `resize`)
/// with the serial of a press that is still held, and the window follows that pointer or touch point
/// until it is released (`FakeCompositor+InteractiveGrabs.swift`).
struct WindowGrab {
  /// What drives the grab.
  enum Device: Equatable {
    case pointer
    case touch(id: Int32)
  }
  var device: Device
  /// The touch point of a touch grab.
  var touchID: Int32? {
    if case .touch(let id) = device { return id }
    return nil
  }
  /// The window moved or resized.
  weak var toplevel: XdgToplevel?
  /// The `xdg_toplevel.resize_edge` value of a resize; nil for a move.
  var edges: UInt32?
  /// The output position of the pointer or touch point when the grab began.
  var start: (x: Double, y: Double)
  /// The window's position and size (its window geometry) when the grab began.
  var frame: (x: Int32, y: Int32, width: Int32, height: Int32)
  /// The size the latest resize configure asked for.
  var size: (width: Int32, height: Int32)

  /// The window's position and size for the pointer or touch point at `position`: a move shifts the
  /// window by the distance travelled; a resize moves the edges it names (the opposite edges stay),
  /// keeping at least 1×1 and the window's own `set_min_size` and `set_max_size`.
  func frame(for position: (x: Double, y: Double), minimum: Size, maximum: Size)
    -> (x: Int32, y: Int32, width: Int32, height: Int32)
  {
    let dx = Int32(clamping: Int((position.x - start.x).rounded()))
    let dy = Int32(clamping: Int((position.y - start.y).rounded()))
    guard let edges else { return (frame.x &+ dx, frame.y &+ dy, frame.width, frame.height) }
    func limit(_ value: Int32, _ low: Double, _ high: Double) -> Int32 {
      var result = max(value, max(1, Int32(clamping: Int(low))))
      if high > 0 { result = min(result, max(1, Int32(clamping: Int(high)))) }
      return result
    }
    let left = edges & 4 != 0
    let top = edges & 1 != 0
    let width =
      left ? frame.width &- dx : edges & 8 != 0 ? frame.width &+ dx : frame.width
    let height =
      top ? frame.height &- dy : edges & 2 != 0 ? frame.height &+ dy : frame.height
    let newWidth = limit(width, minimum.width, maximum.width)
    let newHeight = limit(height, minimum.height, maximum.height)
    return (
      left ? frame.x &+ (frame.width &- newWidth) : frame.x,
      top ? frame.y &+ (frame.height &- newHeight) : frame.y, newWidth, newHeight
    )
  }
}
