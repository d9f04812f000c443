/// The shape of the pointer over a view (``View/cursorStyle``), named as the CSS cursor names that
/// cursor themes provide.
public enum CursorStyle: String, Sendable, Hashable, CaseIterable {
  /// The ordinary arrow.
  case arrow = "default"
  /// A hand: something clickable.
  case pointer
  /// An I-beam: editable or selectable text.
  case text
  case crosshair
  case grab
  case grabbing
  case notAllowed = "not-allowed"
  case wait
}

extension View {
  /// The shape the pointer takes over this view: its own ``cursorStyle``, else the nearest superview's,
  /// else ``CursorStyle/arrow``.
  public var effectiveCursorStyle: CursorStyle {
    var view: View? = self
    while let current = view {
      if let style = current.cursorStyle { return style }
      view = current.superview
    }
    return .arrow
  }
}
