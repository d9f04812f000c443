import TactileCoreTesting
import TactileGeometry
import TactileRaster

@testable import TactileCore

/// A text view in a test window (manual clock), with keys, touches and a pasteboard for its tests.
@MainActor
final class TextViewSetup {
  let app = TestApplication()
  let textView: TextView
  let pasteboard = MemoryPasteboard()
  private var time = 10.0

  init(text: String = "", frame: Rect = Rect(x: 10, y: 10, width: 200, height: 120), focused: Bool = false) {
    textView = TextView(frame: frame)
    app.application.pasteboard = pasteboard
    app.rootView.addSubview(textView)
    textView.text = text
    if focused { textView.becomeFirstResponder() }
  }

  /// Types one key: a named key, or else the key of the first character; with Ctrl a letter carries its
  /// control character, as the platform decodes it.
  func type(_ characters: String, key name: KeyName? = nil, modifiers: KeyModifierFlags = []) {
    let named = name ?? characters.first.map { KeyName.character($0) } ?? .other
    var key = Key(keyCode: 1, name: named, characters: characters, modifierFlags: modifiers)
    if modifiers.contains(.control), let letter = characters.unicodeScalars.first, letter.isASCII {
      key.characters = String(Unicode.Scalar(letter.value & 0x1f)!)
    }
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: time))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: time + 0.01))
    time += 0.1
  }

  /// Presses a named key (with modifiers).
  func press(_ name: KeyName, modifiers: KeyModifierFlags = []) {
    type("", key: name, modifiers: modifiers)
  }

  /// Types each character of `text` as a key.
  func typeText(_ text: String) {
    for character in text { type(String(character)) }
  }

  /// The window location of the middle of the caret at boundary `index` on its line (as the caret
  /// would stand there, ignoring the selection).
  func boundary(_ index: Int) -> Point {
    let layout = textView.textLayout
    let line = layout.lines[layout.lineIndex(ofCaret: index)]
    let point = Point(
      x: textView.textOrigin.x + layout.caretX(index),
      y: textView.textOrigin.y + line.y + layout.lineHeight / 2)
    return textView.convert(point, to: app.window)
  }

  /// The window location of a point in the text view's (content) coordinates.
  func windowPoint(_ point: Point) -> Point {
    textView.convert(point, to: app.window)
  }

  func script(_ type: Touch.TouchType) -> TouchScript {
    TouchScript(window: app.window, time: time, type: type)
  }

  /// The lines' texts, as laid out.
  var lineTexts: [String] {
    let characters = Array(textView.text)
    return textView.textLayout.lines.map { String(characters[$0.range]) }
  }
}
