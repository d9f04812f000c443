/// Turning platform key strokes into presses bound to a responder, or into edit commands.
///
/// A key going down that is a shortcut (``Action/command(forShortcut:)``: an edit command, or Escape's
/// ``Action/cancelOperation``) while some responder of the chain from the *key-command responder* can
/// perform that command is sent to that responder as an action instead of a press (like UIKit's key
/// commands, matched before `pressesBegan`); its repeats and release are then ignored. When no responder
/// can perform it, it is an ordinary press. The key-command responder is the first responder (the window
/// when there is none) — except while a controller is presented over the window
/// (``ViewController/present(_:animated:completion:)``) and the first responder is not inside it: then
/// the presented controller, so Escape reaches the sheet or alert on top.
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
      if performShortcut(stroke.key) { return }
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

  /// Sends the command of `key` to the first responder of the chain from the key-command responder
  /// that can perform it.
  ///
  /// - Returns: Whether the command was sent (the key is then not a press).
  private func performShortcut(_ key: Key) -> Bool {
    guard let action = Action.command(forShortcut: key),
      let receiver = keyCommandResponder.target(forAction: action, withSender: self)
    else { return false }
    return application.sendAction(action, to: receiver, from: self, for: nil)
  }

  /// Where a shortcut's chain starts (rules above).
  private var keyCommandResponder: Responder {
    guard let top = topPresentedViewController, !(firstResponder?.isInside(top.view) ?? false) else {
      return eventStartResponder
    }
    return top
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
