import TactileCore
import TactileFakeSeat
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileWayland

/// Damage-only redraws of a hosted window over the real wire: the committed buffers equal a full redraw
/// while the pool rotates buffers (buffer age), `damage_buffer` names the damaged pixels, and a new size or
/// scale redraws everything.
@MainActor @Suite struct DamageWireTests {
  /// A hosted window of 200×100 points with a few views and a small view that moves.
  @MainActor final class Scene {
    let harness: SeatHarness
    let mover = View(frame: Rect(x: 10, y: 10, width: 30, height: 20))

    init(
      fractionalScale: UInt32 = 120, releases: FakeCompositor.BufferReleaseMode = .automatic,
      clientSideDecorations: Bool = false, size: Size = Size(width: 200, height: 100)
    ) throws {
      var configuration = FakeCompositor.Configuration()
      configuration.fractionalScale = fractionalScale
      configuration.bufferReleases = releases
      if clientSideDecorations { configuration.decorationMode = .clientSide }
      harness = try SeatHarness(configuration: configuration, size: size)
      let card = View(frame: Rect(x: 20.5, y: 30, width: 120, height: 50))
      card.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.9)
      card.cornerRadius = 9
      card.borderWidth = 1.5
      harness.window.addSubview(card)
      let label = Label(frame: Rect(x: 100, y: 5, width: 90, height: 20))
      label.text = "Buffer age"
      harness.window.addSubview(label)
      mover.backgroundColor = Color(red: 1, green: 0.4, blue: 0, alpha: 0.75)
      mover.cornerRadius = 5
      harness.window.addSubview(mover)
      try nextFrame()
    }

    var host: HostedWindow { harness.host }
    var compositor: FakeCompositor { harness.compositor }

