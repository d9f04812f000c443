import TactileFakeSeat
import TactileGeometry

/// One element of an app, found by a query each time it is used (XCUITest's `XCUIElement`): reading it
/// or acting on it reads the tree again, so it follows the element through the app's changes.
///
/// Acting waits for the element to exist, then touches it through the fake seat at the center of its
/// extents: the extents are window coordinates, the window's place is the fake seat's, and the window
/// is the compositor's toplevel titled as the element's top-level window (the only toplevel when none
/// is titled so). Every wait is on the compositor's event loop and the bus, never a sleep; a failure's
/// description prints the tree that was searched.
public struct Element: CustomStringConvertible {
  let query: ElementQuery
  let index: Int

  /// How long an element may take to appear or change, unless a call says otherwise.
  public static let defaultTimeoutMilliseconds = 10_000

  public var description: String { index == 0 ? query.description : "\(query) number \(index + 1)" }

  /// The element's path from the application in `tree`, if it is there.
  private func path(in tree: AccessibleNode) -> [AccessibleNode]? {
    let matches = query.matches(in: tree)
    return index < matches.count ? matches[index] : nil
  }

  /// Whether the element is in the tree now.
  public var exists: Bool {
    get throws { path(in: try query.application.snapshot()) != nil }
  }

  /// The element as it is now, without waiting.
  ///
  /// - Throws: ``AccessibilityTestError/elementNotFound(query:tree:)`` when it is not in the tree.
  public func snapshot() throws -> AccessibleNode {
    let tree = try query.application.snapshot()
    guard let node = path(in: tree)?.last else {
      throw AccessibilityTestError.elementNotFound(query: description, tree: tree)
    }
    return node
  }

  /// Waits until the element is in the tree.
  ///
  /// - Returns: The element as found.
  /// - Throws: ``AccessibilityTestError/elementNotFound(query:tree:)`` with the last tree read.
  @discardableResult
  public func waitForExistence(timeoutMilliseconds: Int = Element.defaultTimeoutMilliseconds) throws
    -> AccessibleNode
  {
    try wait(until: "present", timeoutMilliseconds: timeoutMilliseconds) { _ in true }
  }

  /// Waits until the element is in the tree and `condition` holds for it, reading the tree again
  /// whenever the app or the compositor has done something.
  ///
  /// ```swift
  /// try app.sliders["Level"].wait(until: "at half") { $0.value == "0.5" }
  /// ```
  ///
  /// - Parameters:
  ///   - what: Names the condition in the failure.
  ///   - timeoutMilliseconds: How long the condition may take.
  ///   - condition: Checked on each fresh reading of the element.
  /// - Returns: The element as it was when the condition held.
  /// - Throws: ``AccessibilityTestError/elementNotFound(query:tree:)`` when it never appeared,
  ///   ``AccessibilityTestError/conditionNotMet(_:element:tree:)`` when it did but the condition never
  ///   held, both with the last tree read.
  @discardableResult
  public func wait(
    until what: String, timeoutMilliseconds: Int = Element.defaultTimeoutMilliseconds,
    _ condition: (AccessibleNode) -> Bool
  ) throws -> AccessibleNode {
    try waitForPath(until: what, timeoutMilliseconds: timeoutMilliseconds) { condition($0.last!) }.last!
  }

  /// ``wait(until:timeoutMilliseconds:_:)`` returning the path from the application to the element.
  private func waitForPath(
    until what: String, timeoutMilliseconds: Int, _ condition: ([AccessibleNode]) -> Bool
  ) throws -> [AccessibleNode] {
    let application = query.application
    var tree: AccessibleNode?
    var found: [AccessibleNode]?
    do {
      try application.connection.wait(until: "\(self) \(what)", timeoutMilliseconds: timeoutMilliseconds) {
        let current = try application.snapshot()
        tree = current
        found = path(in: current)
        return found.map(condition) ?? false
      }
    } catch AccessibilityTestError.timedOut {
      guard let tree else { throw AccessibilityTestError.timedOut(waitingFor: "\(self)") }
      guard let found else { throw AccessibilityTestError.elementNotFound(query: description, tree: tree) }
      throw AccessibilityTestError.conditionNotMet(what, element: found.last!, tree: tree)
    }
    return found!
  }

