import TactileFakeSeat
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileWayland

/// Tactile against the in-process fake compositor, over a socket pair on the same thread: the paths that
/// headless weston 10 cannot exercise (fractional scale with a viewport, xdg-decoration, input, held
/// buffers).
@MainActor @Suite struct FakeCompositorTests {
  let compositor: FakeCompositor
  let display: WaylandDisplay

  init() throws {
    try self.init(configuration: FakeCompositor.Configuration())
  }

  init(configuration: FakeCompositor.Configuration) throws {
    let compositor = try FakeCompositor(configuration: configuration)
    let connection = try WaylandConnection(fileDescriptor: compositor.connectClient())
    let loop = try EventLoop(connection: connection)
    loop.watch(fileDescriptor: compositor.eventLoopFileDescriptor) { compositor.pump() }
    self.compositor = compositor
    display = try WaylandDisplay(connection: connection, loop: loop)
  }

  func openWindow(_ size: Size = Size(width: 101, height: 51)) throws -> WaylandWindow {
    let window = WaylandWindow(
      display: display, options: .init(title: "fake", appID: "dev.tactile.fake", preferredSize: size))
    window.onDraw = { $0.pixmap.fill(Color.green.premultiplied) }
    #expect(try run(display) { window.framesCommitted >= 1 && !window.pacer.waitingForFrame })
    return window
  }

  /// The compositor's record of the window's surface.
  func surface() throws -> SurfaceInfo {
    try #require(compositor.windows.first)
  }

  @Test func connectsOverAnInheritedFileDescriptorAndBindsTheOfferedExtensions() {
    #expect(display.viewporter != nil)
    #expect(display.fractionalScaleManager != nil)
    #expect(display.decorationManager != nil)
    #expect(display.outputs.count == 1)
  }

  @Test func aWindowAsksForServerSideDecorationsAndGetsThem() throws {
    // The fake compositor offers xdg-decoration and answers server_side by default (as KWin does).
    let window = WaylandWindow(display: display, options: .init(title: "fake", appID: "fake"))
    #expect(window.decorations == .serverSide, "requested as soon as the toplevel exists")
    #expect(try run(display) { window.framesCommitted >= 1 })
    #expect(window.decorations == .serverSide)
    #expect(!window.showsClientFrame)
  }

  @Test func closingAWindowLetsGoOfCallbacksThatCaptureIt() throws {
    weak var closed: WaylandWindow?
    do {
      let window = try openWindow()
      window.onPress = { _ in window.setNeedsDisplay() }
      window.onCloseRequest = { window.close() }
      window.onPopupDone = { window.close() }
      window.close()
      closed = window
    }
    #expect(closed == nil)
  }

  @Test func theFirstCommitIsBufferlessAndEveryAckNamesASentSerial() throws {
    let window = try openWindow()
    let log = compositor.requestLog.map(\.kind)
    let firstCommit = try #require(log.firstIndex(of: .commit))
    let firstAttach = try #require(log.firstIndex { if case .attach = $0 { true } else { false } })
    #expect(firstCommit < firstAttach)
    let acks = log.compactMap { if case .ackConfigure(_, let known) = $0 { known } else { nil } }
    #expect(!acks.isEmpty && acks.allSatisfy { $0 })
    #expect(log.contains(.damage(x: 0, y: 0, width: 101, height: 51, inBufferCoordinates: true)))
    #expect(try surface().title == "fake" && surface().appID == "dev.tactile.fake")
    #expect(window.size == .init(width: 101, height: 51))
  }

