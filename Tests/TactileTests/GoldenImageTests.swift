import TactileCore
import TactileGeometry
import TactileRaster
import Testing

/// Views as ``ViewTreeRenderer`` draws them, compared exactly with the PNGs in `Goldens/` (see
/// ``GoldenImage``; `TACTILE_UPDATE_GOLDENS=1` rewrites them). Each scene sits on an opaque light
/// background so the pictures read the same in any viewer.
@MainActor
@Suite struct GoldenImageTests {
  /// A view of `size` with an opaque light grey background, the stage of every golden.
  private func stage(width: Double, height: Double) -> View {
    let stage = View(frame: Rect(x: 0, y: 0, width: width, height: height))
    stage.backgroundColor = Color(white: 0.94)
    return stage
  }

  /// Fills its bounds with a rounded rectangle whose four corners have different radii.
  private final class PerCornerShape: View {
    override func draw(in canvas: Canvas) {
      let radii = CornerRadii(topLeft: 0, topRight: 8, bottomRight: 20, bottomLeft: 4)
      canvas.fill(
        RoundedRect(rect: bounds, radii: radii), with: .color(Color(red: 0.95, green: 0.55, blue: 0.1)))
    }
  }

  private func roundedScene() -> View {
    let stage = stage(width: 120, height: 80)
    let rounded = View(frame: Rect(x: 8, y: 8, width: 64, height: 64))
    rounded.backgroundColor = Color(red: 0.15, green: 0.4, blue: 0.85)
    rounded.cornerRadius = 16
    stage.addSubview(rounded)
    stage.addSubview(PerCornerShape(frame: Rect(x: 78.5, y: 10.25, width: 34, height: 60)))
    return stage
  }

  @Test(arguments: [1.0, 1.5, 2.0])
  func aRoundedViewAndAPerCornerRoundedDrawing(scale: Double) throws {
    try GoldenImage.expect(roundedScene(), matches: "rounded@\(scale)x", scale: scale)
  }

  @Test func aBorderedViewStrokesItsBorderInsideItsRoundedBounds() throws {
    let stage = stage(width: 120, height: 70)
    let card = View(frame: Rect(x: 8, y: 8, width: 60, height: 54))
    card.backgroundColor = Color(red: 1, green: 0.97, blue: 0.8)
    card.borderWidth = 4
    card.borderColor = Color(red: 0.7, green: 0.1, blue: 0.15)
    card.cornerRadius = 12
    stage.addSubview(card)
    let square = View(frame: Rect(x: 76.5, y: 16.5, width: 36, height: 36))
    square.borderWidth = 1.5
    square.borderColor = Color(red: 0.1, green: 0.3, blue: 0.7)
    stage.addSubview(square)
    try GoldenImage.expect(stage, matches: "bordered")
  }

  @Test(arguments: [1.0, 2.0])
  func perCornerRadiiRoundTheBackgroundTheBorderAndTheClip(scale: Double) throws {
    let stage = stage(width: 140, height: 70)
    let card = View(frame: Rect(x: 8, y: 8, width: 60, height: 54))
    card.backgroundColor = Color(red: 1, green: 0.97, blue: 0.8)
    card.borderWidth = 3
    card.borderColor = Color(red: 0.7, green: 0.1, blue: 0.15)
    card.cornerRadii = CornerRadii(topLeft: 0, topRight: 18, bottomRight: 6, bottomLeft: 27)
    stage.addSubview(card)
    let box = View(frame: Rect(x: 78, y: 10, width: 50, height: 50))
    box.backgroundColor = Color(red: 0.85, green: 0.85, blue: 0.4)
    box.cornerRadii = CornerRadii(topLeft: 20, topRight: 0, bottomRight: 12, bottomLeft: 4)
    box.clipsToBounds = true
    let overhang = View(frame: Rect(x: -6, y: 20, width: 70, height: 40))
    overhang.backgroundColor = Color(red: 0.6, green: 0.15, blue: 0.6)
    box.addSubview(overhang)
    stage.addSubview(box)
    try GoldenImage.expect(stage, matches: "corners@\(scale)x", scale: scale)
  }

  @Test func aTransformedViewRotatesAndScalesItsSubviews() throws {
    let stage = stage(width: 120, height: 100)
    let turned = View(frame: Rect(x: 30, y: 30, width: 60, height: 40))
    turned.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.35)
    turned.transform = AffineTransform(rotationAngle: 0.4).scaledBy(x: 1.3, y: 1.3)
    let corner = View(frame: Rect(x: 4, y: 4, width: 16, height: 12))
    corner.backgroundColor = .white
    turned.addSubview(corner)
    let bar = View(frame: Rect(x: 10, y: 28, width: 44, height: 6))
    bar.backgroundColor = Color(red: 0.05, green: 0.2, blue: 0.1)
    bar.cornerRadius = 3
    turned.addSubview(bar)
    stage.addSubview(turned)
    try GoldenImage.expect(stage, matches: "transformed")
  }

  @Test func clipsToBoundsClipsSubviewsToTheRoundedBounds() throws {
    let stage = stage(width: 140, height: 70)
    for (index, clips) in [true, false].enumerated() {
      let box = View(frame: Rect(x: 10 + Double(index) * 70, y: 10, width: 44, height: 44))
      box.backgroundColor = Color(red: 0.85, green: 0.85, blue: 0.4)
      box.cornerRadius = 10
      box.clipsToBounds = clips
      let overhang = View(frame: Rect(x: 20, y: 20, width: 36, height: 36))
      overhang.backgroundColor = Color(red: 0.6, green: 0.15, blue: 0.6)
      box.addSubview(overhang)
      stage.addSubview(box)
    }
    try GoldenImage.expect(stage, matches: "clipped")
  }

  /// Group opacity: the half-transparent parent and its opaque subview fade as one picture, so the
  /// parent does not show through the subview where they overlap.
  @Test func aTranslucentViewFadesWithItsSubviewsAsOneGroup() throws {
    let stage = stage(width: 120, height: 80)
    for index in 0..<6 {
      let stripe = View(frame: Rect(x: Double(index) * 20, y: 0, width: 10, height: 80))
      stripe.backgroundColor = Color(white: 0.2)
      stage.addSubview(stripe)
    }
    let faded = View(frame: Rect(x: 10, y: 10, width: 70, height: 50))
    faded.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.9)
    faded.alpha = 0.5
    let inner = View(frame: Rect(x: 30, y: 20, width: 60, height: 40))
    inner.backgroundColor = Color(red: 0.95, green: 0.2, blue: 0.1)
    faded.addSubview(inner)
    stage.addSubview(faded)
    try GoldenImage.expect(stage, matches: "translucent")
  }

  @Test(arguments: [1.0, 1.5, 2.0])
  func aLabelDrawsItsTextInDejaVuSans(scale: Double) throws {
    let stage = stage(width: 160, height: 56)
    let left = Label(frame: Rect(x: 6, y: 4, width: 148, height: 24))
    left.text = "Golden Ågé 0123"
    stage.addSubview(left)
    let right = Label(frame: Rect(x: 6, y: 28, width: 148, height: 24))
    right.text = "right, blue"
    right.textAlignment = .right
    right.textColor = Color(red: 0.1, green: 0.3, blue: 0.8)
    right.font = .system(size: 13)
    stage.addSubview(right)
    try GoldenImage.expect(stage, matches: "label@\(scale)x", scale: scale)
  }
}
