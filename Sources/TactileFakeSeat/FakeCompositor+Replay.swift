extension FakeCompositor {
  /// Plays a recorded trace onto one surface, keeping the recorded pauses between events (each capped
  /// at ``maximumReplayPauseMilliseconds``) while serving clients.
  ///
  /// - Parameters:
  ///   - trace: The events, as recorded by a Tactile app with `TACTILE_RECORD`.
  ///   - surfaceID: The surface that receives them (coordinates are surface-local).
  /// - Throws: ``FakeSeatError`` when an event cannot be injected (the surface is gone, a point is not
  ///   down, the seat has no touch).
  /// - Complexity: O(events), plus the recorded time.
  public func replay(_ trace: InputTrace, onSurface surfaceID: Int) throws {
    var previousTime = trace.events.first?.time
    for event in trace.events {
      if let previousTime, event.time > previousTime {
        pump(forMilliseconds: min(Int(event.time - previousTime), Self.maximumReplayPauseMilliseconds))
      }
      previousTime = event.time
      try inject(event, onSurface: surfaceID)
    }
    pump()
  }

  /// The longest pause kept between two replayed events (a long idle stretch is shortened to it).
  public static let maximumReplayPauseMilliseconds = 1_000

  private func inject(_ event: InputTrace.Event, onSurface surfaceID: Int) throws {
    // InputTrace's parser guarantees the fields each type needs.
    let id = event.id ?? 0
    let position = Position.surface(id: surfaceID, x: event.x ?? 0, y: event.y ?? 0)
    switch event.type {
    case "touch-down": _ = try touchDown(id: id, at: position)
    case "touch-motion": try touchMotion(id: id, to: position)
    case "touch-up": _ = try touchUp(id: id)
    case "touch-shape": try touchShape(id: id, major: event.major ?? 0, minor: event.minor ?? 0)
    case "touch-cancel": touchCancel()
    default: touchFrame()
    }
  }
}
