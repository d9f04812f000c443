import TactileCore

/// What a decoded key becomes in the core: a remote-control event to the first responder (media keys:
/// play, pause, stop, next, previous; forward and rewind begin seeking on press and end it on release),
/// or a key stroke. Edit shortcuts (Ctrl+X/C/V/A/Z) are key strokes here: the core's window turns them
/// into edit actions through the responder chain (``TactileCore/Action/editCommand(forShortcut:)``).
@MainActor
enum KeyCommands {
  /// A key of `keyboard` went down.
  static func press(_ key: Key, timestamp: Double, keyboard: Int, in window: Window) {
    if case .media(let media) = key.name {
      if let subtype = remoteControl(media, pressed: true) {
        window.deliver(remoteControl: subtype, timestamp: timestamp)
      }
    } else {
      window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: timestamp, keyboard: keyboard))
    }
  }

  /// A key of `keyboard` whose press was delivered went up.
  static func release(_ key: Key, timestamp: Double, keyboard: Int, in window: Window) {
    if case .media(let media) = key.name {
      if let subtype = remoteControl(media, pressed: false) {
        window.deliver(remoteControl: subtype, timestamp: timestamp)
      }
    } else {
      window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: timestamp, keyboard: keyboard))
    }
  }

  /// The remote-control event of a media key going down or up, if it has one.
  static func remoteControl(_ key: MediaKey, pressed: Bool) -> Event.Subtype? {
    switch (key, pressed) {
    case (.play, true): .remoteControlTogglePlayPause
    case (.pause, true): .remoteControlPause
    case (.stop, true): .remoteControlStop
    case (.nextTrack, true): .remoteControlNextTrack
    case (.previousTrack, true): .remoteControlPreviousTrack
    case (.fastForward, true): .remoteControlBeginSeekingForward
    case (.fastForward, false): .remoteControlEndSeekingForward
    case (.rewind, true): .remoteControlBeginSeekingBackward
    case (.rewind, false): .remoteControlEndSeekingBackward
    default: nil
    }
  }
}
