import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

/// Per-corner radii on a view (`cornerRadii`), and `cornerRadius` as the same radius on every corner.
@MainActor
@Suite struct CornerRadiiTests {
  static let radii = CornerRadii(topLeft: 2, topRight: 12, bottomRight: 0, bottomLeft: 7.5)

  @Test func settingCornerRadiusSetsEveryCornerAndReadingItGivesTheLargest() {
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    view.cornerRadius = 6
    #expect(view.cornerRadii == CornerRadii(all: 6))
    view.cornerRadii = Self.radii
    #expect(view.cornerRadius == 12)
  }

  @Test func radiiWithANegativeOrNonFiniteCornerAreIgnored() {
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    view.cornerRadii = Self.radii
    for bad in [-1, Double.nan, .infinity] {
      view.cornerRadii = CornerRadii(topLeft: 1, topRight: 1, bottomRight: bad, bottomLeft: 1)
      view.cornerRadius = bad
    }
    #expect(view.cornerRadii == Self.radii)
  }

  @Test func changingOneCornerDamagesTheViewAndAssigningTheSameRadiiNothing() {
    let app = TestApplication(size: Size(width: 100, height: 100))
    let view = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
    view.cornerRadii = Self.radii
    app.rootView.addSubview(view)
    _ = app.window.takeDamage()
    view.cornerRadii = Self.radii
    #expect(app.window.damage.isEmpty)
    view.cornerRadii.bottomRight = 5
    #expect(app.window.takeDamage().rects == [Rect(x: 10, y: 20, width: 30, height: 40)])
  }

  @Test func aViewFillsItsBackgroundWithTheRasterizersPerCornerRoundedRect() throws {
    let frame = Rect(x: 3.5, y: 2.25, width: 30, height: 26)
    let color = Color(red: 0.2, green: 0.5, blue: 0.8)
    let stage = View(frame: Rect(x: 0, y: 0, width: 40, height: 32))
    let view = View(frame: frame)
    view.backgroundColor = color
    view.cornerRadii = Self.radii
    stage.addSubview(view)
    for scale in [1.0, 1.5] {
      let rendered = try GoldenImage.render(stage, scale: scale)
      var reference = try Image(width: rendered.width, height: rendered.height)
      reference.withPixmap { pixmap in
        let canvas = Canvas(pixmap: pixmap)
        canvas.scale(x: scale, y: scale)
        canvas.fill(RoundedRect(rect: frame, radii: Self.radii), with: .color(color))
      }
      #expect(rendered.pixels == reference.pixels, "at \(scale)×")
    }
  }

  @Test func hitTestingIgnoresTheCorners() {
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    view.cornerRadii = CornerRadii(all: 20)
    #expect(view.hitTest(Point(x: 0.5, y: 0.5), with: nil) === view)
  }
}