  @Test func withFractionalScaleTheBufferIsTheRoundedScaledSizeAndTheViewportTheLogicalSize() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.fractionalScale = 180
    let fake = try FakeCompositorTests(configuration: configuration)
    let window = try fake.openWindow()
    #expect(try run(fake.display) { window.scale == .fractional(180) && !window.pacer.waitingForFrame })
    let info = try fake.surface()
    let buffer = try #require(try fake.compositor.contents(ofSurface: info.id))
    // 101 × 1.5 = 151.5 → 152 and 51 × 1.5 = 76.5 → 77 (half away from zero).
    #expect(buffer.width == 152 && buffer.height == 77)
    #expect(info.width == 101 && info.height == 51)
  }

  @Test func aScaleChangeAtRunTimeRedrawsAtTheNewSize() throws {
    let window = try openWindow()
    compositor.setFractionalScale(240)
    compositor.pump()
    #expect(try run(display) { window.scale == .fractional(240) && !window.pacer.waitingForFrame })
    let buffer = try #require(try compositor.contents(ofSurface: surface().id))
    #expect(buffer.width == 202 && buffer.height == 102)
    #expect(try surface().width == 101)
  }

  @Test func aCloseRequestCallsTheAppAndTheWindowStaysOpenUntilItCloses() throws {
    let window = try openWindow()
    var requests = 0
    window.onCloseRequest = { requests += 1 }
    try compositor.closeWindow(surface().id)
    compositor.pump()
    #expect(try run(display) { requests == 1 })
    #expect(!window.isClosed && compositor.windows.count == 1)
    window.close()
    #expect(try run(display) { compositor.windows.isEmpty })
  }

  @Test func anAbsurdConfigureIsClampedAndTheClampedSizeIsDrawn() throws {
    let window = try openWindow()
    let id = try surface().id
    try compositor.configureWindow(id, width: 100_000, height: 50)
    compositor.pump()
    #expect(try run(display) { window.framesCommitted == 2 && !window.pacer.waitingForFrame })
    #expect(window.size == .init(width: 4096, height: 50))
    #expect(try compositor.contents(ofSurface: id)?.width == 4096)
    #expect(
      compositor.requestLog.allSatisfy { if case .ackConfigure(_, false) = $0.kind { false } else { true } })
  }

  /// Issue 9's hostile configure: 100000×100000 would be a 40 GB buffer; the window is drawn at the
  /// clamp, 4096×4096 logical units (64 MiB at scale 1), and acks the configure.
  @Test func aConfigureOf100000By100000IsDrawnAt4096By4096() throws {
    let window = try openWindow()
    window.onDraw = { _ in }
    let id = try surface().id
    try compositor.configureWindow(id, width: 100_000, height: 100_000)
    compositor.pump()
    #expect(try run(display) { window.framesCommitted == 2 && !window.pacer.waitingForFrame })
    #expect(window.size == .init(width: 4096, height: 4096))
    let contents = try #require(try compositor.contents(ofSurface: id))
    #expect(contents.width == 4096 && contents.height == 4096)
    #expect(compositor.failures.isEmpty)
  }

  @Test func aZeroByZeroConfigureGoesBackToThePreferredSize() throws {
    let window = try openWindow()
    let id = try surface().id
    try compositor.configureWindow(id, width: 300, height: 200)
    compositor.pump()
    #expect(try run(display) { window.size == .init(width: 300, height: 200) })
    try compositor.configureWindow(id, width: 0, height: 0)
    compositor.pump()
    #expect(
      try run(display) { window.size == .init(width: 101, height: 51) && !window.pacer.waitingForFrame })
    #expect(try compositor.contents(ofSurface: id)?.width == 101)
  }

  @Test func aPointerClickReachesTheWindowAtItsSurfacePosition() throws {
    let window = try openWindow()
    var presses: [Point] = []
    window.onPress = { presses.append($0) }
    try compositor.pointerEnter(surface: surface().id, x: 10, y: 20)
    _ = try compositor.pointerButton(0x110, pressed: true)  // BTN_LEFT
    compositor.pointerFrame()
    _ = try compositor.pointerButton(0x110, pressed: false)
    compositor.pointerFrame()
    compositor.pump()
    #expect(try run(display) { !presses.isEmpty })
    #expect(presses == [Point(x: 10, y: 20)])
  }

  @Test func aTouchDownReachesTheWindowAtItsSurfacePosition() throws {
    let window = try openWindow()
    var presses: [Point] = []
    window.onPress = { presses.append($0) }
    _ = try compositor.touchDown(id: 4, at: .surface(id: surface().id, x: 7.5, y: 3))
    compositor.touchFrame()
    compositor.pump()
    #expect(try run(display) { !presses.isEmpty })
    #expect(presses == [Point(x: 7.5, y: 3)])
  }
}

/// Buffer lifetime against a compositor that keeps buffers until told to release them.
@MainActor @Suite struct HeldBufferTests {
  let fake: FakeCompositorTests

  init() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.bufferReleases = .manual
    fake = try FakeCompositorTests(configuration: configuration)
  }

  func redraw(_ window: WaylandWindow) throws {
    let before = window.framesCommitted
    window.setNeedsDisplay()
    #expect(
      try run(fake.display) { window.framesCommitted == before + 1 && !window.pacer.waitingForFrame })
  }

  @Test func thePoolGrowsInsteadOfWaitingWhileTheCompositorHoldsEveryBuffer() throws {
    let window = try fake.openWindow()
    try redraw(window)
    try redraw(window)
    #expect(window.framesCommitted == 3)
    #expect(window.pool?.count == 3)
    #expect(fake.compositor.heldBufferCount == 3)
  }

  @Test func releasedBuffersAreReusedInsteadOfGrowingThePool() throws {
    let window = try fake.openWindow()
    try redraw(window)
    fake.compositor.releaseBuffers()
    fake.compositor.pump()
    try WaylandDisplay.roundtrip(fake.display.connection, fake.display.loop)
    try redraw(window)
    try redraw(window)
    #expect(window.pool?.count == 2)
  }

  @Test func buffersOfAnOldSizeAreRetiredWhenTheCompositorReleasesThem() throws {
    let window = try fake.openWindow()
    fake.compositor.setFractionalScale(240)
    fake.compositor.pump()
    #expect(try run(fake.display) { window.scale == .fractional(240) && !window.pacer.waitingForFrame })
    #expect(window.pool?.count == 2, "the 1× buffer is still held next to the new 2× one")
    fake.compositor.releaseBuffers()
    fake.compositor.pump()
    #expect(try run(fake.display) { window.pool?.count == 1 }, "the 1× buffer was destroyed")
    #expect(window.pool?.size == BufferLedger.PixelSize(width: 202, height: 102))
  }
}
