/// The keyboard shortcuts of the edit commands, in one place: the window turns these keys into
/// nil-target actions (`Window+Presses.swift`), so a shortcut and the edit menu send the same command
/// through the same responder chain.
extension Action {
  /// The edit command of a Ctrl (or logo-key) shortcut: X cut, C copy, V paste, A select all, Z undo,
  /// Shift+Z or Y redo; `nil` for every other key, and when Alt is held too.
  ///
  /// The letter is read from the keysym, not from ``Key/characters``: with Ctrl held xkb produces a
  /// control character ("\u{3}" for Ctrl+C) but still reports the letter's keysym (the capital one with
  /// Shift).
  public static func editCommand(forShortcut key: Key) -> Action? {
    let flags = key.modifierFlags
    guard flags.contains(.control) || flags.contains(.command), !flags.contains(.alternate) else {
      return nil
    }
    let isLetter = (0x41...0x5a).contains(key.keysym) || (0x61...0x7a).contains(key.keysym)
    guard isLetter else { return nil }
    switch Character(Unicode.Scalar(key.keysym | 0x20)!) {
    case "x": return .cut
    case "c": return .copy
    case "v": return .paste
    case "a": return .selectAll
    case "z": return flags.contains(.shift) ? .redo : .undo
    case "y": return .redo
    default: return nil
    }
  }
}
