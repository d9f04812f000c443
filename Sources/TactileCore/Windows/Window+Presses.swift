/// Turning platform key strokes into presses bound to a responder, or into edit commands.
///
/// A key going down that is an edit shortcut (``Action/editCommand(forShortcut:)``) while some responder
/// of the chain from the first responder can perform that command is sent as a nil-target action instead
/// of a press (like UIKit's key commands, matched before `pressesBegan`); its repeats and release are then
/// ignored. When no responder can perform it, it is an ordinary press.
///
/// Keys are told apart by keyboard and key code (``KeyStroke/keyboard``): every keyboard's presses go to
/// the one first responder, and each keyboard ends only its own.
extension Window {
  /// Where a held key is: its keyboard and key code.
  struct PressSlot: Hashable {
    var keyboard: Int
    var keyCode: UInt32
  }

  /// Applies one key stroke and dispatches the resulting presses event.
  func processKeyStroke(_ stroke: KeyStroke) {
    guard !isClosed else { return }
    let code = PressSlot(keyboard: stroke.keyboard, keyCode: stroke.key.keyCode)
    let press: Press
    switch stroke.phase {
    case .down where livePresses[code] == nil:
      if performEditShortcut(stroke.key) { return }
      press = Press(key: stroke.key, timestamp: stroke.timestamp, responder: eventStartResponder)
      livePresses[code] = press
    case .down, .repeat:
      guard let live = livePresses[code] else { return }
      press = live
      press.phase = .changed
    case .up:
      guard let live = livePresses.removeValue(forKey: code) else { return }
      press = live
      press.phase = .ended
    }
    press.timestamp = stroke.timestamp
    application.sendEvent(
      Event(type: .presses, timestamp: stroke.timestamp, window: self, presses: [press]))
  }

  /// Sends the edit command of `key` up the responder chain when someone can perform it.
  ///
  /// - Returns: Whether the command was sent (the key is then not a press).
  private func performEditShortcut(_ key: Key) -> Bool {
    guard let action = Action.editCommand(forShortcut: key),
      eventStartResponder.target(forAction: action, withSender: self) != nil
    else { return false }
    return application.sendAction(action, to: nil, from: self, for: nil)
  }

  /// Cancels the held presses whose responder matches `shouldCancel` (of `keyboard` only, when given),
  /// delivering `pressesCancelled` to each responder once.
  func cancelPresses(timestamp: Double, keyboard: Int? = nil, where shouldCancel: (Responder?) -> Bool) {
    let cancelled = livePresses.filter {
      (keyboard == nil || $0.key.keyboard == keyboard) && shouldCancel($0.value.responder)
    }
    guard !cancelled.isEmpty else { return }
    for (code, press) in cancelled {
      livePresses.removeValue(forKey: code)
      press.phase = .cancelled
      press.timestamp = timestamp
    }
    application.sendEvent(
      Event(type: .presses, timestamp: timestamp, window: self, presses: Set(cancelled.values)))
  }
}
