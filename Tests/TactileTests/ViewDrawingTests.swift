import Tactile
import TactileGeometry
import TactileRaster
import Testing

@MainActor
@Suite struct ViewDrawingTests {
  /// Draws `view` into a fresh transparent image of its bounds' size (one pixel per point).
  private func render(_ view: View) throws -> Image {
    var image = try Image(width: Int(view.bounds.width), height: Int(view.bounds.height))
    image.withPixmap { pixmap in view.draw(in: Canvas(pixmap: pixmap)) }
    return image
  }

  private func inkedColumns(_ image: Image) -> [Int] {
    (0..<image.width).filter { x in (0..<image.height).contains { y in image[x, y].alpha > 0 } }
  }

  @Test func labelDrawsItsTextVerticallyCentredAndAligned() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 120, height: 40))
    label.text = "Hi"
    let left = try render(label)
    let columns = inkedColumns(left)
    #expect(!columns.isEmpty)
    #expect(columns.first! < 5)
    let rows = (0..<left.height).filter { y in (0..<left.width).contains { x in left[x, y].alpha > 0 } }
    #expect(rows.first! > 5 && rows.last! < 35)
    label.textAlignment = .right
    let right = inkedColumns(try render(label))
    #expect(right.last! > 110)
    #expect(right.first! > 60)
  }

  @Test func labelWithoutTextDrawsNothing() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(inkedColumns(try render(label)).isEmpty)
  }

  @Test func imageViewFitsItsImageByContentMode() throws {
    let red = PremultipliedColor(argb: 0xFFFF_0000)
    let imageView = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 20))
    imageView.image = try Image(width: 4, height: 4, color: red)
    imageView.contentMode = .scaleAspectFit
    let fitted = try render(imageView)
    #expect(fitted[20, 10] == red)
    #expect(fitted[2, 10] == .clear)
    #expect(fitted[37, 10] == .clear)
    imageView.contentMode = .scaleToFill
    let filled = try render(imageView)
    #expect(filled[2, 10] == red)
    #expect(filled[37, 10] == red)
  }

  @Test func buttonDrawsItsTitleInTheMiddle() throws {
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    button.setTitle("OK", for: .normal)
    let columns = inkedColumns(try render(button))
    #expect(!columns.isEmpty)
    #expect(abs(Double(columns.first! + columns.last!) / 2 - 50) < 3)
  }
}
