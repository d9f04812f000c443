/// Calls `body` with the object `reference` points at, without retaining the object for the call.
///
/// The caller states the invariant that keeps the object alive while `body` runs, at the call site
/// (hit-testing: the local copy of the superview's `subviews` array holds every subview for the whole
/// loop). Swift retains an object read out of an array around every method call on it; the retain and
/// release are most of a hit test's cost per view once the view's refcount moved to a side table, which
/// the `weak` references to views (``View/superview``) make it do.
///
/// A nonisolated function of this module, so that the main-actor closure passed to it is not checked at
/// run time for running on the main actor (Swift 6 inserts that check, `swift_task_isCurrentExecutor`,
/// into isolated closures passed to the standard library, as `Unmanaged._withUnsafeGuaranteedRef` is).
///
/// - Parameters:
///   - reference: An unretained reference to an object the caller keeps alive.
///   - body: Runs with the object.
/// - Returns: What `body` returns.
func withBorrowed<Object: AnyObject, Result>(
  _ reference: Unmanaged<Object>, _ body: (Object) throws -> Result
) rethrows -> Result {
  try reference._withUnsafeGuaranteedRef(body)
}
