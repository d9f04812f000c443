import Foundation
import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

/// Redrawing only the damage: the pixels written are exactly the damaged ones, and they come out as a full
/// redraw draws them, at integer and fractional scales.
@MainActor
@Suite struct DamageRenderingTests {
  /// A colour no drawing writes (its colour channels exceed its alpha, which premultiplied drawing never
  /// produces), so a pixel still holding it was not written.
  static let sentinel = PremultipliedColor(argb: 0x0102_0304)
  static let clearColor = Color(white: 0.9)

  /// A scene of the kinds of views the renderer draws: rounded, bordered, translucent (alone and as a group
  /// with overlapping subviews), rotated, clipped, with text, and a view (with a subview sticking out of
  /// it) that moves.
  @MainActor struct Scene {
    let app = TestApplication(size: Size(width: 160, height: 120))
    let mover = View(frame: Rect(x: 4.6, y: 6.2, width: 24, height: 18))

    init() {
      let root = app.rootView
      root.backgroundColor = Color(white: 0.97)
      let card = View(frame: Rect(x: 10.3, y: 8.7, width: 70, height: 40))
      card.backgroundColor = .white
      card.cornerRadius = 10
      card.borderWidth = 1.5
      card.borderColor = Color(red: 0.2, green: 0.3, blue: 0.8)
      root.addSubview(card)
      let tilted = View(frame: Rect(x: 90, y: 20, width: 40, height: 30))
      tilted.backgroundColor = Color(red: 0.1, green: 0.4, blue: 0.9)
      tilted.alpha = 0.6
      tilted.transform = AffineTransform(rotationAngle: 0.3)
      root.addSubview(tilted)
      let label = Label(frame: Rect(x: 12, y: 58, width: 90, height: 20))
      label.text = "Damage"
      root.addSubview(label)
      let clipper = View(frame: Rect(x: 20.5, y: 82, width: 100, height: 30))
      clipper.clipsToBounds = true
      clipper.cornerRadii = CornerRadii(topLeft: 8, topRight: 0, bottomRight: 14, bottomLeft: 3)
      clipper.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.5)
      let inside = View(frame: Rect(x: -10, y: 10, width: 60, height: 40))
      inside.backgroundColor = Color(red: 0.8, green: 0.2, blue: 0.2, alpha: 0.7)
      clipper.addSubview(inside)
      root.addSubview(clipper)
      // A half-transparent group with overlapping subviews, drawn through an offscreen layer.
      let group = View(frame: Rect(x: 96.3, y: 62.6, width: 50, height: 40))
      group.alpha = 0.5
      group.backgroundColor = Color(red: 0.5, green: 0.8, blue: 0.9)
      group.cornerRadius = 5
      for (index, frame) in [
        Rect(x: 4.5, y: 5, width: 30, height: 22), Rect(x: 18, y: 14.25, width: 28, height: 22),
      ]
      .enumerated() {
        let part = View(frame: frame)
        part.backgroundColor = index == 0 ? Color(red: 0.9, green: 0.3, blue: 0.2) : Color(white: 0.2)
        part.cornerRadius = 3
        group.addSubview(part)
      }
      root.addSubview(group)
      mover.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
      mover.cornerRadius = 6
      mover.borderWidth = 1
      let tail = View(frame: Rect(x: 20, y: 12, width: 14, height: 10))
      tail.backgroundColor = Color(red: 0.3, green: 0.7, blue: 0.3)
      mover.addSubview(tail)
      root.addSubview(mover)
      app.window.frameDidStart(at: 0)
    }

    var layers: [ViewTreeRenderer.Layer] {
      [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    }
  }

  private func repaint(_ region: DamageRegion, of scene: Scene, scale: Double, into image: inout Image) {
    image.withPixmap {
      ViewTreeRenderer.repaint(
        region, of: scene.layers, in: Canvas(pixmap: $0), scale: scale, clearColor: Self.clearColor)
    }
  }

