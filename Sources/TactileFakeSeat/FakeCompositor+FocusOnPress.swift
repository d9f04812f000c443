/// Click and tap to focus: a press on a window activates it, the way desktop compositors do.
extension FakeCompositor {
  /// Raises the window a press landed on and gives it the keyboard focus of the seat in use (if the
  /// seat has a keyboard), when ``Configuration/focusFollowsPress`` is on.
  ///
  /// Called before the press itself is sent, so the window's client gets `wl_keyboard.leave` (to the
  /// old window), `text_input.leave`, `wl_keyboard.enter` and `modifiers`, `text_input.enter`, and
  /// then the `button` or `down` — the order weston's activation binding produces. A press on a
  /// subsurface activates the window it belongs to; a press on a popup, or on the window that already
  /// has the focus, changes nothing.
  func activateOnPress(_ surface: Surface) {
    guard configuration.focusFollowsPress, let window = window(containing: surface) else { return }
    raise(window)
    guard inputSeat.capabilities.contains(.keyboard), inputSeat.keyboardFocus !== window else { return }
    // Cannot throw: the seat has a keyboard and the window is a live surface.
    _ = try? keyboardEnter(surface: window.id)
  }

  /// The toplevel a surface is part of (itself, or the root of its subsurface tree); nil for popups and
  /// surfaces without a window.
  func window(containing surface: Surface) -> Surface? {
    switch surface.role {
    case .subsurface(let sub): return sub.parent.flatMap { window(containing: $0) }
    case .xdg(let xdg):
      if case .toplevel = xdg.role { return surface }
      return nil
    case .none, .cursor: return nil
    }
  }

  /// Puts a mapped window on top of the others.
  func raise(_ window: Surface) {
    guard let position = stackPositions[window.id], position != nextStackPosition - 1 else { return }
    stackPositions[window.id] = nextStackPosition
    nextStackPosition += 1
  }
}
