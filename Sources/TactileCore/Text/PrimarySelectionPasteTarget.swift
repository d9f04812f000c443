import TactileGeometry

/// A view that pastes the primary selection where a middle-button click lands on it
/// (the middle button's standard action, `Window+Clicks.swift`), as X11 and GTK text widgets do. ``TextField`` adopts it.
@MainActor
public protocol PrimarySelectionPasteTarget: View {
  /// Pastes the text of `pasteboard` (the application's ``Application/primarySelection``) at
  /// `location`.
  ///
  /// - Parameters:
  ///   - pasteboard: Where the text comes from; reading it may complete on a later event-loop turn.
  ///   - location: The click, in the view's coordinates.
  func pastePrimarySelection(from pasteboard: any Pasteboard, at location: Point)
}
