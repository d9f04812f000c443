import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct TextFieldTests {
  @MainActor
  private struct Setup {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    let script: TouchScript
    var time = 10.0

    init() {
      app.rootView.addSubview(field)
      script = TouchScript(window: app.window)
    }

    /// Types one key: a named key, or else the key of the first character. With Ctrl a letter is sent
    /// as the platform decodes it: named by the letter, with a control character as its text.
    mutating func type(_ characters: String, key name: KeyName? = nil, modifiers: KeyModifierFlags = []) {
      let named = name ?? characters.first.map { KeyName.character($0) } ?? .other
      var key = Key(keyCode: 1, name: named, characters: characters, modifierFlags: modifiers)
      if modifiers.contains(.control), let letter = characters.unicodeScalars.first, letter.isASCII {
        key.characters = String(Unicode.Scalar(letter.value & 0x1f)!)
      }
      app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: time))
      app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: time + 0.01))
      time += 0.1
    }

    mutating func typeText(_ text: String) {
      for character in text { type(String(character)) }
    }
  }

  /// Tapping a text field makes it the first responder.
  @Test func tapMakesTheFieldFirstResponder() {
    let setup = Setup()
    #expect(!setup.field.isFirstResponder)
    setup.script.tap(at: Point(x: 50, y: 20))
    #expect(setup.field.isFirstResponder)
    #expect(setup.field.state.contains(.focused))
  }

  @Test func typingInsertsAtTheCaretAndBackspaceDeletes() {
    var setup = Setup()
    setup.field.becomeFirstResponder()
    setup.typeText("helo")
    setup.type("", key: .leftArrow)
    setup.typeText("l")
    #expect(setup.field.text == "hello")
    #expect(setup.field.selectedRange == 4..<4)
    setup.type("", key: .end)
    setup.type("\u{8}", key: .backspace)
    #expect(setup.field.text == "hell")
    setup.type("", key: .home)
    setup.type("", key: .delete)
    #expect(setup.field.text == "ell")
  }

  @Test func keysAreIgnoredUnlessTheFieldIsFirstResponder() {
    var setup = Setup()
    setup.typeText("abc")
    #expect(setup.field.text == "")
  }

  @Test func shiftArrowSelectsAndTypingReplacesTheSelection() {
    var setup = Setup()
    setup.field.text = "abcd"
    setup.field.becomeFirstResponder()
    setup.type("", key: .leftArrow, modifiers: .shift)
    setup.type("", key: .leftArrow, modifiers: .shift)
    #expect(setup.field.selectedText == "cd")
    setup.typeText("X")
    #expect(setup.field.text == "abX")
  }

  @Test func homeAndEndGoToTheEndsOfTheTextEvenWithASelection() {
    var setup = Setup()
    setup.field.text = "abcdef"
    setup.field.becomeFirstResponder()
    setup.field.select(2..<4)
    setup.type("", key: .end)
    #expect(setup.field.selectedRange == 6..<6)
    setup.field.select(2..<4)
    setup.type("", key: .home)
    #expect(setup.field.selectedRange == 0..<0)
  }

  @Test func shiftHomeAndShiftEndExtendFromTheAnchor() {
    var setup = Setup()
    setup.field.text = "abcdef"
    setup.field.becomeFirstResponder()
    setup.field.select(3..<3)
    setup.type("", key: .home, modifiers: .shift)
    #expect(setup.field.selectedText == "abc")
    #expect(setup.field.selectionCursor == 0)
    setup.type("", key: .end, modifiers: .shift)
    #expect(setup.field.selectedText == "def")
    #expect(setup.field.selectionAnchor == 3)
  }

  @Test func copyAndPasteTravelTheChainThroughThePasteboard() {
    var setup = Setup()
    let pasteboard = MemoryPasteboard()
    setup.app.application.pasteboard = pasteboard
    setup.field.text = "copy me"
    setup.field.becomeFirstResponder()
    setup.type("a", modifiers: .control)
    setup.type("c", modifiers: .control)
    #expect(pasteboard.string == "copy me")
    setup.type("", key: .end)
    setup.type("v", modifiers: .control)
    #expect(setup.field.text == "copy mecopy me")
    setup.type("z", modifiers: .control)
    #expect(setup.field.text == "copy me")
    setup.type("z", modifiers: [.control, .shift])
    #expect(setup.field.text == "copy mecopy me")
    setup.type("a", modifiers: .control)
    setup.type("x", modifiers: .control)
    #expect(setup.field.text == "")
  }

  @Test func editCommandsTheFieldCannotPerformGoUpTheChain() {
    var setup = Setup()
    let log = EventLog()
    setup.app.rootView.setHandler({ _, _ in log.record("root copy") }, for: .copy)
    setup.field.text = "abc"
    setup.field.becomeFirstResponder()
    setup.type("c", modifiers: .control)
    #expect(log.entries == ["root copy"])
    #expect(setup.field.canPerformAction(.paste, withSender: nil) == false)
    #expect(setup.field.canPerformAction(.selectAll, withSender: nil))
  }

  @Test func inputMethodTextAndEditingEventsAreSent() {
    let setup = Setup()
    let log = EventLog()
    for (event, name) in [
      (Control.Events.editingDidBegin, "begin"), (.editingChanged, "changed"), (.editingDidEnd, "end"),
    ] {
      setup.field.addTarget(setup.app.rootView, action: Action(name), for: event)
      setup.app.rootView.setHandler({ _, _ in log.record(name) }, for: Action(name))
    }
    setup.field.becomeFirstResponder()
    setup.app.window.deliver(text: "héllo")
    setup.field.resignFirstResponder()
    #expect(setup.field.text == "héllo")
    #expect(log.entries == ["begin", "changed", "end"])
  }
}

@MainActor
@Suite struct TextFieldCaretTests {
  @Test func tapPutsTheCaretAtTheNearestCharacterBoundary() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "hello world"
    let script = TouchScript(window: app.window)
    script.tap(at: Point(x: 12, y: 20))
    #expect(field.isFirstResponder)
    #expect(field.selectedRange == 0..<0)
    let afterHello = field.xOffset(ofCharacterForTest: 5)
    script.time += 1  // single taps: a quick second tap would be a double tap, which selects a word
    script.tap(at: Point(x: 10 + afterHello + 1, y: 20))
    #expect(field.selectedRange == 5..<5)
    script.time += 1
    script.tap(at: Point(x: 205, y: 20))
    #expect(field.selectedRange == 11..<11)
  }
}

extension TextField {
  /// The x of the boundary before character `index`, found through the public API.
  fileprivate func xOffset(ofCharacterForTest index: Int) -> Double {
    var low = 0.0
    var high = bounds.width
    while high - low > 0.01 {
      let mid = (low + high) / 2
      if characterIndex(at: mid) < index { low = mid } else { high = mid }
    }
    return high
  }
}
