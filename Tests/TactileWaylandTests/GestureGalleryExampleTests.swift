import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The GestureGallery example, run as a separate process under the fake seat.
@MainActor @Suite struct GestureGalleryExampleTests {
  @Test func oneTapIsSingleTwoAreDoubleOnlyAndLongPressAndSwipeReportTheirStates() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("GestureGallery").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    try session.run(
      """
      tap \(x + 110) \(y + 120)
      wait 600ms
      tap \(x + 110) \(y + 120)
      tap \(x + 110) \(y + 120)
      wait 300ms
      touch down 1 \(x + 320) \(y + 120)
      touch frame
      wait 800ms
      touch up 1
      touch frame
      wait 200ms
      drag \(x + 530) \(y + 350) \(x + 450) \(y + 350) 100ms
      """)
    try session.compositor.pump(until: "the swipe") {
      session.log(of: "GestureGallery").hasSuffix("swipe ended\n")
    }
    // The single tap waited for the double tap to fail; the double tap reported no single one.
    #expect(
      session.log(of: "GestureGallery")
        == "single-tap ended\ndouble-tap ended\nlong-press began\nlong-press ended\nswipe ended\n")
    // The tiles are drawn: white tiles on the grey background.
    let screen = session.compositor.screenshot()
    #expect(screen[x + 5, y + 5] == Color(white: 0.9).premultiplied)
    #expect(screen[x + 190, y + 200] == Color.white.premultiplied)
  }
}
