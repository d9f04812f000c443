import TactileCore

/// Decides when a surface draws: only when something changed, at most once per frame callback, and
/// never stalled by a compositor that stops sending frame callbacks.
///
/// Protocol: the owner calls ``setNeedsDisplay()`` whenever its content changes, and ``frameDone()`` when
/// the `wl_surface.frame` callback of the last commit fires. The pacer calls `draw` (which must render,
/// request a frame callback and commit):
/// - on the scheduler's next turn after ``setNeedsDisplay()`` when no frame is outstanding;
/// - at ``frameDone()`` when something changed meanwhile;
/// - never when nothing changed.
/// Compositors send no frame callbacks for hidden surfaces (minimized, on another workspace). If none
/// arrives within ``fallbackInterval`` the frame is treated as done, so a hidden window keeps drawing
/// (at that slow rate) what changes, and the app never waits on the compositor.
@MainActor
final class FramePacer {
  /// Seconds to wait for a frame callback before drawing anyway.
  static let defaultFallbackInterval = 0.5

  private let scheduler: any Scheduler
  let fallbackInterval: Double
  private let draw: @MainActor () -> Void
  private(set) var needsDisplay = false
  private(set) var waitingForFrame = false
  private var pendingDraw: TimerToken?
  private var fallback: TimerToken?
  /// Whether the surface may draw at all (after its first configure).
  var isEnabled = false {
    didSet { if isEnabled && needsDisplay { scheduleDraw() } }
  }

  init(
    scheduler: any Scheduler, fallbackInterval: Double = defaultFallbackInterval,
    draw: @escaping @MainActor () -> Void
  ) {
    self.scheduler = scheduler
    self.fallbackInterval = fallbackInterval
    self.draw = draw
  }

  /// Marks the content changed; it is drawn at the next opportunity.
  func setNeedsDisplay() {
    needsDisplay = true
    scheduleDraw()
  }

  /// The frame callback of the last commit fired.
  func frameDone() {
    fallback?.cancel()
    fallback = nil
    waitingForFrame = false
    if needsDisplay && isEnabled { drawNow() }
  }

  /// Stops every pending timer (the surface is going away).
  func cancel() {
    pendingDraw?.cancel()
    fallback?.cancel()
    pendingDraw = nil
    fallback = nil
    isEnabled = false
  }

  private func scheduleDraw() {
    guard isEnabled, !waitingForFrame, pendingDraw == nil else { return }
    pendingDraw = scheduler.schedule(at: scheduler.now) { [weak self] in
      self?.pendingDraw = nil
      self?.drawIfAllowed()
    }
  }

  private func drawIfAllowed() {
    guard isEnabled, !waitingForFrame, needsDisplay else { return }
    drawNow()
  }

  private func drawNow() {
    pendingDraw?.cancel()
    pendingDraw = nil
    needsDisplay = false
    waitingForFrame = true
    fallback = scheduler.schedule(after: fallbackInterval) { [weak self] in
      self?.fallback = nil
      self?.frameDone()
    }
    draw()
  }
}
