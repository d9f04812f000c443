import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileRaster
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Client-side decorations over the fake compositor (issue 10): a frame whenever the compositor draws
/// none (no xdg-decoration, or client-side chosen), none when it draws them, and the requests the frame
/// makes.
///
/// Set `TACTILE_SCREENSHOT_DIR` to save the decorated window as `decorated-window.png` there (the
/// picture in the documentation, `docs/decorated-window.png`).
@MainActor @Suite struct ClientDecorationTests {
  /// The app's content size; the frame adds 8 on three sides and 52 on top: a 360×240 surface.
  private static let size = Size(width: 344, height: 180)

  /// A compositor configuration with `mode` decorations.
  private static func compositor(_ mode: DecorationMode) -> FakeCompositor.Configuration {
    var configuration = FakeCompositor.Configuration()
    configuration.decorationMode = mode
    return configuration
  }

  /// A harness on a compositor without xdg-decoration whose content is one recording view filling the
  /// app's window.
  private func decorated() throws -> (SeatHarness, ProbeView) {
    let app = try SeatHarness(configuration: Self.compositor(.unsupported), size: Self.size)
    app.window.title = "Notes"
    let content = app.addView("content", Rect(origin: .zero, size: Self.size))
    content.backgroundColor = Color(red: 0.85, green: 0.92, blue: 1)
    try app.sync()
    #expect(
      try run(app.display) { !app.host.surface.pacer.waitingForFrame && !app.host.surface.pacer.needsDisplay }
    )
    return (app, content)
  }

  @Test func aWindowWithoutXdgDecorationGetsAFrameAroundContentOfItsPreferredSize() throws {
    let (app, content) = try decorated()
    let label = Label(frame: Rect(x: 16, y: 96, width: 312, height: 24))
    label.text = "Tactile draws this frame"
    content.addSubview(label)
    let button = Button(frame: Rect(x: 248, y: 132, width: 80, height: 32))
    button.setTitle("OK", for: .normal)
    content.addSubview(button)
    let pacer = app.host.surface.pacer
    #expect(try run(app.display) { !pacer.waitingForFrame && !pacer.needsDisplay })
    #expect(app.display.decorationManager == nil)
    let insets = EdgeInsets(top: 52, left: 8, bottom: 8, right: 8)
    #expect(try #require(app.host.clientFrame).decoration.contentInsets == insets)
    #expect(app.host.surface.frameInsets == insets)
    #expect(app.host.contentFrame == Rect(x: 8, y: 52, width: 344, height: 180))
    #expect(app.window.bounds.size == Self.size)
    let surface = try #require(app.compositor.windows.first)
    #expect((surface.width, surface.height) == (360, 240))
    let screen = app.compositor.screenshot()
    #expect(screen[100, 30] == Color(white: 0.86).premultiplied)
    #expect(screen[100, 100] == Color(red: 0.85, green: 0.92, blue: 1).premultiplied)
    try saveDocumentationScreenshot(
      of: app.compositor, named: "decorated-window.png", width: 360, height: 240)
  }

  @Test func aWindowWhoseCompositorChoosesClientSideGetsAFrame() throws {
    let app = try SeatHarness(configuration: Self.compositor(.clientSide), size: Self.size)
    #expect(app.display.decorationManager != nil)
    #expect(app.host.surface.decorations == .clientSide)
    #expect(app.host.clientFrame != nil)
    #expect(app.window.bounds.size == Self.size)
    #expect(app.host.contentFrame.origin == Point(x: 8, y: 52))
  }

  @Test func withServerSideDecorationsNoFrameIsDrawn() throws {
    let app = try SeatHarness(configuration: Self.compositor(.serverSide), size: Self.size)
    #expect(app.host.surface.decorations == .serverSide)
    #expect(app.host.clientFrame == nil)
    #expect(app.host.surface.frameInsets == .zero)
    #expect(app.host.contentFrame == Rect(origin: .zero, size: Self.size))
    let surface = try #require(app.compositor.windows.first)
    #expect((surface.width, surface.height) == (344, 180))
  }

  @Test func theSizeLimitsAreTheContentsAndTheCompositorGetsThemWithTheFrame() throws {
    let (app, _) = try decorated()
    let window = Window(frame: .zero, application: app.application)
    let host = HostedWindow(
      window: window, display: app.display,
      options: .init(
        title: "limited", appID: "dev.tactile.limited", preferredSize: Size(width: 100, height: 50),
        minimumSize: Size(width: 200, height: 100), maximumSize: Size(width: 400, height: 300)))
    #expect(try run(app.display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    try app.settle()
    #expect(window.bounds.size == Size(width: 200, height: 100), "the preferred size, raised to the minimum")
    let info = try #require(app.compositor.windows.first { $0.title == "limited" })
    #expect((info.width, info.height) == (216, 160))
    #expect(info.minimumSize == Size(width: 216, height: 160))
    #expect(info.maximumSize == Size(width: 416, height: 360))
  }

  @Test func theFakeCompositorDrawsTheDecorationsByDefault() throws {
    let app = try SeatHarness(size: Self.size)
    #expect(app.host.surface.decorations == .serverSide)
    #expect(app.host.clientFrame == nil)
  }

  @Test func aTouchOnTheContentArrivesInTheAppsCoordinatesAndOneOnTheFrameNeverDoes() throws {
    let (app, content) = try decorated()
    var locations: [Point] = []
    content.onTouchesMoved = { [unowned content] touches in
      locations += touches.map { $0.location(in: content) }
    }
    _ = try app.compositor.touchDown(id: 1, at: app.at(100, 30))
    _ = try app.compositor.touchUp(id: 1)
    _ = try app.compositor.touchDown(id: 2, at: app.at(18, 62))
    try app.compositor.touchMotion(id: 2, to: app.at(20, 64))
    _ = try app.compositor.touchUp(id: 2)
    try app.sync()
    #expect(app.log.entries == ["content.began(1)", "content.moved(1)", "content.ended(1)"])
    #expect(locations == [Point(x: 12, y: 12)])
  }

  /// The serials of the `move` requests the compositor received.
  private func moves(_ app: SeatHarness) -> [UInt32] {
    app.compositor.requestLog.compactMap { request -> UInt32? in
      if case .move(let serial) = request.kind { return serial }
      return nil
    }
  }

  /// The serials and edges of the `resize` requests the compositor received.
  private func resizes(_ app: SeatHarness) -> [[UInt32]] {
    app.compositor.requestLog.compactMap { request -> [UInt32]? in
      if case .resize(let serial, let edges) = request.kind { return [serial, edges] }
      return nil
    }
  }

  @Test func aFingerDragOnTheTitleBarSendsMoveWithTheTouchDownSerial() throws {
    let (app, _) = try decorated()
    let serial = try app.compositor.touchDown(id: 1, at: app.at(100, 30))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(130, 40))
    app.compositor.touchFrame()
    try app.settle()
    #expect(moves(app) == [serial])
  }

  @Test func aMoveNamesTheDraggingFingersDownSerialNotAnotherFingersNewerOne() throws {
    let (app, _) = try decorated()
    let dragging = try app.compositor.touchDown(id: 1, at: app.at(100, 30))
    app.compositor.touchFrame()
    let other = try app.compositor.touchDown(id: 2, at: app.at(100, 120))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(130, 40))
    app.compositor.touchFrame()
    try app.settle()
    #expect(other > dragging)
    #expect(moves(app) == [dragging])
  }

  @Test func aPointerDragOnTheTitleBarNamesItsButtonPressNotANewerTouchDown() throws {
    let (app, _) = try decorated()
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 100, y: 30)
    app.compositor.pointerFrame()
    let press = try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    let touch = try app.compositor.touchDown(id: 1, at: app.at(100, 120))
    app.compositor.touchFrame()
    try app.compositor.pointerMotion(to: app.at(120, 40))
    app.compositor.pointerFrame()
    try app.settle()
    #expect(touch > press)
    #expect(moves(app) == [press])
  }

  @Test(arguments: [
    WindowEdge.top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
  ])
  func aFingerOnTheBorderSendsResizeFromThatEdgeWithItsDownSerial(_ edge: WindowEdge) throws {
    let (app, _) = try decorated()
    // A point 2 points inside the 360×240 surface on that side or corner (else the middle).
    let x: Double =
      [.left, .topLeft, .bottomLeft].contains(edge)
      ? 2 : [.right, .topRight, .bottomRight].contains(edge) ? 357 : 180
    let y: Double =
      [.top, .topLeft, .topRight].contains(edge)
      ? 2 : [.bottom, .bottomLeft, .bottomRight].contains(edge) ? 237 : 120
    let serial = try app.compositor.touchDown(id: 1, at: app.at(x, y))
    app.compositor.touchFrame()
    try app.settle()
    #expect(resizes(app) == [[serial, edge.rawValue]])
  }

  @Test func aResizeNamesItsOwnFingersSerialWhenAnotherWentDownInTheSameFrame() throws {
    let (app, _) = try decorated()
    let corner = try app.compositor.touchDown(id: 1, at: app.at(2, 238))
    let other = try app.compositor.touchDown(id: 2, at: app.at(100, 120))
    app.compositor.touchFrame()
    try app.settle()
    #expect(other > corner)
    #expect(resizes(app) == [[corner, WindowEdge.bottomLeft.rawValue]])
  }

  @Test func aDoubleTapOnTheTitleBarMaximizesAndTheMaximizedFrameHasNoBorder() throws {
    let (app, _) = try decorated()
    for id: Int32 in [1, 2] {
      _ = try app.compositor.touchDown(id: id, at: app.at(100, 30))
      app.compositor.touchFrame()
      _ = try app.compositor.touchUp(id: id)
      app.compositor.touchFrame()
      try app.settle()
    }
    let pacer = app.host.surface.pacer
    #expect(
      try run(app.display) { app.host.surface.isMaximized && !pacer.waitingForFrame && !pacer.needsDisplay })
    #expect(app.host.surface.frameInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
    let output = app.compositor.configuration
    #expect(
      app.window.bounds.size
        == Size(width: Double(output.outputWidth), height: Double(output.outputHeight - 44)))
    let surface = try #require(app.compositor.windows.first)
    #expect((surface.width, surface.height) == (output.outputWidth, output.outputHeight))
    #expect(
      app.compositor.screenshot()[2, 20] == Color(white: 0.86).premultiplied,
      "the title bar where the border was")
  }

  @Test func theTextInputCursorRectangleIsTheCaretOnTheSurfaceMovedByTheFrame() throws {
    let (app, content) = try decorated()
    let field = TextField(frame: Rect(x: 10, y: 20, width: 150, height: 30))
    content.addSubview(field)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    #expect(field.becomeFirstResponder())
    try app.settle()
    let caret = try #require(field.caretRect)
    #expect(
      app.compositor.textInputCursorRectangles == [
        Rect(
          x: (18 + caret.minX).rounded(), y: (72 + caret.minY).rounded(), width: caret.width.rounded(),
          height: caret.height.rounded())
      ], "the caret in the field at (10, 20) of the content, which the frame moves by (8, 52)")
  }

  @Test func theCursorIsTheContentViewsOverTheContentAndAResizeArrowOverTheBorder() throws {
    let (app, content) = try decorated()
    let text = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    text.cursorStyle = .text
    content.addSubview(text)
    var shown: [CursorStyle?] = []
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 12, y: 60)
    for (x, y) in [(12.0, 60.0), (357, 120), (2, 238), (100, 30), (100, 120)] {
      try app.compositor.pointerMotion(to: app.at(x, y))
      app.compositor.pointerFrame()
      try app.settle()
      shown.append(try app.seat.pointer?.cursor?.shown?.style)
    }
    #expect(shown == [.text, .resizeRight, .resizeBottomLeft, .arrow, .arrow])
  }

  @Test func theCloseButtonClosesTheWindow() throws {
    let (app, _) = try decorated()
    let close = try #require(app.host.clientFrame).decoration.closeButton
    let center = close.convert(close.bounds.center, to: nil)
    _ = try app.compositor.touchDown(id: 1, at: app.at(center.x, center.y))
    _ = try app.compositor.touchUp(id: 1)
    try app.sync()
    try app.sync()
    #expect(app.window.isClosed)
    #expect(app.compositor.windows.isEmpty)
  }
}
