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
  /// Resizing from an edge or corner (a window frame's border).
  case resizeTop = "n-resize"
  case resizeBottom = "s-resize"
  case resizeLeft = "w-resize"
  case resizeRight = "e-resize"
  case resizeTopLeft = "nw-resize"
  case resizeTopRight = "ne-resize"
  case resizeBottomLeft = "sw-resize"
  case resizeBottomRight = "se-resize"
}

extension WindowEdge {
  /// The cursor shown over the border that resizes from this edge or corner.
  public var resizeCursor: CursorStyle {
    switch self {
    case .top: .resizeTop
    case .bottom: .resizeBottom
    case .left: .resizeLeft
    case .right: .resizeRight
    case .topLeft: .resizeTopLeft
    case .topRight: .resizeTopRight
    case .bottomLeft: .resizeBottomLeft
    case .bottomRight: .resizeBottomRight
    }
  }
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
