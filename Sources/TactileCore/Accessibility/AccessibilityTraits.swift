/// What kind of element a view is to assistive technology, and what state it is in, like UIKit's
/// `UIAccessibilityTraits`: a screen reader speaks them ("button", "dimmed") and a bridge maps them to
/// its platform's roles and states.
///
/// Controls set their own (``Button``: ``button``; ``Slider``: ``adjustable``; a disabled control adds
/// ``notEnabled``, a selected one ``selected``); setting ``View/accessibilityTraits`` replaces them.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
  public var rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Performs an action when activated.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// Opens a link when activated.
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// Heads a section of content.
  public static let header = AccessibilityTraits(rawValue: 1 << 2)
  /// A field that searches.
  public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
  /// Shows an image.
  public static let image = AccessibilityTraits(rawValue: 1 << 4)
  /// Is selected (a tab, a chosen row, a selected control).
  public static let selected = AccessibilityTraits(rawValue: 1 << 5)
  /// Plays its own sound when activated.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
  /// Acts as a keyboard key.
  public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
  /// Text that does not change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
  /// Summarises the screen when it appears.
  public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
  /// Cannot be used now (a disabled control).
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
  /// Its label or value changes often (a timer): read it when asked, not on every change.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
  /// Starts media when activated.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
  /// Takes a value in a range: ``View/accessibilityIncrement()`` and ``View/accessibilityDecrement()``
  /// change it.
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 13)
  /// Takes touches directly (a drawing surface) while a screen reader runs.
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
  /// Turns the page when reading reaches its end.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
  /// A bar of tabs.
  public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)
  /// A button that toggles between on and off (``Switch``).
  public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)

  /// No trait.
  public static let none: AccessibilityTraits = []
}
