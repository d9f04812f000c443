/// What a key is, independent of the platform's key codes: the character it types, or one of the named
/// keys that type none (editing, navigation, function, media and modifier keys).
///
/// The platform decodes each key with the keyboard's layout and the modifiers held into one of these
/// (on Wayland from xkb), so the core, text fields and shortcuts never see a platform number.
public enum KeyName: Sendable, Hashable, CustomStringConvertible {
  /// A key that types a character: the character it types with the layout, Shift and Caps Lock,
  /// before Ctrl or Alt make it a control character (`c` for Ctrl+C, `C` for Ctrl+Shift+C; ``Key``'s
  /// `characters` then hold "\u{3}").
  case character(Character)
  /// Backspace: deletes backward.
  case backspace
  /// Delete: deletes forward.
  case delete
  /// Return, or the keypad's Enter.
  case `return`
  /// Tab, also with Shift (`ISO_Left_Tab`).
  case tab
  case escape
  case leftArrow, rightArrow, upArrow, downArrow
  case home, end, pageUp, pageDown, insert
  /// A function key: F1 is `function(1)`, up to F35.
  case function(Int)
  /// A media key, which the platform delivers as a remote-control event.
  case media(MediaKey)
  /// A modifier key itself, going down or up.
  case modifier(ModifierKey)
  /// A key the core has no name for (a volume key, AltGr, a dead key); ``Key/keyCode`` still tells it
  /// apart.
  case other

  /// The case's name, with its character, function number, media or modifier key: `c`, `leftArrow`,
  /// `F1`, `play`, `shift`.
  public var description: String {
    switch self {
    case .character(let character): String(character)
    case .backspace: "backspace"
    case .delete: "delete"
    case .return: "return"
    case .tab: "tab"
    case .escape: "escape"
    case .leftArrow: "leftArrow"
    case .rightArrow: "rightArrow"
    case .upArrow: "upArrow"
    case .downArrow: "downArrow"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pageUp"
    case .pageDown: "pageDown"
    case .insert: "insert"
    case .function(let number): "F\(number)"
    case .media(let key): "\(key)"
    case .modifier(let key): "\(key)"
    case .other: "other"
    }
  }
}

/// The media keys, each delivered as a remote-control event (``Event/Subtype``).
public enum MediaKey: Sendable, Hashable, CaseIterable {
  /// Play, or play/pause on keyboards with one key for both.
  case play
  case pause, stop, nextTrack, previousTrack
  /// Rewind: seeks backward while held.
  case rewind
  /// Fast-forward: seeks forward while held.
  case fastForward
}

/// The modifier keys themselves (``KeyModifierFlags`` says which are held during another key).
public enum ModifierKey: Sendable, Hashable, CaseIterable {
  case shift, control, alternate
  /// The logo ("super") key, UIKit's command.
  case command
  case capsLock
}
