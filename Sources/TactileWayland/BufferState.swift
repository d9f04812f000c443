/// Where one shm buffer is in its life, and what may happen to it next.
///
/// ```
/// free ──attach──► attached ──release──► released ──recycle──► free
/// ```
/// - `free`: Tactile owns the pixels and may draw into them.
/// - `attached`: committed to a surface; the compositor may read the pixels at any time, so Tactile never
///   writes them.
/// - `released`: the compositor sent `wl_buffer.release`; the pool decides whether to reuse the buffer
///   (`recycle`) or, when its size is outdated, destroy it.
///
/// Any other transition is a bug in the pool and traps with a message naming the buffer and both states.
enum BufferState: Equatable, Sendable {
  case free, attached, released

  /// What happens to a buffer.
  enum Event: Equatable, Sendable {
    case attach, release, recycle
  }

  /// The state after `event`, or nil when `event` is impossible in this state.
  func next(on event: Event) -> BufferState? {
    switch (self, event) {
    case (.free, .attach): .attached
    case (.attached, .release): .released
    case (.released, .recycle): .free
    default: nil
    }
  }

  /// Applies `event`.
  ///
  /// - Parameters:
  ///   - event: What happened.
  ///   - buffer: Names the buffer in the trap message.
  /// - Precondition: `event` is possible in the current state.
  mutating func apply(_ event: Event, buffer: Int) {
    guard let next = next(on: event) else {
      preconditionFailure("shm buffer \(buffer): cannot \(event) a buffer that is \(self)")
    }
    self = next
  }
}
