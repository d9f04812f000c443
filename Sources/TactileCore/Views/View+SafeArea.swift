import TactileGeometry

/// The safe area, as UIKit's: the part of a view that the window's own surroundings
/// (``Window/systemSafeAreaInsets``, set by the host for what covers the window's edges) leave
/// uncovered.
///
/// ``View/safeAreaInsets`` is an `open` member of the class body (a subclass may report its own); the
/// measurement is here.
extension View {
  /// The body of ``View/safeAreaInsets``.
  var windowSafeAreaInsets: EdgeInsets {
    guard let window else { return .zero }
    let system = window.systemSafeAreaInsets
    guard system != .zero else { return .zero }
    let safe = Rect(
      x: system.left, y: system.top, width: max(window.bounds.width - system.left - system.right, 0),
      height: max(window.bounds.height - system.top - system.bottom, 0))
    let local = self === window ? safe : convert(safe, from: window)
    func inset(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), max(limit, 0)) }
    return EdgeInsets(
      top: inset(local.minY - bounds.minY, bounds.height),
      left: inset(local.minX - bounds.minX, bounds.width),
      bottom: inset(bounds.maxY - local.maxY, bounds.height),
      right: inset(bounds.maxX - local.maxX, bounds.width))
  }
}
