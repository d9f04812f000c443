import TactileCore
import TactileCoreTesting
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

  @Test func labelShowsAnEmojiInItsOwnColoursNotItsTextColour() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 48))
    label.font = .system(size: 32)
    label.textColor = Color(red: 0, green: 0, blue: 1)
    label.text = "A😀"
    let image = try render(label)
    // The emoji's inked box is right of the letter's; its centre is the face's yellow.
    let columns = inkedColumns(image).filter { x in
      (0..<image.height).contains { y in image[x, y].red > 0 }
    }
    let rows = (0..<image.height).filter { y in columns.contains { image[$0, y].red > 0 } }
    let (x0, x1) = try (#require(columns.first), #require(columns.last))
    let (y0, y1) = try (#require(rows.first), #require(rows.last))
    #expect(x1 - x0 > 30 && y1 - y0 > 30)
    let centre = image[(x0 + x1) / 2, (y0 + y1) / 2]
    #expect(centre.red > 200 && centre.green > 120 && centre.blue < 100)
    // The letter, left of it, stays in the text colour.
    let letter = (0..<x0).flatMap { x in (0..<image.height).map { image[x, $0] } }.filter { $0.alpha > 0 }
    #expect(!letter.isEmpty && letter.allSatisfy { $0.green == 0 && $0.blue == $0.alpha })
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

@MainActor
@Suite struct ControlDrawingTests {
  private func render(_ view: View) throws -> Image {
    var image = try Image(width: Int(view.bounds.width), height: Int(view.bounds.height))
    image.withPixmap { pixmap in view.draw(in: Canvas(pixmap: pixmap)) }
    return image
  }

  @Test func switchTrackIsGreenWhenOnAndGreyWhenOff() throws {
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
    let off = try render(toggle)
    #expect(off[40, 15].straight8.red == off[40, 15].straight8.green)
    toggle.isOn = true
    let on = try render(toggle)
    #expect(on[8, 15].straight8.green > on[8, 15].straight8.red)
    #expect(on[40, 15] == PremultipliedColor(argb: 0xFFFF_FFFF))
  }

  @Test func sliderFillsTheTrackUpToItsValue() throws {
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    slider.value = 0.25
    let image = try render(slider)
    #expect(image[10, 15].straight8.blue == 255 && image[10, 15].straight8.red == 0)
    #expect(image[150, 15].straight8.red == image[150, 15].straight8.blue)
  }

  @Test func aSliderDrawsNothingOutsideItsBoundsAtEitherEndOfItsRange() throws {
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    for value in [0.0, 1.0] {
      slider.value = value
      var image = try Image(width: 240, height: 30)
      image.withPixmap { pixmap in
        let canvas = Canvas(pixmap: pixmap)
        canvas.translate(x: 20, y: 0)
        slider.draw(in: canvas)
      }
      let outside = (0..<30).flatMap { y in [(0..<20), (220..<240)].flatMap { $0.map { image[$0, y].alpha } }
      }
      #expect(outside.allSatisfy { $0 == 0 }, "value \(value)")
      #expect(image[value == 0 ? 25 : 214, 15].alpha > 0, "value \(value): the thumb reaches the end")
    }
  }

  @Test func textFieldDrawsItsCaretAfterTheTextWhenFocused() throws {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "abc"
    #expect(field.caretRect == nil)
    field.becomeFirstResponder()
    let caret = try #require(field.caretRect)
    #expect(caret.minX > 10 && caret.maxX < 60)
    let image = try render(field)
    let x = Int(caret.midX)
    #expect(image[x, 15].alpha == 255)
    #expect(image[150, 15] == .clear)
  }
}

@MainActor
@Suite struct IntrinsicSizeTests {
  @Test func sizeToFitUsesTheContentsNaturalSize() {
    let label = Label(frame: Rect(x: 5, y: 6, width: 1, height: 1))
    label.text = "Hello"
    label.sizeToFit()
    #expect(label.frame.origin == Point(x: 5, y: 6))
    #expect(label.frame.width > 20 && label.frame.height >= 17)
    let wider = Label(frame: .zero)
    wider.text = "Hello, world"
    #expect(wider.intrinsicContentSize.width > label.intrinsicContentSize.width)

    let toggle = Switch(frame: .zero)
    toggle.sizeToFit()
    #expect(toggle.bounds.size == Size(width: 51, height: 31))
    #expect(View(frame: .zero).intrinsicContentSize == Size(width: -1, height: -1))
  }
}