    /// Waits until the host drew one more frame and the compositor has it.
    func nextFrame() throws {
      let before = host.framesDrawn
      #expect(
        try run(harness.display) {
          self.host.framesDrawn == before + 1 && !self.host.surface.pacer.waitingForFrame
        })
      try harness.settle()
    }

    /// The surface's committed pixels.
    func committed() throws -> Image {
      try #require(try compositor.contents(ofSurface: harness.surfaceID))
    }

    /// The whole surface drawn from scratch, as the host would draw a first frame.
    func fullRedraw(width: Int, height: Int) throws -> Image {
      var layers = [ViewTreeRenderer.Layer(window: harness.window, frame: harness.window.bounds)]
      if let frame = host.clientFrame {
        layers[0].frame = frame.decoration.contentRect
        layers.insert(.init(window: frame.frameWindow, frame: frame.frameWindow.bounds), at: 0)
      }
      var image = try Image(width: width, height: height)
      image.withPixmap {
        ViewTreeRenderer.repaint(
          DamageRegion(Rect(x: 0, y: 0, width: Double(width), height: Double(height))), of: layers,
          in: Canvas(pixmap: $0), scale: host.surface.scale.factor, clearColor: host.clearColor)
      }
      return image
    }

    /// The `damage_buffer` rectangles of the requests logged since `index`.
    func bufferDamage(since index: Int) -> [Rect] {
      compositor.requestLog[index...].compactMap {
        guard case .damage(let x, let y, let width, let height, true) = $0.kind else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
      }
    }

    /// How many committed pixels differ from a full redraw.
    func pixelsDifferingFromAFullRedraw() throws -> Int {
      let image = try committed()
      let full = try fullRedraw(width: image.width, height: image.height)
      return zip(image.pixels, full.pixels).filter { $0 != $1 }.count
    }

    /// Whether a buffer was attached in the requests logged since `index`.
    func attached(since index: Int) -> Bool {
      compositor.requestLog[index...].contains {
        if case .attach(true, _, _) = $0.kind { true } else { false }
      }
    }
  }

  @Test(arguments: [UInt32(120), 150, 180, 240])
  func buffersInRotationAreRepaintedWhereTheyMissedFramesAndEqualAFullRedraw(scale: UInt32) throws {
    let scene = try Scene(fractionalScale: scale, releases: .manual)
    let first = try scene.committed()
    for step in 1...9 {
      // The compositor holds every buffer until every third frame, so the pool grows to three buffers
      // and from then on each frame reuses a buffer that missed the two frames before.
      if step % 3 == 1 {
        scene.compositor.releaseBuffers()
        try scene.harness.settle()
      }
      let logged = scene.compositor.requestLog.count
      let oldRect = scene.mover.frame
      scene.mover.center = scene.mover.center + Point(x: 17.3, y: 6.9)
      try scene.nextFrame()
      let differing = try scene.pixelsDifferingFromAFullRedraw()
      #expect(differing == 0, "step \(step): \(differing) pixels differ from a full redraw")
      let factor = Double(scale) / 120
      let expected = DamageRegion(oldRect.union(scene.mover.frame)).pixelAligned(
        scale: factor, within: Rect(x: 0, y: 0, width: Double(first.width), height: Double(first.height)))
      #expect(scene.bufferDamage(since: logged) == expected.rects, "step \(step)")
      if step > 3 {
        #expect(scene.host.pixelsRepainted < first.width * first.height / 2, "step \(step)")
      }
    }
    #expect(scene.host.surface.pool?.count == 3)
  }

  @Test func aNewSizeOrScaleRedrawsTheWholeBuffer() throws {
    let scene = try Scene()
    var logged = scene.compositor.requestLog.count
    _ = try scene.compositor.configureWindow(scene.harness.surfaceID, width: 240, height: 120)
    scene.compositor.pump()
    try scene.nextFrame()
    #expect(scene.bufferDamage(since: logged) == [Rect(x: 0, y: 0, width: 240, height: 120)])
    #expect(scene.host.pixelsRepainted == 240 * 120)
    logged = scene.compositor.requestLog.count
    scene.compositor.setFractionalScale(180)
    scene.compositor.pump()
    try scene.nextFrame()
    #expect(scene.bufferDamage(since: logged) == [Rect(x: 0, y: 0, width: 360, height: 180)])
    #expect(try scene.pixelsDifferingFromAFullRedraw() == 0)
  }

  @Test func aFrameWithNothingDamagedCommitsNoBuffer() throws {
    let scene = try Scene()
    let drawn = scene.host.framesDrawn
    let logged = scene.compositor.requestLog.count
    _ = try scene.compositor.configureWindow(scene.harness.surfaceID, width: 200, height: 100)
    scene.compositor.pump()
    #expect(
      try run(scene.harness.display) {
        scene.compositor.requestLog[logged...].contains { $0.kind == .commit }
      })
    try scene.harness.settle()
    #expect(!scene.attached(since: logged) && scene.bufferDamage(since: logged).isEmpty)
    #expect(scene.host.framesDrawn == drawn)
  }

  @Test func theClientSideFrameIsRedrawnOnlyWhereItChanged() throws {
    let scene = try Scene(
      fractionalScale: 150, clientSideDecorations: true, size: Size(width: 400, height: 200))
    let frame = try #require(scene.host.clientFrame)
    let logged = scene.compositor.requestLog.count
    scene.harness.window.title = "Renamed"
    try scene.nextFrame()
    let title = frame.decoration.titleLabel
    let bar = title.convert(title.bounds, to: frame.frameWindow)
    #expect(
      scene.bufferDamage(since: logged)
        == DamageRegion(bar).pixelAligned(scale: 1.25, within: Rect(x: 0, y: 0, width: 500, height: 250))
        .rects)
    #expect(try scene.pixelsDifferingFromAFullRedraw() == 0)
    scene.mover.center = scene.mover.center + Point(x: 3, y: 3)
    try scene.nextFrame()
    #expect(try scene.pixelsDifferingFromAFullRedraw() == 0, "the content moved by the frame's inset")
  }
}
