import TactileGeometry

/// The secondary (right) pointer button: it asks for the edit menu (or, over a popup's parent, closes
/// the popup).
extension Window {
  /// A secondary click at `location` (window coordinates).
  ///
  /// With a popup shown, the click dismisses it and does nothing else (the tap-outside rule of
  /// `Window+Popups.swift`). Otherwise the view hit-tested there, or its nearest ancestor with an
  /// ``View/editMenuInteraction``, shows its edit menu at the click; without such a view nothing happens.
  /// A non-finite location is dropped.
  public func deliver(secondaryClick location: Point) {
    guard location.isFinite else { return }
    application.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      if let popup = self.presentedPopup {
        popup.dismiss()
        return
      }
      var view = self.hitTest(location, with: nil)
      while let candidate = view, candidate.editMenuInteraction == nil { view = candidate.superview }
      guard let view, let interaction = view.editMenuInteraction else { return }
      interaction.presentEditMenu(at: view.convert(location, from: self))
    }
  }
}
