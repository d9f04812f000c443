/// A keyboard key as the platform decoded it, like `UIKey`.
public struct Key: Sendable, Hashable {
  /// The hardware key code (the evdev code the compositor sent, before xkb's offset of 8).
  public var keyCode: UInt32
  /// What the key is: the character it types or a named key, decoded by the platform with the current
  /// layout and modifiers.
  public var name: KeyName
  /// The text the key produces with the current modifiers ("" for keys that produce none).
  public var characters: String
  /// The modifiers held when the key went down.
  public var modifierFlags: KeyModifierFlags

  public init(keyCode: UInt32, name: KeyName, characters: String, modifierFlags: KeyModifierFlags = []) {
    self.keyCode = keyCode
    self.name = name
    self.characters = characters
    self.modifierFlags = modifierFlags
  }
}

/// Modifier keys held during a key press, like `UIKeyModifierFlags`.
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
  public var rawValue: UInt32

  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  public static let shift = KeyModifierFlags(rawValue: 1 << 0)
  public static let control = KeyModifierFlags(rawValue: 1 << 1)
  public static let alternate = KeyModifierFlags(rawValue: 1 << 2)
  /// The logo ("super") key, UIKit's `.command`.
  public static let command = KeyModifierFlags(rawValue: 1 << 3)
  public static let alphaShift = KeyModifierFlags(rawValue: 1 << 4)
  public static let numericPad = KeyModifierFlags(rawValue: 1 << 5)
}
