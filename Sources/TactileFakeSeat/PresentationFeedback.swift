import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// When the fake compositor shows committed content, as `wp_presentation` feedback reports it.
public enum PresentationTiming: Equatable, Sendable {
  /// At the next tick of a virtual display refreshing `millihertz` / 1000 times a second (the output's
  /// mode announces the same rate): the time of a content update's `presented` is the first tick at or
  /// after its commit, its sequence that tick's number, with the `vsync` flag and the refresh interval.
  case refresh(millihertz: Int32)
  /// At once, while the commit is handled: `presented` carries the commit's time, no refresh interval,
  /// sequence 0 and no flags (a display without a refresh cycle), for benchmarks that time commits.
  case immediate

  /// The refresh rate the output's mode announces, in millihertz (60 Hz for ``immediate``).
  var modeRefresh: Int32 {
    if case .refresh(let millihertz) = self { return millihertz }
    return 60_000
  }
}

/// A `wp_presentation_feedback`: requested for a surface's next commit, committed with it, then answered
/// once — `presented` (after `sync_output` for each of the client's outputs) or `discarded` — and
/// destroyed, as the protocol has the compositor do.
///
/// A committed update is discarded when a later commit of the same surface attaches new content before
/// it was shown, or when its surface is not mapped at the tick that would have shown it; a requested one
/// is discarded when its surface is destroyed before committing.
final class PresentationFeedback: ResourceObject {
  weak var surface: Surface?
  /// When its content update was committed, in nanoseconds on the presentation clock; nil before.
  var committedAt: UInt64?

  override func resourceDestroyed() {
    compositor.desktop.feedbacks.removeAll { $0 === self }
    surface?.pending.presentationFeedbacks.removeAll { $0 === self }
  }

  func present(atNanoseconds time: UInt64, refresh: UInt32, sequence: UInt64, flags: UInt32) {
    for output in compositor.outputs where output.client == client {
      wp_presentation_feedback_send_sync_output(resource, output.resource)
    }
    let seconds = time / 1_000_000_000
    wp_presentation_feedback_send_presented(
      resource, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
      UInt32(time % 1_000_000_000), refresh, UInt32(truncatingIfNeeded: sequence >> 32),
      UInt32(truncatingIfNeeded: sequence), flags)
    wl_resource_destroy(resource)
  }

  func discard() {
    wp_presentation_feedback_send_discarded(resource)
    wl_resource_destroy(resource)
  }

  nonisolated(unsafe) static let managerImplementation: UnsafeMutablePointer<wp_presentation_interface> = {
    let table = UnsafeMutablePointer<wp_presentation_interface>.allocate(capacity: 1)
    table.initialize(
      to: wp_presentation_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        feedback: { client, resource, surfaceResource, id in
          let manager = PlainResource.from(resource)
          guard
            let created = createResource(
              client: client, interface: tactile_iface_wp_presentation_feedback(), version: 1, id: id)
          else { return }
          let surface = Surface.from(surfaceResource)
          let feedback = PresentationFeedback(resource: created, compositor: manager.compositor)
          feedback.surface = surface
          // No requests: the compositor destroys it after its one event.
          feedback.install(implementation: nil)
          surface.pending.presentationFeedbacks.append(feedback)
          manager.compositor.desktop.feedbacks.append(feedback)
        }))
    return table
  }()
}

extension FakeCompositor {
  /// The presentation clock: `CLOCK_MONOTONIC` (announced as the `clock_id`), or, with a
  /// ``Clock/manual(start:)`` clock, the manual clock in nanoseconds, so that presentation times agree
  /// with the timestamps of injected events (``eventTime``).
  var presentationNanoseconds: UInt64 { eventTime.nanoseconds }

  func bindPresentation(client: OpaquePointer?, version: UInt32, id: UInt32) {
    guard
      let manager = bindPlain(
        client: client, interface: tactile_iface_wp_presentation(), version: version, id: id,
        implementation: PresentationFeedback.managerImplementation)
    else { return }
    wp_presentation_send_clock_id(manager.resource, UInt32(CLOCK_MONOTONIC))
  }

  /// A commit of `surface` was applied: the feedback it carried waits for the content to be shown.
  ///
  /// - Parameters:
  ///   - surface: The surface that committed.
  ///   - feedbacks: The feedback requested since the previous commit.
  ///   - newContent: Whether the commit attached a buffer (or none): the update replaces the surface's
  ///     earlier ones not yet shown, whose feedback is discarded.
  func contentCommitted(_ surface: Surface, feedbacks: [PresentationFeedback], newContent: Bool) {
    let time = presentationNanoseconds
    if newContent {
      for waiting in desktop.feedbacks where waiting.surface === surface && waiting.committedAt != nil {
        waiting.discard()
      }
    }
    for feedback in feedbacks { feedback.committedAt = time }
    if configuration.presentation == .immediate {
      for feedback in feedbacks {
        if isMapped(surface) {
          feedback.present(atNanoseconds: time, refresh: 0, sequence: 0, flags: 0)
        } else {
          feedback.discard()
        }
      }
      return
    }
    if !feedbacks.isEmpty { armPresentationTimer() }
  }

  /// Answers the feedback whose refresh tick has come, and discards the feedback of surfaces that are
  /// gone; runs after every dispatch and from the refresh timer.
  func presentDueFeedback() {
    guard !desktop.feedbacks.isEmpty else { return }
    let now = presentationNanoseconds
    let interval = refreshIntervalNanoseconds
    for feedback in desktop.feedbacks {
      guard let surface = feedback.surface else {
        feedback.discard()
        continue
      }
      guard let committed = feedback.committedAt, let interval else { continue }
      let sequence = (committed + interval - 1) / interval
      guard sequence * interval <= now else { continue }
      if isMapped(surface) {
        feedback.present(
          atNanoseconds: sequence * interval, refresh: UInt32(clamping: interval), sequence: sequence,
          flags: WP_PRESENTATION_FEEDBACK_KIND_VSYNC.rawValue)
      } else {
        feedback.discard()
      }
    }
    armPresentationTimer()
  }

  /// The virtual display's refresh interval; nil for ``PresentationTiming/immediate``.
  private var refreshIntervalNanoseconds: UInt64? {
    guard case .refresh(let millihertz) = configuration.presentation else { return nil }
    return 1_000_000_000_000 / UInt64(min(max(millihertz, 1_000), 1_000_000))
  }

  /// Wakes the event loop at the next tick while committed feedback waits for one (on the monotonic
  /// clock; a manual clock's ticks come as the test advances it).
  private func armPresentationTimer() {
    guard configuration.clock == .monotonic, let interval = refreshIntervalNanoseconds,
      let earliest = desktop.feedbacks.compactMap(\.committedAt).min()
    else { return }
    if desktop.presentationTimer == nil {
      desktop.presentationTimer = wl_event_loop_add_timer(
        loop,
        { data in
          Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue().presentDueFeedback()
          return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
    let tick = (earliest + interval - 1) / interval * interval
    let now = presentationNanoseconds
    let milliseconds = tick > now ? Int32(clamping: (tick - now + 999_999) / 1_000_000) : 1
    wl_event_source_timer_update(desktop.presentationTimer, max(1, milliseconds))
  }

  /// How many `wp_presentation_feedback` objects await their answer (requested or committed).
  public var pendingPresentationFeedbackCount: Int { desktop.feedbacks.count }
}
