import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// Selecting in a text view by finger (taps, double taps, long press, handles) and by pointer (click,
/// drag, double click, Shift-click), across lines.
@MainActor @Suite struct TextViewSelectionTests {
  static let sample = "first line here\nsecond line\nthird line end"

  @Test func aTapFocusesAndPutsTheCaretOnTheTappedLine() {
    let setup = TextViewSetup(text: Self.sample)
    setup.script(.direct).tap(at: setup.boundary(20))
    #expect(setup.textView.isFirstResponder)
    #expect(setup.textView.selectedRange == 20..<20)
  }

  @Test func aDoubleTapSelectsTheWordAndShowsHandles() {
    let setup = TextViewSetup(text: Self.sample)
    let script = setup.script(.direct)
    script.tap(at: setup.boundary(18))
    script.tap(at: setup.boundary(18))
    #expect(setup.textView.selectedText == "second")
    #expect(setup.textView.selectionHandleKnobs != nil)
  }

  @Test func aDoubleTapSelectsAChineseWordByTheDictionary() {
    let setup = TextViewSetup(text: "我们喜欢学习中文")
    let script = setup.script(.direct)
    script.tap(at: setup.boundary(5))
    script.tap(at: setup.boundary(5))
    #expect(setup.textView.selectedText == "学习")
  }

  @Test func draggingTheEndHandleExtendsTheSelectionAcrossLines() {
    let setup = TextViewSetup(text: Self.sample)
    let view = setup.textView
    let script = setup.script(.direct)
    script.tap(at: setup.boundary(2))
    script.tap(at: setup.boundary(2))
    #expect(view.selectedText == "first")
    let knobs = try! #require(view.selectionHandleKnobs)
    script.time += 1
    script.down(0, at: setup.windowPoint(Point(x: knobs.end.midX, y: knobs.end.midY)))
    script.move(0, to: setup.boundary(22))
    script.move(0, to: setup.boundary(34))
    script.up(0)
    #expect(view.selectedRange == 0..<34)
    #expect(view.selectionAnchor == 0)
    #expect(view.contentOffset == view.minimumContentOffset, "the handle's drag did not scroll")
  }

  @Test func draggingTheStartHandleMovesTheStartUpALine() {
    let setup = TextViewSetup(text: Self.sample)
    let view = setup.textView
    let script = setup.script(.direct)
    script.tap(at: setup.boundary(30))
    script.tap(at: setup.boundary(30))
    #expect(view.selectedText == "third")
    let knobs = try! #require(view.selectionHandleKnobs)
    script.time += 1
    script.down(0, at: setup.windowPoint(Point(x: knobs.start.midX, y: knobs.start.midY)))
    script.move(0, to: setup.boundary(23))
    script.up(0)
    #expect(view.selectedText == "line\nthird")
    #expect(view.selectionCursor == 23)
  }

  @Test func aHandleCannotCrossTheOtherEnd() {
    let setup = TextViewSetup(text: Self.sample)
    let view = setup.textView
    let script = setup.script(.direct)
    script.tap(at: setup.boundary(18))
    script.tap(at: setup.boundary(18))
    let knobs = try! #require(view.selectionHandleKnobs)
    script.time += 1
    script.down(0, at: setup.windowPoint(Point(x: knobs.end.midX, y: knobs.end.midY)))
    script.move(0, to: setup.boundary(2))
    script.up(0)
    #expect(view.selectedRange == 16..<17, "one character stays selected")
  }

  @Test func aLongPressSelectsTheWordAndShowsTheEditMenu() {
    let setup = TextViewSetup(text: Self.sample)
    let view = setup.textView
    let script = setup.script(.direct)
    script.down(0, at: setup.boundary(30))
    setup.app.scheduler.advance(by: 0.6)
    #expect(view.selectedText == "third")
    let popup = try! #require(view.editMenuInteraction?.presentedPopup)
    let menu = try! #require(popup.subviews.first as? EditMenuView)
    #expect(menu.commands.map(\.action).contains(.copy))
    #expect(menu.commands.map(\.action).contains(.cut))
    script.up(0)
    #expect(view.selectedText == "third", "the lift keeps the selection")
  }

  @Test func aFingerDragScrollsInsteadOfSelecting() {
    let text = (1...30).map { "line \($0)" }.joined(separator: "\n")
    let setup = TextViewSetup(text: text, focused: true)
    let view = setup.textView
    view.select(0..<0)
    let script = setup.script(.direct)
    let start = setup.windowPoint(Point(x: 50, y: 100))
    script.down(0, at: start)
    for step in 1...6 { script.move(0, to: Point(x: start.x, y: start.y - Double(step) * 15)) }
    script.up(0)
    #expect(view.contentOffset.y > 0)
    #expect(view.selectedRange == 0..<0)
  }

  @Test func aPointerDragSelectsAcrossLinesAndScrollsToFollow() {
    let setup = TextViewSetup(text: Self.sample)
    let script = setup.script(.pointer)
    script.down(0, at: setup.boundary(6))
    script.move(0, to: setup.boundary(20))
    script.move(0, to: setup.boundary(33))
    script.up(0)
    #expect(setup.textView.isFirstResponder)
    #expect(setup.textView.selectedRange == 6..<33)
    #expect(setup.textView.selectionHandleKnobs == nil, "no handles for a pointer")
  }

  @Test func aShiftClickExtendsTheSelectionFromItsAnchor() {
    let setup = TextViewSetup(text: Self.sample, focused: true)
    setup.textView.select(3..<3)
    let shift = Key(keyCode: 50, name: .modifier(.shift), characters: "", modifierFlags: .shift)
    setup.app.window.deliver(key: KeyStroke(phase: .down, key: shift, timestamp: 20))
    setup.script(.pointer).tap(at: setup.boundary(25))
    #expect(setup.textView.selectedRange == 3..<25)
    setup.app.window.deliver(key: KeyStroke(phase: .up, key: shift, timestamp: 20.5))
    setup.script(.pointer).tap(at: setup.boundary(10))
    #expect(setup.textView.selectedRange == 10..<10)
  }

  @Test func aDoubleClickSelectsTheWordAndATripleClickTheParagraph() {
    let setup = TextViewSetup(text: Self.sample)
    let script = setup.script(.pointer)
    script.tap(at: setup.boundary(19))
    script.tap(at: setup.boundary(19))
    #expect(setup.textView.selectedText == "second")
    script.tap(at: setup.boundary(19))
    #expect(setup.textView.selectedText == "second line")
  }
}
