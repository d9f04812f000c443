import TactileTrace

extension FakeCompositor {
  /// Plays a recorded trace into the client of one window, keeping the recorded pauses between events
  /// (each capped at ``maximumReplayPauseMilliseconds``) while serving clients.
  ///
  /// Surface number 0 of the trace is `surfaceID`; another number is, when the trace first names it, the
  /// topmost mapped window or popup of the same client that no other number stands for (the popup the
  /// replayed input just opened). Events are sent with the compositor's own serials and clock; see
  /// `TracePlayer` for how each kind of event is sent. The trace's own keyboard `enter` and `leave` are
  /// the focus changes: presses give no focus while it plays (``Configuration/focusFollowsPress``).
  ///
  /// - Parameters:
  ///   - trace: The events, as recorded by a Tactile app with `TACTILE_RECORD`.
  ///   - surfaceID: The surface that stands for the trace's surface 0.
  /// - Throws: ``FakeSeatError`` when an event cannot be injected (the surface is gone, a point is not
  ///   down, the seat lacks the device, no surface stands for a trace surface, no text input is enabled
  ///   for a text event).
  /// - Complexity: O(events), plus the recorded time.
  public func replay(_ trace: InputTrace, onSurface surfaceID: Int) throws {
    let player = TracePlayer(compositor: self, window: surfaceID)
    let focusFollowsPress = configuration.focusFollowsPress
    configuration.focusFollowsPress = false
    defer { configuration.focusFollowsPress = focusFollowsPress }
    var previousTime = trace.entries.first?.time
    for entry in trace.entries {
      if let previousTime, entry.time > previousTime {
        wait(milliseconds: min(Int(entry.time - previousTime), Self.maximumReplayPauseMilliseconds))
      }
      previousTime = entry.time
      try player.play(entry.event)
    }
    pump()
  }

  /// The longest pause kept between two replayed events (a long idle stretch is shortened to it).
  public static let maximumReplayPauseMilliseconds = 1_000

  /// Lets `milliseconds` pass: on a ``Clock/manual(start:)`` clock, advances it and pumps once; else
  /// pumps for that much real time, serving clients.
  public func wait(milliseconds: Int) {
    if case .manual = configuration.clock {
      advanceClock(milliseconds: UInt32(clamping: max(0, milliseconds)))
      pump()
    } else {
      pump(forMilliseconds: milliseconds)
    }
  }
}