  private func fullRedraw(_ scene: Scene, scale: Double, width: Int, height: Int) throws -> Image {
    var image = try Image(width: width, height: height, color: Self.sentinel)
    let everything = DamageRegion(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    repaint(everything, of: scene, scale: scale, into: &image)
    return image
  }

  @Test(arguments: [1.0, 1.25, 1.5, 2.0])
  func aMovingViewRedrawsOnlyItsDamageAndTheResultEqualsAFullRedraw(scale: Double) throws {
    let scene = Scene()
    let width = Int((160 * scale).rounded())
    let height = Int((120 * scale).rounded())
    var incremental = try fullRedraw(scene, scale: scale, width: width, height: height)
    _ = scene.app.window.takeDamage()
    for step in 1...12 {
      scene.mover.center = scene.mover.center + Point(x: 9.37, y: 6.1)
      if step == 6 { scene.mover.transform = AffineTransform(rotationAngle: 0.2) }
      let damage = ViewTreeRenderer.takeDamage(
        of: scene.layers, scale: scale, pixelWidth: width, pixelHeight: height)
      var probe = try Image(width: width, height: height, color: Self.sentinel)
      repaint(damage, of: scene, scale: scale, into: &probe)
      repaint(damage, of: scene, scale: scale, into: &incremental)
      let full = try fullRedraw(scene, scale: scale, width: width, height: height)
      let differing = zip(incremental.pixels, full.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "step \(step): the damage-only frame differs from a full redraw")
      var written = 0
      var wrong = 0
      for y in 0..<height {
        for x in 0..<width {
          let center = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
          let damaged = damage.rects.contains { $0.contains(center) }
          if damaged { written += 1 }
          if probe[x, y] != (damaged ? full[x, y] : Self.sentinel) { wrong += 1 }
        }
      }
      #expect(wrong == 0, "step \(step): \(wrong) pixels written outside the damage or wrong inside")
      #expect(written > 0 && written < width * height / 4, "step \(step): \(written) pixels redrawn")
    }
  }

  /// A view that counts how often it is drawn.
  final class CountingView: View {
    var draws = 0
    override func draw(in canvas: Canvas) { draws += 1 }
  }

  @Test func viewsOutsideTheDamageAreNotVisited() throws {
    let app = TestApplication(size: Size(width: 200, height: 200))
    let grid = (0..<100).map { index in
      CountingView(frame: Rect(x: Double(index % 10) * 20, y: Double(index / 10) * 20, width: 20, height: 20))
    }
    for view in grid { app.rootView.addSubview(view) }
    // A clipping container outside the damage hides a child whose own rectangle is inside it.
    let clipper = CountingView(frame: Rect(x: 150, y: 150, width: 40, height: 40))
    clipper.clipsToBounds = true
    let clippedAway = CountingView(frame: Rect(x: -100, y: -100, width: 30, height: 30))
    clipper.addSubview(clippedAway)
    // A small container outside the damage whose child reaches into it is visited for the child.
    let holder = CountingView(frame: Rect(x: 180, y: 0, width: 10, height: 10))
    let reaching = CountingView(frame: Rect(x: -140, y: 60, width: 10, height: 10))
    holder.addSubview(reaching)
    app.rootView.addSubview(clipper)
    app.rootView.addSubview(holder)
    app.window.frameDidStart(at: 0)
    _ = app.window.takeDamage()

    grid[32].setNeedsDisplay()
    let layers = [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    let damage = ViewTreeRenderer.takeDamage(of: layers, scale: 1, pixelWidth: 200, pixelHeight: 200)
    #expect(damage.rects == [Rect(x: 40, y: 60, width: 20, height: 20)])
    var image = try Image(width: 200, height: 200)
    image.withPixmap {
      ViewTreeRenderer.repaint(damage, of: layers, in: Canvas(pixmap: $0), scale: 1, clearColor: .white)
    }
    #expect(grid.indices.filter { grid[$0].draws > 0 } == [32], "neighbours sharing an edge are not drawn")
    #expect(grid[32].draws == 1)
    #expect(clipper.draws == 0 && clippedAway.draws == 0)
    #expect(holder.draws == 0, "the holder's own rectangle is outside the damage")
    #expect(reaching.draws == 1)
  }

  @Test func assigningTheCurrentGeometryMarksNoDamage() {
    let app = TestApplication(size: Size(width: 100, height: 100))
    let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    app.rootView.addSubview(view)
    _ = app.window.takeDamage()
    view.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    view.center = view.center
    view.bounds = view.bounds
    view.transform = .identity
    #expect(app.window.damage.isEmpty)
    view.transform = AffineTransform(scaleX: 2, y: 1)
    #expect(app.window.takeDamage().rects == [Rect(x: 0, y: 10, width: 40, height: 20)])
  }

  @Test func aDamagedPixelIsRedrawnWhateverPartOfItTheViewCovers() throws {
    // At 1.5×, a view edge at 10.2 points falls inside pixel 15; changing the view repaints that pixel.
    let app = TestApplication(size: Size(width: 40, height: 20))
    let view = View(frame: Rect(x: 10.2, y: 2, width: 7, height: 9))
    app.rootView.addSubview(view)
    _ = app.window.takeDamage()
    view.backgroundColor = .black
    let layers = [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    let damage = ViewTreeRenderer.takeDamage(of: layers, scale: 1.5, pixelWidth: 60, pixelHeight: 30)
    #expect(damage.rects == [Rect(x: 15, y: 3, width: 11, height: 14)])
  }
}
