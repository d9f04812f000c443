import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The pointer's cursor from the cursor theme, set with the latest enter serial.
@MainActor @Suite struct SeatCursorTests {
  /// The `set_cursor` requests the compositor saw: (serial, accepted).
  func cursorRequests(_ app: SeatHarness) -> [(UInt32, Bool)] {
    app.compositor.requestLog.compactMap {
      if case .setCursor(let serial, let accepted) = $0.kind { (serial, accepted) } else { nil }
    }
  }

  @Test func theCursorIsSetWithTheLatestEnterSerialNeverAStaleOne() throws {
    let app = try SeatHarness()
    let first = try app.compositor.pointerEnter(surface: app.surfaceID, x: 10, y: 10)
    app.compositor.pointerFrame()
    try app.settle()
    try app.compositor.pointerButton(0x110, pressed: true)
    try app.compositor.pointerButton(0x110, pressed: false)
    app.compositor.pointerFrame()
    app.compositor.pointerLeave()
    let second = try app.compositor.pointerEnter(surface: app.surfaceID, x: 20, y: 10)
    app.compositor.pointerFrame()
    try app.settle()
    let requests = cursorRequests(app)
    #expect(requests.map(\.0) == [first, second])
    #expect(requests.allSatisfy { $0.1 }, "every serial was the latest enter's, not a button's")
  }

  @Test func theCursorFollowsTheStyleOfTheViewUnderThePointer() throws {
    let app = try SeatHarness()
    let text = app.addView("text", Rect(x: 100, y: 0, width: 100, height: 100))
    text.cursorStyle = .text
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 10, y: 10)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: app.at(20, 10))
    app.compositor.pointerFrame()
    try app.settle()
    #expect(cursorRequests(app).count == 1, "same shape, not set again")
    try app.compositor.pointerMotion(to: app.at(150, 10))
    app.compositor.pointerFrame()
    try app.settle()
    #expect(cursorRequests(app).count == 2)
  }

  @Test func aViewWithoutAStyleTakesItsSuperviewsAndTheRootTheArrow() {
    let outer = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let inner = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    outer.addSubview(inner)
    #expect(inner.effectiveCursorStyle == .arrow)
    outer.cursorStyle = .pointer
    #expect(inner.effectiveCursorStyle == .pointer)
    inner.cursorStyle = .text
    #expect(inner.effectiveCursorStyle == .text)
  }
}
