/// The keyboard shortcuts of the edit commands, Escape and Return, in one place: the window turns these keys
/// into actions sent up the responder chain (`Window+Presses.swift`), so a shortcut and the edit menu
/// send the same command through the same responder chain.
extension Action {
  /// The command a key stroke is a shortcut for: its edit command (``editCommand(forShortcut:)``),
  /// ``cancelOperation`` for Escape and ``choosePreferredAction`` for Return, each without Ctrl, Alt or
  /// the logo key; `nil` for every other key.
  ///
  /// Return is a command only while a responder of the chain performs ``choosePreferredAction`` (an
  /// alert with a ``AlertController/preferredAction``); otherwise it stays a press, so text fields and
  /// lists see it as before.
  public static func command(forShortcut key: Key) -> Action? {
    if let edit = editCommand(forShortcut: key) { return edit }
    guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return nil }
    switch key.name {
    case .escape: return .cancelOperation
    case .return: return .choosePreferredAction
    default: return nil
    }
  }

  /// The edit command of a Ctrl (or logo-key) shortcut: X cut, C copy, V paste, A select all, Z undo,
  /// Shift+Z or Y redo; `nil` for every other key, and when Alt is held too.
  ///
  /// The letter is read from the key's name (``KeyName/character(_:)``, an ASCII letter in either
  /// case), not from ``Key/characters``: with Ctrl held those are a control character ("\u{3}" for
  /// Ctrl+C) while the name is still the letter (the capital one with Shift).
  public static func editCommand(forShortcut key: Key) -> Action? {
    let flags = key.modifierFlags
    guard flags.contains(.control) || flags.contains(.command), !flags.contains(.alternate) else {
      return nil
    }
    guard case .character(let character) = key.name, character.isASCII, character.isLetter else {
      return nil
    }
    switch character.lowercased() {
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
