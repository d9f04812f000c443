import Foundation
import TactileCore
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

@testable import GestureGallery
@testable import TactileWayland

/// The GestureGallery example: its controller in a hosted window on the in-process fake compositor with
/// manual clocks on both sides (no real time passes), and the program itself under the fake seat.
@MainActor @Suite struct GestureGalleryExampleTests {
  /// The gallery in a ``SeatHarness`` whose compositor clock is manual, with the lines it reported.
  @MainActor final class Gallery {
    let harness: SeatHarness
    let runner: ScriptRunner
    var lines: [String] = []

    init() throws {
      var configuration = FakeCompositor.Configuration()
      configuration.clock = .manual(start: 10_000)
      harness = try SeatHarness(configuration: configuration, size: GalleryController.size)
      runner = ScriptRunner(compositor: harness.compositor)
      let controller = GalleryController()
      controller.report = { [unowned self] in lines.append($0) }
      harness.window.rootViewController = controller
      try drawn()
    }

    /// Runs script lines one at a time, each delivered to the app before the next; `wait` moves the
    /// compositor's and the app's clocks together.
    func play(_ script: String) throws {
      for line in try Script(parsing: script).lines {
        try runner.execute(line.command)
        try harness.settle()
        if case .wait(let milliseconds) = line.command {
          harness.scheduler.advance(by: Double(milliseconds) / 1000)
          try harness.settle()
        }
      }
    }

    /// Waits until the app has drawn and the compositor shown what changed.
    func drawn() throws {
      let pacer = harness.host.surface.pacer
      #expect(try run(harness.display) { !pacer.needsDisplay && !pacer.waitingForFrame })
      try harness.settle()
    }

    /// Takes the lines reported so far.
    func takeLines() -> [String] {
      defer { lines = [] }
      return lines
    }
  }

  @Test func oneTapIsSingleTwoAreDoubleOnlyAndLongPressAndSwipeReportTheirStatesOnAManualClock() throws {
    let gallery = try Gallery()
    // One tap: the single tap waits for the double tap's 0.3 s window to pass.
    try gallery.play("tap 110 80")
    #expect(gallery.takeLines() == [])
    try gallery.play("wait 400ms")
    #expect(gallery.takeLines() == ["single-tap ended"])
    // Two taps at once: only the double tap.
    try gallery.play("tap 110 80\ntap 110 80\nwait 400ms")
    #expect(gallery.takeLines() == ["double-tap ended"])
    // A finger held 0.8 s begins the long press at 0.5 s.
    try gallery.play("touch down 1 320 80\ntouch frame\nwait 800ms")
    #expect(gallery.takeLines() == ["long-press began"])
    try gallery.play("touch up 1\ntouch frame")
    #expect(gallery.takeLines() == ["long-press ended"])
    // A fast drag to the left on the swipe tile.
    try gallery.play("drag 590 250 480 250 100ms")
    #expect(gallery.takeLines() == ["swipe ended"])
  }

  @Test func theEdgePanStartsOnlyAtTheRightEdgeAndHoverFollowsThePointer() throws {
    let gallery = try Gallery()
    let before = gallery.harness.compositor.screenshot()
    // A drag starting 30 points from the edge fails the edge pan; one starting 5 points away pans.
    try gallery.play("drag 610 400 500 400 100ms")
    #expect(gallery.takeLines() == [])
    try gallery.play("drag 635 400 500 400 100ms")
    let edgePan = gallery.takeLines()
    #expect(edgePan.first == "edge-pan began" && edgePan.last == "edge-pan ended")
    // The pointer enters the hover tile, moves over it and leaves it.
    try gallery.play("move 100 400\nmove 150 410\nmove 100 100")
    #expect(gallery.takeLines() == ["hover began", "hover changed", "hover ended"])
    // The tiles show the states: the edge-pan and hover status lines were redrawn, the tap tile's not.
    try gallery.drawn()
    let after = gallery.harness.compositor.screenshot()
    let statusRow = { (image: Image, x: Int, y: Int) in (x..<x + 150).map { image[$0, y] } }
    #expect(statusRow(before, 450, 375) != statusRow(after, 450, 375))
    #expect(statusRow(before, 30, 375) != statusRow(after, 30, 375))
    #expect(statusRow(before, 30, 55) == statusRow(after, 30, 55))
    #expect(after[5, 5] == Color(white: 0.9).premultiplied)
    #expect(after[200, 200] == Color.white.premultiplied)
  }

  @Test func theProgramReportsAPanAndAHoverUnderTheFakeSeat() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("GestureGallery").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    try session.run("drag \(x + 460) \(y + 80) \(x + 560) \(y + 80) 100ms\nmove \(x + 100) \(y + 400)")
    try session.compositor.pump(until: "the pan and the hover") {
      let log = session.log(of: "GestureGallery")
      return log.contains("pan ended\n") && log.hasSuffix("hover began\n")
    }
    #expect(session.log(of: "GestureGallery").hasPrefix("pan began\npan changed\n"))
    #expect(session.compositor.screenshot()[x + 5, y + 5] == Color(white: 0.9).premultiplied)
  }
}
