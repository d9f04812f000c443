/// Every sample of a touch and where it is heading, like UIKit's `coalescedTouches(for:)` and
/// `predictedTouches(for:)`.
///
/// A platform may report a finger several times between two deliveries (a compositor batches the
/// motions of one `wl_touch.frame`; a 120 Hz touch screen moves twice per 60 Hz frame). An event delivers
/// the touch once, at its newest sample, and keeps the others: a view that draws follows every sample
/// for a full-fidelity line, and draws the predicted ones provisionally to hide a frame of latency.
extension Event {
  /// The samples `touch` got in this event, oldest first, as snapshot touches.
  ///
  /// Each snapshot has the sample's location, timestamp, contact and force, and as its
  /// ``Touch/previousLocation(in:)`` the sample before it (for the first one, the touch's location at
  /// the previous event); the last one is where `touch` itself is. A touch of the event that did not
  /// change in it (``Touch/Phase/stationary``) or that the system cancelled has one sample, its current
  /// state.
  ///
  /// - Returns: The samples, or `nil` when `touch` is not one of ``allTouches``.
  /// - Complexity: O(n) in the samples; each call makes new snapshot objects.
  public func coalescedTouches(for touch: Touch) -> [Touch]? {
    guard allTouches?.contains(touch) == true else { return nil }
    guard let samples = touchSamples[ObjectIdentifier(touch)]?.samples, !samples.isEmpty else {
      return [Touch(snapshotOf: touch, at: TouchSample(of: touch), phase: touch.phase)]
    }
    let phase = plannedPhase(of: touch)
    return samples.map { Touch(snapshotOf: touch, at: $0, phase: phase) }
  }

  /// Where `touch` is predicted to be over the next frame, nearest first, as snapshot touches in the
  /// ``Touch/Phase/moved`` phase.
  ///
  /// The predictor (`TouchPredictor.swift`) continues the touch's motion — a least-squares parabola
  /// through its samples of the last 30 ms — from its newest sample of this event, one sample per
  /// input interval, the last one 1/60 s ahead. Predictions are provisional: draw them so that the next
  /// event's real samples replace them.
  ///
  /// - Returns: The predicted samples; empty for a touch that ended, was cancelled or did not change in
  ///   this event; `nil` when `touch` is not one of ``allTouches``.
  public func predictedTouches(for touch: Touch) -> [Touch]? {
    guard allTouches?.contains(touch) == true else { return nil }
    guard let entry = touchSamples[ObjectIdentifier(touch)], let newest = entry.samples.last,
      !plannedPhase(of: touch).isFinal
    else { return [] }
    return entry.predictor.predictions(after: newest).map { Touch(snapshotOf: touch, at: $0, phase: .moved) }
  }

  /// The phase `touch` is delivered in by this event (its current phase if it is not planned).
  private func plannedPhase(of touch: Touch) -> Touch.Phase {
    touchPlan.first { $0.touch === touch }?.phase ?? touch.phase
  }
}
