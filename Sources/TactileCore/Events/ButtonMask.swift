/// Pointer buttons, like UIKit's `UIEvent.ButtonMask`: which buttons a pointer event happened with
/// (``Event/buttonMask``), or the one button a ``Responder/pointerButtonPressed(_:with:)`` is about.
public struct ButtonMask: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The primary (left) button. Held, it is a touch of type ``Touch/TouchType/pointer``.
  public static let primary = ButtonMask(rawValue: 1 << 0)
  /// The secondary (right) button: by default it shows the edit menu (``View/editMenuInteraction``).
  public static let secondary = ButtonMask(rawValue: 1 << 1)
  /// The middle button (a pressed wheel): by default it pastes the primary selection into a
  /// ``PrimarySelectionPasteTarget``.
  public static let middle = ButtonMask(rawValue: 1 << 2)
  /// The back (side) button.
  public static let back = ButtonMask(rawValue: 1 << 3)
  /// The forward (extra) button.
  public static let forward = ButtonMask(rawValue: 1 << 4)
}
