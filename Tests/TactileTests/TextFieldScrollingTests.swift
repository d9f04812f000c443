import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// A text wider than its field scrolls sideways so that the caret stays inside the field, as UIKit's
/// and GTK's single-line fields do; a field that is not first responder shows the start of its text.
@MainActor @Suite struct TextFieldScrollingTests {
  /// A focused 300-point field with `text` typed into it (caret at the end).
  func typed(_ text: String) -> FieldWithPrimarySelection {
    let setup = FieldWithPrimarySelection(text: "", focused: true)
    setup.field.insertText(text)
    return setup
  }

  static let long = String(repeating: "scrolling text ", count: 8)

  func caretIsInside(_ field: TextField) throws -> Bool {
    let caret = try #require(field.caretRect)
    return caret.minX >= field.bounds.minX && caret.maxX <= field.bounds.maxX
  }

  @Test func aTextThatFitsIsNotScrolled() throws {
    let setup = typed("short")
    #expect(setup.field.textScroll == 0)
    #expect(setup.field.xOffset(ofCharacter: 0) == TextField.textInset)
  }

  @Test func typingPastTheRightEdgeKeepsTheCaretInsideTheField() throws {
    let setup = typed(Self.long)
    let field = setup.field
    #expect(field.displayedLine.width > field.bounds.width, "the text is wider than the field")
    #expect(try caretIsInside(field))
    #expect(field.textScroll > 0)
    let before = field.textScroll
    field.insertText("more")
    #expect(try caretIsInside(field))
    #expect(field.textScroll > before, "typing at the end pushes the text left")
  }

  @Test func movingTheCaretWithinTheShownPartMovesNothingAndHomeScrollsBack() throws {
    let setup = typed(Self.long)
    let field = setup.field
    let scrolled = field.textScroll
    setup.press(.leftArrow)
    #expect(field.textScroll == scrolled, "the caret stayed inside the shown part")
    setup.press(.home)
    #expect(field.selectedRange == 0..<0)
    #expect(field.textScroll == 0)
    #expect(try caretIsInside(field))
  }

  @Test func aFieldThatIsNotFirstResponderShowsTheStartOfItsText() throws {
    let setup = typed(Self.long)
    #expect(setup.field.textScroll > 0)
    #expect(setup.field.resignFirstResponder())
    #expect(setup.field.textScroll == 0)
    #expect(setup.field.xOffset(ofCharacter: 0) == TextField.textInset)
  }

  @Test func aTapOnScrolledTextFindsTheCharacterDrawnThere() throws {
    let setup = typed(Self.long)
    let field = setup.field
    let index = Self.long.count - 10
    let x = field.xOffset(ofCharacter: index) + 0.5
    #expect(x > 0 && x < field.bounds.width, "the character is shown")
    #expect(field.characterIndex(at: x) == index)
  }

  @Test func theInputMethodsCursorInLongMarkedTextStaysInsideTheField() throws {
    let setup = typed("start")
    let field = setup.field
    field.setMarkedText(Self.long, selectedRange: Self.long.count..<Self.long.count)
    #expect(try caretIsInside(field))
    #expect(field.textScroll > 0)
  }

  @Test func scrolledTextIsCutAtTheFieldsEdges() throws {
    let setup = typed(String(repeating: "W", count: 60))
    let field = setup.field
    let stage = View(frame: Rect(x: 0, y: 0, width: 340, height: 50))
    stage.backgroundColor = .white
    field.removeFromSuperview()
    field.frame = Rect(x: 20, y: 10, width: 300, height: 30)
    stage.addSubview(field)
    let image = try GoldenImage.render(stage, scale: 1)
    let white = Color.white.premultiplied
    for y in 10..<40 {
      #expect(image[5, y] == white, "nothing drawn left of the field at y \(y)")
      #expect(image[330, y] == white, "nothing drawn right of the field at y \(y)")
    }
    #expect((10..<40).contains { image[300, $0] != white }, "the text reaches the right edge")
  }
}
