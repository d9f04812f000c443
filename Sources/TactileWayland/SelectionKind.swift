/// The two selections of a Wayland seat.
public enum SelectionKind: Sendable, Hashable {
  /// The clipboard: `wl_data_device`'s selection, set by cut and copy, read by paste.
  case clipboard
  /// The primary selection (`zwp_primary_selection_device_v1`): the text last selected, pasted with
  /// the middle button.
  case primary

  /// The mime types Tactile offers its text as, and accepts text in, best first.
  static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

  /// The types Tactile offers (the two the protocol conventions name for UTF-8 text).
  static let offeredTypes = Array(textTypes.prefix(2))
}
