import Tactile

/// The "photo": a drawn picture (sky, sun, hills) so the example needs no image file.
@MainActor final class PhotoView: View {
  override init(frame: Rect) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(bounds, with: .color(Color(red8: 0x87, green8: 0xCE, blue8: 0xEB)))
    let sun = Rect(x: bounds.width * 0.7, y: bounds.height * 0.12, width: 40, height: 40)
    canvas.fillEllipse(in: sun, with: .color(Color(red8: 0xFF, green8: 0xD7, blue8: 0x00)))
    var hills = Path()
    hills.move(to: Point(x: 0, y: bounds.height))
    hills.addLine(to: Point(x: 0, y: bounds.height * 0.6))
    hills.addQuadCurve(
      to: Point(x: bounds.width, y: bounds.height * 0.65),
      control: Point(x: bounds.width * 0.4, y: bounds.height * 0.3))
    hills.addLine(to: Point(x: bounds.width, y: bounds.height))
    hills.closeSubpath()
    canvas.fill(hills, with: .color(Color(red8: 0x2E, green8: 0x8B, blue8: 0x57)))
  }
}
