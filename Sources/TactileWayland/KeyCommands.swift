import TactileCore

/// What a decoded key becomes in the core: a remote-control event to the first responder (media keys:
/// play, pause, stop, next, previous; forward and rewind begin seeking on press and end it on release),
/// or a key stroke. Edit shortcuts (Ctrl+X/C/V/A/Z) are key strokes here: the core's window turns them
/// into edit actions through the responder chain (``TactileCore/Action/editCommand(forShortcut:)``).
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

  /// A key of `keyboard` went down.
  static func press(_ key: Key, timestamp: Double, keyboard: Int, in window: Window) {
    if let subtype = remoteControl(key.keysym, pressed: true) {
      window.deliver(remoteControl: subtype, timestamp: timestamp)
    } else if !isMedia(key.keysym) {
      window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: timestamp, keyboard: keyboard))
    }
  }

  /// A key of `keyboard` whose press was delivered went up.
  static func release(_ key: Key, timestamp: Double, keyboard: Int, in window: Window) {
    if let subtype = remoteControl(key.keysym, pressed: false) {
      window.deliver(remoteControl: subtype, timestamp: timestamp)
    } else if !isMedia(key.keysym) {
      window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: timestamp, keyboard: keyboard))
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
}
