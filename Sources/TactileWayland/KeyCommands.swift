import Tactile

/// What a decoded key becomes in the core: a remote-control event (media keys), an edit action through
/// the responder chain (Ctrl+X/C/V/A/Z), or a key stroke to the first responder.
///
/// Edit shortcuts are sent as nil-target actions from the window when some responder of the chain
/// handles the action (so a custom view that handles `copy` gets Ctrl+C, as with UIKit's key commands);
/// when none does, the key is delivered as an ordinary press. The decision is made in the application's
/// FIFO queue, after the events queued before it.
@MainActor
enum KeyCommands {
  // XF86 media keysyms (xkbcommon-keysyms.h).
  static let audioPlay: UInt32 = 0x1008_FF14
  static let audioStop: UInt32 = 0x1008_FF15
  static let audioPrevious: UInt32 = 0x1008_FF16
  static let audioNext: UInt32 = 0x1008_FF17
  static let audioPause: UInt32 = 0x1008_FF31
  static let audioRewind: UInt32 = 0x1008_FF3E
  static let audioForward: UInt32 = 0x1008_FF97

  /// A key went down.
  static func press(_ key: Key, timestamp: Double, in window: Window) {
    if let subtype = remoteControl(key.keysym, pressed: true) {
      window.deliver(remoteControl: subtype, timestamp: timestamp)
      return
    }
    guard isMedia(key.keysym) == false else { return }
    guard let action = editAction(for: key) else {
      window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: timestamp))
      return
    }
    let application = window.application
    application.enqueue { [weak window] in
      guard let window, !window.isClosed else { return }
      let start = window.firstResponder ?? window
      let handler = start.target(forAction: action, withSender: window)
      if handler != nil {
        application.sendAction(action, to: nil, from: window, for: nil)
      } else {
        window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: timestamp))
      }
    }
  }

  /// A key whose press was delivered went up.
  static func release(_ key: Key, timestamp: Double, in window: Window) {
    if let subtype = remoteControl(key.keysym, pressed: false) {
      window.deliver(remoteControl: subtype, timestamp: timestamp)
    } else if !isMedia(key.keysym) {
      window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: timestamp))
    }
  }

  /// The remote-control event of a media key going down or up, if it has one.
  static func remoteControl(_ keysym: UInt32, pressed: Bool) -> Event.Subtype? {
    switch (keysym, pressed) {
    case (audioPlay, true): .remoteControlTogglePlayPause
    case (audioPause, true): .remoteControlPause
    case (audioStop, true): .remoteControlStop
    case (audioNext, true): .remoteControlNextTrack
    case (audioPrevious, true): .remoteControlPreviousTrack
    case (audioForward, true): .remoteControlBeginSeekingForward
    case (audioForward, false): .remoteControlEndSeekingForward
    case (audioRewind, true): .remoteControlBeginSeekingBackward
    case (audioRewind, false): .remoteControlEndSeekingBackward
    default: nil
    }
  }

  private static func isMedia(_ keysym: UInt32) -> Bool {
    [audioPlay, audioStop, audioPrevious, audioNext, audioPause, audioRewind, audioForward].contains(keysym)
  }

  /// The edit action of a Ctrl shortcut: X cut, C copy, V paste, A select all, Z undo, Shift+Z redo.
  static func editAction(for key: Key) -> Action? {
    guard key.modifierFlags.contains(.control), !key.modifierFlags.contains(.alternate) else { return nil }
    // With Ctrl held xkb still reports the letter's keysym; lower-case it (Shift gives the capital).
    switch key.keysym | 0x20 {
    case 0x78: return .cut
    case 0x63: return .copy
    case 0x76: return .paste
    case 0x61: return .selectAll
    case 0x7A: return key.modifierFlags.contains(.shift) ? .redo : .undo
    default: return nil
    }
  }
}
