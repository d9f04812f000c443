import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

/// A translucent view fades with its subtree as one picture (group opacity, as in UIKit since iOS 7):
/// overlapping subviews of a half-transparent view do not show through one another. Expected pixels are
/// worked out here with the exact blending the rasterizer promises (premultiplied source-over, each
/// product divided by 255 and rounded), the group's alpha as 8 bits (0.5 → 128).
@MainActor
@Suite struct GroupOpacityTests {
  static let stage = Color(white: 0.94)
  static let parentBackground = Color(red: 0.2, green: 0.8, blue: 0.3)
  static let back = Color(red: 0.9, green: 0.2, blue: 0.1)
  static let front = Color(red: 0.1, green: 0.3, blue: 0.9)

  /// `p` scaled by `f`/255, each channel rounded exactly.
  static func scale(_ p: PremultipliedColor, _ f: UInt32) -> PremultipliedColor {
    var argb: UInt32 = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let t = ((p.argb >> shift) & 0xFF) * f + 128
      argb |= ((t + (t >> 8)) >> 8) << shift
    }
    return PremultipliedColor(argb: argb)
  }

  /// `source` over `destination`.
  static func over(_ source: PremultipliedColor, _ destination: PremultipliedColor) -> PremultipliedColor {
    PremultipliedColor(argb: source.argb + scale(destination, 255 - (source.argb >> 24)).argb)
  }

  /// `color` at 50 % over the stage.
  static func halfOverStage(_ color: Color) -> PremultipliedColor {
    over(scale(color.premultiplied, 128), stage.premultiplied)
  }

  /// A stage with a 50 % view holding two overlapping opaque subviews; the view is rotated by `angle`.
  private func scene(angle: Double) -> (stage: View, parent: View) {
    let stage = View(frame: Rect(x: 0, y: 0, width: 100, height: 60))
    stage.backgroundColor = Self.stage
    let parent = View(frame: Rect(x: 10, y: 10, width: 80, height: 40))
    parent.backgroundColor = Self.parentBackground
    parent.alpha = 0.5
    parent.transform = AffineTransform(rotationAngle: angle)
    let back = View(frame: Rect(x: 5, y: 5, width: 40, height: 30))
    back.backgroundColor = Self.back
    let front = View(frame: Rect(x: 25, y: 10, width: 40, height: 25))
    front.backgroundColor = Self.front
    parent.addSubview(back)
    parent.addSubview(front)
    stage.addSubview(parent)
    return (stage, parent)
  }

  @Test(arguments: [1.0, 1.5, 2.0])
  func overlappingOpaqueSubviewsOfAHalfTransparentViewFadeAsOnePicture(scale: Double) throws {
    for angle in [0, 0.3] {
      let (stage, parent) = scene(angle: angle)
      let image = try GoldenImage.render(stage, scale: scale)
      // Points in the parent's coordinates, each well inside one region.
      let expectations: [(String, Point, PremultipliedColor)] = [
        ("the overlap shows the front subview only", Point(x: 35, y: 22), Self.halfOverStage(Self.front)),
        ("the back subview alone", Point(x: 12, y: 15), Self.halfOverStage(Self.back)),
        ("the front subview alone", Point(x: 58, y: 22), Self.halfOverStage(Self.front)),
        ("the parent's background alone", Point(x: 72, y: 36), Self.halfOverStage(Self.parentBackground)),
      ]
      for (what, point, expected) in expectations {
        let p = parent.convert(point, to: stage)
        let pixel = image[Int(p.x * scale), Int(p.y * scale)]
        #expect(pixel == expected, "\(what) at \(scale)×, rotated \(angle)")
      }
    }
  }

  @Test func aTranslucentGroupUnderATransformThatCollapsesItDrawsNothing() throws {
    let (stage, parent) = scene(angle: 0)
    parent.transform = AffineTransform(scaleX: 0, y: 1)
    let image = try GoldenImage.render(stage, scale: 1)
    #expect(image.pixels.allSatisfy { $0 == Self.stage.premultiplied.argb })
  }

  @Test func aTranslucentViewWithoutSubviewsBlendsItsBackgroundAndBorderOneByOne() throws {
    let stage = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    stage.backgroundColor = Self.stage
    let card = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    card.backgroundColor = Self.back
    card.borderWidth = 4
    card.borderColor = Self.front
    card.alpha = 0.5
    stage.addSubview(card)
    let image = try GoldenImage.render(stage, scale: 1)
    #expect(image[20, 20] == Self.halfOverStage(Self.back))
    // The border pixel is blended over the background already blended over the stage.
    let background = Self.halfOverStage(Self.back)
    #expect(image[11, 20] == Self.over(Self.scale(Self.front.premultiplied, 128), background))
  }

  /// Showing, hiding, adding or removing a translucent view's only drawn subview changes whether it is
  /// drawn as a group, which blends its anti-aliased edges a little differently; its whole area is
  /// repainted, so the frame still equals a full redraw.
  @Test func aTranslucentViewGainingOrLosingItsOnlyDrawnSubviewIsRepaintedWhole() throws {
    let app = TestApplication(size: Size(width: 80, height: 60))
    let parent = View(frame: Rect(x: 6.3, y: 5.7, width: 61.4, height: 43.2))
    parent.backgroundColor = Self.parentBackground
    parent.cornerRadius = 9.5
    parent.borderWidth = 1.5
    parent.borderColor = Self.back
    parent.alpha = 0.6
    let child = View(frame: Rect(x: 40.2, y: 25.1, width: 8, height: 6))
    child.backgroundColor = Self.front
    child.isHidden = true
    parent.addSubview(child)
    app.rootView.addSubview(parent)
    app.window.frameDidStart(at: 0)
    let layers = [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    func render(_ region: DamageRegion, into image: inout Image) {
      image.withPixmap {
        ViewTreeRenderer.repaint(region, of: layers, in: Canvas(pixmap: $0), scale: 1, clearColor: .white)
      }
    }
    let everything = DamageRegion(Rect(x: 0, y: 0, width: 80, height: 60))
    var incremental = try Image(width: 80, height: 60)
    render(everything, into: &incremental)
    _ = app.window.takeDamage()
    let changes: [(String, () -> Void)] = [
      ("shown", { child.isHidden = false }),
      ("made transparent", { child.alpha = 0 }),
      ("made opaque", { child.alpha = 1 }),
      ("removed", { child.removeFromSuperview() }),
      ("added", { parent.addSubview(child) }),
      ("hidden", { child.isHidden = true }),
    ]
    for (what, change) in changes {
      change()
      let damage = ViewTreeRenderer.takeDamage(of: layers, scale: 1, pixelWidth: 80, pixelHeight: 60)
      render(damage, into: &incremental)
      var full = try Image(width: 80, height: 60)
      render(everything, into: &full)
      let differing = zip(incremental.pixels, full.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "the subview \(what): \(differing) pixels differ from a full redraw")
    }
  }
}
