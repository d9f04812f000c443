import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

/// The text field's primary selection with an in-memory one: what selecting offers, and where a
/// middle click pastes (issue 6, point 6; the Wayland side is `SeatPrimarySelectionTests`).
/// A focused (or not) text field holding `text` in a window whose application has an in-memory primary
/// selection; shared by the primary-selection and touch-selection tests.
@MainActor
struct FieldWithPrimarySelection {
  let app = TestApplication()
  let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
  let primary = MemoryPasteboard()

  init(text: String, focused: Bool = false) {
    app.application.primarySelection = primary
    app.rootView.addSubview(field)
    field.text = text
    if focused { field.becomeFirstResponder() }
  }

  func press(_ name: KeyName, modifiers: KeyModifierFlags = []) {
    let key = Key(keyCode: 1, name: name, characters: "", modifierFlags: modifiers)
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 1.01))
  }

  /// The window location of the boundary before character `index`.
  func boundary(_ index: Int) -> Point {
    Point(x: field.frame.minX + field.xOffset(ofCharacter: index), y: field.frame.midY)
  }

  func script(_ type: Touch.TouchType) -> TouchScript {
    TouchScript(window: app.window, type: type)
  }
}

@MainActor @Suite struct PrimarySelectionTests {
  private typealias Setup = FieldWithPrimarySelection

  @Test func selectAllOffersTheTextAsThePrimarySelection() {
    let setup = Setup(text: "all of it")
    setup.field.becomeFirstResponder()
    #expect(setup.app.application.sendAction(.selectAll, to: nil, from: nil, for: nil))
    #expect(setup.primary.string == "all of it")
  }

  @Test func extendingTheSelectionWithShiftOffersEachNewSelection() {
    let setup = Setup(text: "abc")
    setup.field.becomeFirstResponder()
    setup.field.select(0..<0)
    setup.press(.rightArrow, modifiers: .shift)
    #expect(setup.primary.string == "a")
    setup.press(.rightArrow, modifiers: .shift)
    #expect(setup.primary.string == "ab")
  }

  @Test func aCaretOrAnEditOffersNothing() {
    let setup = Setup(text: "abc")
    setup.field.becomeFirstResponder()
    setup.field.select(1..<1)
    setup.press(.delete)
    setup.press(.backspace)
    #expect(setup.field.text == "c")
    #expect(setup.primary.string == nil, "the deleted characters were never a selection")
  }

  @Test func deselectingKeepsTheLastOffer() {
    let setup = Setup(text: "abc")
    setup.field.becomeFirstResponder()
    setup.field.select(0..<2)
    setup.press(.rightArrow)
    #expect(setup.field.selectedRange == 2..<2)
    #expect(setup.primary.string == "ab")
  }

  @Test func aMiddleClickFocusesTheFieldAndPastesAtTheClick() {
    let setup = Setup(text: "abcd")
    setup.primary.string = "XY"
    setup.app.window.deliver(middleClick: setup.boundary(1))
    #expect(setup.field.isFirstResponder)
    #expect(setup.field.text == "aXYbcd")
    #expect(setup.field.selectedRange == 3..<3)
  }

  @Test func aMiddleClickOnASubviewOfAFieldPastesIntoTheField() {
    let setup = Setup(text: "ab")
    setup.primary.string = "!"
    setup.field.addSubview(View(frame: Rect(x: 150, y: 0, width: 50, height: 30)))
    setup.app.window.deliver(middleClick: Point(x: 170, y: 20))
    #expect(setup.field.text == "ab!")
  }

  @Test func aMiddleClickWithoutAFieldOrAPrimarySelectionOrOnADisabledFieldDoesNothing() {
    let setup = Setup(text: "ab")
    setup.primary.string = "!"
    setup.app.window.deliver(middleClick: Point(x: 100, y: 200))
    setup.field.isEnabled = false
    setup.app.window.deliver(middleClick: setup.boundary(1))
    setup.field.isEnabled = true
    setup.app.application.primarySelection = nil
    setup.app.window.deliver(middleClick: setup.boundary(1))
    setup.app.window.deliver(middleClick: Point(x: Double.nan, y: 20))
    #expect(setup.field.text == "ab")
    #expect(!setup.field.isFirstResponder)
  }

  @Test func aMiddleClickWithAPopupShownOnlyDismissesIt() {
    let setup = Setup(text: "ab")
    setup.primary.string = "!"
    let popup = setup.field.editMenuInteraction?.presentEditMenu(at: Point(x: 5, y: 5))
    #expect(popup != nil)
    setup.app.window.deliver(middleClick: setup.boundary(1))
    #expect(setup.app.window.presentedPopup == nil)
    #expect(setup.field.text == "ab")
  }
}
