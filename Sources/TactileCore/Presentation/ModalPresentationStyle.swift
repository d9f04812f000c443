/// How a presented controller covers the window, like `UIModalPresentationStyle` (the two styles a
/// phone-sized window uses).
public enum ModalPresentationStyle: Sendable {
  /// A sheet that rises from the bottom edge over the dimmed presenting content, leaving a strip of it
  /// visible at the top, and that a downward drag dismisses (``PresentationController``).
  case pageSheet
  /// The whole window, with no dimming and no drag to dismiss.
  case fullScreen
}
