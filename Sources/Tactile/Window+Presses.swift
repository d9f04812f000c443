/// Turning platform key strokes into presses bound to a responder.
extension Window {
  /// Applies one key stroke and dispatches the resulting presses event.
  func processKeyStroke(_ stroke: KeyStroke) {
    guard !isClosed else { return }
    let code = stroke.key.keyCode
    let press: Press
    switch stroke.phase {
    case .down where livePresses[code] == nil:
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

  /// Cancels the held presses whose responder matches `shouldCancel`, delivering `pressesCancelled` to
  /// each responder once.
  func cancelPresses(timestamp: Double, where shouldCancel: (Responder?) -> Bool) {
    let cancelled = livePresses.filter { shouldCancel($0.value.responder) }
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
