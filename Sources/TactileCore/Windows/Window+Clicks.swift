import TactileGeometry

/// The pointer buttons besides the primary one (which is a touch, `Window+Touches.swift`).
///
/// - A press goes to the view hit-tested at the pointer (the window when none) as
///   ``Responder/pointerButtonPressed(_:with:)`` and climbs the responder chain until a responder keeps
///   it; its release goes to the responder that got the press, as
///   ``Responder/pointerButtonReleased(_:with:)``. ``Event/buttonMask`` has every button held.
/// - Gesture recognizers that require the button (``GestureRecognizer/buttonMaskRequired``) get it as
///   a touch first (`Window+ButtonGestures.swift`); the press and release still go to the responders.
/// - **Standard actions**, performed by ``View``'s default `pointerButtonPressed` — so each view on the
///   chain from the hit view up gets its turn, and a view that overrides the method without calling
///   `super` replaces them: the secondary (right) button shows the view's context menu at the click when
///   it has a ``View/contextMenuInteraction`` whose delegate gives a menu there, else its edit menu when
///   it has an ``View/editMenuInteraction``; the middle button pastes the application's
///   ``Application/primarySelection`` at the click into a ``PrimarySelectionPasteTarget`` (X11 and GTK
///   behaviour; nothing without a primary selection on the platform). Back and forward have none.
/// - With a popup shown, a press dismisses it and does nothing else (the tap-outside rule of
///   `Window+Popups.swift`); its release is dropped.
/// - Bad input: a non-finite location, or a `button` that is not exactly one non-primary button, is
///   dropped; a release whose press was not delivered, or whose responder has left the window since, is
///   ignored.
extension Window {
  /// Delivers a pointer button other than the primary one going down or up.
  public func deliver(pointerButton input: PointerButtonInput) {
    guard input.location.isFinite, input.button.rawValue.nonzeroBitCount == 1, input.button != .primary
    else { return }
    application.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      self.application.sendEvent(
        Event(
          type: .pointerButton, timestamp: input.timestamp, window: self, pointerLocation: input.location,
          buttonMask: input.buttonMask, pointerButton: input))
    }
  }

  /// A secondary click at `location` (window coordinates): a press and release of
  /// ``ButtonMask/secondary`` at timestamp 0, with no other button held, for hosts without a button
  /// model.
  public func deliver(secondaryClick location: Point) {
    click(.secondary, at: location)
  }

  /// A middle-button click at `location` (window coordinates): a press and release of
  /// ``ButtonMask/middle`` at timestamp 0, with no other button held, for hosts without a button model.
  public func deliver(middleClick location: Point) {
    click(.middle, at: location)
  }

  private func click(_ button: ButtonMask, at location: Point) {
    for (phase, held) in [(PointerButtonInput.Phase.down, button), (.up, [])] {
      deliver(
        pointerButton: PointerButtonInput(
          button: button, phase: phase, location: location, timestamp: 0, buttonMask: held))
    }
  }

  /// Sends a pointer-button event to its responder (the rules above).
  func deliverPointerButton(_ event: Event) {
    guard let input = event.pointerButton else { return }
    switch input.phase {
    case .down:
      if let popup = presentedPopup {
        popup.dismiss()
        return
      }
      beginButtonTouch(input)
      let responder: Responder = hitTest(input.location, with: event) ?? self
      pointerButtonResponders[input.button.rawValue] = Weak(object: responder)
      responder.pointerButtonPressed(input.button, with: event)
    case .up:
      endButtonTouch(input)
      pointerButtonResponders.removeValue(forKey: input.button.rawValue)?.object?
        .pointerButtonReleased(input.button, with: event)
    }
  }
}

extension View {
  /// Performs the standard action of `button` on this view when it has one (the rules on
  /// `Window+Clicks.swift`).
  ///
  /// - Returns: Whether it did.
  func performStandardAction(of button: ButtonMask, with event: Event) -> Bool {
    guard let window, let location = event.pointerLocation(in: self) else { return false }
    if button == .secondary, let interaction = contextMenuInteraction {
      return interaction.presentMenu(at: location) != nil
    }
    if button == .secondary, let interaction = editMenuInteraction {
      interaction.presentEditMenu(at: location)
      return true
    }
    if button == .middle, let target = self as? any PrimarySelectionPasteTarget,
      let primary = window.application.primarySelection
    {
      target.pastePrimarySelection(from: primary, at: location)
      return true
    }
    return false
  }
}
