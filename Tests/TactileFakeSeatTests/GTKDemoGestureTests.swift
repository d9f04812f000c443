import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// `gtk4-demo`'s gestures demo (`gtk-4-examples`, GTK 4.8) under the fake seat, checked by what it
/// draws: a swipe draws a red line from the centre in the swipe's direction, a long press a green
/// circle, and two fingers in a zoom or rotation fill the area with a blue-to-red gradient turned by the
/// rotation (it stays on screen after the fingers lift, until the next redraw: the demo queues none).
@Suite struct GTKDemoGestureTests {
  /// Starts the demo on a private session bus and waits until it has drawn.
  ///
  /// - Returns: The centre of the drawing area, in output pixels: the compositor places the window
  ///   geometry (400 × 400, without GTK's shadow) at the output's top left, and the area is the window
  ///   below its 37 px header bar.
  func start(in harness: FakeSeatSession) throws -> (x: Int, y: Int) {
    try harness.launch(
      ["dbus-run-session", "--", "gtk4-demo", "--run=gestures"], environment: GTKClientTests.environment)
    try harness.compositor.pump(until: "the gestures demo", timeoutMilliseconds: 30_000) {
      harness.compositor.windows.contains { $0.title == "Gestures" && $0.commitCount >= 2 }
    }
    try harness.run("wait drawn")
    return (200, (37 + 400) / 2)
  }

  /// How many pixels of a rectangle pass a test.
  func count(
    in image: Image, x: ClosedRange<Int>, y: ClosedRange<Int>, where test: (PremultipliedColor) -> Bool
  ) -> Int {
    var n = 0
    for py in y { for px in x where test(image[px, py]) { n += 1 } }
    return n
  }

  func isRed(_ c: PremultipliedColor) -> Bool { c.red > 200 && c.green < 160 && c.blue < 160 }
  func isGreen(_ c: PremultipliedColor) -> Bool { c.green > 200 && c.red < 180 && c.blue < 180 }

  @Test func gtk4DemoDrawsASwipeInItsDirectionAndALongPressAsACircle() throws {
    let harness = try FakeSeatSession()
    let (cx, cy) = try start(in: harness)
    let right = (x: (cx + 20)...(cx + 90), y: (cy - 4)...(cy + 4))
    let below = (x: (cx - 4)...(cx + 4), y: (cy + 20)...(cy + 90))
    try harness.run("swipe 1 \(cx) \(cy) 150 0 100ms\nwait drawn")
    var screen = harness.compositor.screenshot()
    #expect(count(in: screen, x: right.x, y: right.y, where: isRed) > 100)
    #expect(count(in: screen, x: below.x, y: below.y, where: isRed) == 0)
    try harness.run("swipe 1 \(cx) \(cy) 0 150 100ms\nwait drawn")
    screen = harness.compositor.screenshot()
    #expect(count(in: screen, x: right.x, y: right.y, where: isRed) == 0)
    #expect(count(in: screen, x: below.x, y: below.y, where: isRed) > 100)
    // A finger held still past GTK's long-press delay: the circle (radius 50) around the centre.
    let ring = (x: (cx - 54)...(cx - 46), y: (cy - 3)...(cy + 3))
    #expect(count(in: screen, x: ring.x, y: ring.y, where: isGreen) == 0)
    try harness.run("touch down 0 \(cx) \(cy)\ntouch frame\nwait 1200ms\nwait drawn")
    screen = harness.compositor.screenshot()
    #expect(count(in: screen, x: ring.x, y: ring.y, where: isGreen) > 0)
    try harness.run("touch up 0\ntouch frame\nwait drawn")
  }

  @Test func gtk4DemoDrawsAGradientForATwoFingerZoomAndTurnsItWithTheFingers() throws {
    let harness = try FakeSeatSession()
    let (cx, cy) = try start(in: harness)
    let (left, right, top, bottom) = (10, 390, 50, 390)
    /// How far apart in colour two pixels are.
    func difference(_ a: PremultipliedColor, _ b: PremultipliedColor) -> Int {
      abs(Int(a.red) - Int(b.red)) + abs(Int(a.blue) - Int(b.blue))
    }
    // Two fingers spread apart on the horizontal: a zoom, no rotation.
    var lines = "touch down 0 \(cx - 30) \(cy)\ntouch down 1 \(cx + 30) \(cy)\ntouch frame\n"
    for step in 1...3 {
      lines +=
        "touch move 0 \(cx - 30 - 10 * step) \(cy)\ntouch move 1 \(cx + 30 + 10 * step) \(cy)\ntouch frame\n"
    }
    try harness.run(lines + "wait drawn")
    var screen = harness.compositor.screenshot()
    #expect(difference(screen[left, cy], screen[right, cy]) > 150)
    #expect(difference(screen[cx, top], screen[cx, bottom]) < 20)
    // The fingers turn a quarter round: the gradient runs top to bottom instead.
    try harness.run("touch move 0 \(cx) \(cy - 60)\ntouch move 1 \(cx) \(cy + 60)\ntouch frame\nwait drawn")
    screen = harness.compositor.screenshot()
    #expect(difference(screen[left, cy], screen[right, cy]) < 20)
    #expect(difference(screen[cx, top], screen[cx, bottom]) > 150)
    try harness.run("touch up 0\ntouch up 1\ntouch frame\nwait drawn")
  }
}
