import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

/// A text field with text in Chinese, Hebrew, Devanagari and emoji (issue 24): the caret moves, selects
/// and deletes by character (grapheme cluster), the arrows move it on screen in right-to-left text, and
/// a double tap selects a dictionary word in Chinese. Taps go through the window on the manual clock.
@MainActor @Suite struct TextFieldScriptsTests {
  private typealias Setup = FieldWithPrimarySelection

  @Test(arguments: ["👨‍👩‍👧", "👍🏽", "🇫🇷", "कि", "é"])
  func backspaceDeletesAWholeCluster(_ cluster: String) {
    let setup = Setup(text: "a" + cluster, focused: true)
    #expect(setup.field.selectedRange == 2..<2)
    setup.press(.backspace)
    #expect(setup.field.text == "a")
    setup.field.text = cluster + "b"
    setup.field.select(0..<0)
    setup.press(.delete)
    #expect(setup.field.text == "b")
  }

  @Test func theRightArrowMovesOnScreenThroughAHebrewRun() {
    // "abc אבג" is drawn "abc גבא": from before the space the caret goes past it to the Hebrew's left
    // end (the text's end), then right towards the first Hebrew letter, backwards in the text.
    let setup = Setup(text: "abc אבג", focused: true)
    setup.field.select(3..<3)
    var positions = [Int]()
    for _ in 0..<4 {
      setup.press(.rightArrow)
      positions.append(setup.field.selectedRange.lowerBound)
    }
    #expect(positions == [7, 6, 5, 4])
    let xs = [3, 7, 6, 5, 4].map { setup.field.xOffset(ofCharacter: $0) }
    #expect(xs == xs.sorted())
  }

  @Test func inHebrewTheLeftArrowGoesForwardInTheText() {
    let setup = Setup(text: "שלום", focused: true)
    setup.field.select(0..<0)
    setup.press(.leftArrow)
    #expect(setup.field.selectedRange == 1..<1)
    setup.press(.leftArrow, modifiers: .shift)
    #expect(setup.field.selectedRange == 1..<2)
    setup.press(.rightArrow)
    #expect(setup.field.selectedRange == 1..<1, "a selection collapses to its edge on the right")
  }

  @Test func aTapOnTheRightHalfOfAHebrewLetterPutsTheCaretBeforeIt() {
    let setup = Setup(text: "שלום", focused: true)
    let before = setup.field.xOffset(ofCharacter: 0)
    let after = setup.field.xOffset(ofCharacter: 1)
    #expect(before > after)
    let script = setup.script(.direct)
    script.tap(at: Point(x: setup.field.frame.minX + before - 1, y: setup.field.frame.midY))
    #expect(setup.field.selectedRange == 0..<0)
  }

  @Test func aDoubleTapInChineseSelectsTheDictionaryWord() {
    let setup = Setup(text: "我们喜欢北京", focused: true)
    let script = setup.script(.pointer)
    let middleOfBei = Point(
      x: setup.field.frame.minX
        + (setup.field.xOffset(ofCharacter: 4) * 3 + setup.field.xOffset(ofCharacter: 5)) / 4,
      y: setup.field.frame.midY)
    script.tap(at: middleOfBei)
    script.tap(at: middleOfBei)
    #expect(setup.field.selectedText == "北京")
    #expect(setup.primary.string == "北京")
  }

  @Test func theCaretOfMixedChineseAndLatinTextAdvancesWithEachCharacter() {
    let setup = Setup(text: "Tactile 中文 ok", focused: true)
    let xs = (0...13).map { setup.field.xOffset(ofCharacter: $0) }
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    // An ideograph is about an em wide; a Latin letter about half.
    let ideograph = xs[9] - xs[8]
    #expect(ideograph > 14 && ideograph < 20)
  }
}

/// Pasting a long text (issue 24's bad input: a paragraph of megabytes stays responsive). The time is
/// recorded in docs/raster-benchmark.md; the test checks the edit and that the field can lay out and
/// place the caret in the result.
@MainActor @Suite struct TextFieldLongPasteTests {
  @Test func pastingAMegabyteOfMixedTextLeavesTheCaretAtItsEnd() {
    let setup = FieldWithPrimarySelection(text: "start ", focused: true)
    let piece = "Tactile 中文 שלום 42 👍🏽 "
    let pasted = String(repeating: piece, count: 1_000_000 / piece.utf8.count)
    setup.field.insertText(pasted)
    #expect(setup.field.text.count == 6 + pasted.count)
    #expect(setup.field.selectedRange == setup.field.text.count..<setup.field.text.count)
    let caret = setup.field.caretRect
    #expect(caret != nil)
    setup.press(.backspace)
    #expect(setup.field.text.count == 5 + pasted.count)
  }
}
