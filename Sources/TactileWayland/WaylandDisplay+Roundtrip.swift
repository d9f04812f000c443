import CWaylandClient
import CWaylandProtocols

extension WaylandDisplay {
  /// Sends everything and runs `loop` until the compositor has answered a `wl_display.sync`: every
  /// request sent before it has been processed and every event it caused has been dispatched.
  ///
  /// Unlike `wl_display_roundtrip`, the wait goes through the loop, so timers, posted work and watched
  /// sources (an in-process compositor on the same thread) keep running.
  static func roundtrip(_ connection: WaylandConnection, _ loop: EventLoop) throws(WaylandError) {
    let answer = SyncAnswer()
    let callback = wl_display_sync(connection.display)
    wl_callback_add_listener(callback, syncListener, listenerData(answer))
    defer { wl_callback_destroy(callback) }
    try loop.run { answer.done }
  }

  private static let syncListener = permanentListener(
    wl_callback_listener(done: { data, _, _ in
      withListenerTarget(data, SyncAnswer.self) { $0.done = true }
    }))
}

/// Whether a `wl_display.sync` has been answered.
@MainActor
private final class SyncAnswer {
  var done = false
}
