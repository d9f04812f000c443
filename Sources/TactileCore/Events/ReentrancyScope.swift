/// A stretch of code that others must not enter in part: while it runs, work that would re-enter it is
/// deferred until it returns (owed `touchesCancelled`, gesture effects) or skipped (a second release of
/// held touches). One type for every such guard, so each is entered and left in one place.
@MainActor
final class ReentrancyScope {
  private var depth = 0

  /// Whether the scope is running (at any depth).
  var isActive: Bool { depth > 0 }

  /// Runs `body` inside the scope; scopes nest.
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    depth += 1
    defer { depth -= 1 }
    return try body()
  }

  /// Runs `body` inside the scope unless the scope is already running.
  func runUnlessActive(_ body: () -> Void) {
    guard !isActive else { return }
    run(body)
  }
}
