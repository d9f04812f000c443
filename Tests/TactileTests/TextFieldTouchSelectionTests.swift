import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

/// Selecting in a text field by pointer drag and by double and triple taps, as GTK and Qt fields do;
/// each selection is offered as the primary selection.
@MainActor @Suite struct TextFieldTouchSelectionTests {
  private typealias Setup = FieldWithPrimarySelection
  static let sample = "hello, big world"

  private func drag(
    _ type: Touch.TouchType, from start: Int, to end: Int, in setup: FieldWithPrimarySelection
  ) {
    let script = setup.script(type)
    script.down(0, at: setup.boundary(start))
    script.move(0, to: setup.boundary((start + end) / 2))
    script.move(0, to: setup.boundary(end))
    script.up(0)
  }

  @Test func aPointerDragInAFocusedFieldSelectsFromThePressAndOffersIt() {
    let setup = Setup(text: Self.sample, focused: true)
    drag(.pointer, from: 9, to: 2, in: setup)
    #expect(setup.field.selectedRange == 2..<9)
    #expect(setup.primary.string == "llo, bi")
  }

  @Test func shiftAndTheArrowsExtendADragSelectionFromItsAnchor() {
    let setup = Setup(text: Self.sample, focused: true)
    drag(.pointer, from: 2, to: 5, in: setup)
    setup.press(.rightArrow, modifiers: .shift)
    #expect(setup.field.selectedRange == 2..<6)
  }

  @Test func aFingerDragOrADragInAnUnfocusedFieldSelectsNothing() {
    let finger = Setup(text: Self.sample, focused: true)
    drag(.direct, from: 2, to: 5, in: finger)
    #expect(finger.field.selectedRange == 5..<5, "the caret goes where the finger lifts")
    let unfocused = Setup(text: Self.sample)
    drag(.pointer, from: 2, to: 5, in: unfocused)
    #expect(unfocused.field.isFirstResponder)
    #expect(unfocused.field.selectedRange == 5..<5)
    #expect(finger.primary.string == nil && unfocused.primary.string == nil)
  }

  @Test func aDoubleTapSelectsTheWordAndATripleTapEverything() {
    for type in [Touch.TouchType.pointer, .direct] {
      let setup = Setup(text: Self.sample, focused: true)
      let script = setup.script(type)
      script.tap(at: setup.boundary(12))
      #expect(setup.field.selectedRange == 12..<12)
      script.tap(at: setup.boundary(12))
      #expect(setup.field.selectedText == "world", "\(type)")
      script.tap(at: setup.boundary(12))
      #expect(setup.field.selectedText == "hello, big world", "\(type)")
      #expect(setup.primary.string == "hello, big world")
    }
  }

  @Test func wordsAreRunsOfWordCharactersSpacesOrOneOtherCharacter() {
    let setup = Setup(text: "ab_1,  cd", focused: true)
    #expect(setup.field.wordRange(at: 0) == 0..<4)
    #expect(setup.field.wordRange(at: 3) == 0..<4)
    #expect(setup.field.wordRange(at: 4) == 4..<5)
    #expect(setup.field.wordRange(at: 5) == 5..<7)
    #expect(setup.field.wordRange(at: 9) == 7..<9, "at the end, the run before")
    #expect(Setup(text: "").field.wordRange(at: 0) == 0..<0)
  }
}
