import TactileGeometry

/// The pointer buttons besides the primary one (which is a touch): the secondary (right) button asks
/// for the edit menu, the middle button pastes the primary selection where it clicks (X11 and GTK
/// behaviour).
///
/// Both follow one rule first: with a popup shown, a click dismisses it and does nothing else (the
/// tap-outside rule of `Window+Popups.swift`); a non-finite location is dropped.
extension Window {
  /// A secondary click at `location` (window coordinates).
  ///
  /// The view hit-tested there, or its nearest ancestor with an ``View/editMenuInteraction``, shows its
  /// edit menu at the click; without such a view nothing happens.
  public func deliver(secondaryClick location: Point) {
    deliverClick(at: location) { window in
      var view = window.hitTest(location, with: nil)
      while let candidate = view, candidate.editMenuInteraction == nil { view = candidate.superview }
      guard let view, let interaction = view.editMenuInteraction else { return }
      interaction.presentEditMenu(at: view.convert(location, from: window))
    }
  }

  /// A middle-button click at `location` (window coordinates).
  ///
  /// The view hit-tested there, or its nearest ancestor adopting ``PrimarySelectionPasteTarget``,
  /// pastes the application's ``Application/primarySelection`` at the click. Without such a view, or
  /// without a primary selection on this platform, nothing happens.
  public func deliver(middleClick location: Point) {
    deliverClick(at: location) { window in
      guard let primary = window.application.primarySelection else { return }
      var view = window.hitTest(location, with: nil)
      while let candidate = view, !(candidate is any PrimarySelectionPasteTarget) {
        view = candidate.superview
      }
      guard let target = view as? any PrimarySelectionPasteTarget else { return }
      target.pastePrimarySelection(from: primary, at: target.convert(location, from: window))
    }
  }

  /// Queues a click at `location`: dropped when non-finite or the window has closed, spent on
  /// dismissing a shown popup, else handled by `handle`.
  private func deliverClick(at location: Point, _ handle: @escaping (Window) -> Void) {
    guard location.isFinite else { return }
    application.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      if let popup = self.presentedPopup {
        popup.dismiss()
        return
      }
      handle(self)
    }
  }
}
