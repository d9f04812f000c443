import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// An input method's pre-edit (marked) text in a text field: where it is, what replaces it, and how it
/// is drawn — like the committed text, underlined, with the input method's cursor (issue 6, point 5).
@MainActor @Suite final class MarkedTextTests {
  /// The apps of this test's fields, kept for the whole test (an app nobody keeps is freed with its
  /// window, and its field loses its window and first responder).
  private var apps: [TestApplication] = []

  /// A first-responder field at the window's origin holding `text` with the caret at `caret`.
  private func field(_ text: String, caret: Int? = nil) -> (TestApplication, TextField) {
    let app = TestApplication()
    apps.append(app)
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = text
    field.becomeFirstResponder()
    let position = caret ?? text.count
    field.select(position..<position)
    return (app, field)
  }

  private func render(_ field: TextField) throws -> Image {
    var image = try Image(width: Int(field.bounds.width), height: Int(field.bounds.height))
    image.withPixmap { field.draw(in: Canvas(pixmap: $0)) }
    return image
  }

  /// The pixels where two images differ, as (x, y).
  private func differences(_ a: Image, _ b: Image) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
      for x in 0..<a.width where a[x, y] != b[x, y] { found.append((x, y)) }
    }
    return found
  }

  @Test func markedTextIsShownAtTheCaretWithoutChangingTheText() {
    let (app, field) = field("ad", caret: 1)
    app.window.deliver(markedText: "bc", selectedRange: 2..<2)
    #expect(field.text == "ad")
    #expect(field.markedText == "bc")
    #expect(field.displayedText == "abcd")
    let (_, committed) = self.field("abcd", caret: 3)
    #expect(field.caretRect == committed.caretRect, "the caret is the input method's, after \"bc\"")
    #expect(field.xOffset(ofCharacter: 2) == committed.xOffset(ofCharacter: 4), "\"d\" moved right")
  }

  @Test func committedTextReplacesTheMarkedText() {
    let (app, field) = field("ad", caret: 1)
    app.window.deliver(markedText: "bc", selectedRange: 2..<2)
    app.window.deliver(text: "BC")
    #expect(field.markedText == nil)
    #expect(field.text == "aBCd")
    #expect(field.selectedRange == 3..<3)
  }

  @Test func markedTextReplacesTheSelection() {
    let (_, field) = field("hello")
    field.select(1..<4)
    field.setMarkedText("x", selectedRange: 1..<1)
    #expect(field.text == "ho")
    #expect(field.displayedText == "hxo")
  }

  @Test func resigningOrSettingTheTextDropsTheMarkedText() {
    let (_, field) = field("ab")
    field.setMarkedText("c", selectedRange: nil)
    field.text = "new"
    #expect(field.markedText == nil)
    field.setMarkedText("c", selectedRange: nil)
    #expect(field.resignFirstResponder())
    #expect(field.markedText == nil)
    #expect(field.displayedText == "new")
  }

  @Test func aCursorOutsideTheMarkedTextIsClampedAndNoneHidesTheCaret() {
    let (_, field) = field("")
    field.setMarkedText("abc", selectedRange: 2..<9)
    #expect(field.markedSelectedRange == 2..<3)
    #expect(field.caretRect == nil, "a range is highlighted, not a caret")
    field.setMarkedText("abc", selectedRange: nil)
    #expect(field.caretRect == nil)
  }

  @Test func markedTextIsDrawnLikeCommittedTextPlusAnUnderlineUnderItsSpan() throws {
    let (_, marked) = field("")
    marked.setMarkedText("mm", selectedRange: 2..<2)
    let (_, committed) = field("mm")
    let found = differences(try render(marked), try render(committed))
    let start = marked.xOffset(ofCharacter: 0)
    let end = start + FontSystem.shared.advance(of: "mm", font: marked.font)
    #expect(found.count >= Int(end - start), "an underline at least as long as the text")
    #expect(found.allSatisfy { Double($0.x) >= start.rounded(.down) && Double($0.x) < end.rounded(.up) })
    let rows = Set(found.map(\.y))
    #expect(rows.count <= 2, "one line, 1 point thick: \(rows.sorted())")
    let baseline =
      15 - FontSystem.shared.metrics(of: marked.font).lineHeight / 2
      + FontSystem.shared.metrics(of: marked.font).ascent
    #expect(rows.allSatisfy { Double($0) >= baseline.rounded(.down) && Double($0) <= baseline + 2 })
  }

  @Test func theInputMethodsCursorIsDrawnInsideTheMarkedText() throws {
    let (_, field) = field("")
    field.setMarkedText("abc", selectedRange: 1..<1)
    let withCursor = try render(field)
    let caret = try #require(field.caretRect)
    #expect(caret.midX > field.xOffset(ofCharacter: 0) + 1, "after \"a\", not at the field's caret")
    field.setMarkedText("abc", selectedRange: nil)
    let found = differences(withCursor, try render(field))
    #expect(!found.isEmpty)
    #expect(
      found.allSatisfy { Double($0.x) >= caret.minX.rounded(.down) && Double($0.x) < caret.maxX.rounded(.up) }
    )

    field.setMarkedText("abc", selectedRange: 0..<2)
    let highlighted = try render(field)
    let top = Int(caret.minY.rounded(.up))
    #expect(
      highlighted[Int(field.xOffset(ofCharacter: 0)) + 1, top] == TextField.selectionColor.premultiplied)
  }
}
