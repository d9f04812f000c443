import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

/// The client-side frame in memory: which requests each touch makes, and how states change it.
@MainActor
@Suite struct DecorationViewTests {
  @MainActor
  private final class Setup {
    let app = TestApplication(size: Size(width: 400, height: 300))
    let frame = DecorationView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let log = EventLog()
    let script: TouchScript

    init() {
      app.window.addSubview(frame)
      frame.title = "Notes"
      frame.layoutIfNeeded()
      script = TouchScript(window: app.window)
      frame.onMove = { [log] touch in log.record("move \(touch.phase)") }
      frame.onResize = { [log] _, edge in log.record("resize \(edge)") }
      frame.onClose = { [log] in log.record("close") }
      frame.onMinimize = { [log] in log.record("minimize") }
      frame.onToggleMaximize = { [log] in log.record("toggle maximize") }
    }
  }

  @Test func aFingerDragOnTheTitleBarAsksForOneMoveWhileTheFingerIsDown() {
    let setup = Setup()
    setup.script.down(0, at: Point(x: 100, y: 30))
    setup.script.move(0, to: Point(x: 104, y: 30))
    #expect(setup.log.entries.isEmpty)
    setup.script.move(0, to: Point(x: 120, y: 40))
    setup.script.move(0, to: Point(x: 160, y: 60))
    setup.script.up(0)
    #expect(setup.log.entries == ["move moved"])
  }

  @Test func aPressOnTheBorderAsksForAResizeFromThatEdgeOrCorner() {
    let setup = Setup()
    let points: [Point] = [
      Point(x: 200, y: 2), Point(x: 200, y: 297), Point(x: 2, y: 150), Point(x: 397, y: 150),
      Point(x: 2, y: 2), Point(x: 397, y: 297), Point(x: 3, y: 290), Point(x: 390, y: 3),
    ]
    for (index, point) in points.enumerated() { setup.script.tap(at: point, id: index) }
    #expect(
      setup.log.entries == [
        "resize top", "resize bottom", "resize left", "resize right", "resize topLeft", "resize bottomRight",
        "resize bottomLeft", "resize topRight",
      ])
  }

  @Test func theButtonsCloseMaximizeAndMinimize() {
    let setup = Setup()
    for button in [setup.frame.closeButton, setup.frame.maximizeButton, setup.frame.minimizeButton] {
      #expect(button.bounds.width >= 44 && button.bounds.height >= 44)
      setup.script.tap(at: button.convert(button.bounds.center, to: setup.app.window))
    }
    #expect(setup.log.entries == ["close", "toggle maximize", "minimize"])
  }

  @Test func aDoubleTapOnTheTitleBarTogglesMaximize() {
    let setup = Setup()
    setup.script.tap(at: Point(x: 100, y: 30))
    setup.script.tap(at: Point(x: 102, y: 31))
    #expect(setup.log.entries == ["toggle maximize"])
  }

  @Test func theContentExcludesTheFrameAndStatesChangeIt() {
    let setup = Setup()
    #expect(setup.frame.contentRect == Rect(x: 8, y: 52, width: 384, height: 240))
    setup.frame.states = [.maximized, .activated]
    #expect(setup.frame.contentRect == Rect(x: 0, y: 44, width: 400, height: 256))
    #expect(setup.frame.resizeEdge(at: Point(x: 1, y: 1)) == nil)
    setup.frame.states = [.tiledLeft]
    #expect(setup.frame.contentRect.minX == 0)
    #expect(setup.frame.titleLabel.textColor != Color(white: 0.1))
    setup.frame.states = [.fullscreen]
    #expect(setup.frame.contentRect == setup.frame.bounds)
    #expect(setup.frame.closeButton.isHidden)
  }
}