  /// Touches the element's center: a tap of one finger through the fake seat.
  ///
  /// - Throws: ``AccessibilityTestError`` when the element does not appear within the timeout or has no
  ///   place on the output; ``/TactileFakeSeat/ScriptError`` from the seat.
  public func tap(timeoutMilliseconds: Int = Element.defaultTimeoutMilliseconds) throws {
    let (frame, _) = try onScreen(timeoutMilliseconds: timeoutMilliseconds)
    try query.application.session.runner.execute(.tap(x: frame.midX, y: frame.midY))
  }

  /// Focuses the element by a tap (after giving its window the keyboard) and types `text` on the fake
  /// seat's keyboard.
  ///
  /// - Throws: As ``tap(timeoutMilliseconds:)``.
  public func typeText(_ text: String, timeoutMilliseconds: Int = Element.defaultTimeoutMilliseconds) throws {
    let session = query.application.session
    let (frame, window) = try onScreen(timeoutMilliseconds: timeoutMilliseconds)
    _ = try session.compositor.keyboardEnter(surface: window.id)
    try session.runner.execute(.tap(x: frame.midX, y: frame.midY))
    try session.runner.execute(.type(text: text))
  }

  /// Which way a swipe goes.
  public enum SwipeDirection: Sendable {
    case left, right, up, down
  }

  /// Drags one finger across the element, through its center, from one side to the other (from 80% to
  /// 20% of its width for `.left`), in `milliseconds`.
  ///
  /// - Throws: As ``tap(timeoutMilliseconds:)``.
  public func swipe(
    _ direction: SwipeDirection, milliseconds: Int = 200,
    timeoutMilliseconds: Int = Element.defaultTimeoutMilliseconds
  ) throws {
    let (frame, _) = try onScreen(timeoutMilliseconds: timeoutMilliseconds)
    let (dx, dy): (Double, Double) =
      switch direction {
      case .left: (-0.3 * frame.width, 0)
      case .right: (0.3 * frame.width, 0)
      case .up: (0, -0.3 * frame.height)
      case .down: (0, 0.3 * frame.height)
      }
    try query.application.session.runner.execute(
      .drag(
        fromX: frame.midX - dx, fromY: frame.midY - dy, toX: frame.midX + dx, toY: frame.midY + dy,
        milliseconds: milliseconds))
  }

  /// Waits for the element with extents and its window, then gives the extents on the output (the
  /// window's place on the fake seat plus the window-relative extents) and the window.
  private func onScreen(timeoutMilliseconds: Int) throws -> (frame: Rect, window: SurfaceInfo) {
    let path = try waitForPath(until: "with extents", timeoutMilliseconds: timeoutMilliseconds) {
      ($0.last!.frame.map { $0.width > 0 && $0.height > 0 }) ?? false
    }
    let compositor = query.application.session.compositor
    let title = path.count > 1 ? path[1].label : ""
    /// The mapped toplevel titled as the element's window, or the only one.
    func window() -> SurfaceInfo? {
      let windows = compositor.windows.filter { $0.mapped && $0.x != nil }
      return windows.first { $0.title == title } ?? (windows.count == 1 ? windows.first : nil)
    }
    do {
      try compositor.pump(until: "the window", timeoutMilliseconds: timeoutMilliseconds) { window() != nil }
    } catch FakeSeatError.timedOut {
      throw AccessibilityTestError.notOnScreen(
        "no toplevel of the fake seat is titled \"\(title)\"", tree: path[0])
    }
    guard let window = window(), let x = window.x, let y = window.y, let frame = path.last!.frame else {
      throw AccessibilityTestError.notOnScreen("the window \"\(title)\" has gone", tree: path[0])
    }
    return (frame.offsetBy(dx: Double(x), dy: Double(y)), window)
  }
}
