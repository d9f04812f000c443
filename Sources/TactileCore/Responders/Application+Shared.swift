/// The app's one application object, as `UIApplication.shared`, without making tests share one.
///
/// ``Application/shared`` is the application bound by the innermost running
/// ``Application/withShared(_:_:)`` on the current task (a task-local value: tasks started inside
/// inherit it; other tasks — other tests running in parallel — do not see it). `WindowApp` runs the whole
/// app inside that call with the application it makes, so app code can write
/// `Application.shared.sendAction(…)` as it would with UIKit; an app that builds its own run loop does
/// the same. Nothing is global to the process.
extension Application {
  @TaskLocal private static var bound: Application?

  /// The application of the running app: the one bound by the innermost ``withShared(_:_:)``.
  ///
  /// Reading it where no application is bound is a programming error: it stops the program, saying so
  /// (UIKit's `shared` always exists, because `UIApplicationMain` makes it before any app code runs).
  public static var shared: Application {
    guard let bound else {
      preconditionFailure(
        "Application.shared read outside Application.withShared(_:_:); WindowApp binds its application")
    }
    return bound
  }

  /// Runs `body` with `application` as ``shared``, then restores the previous binding.
  ///
  /// - Parameters:
  ///   - application: The application ``shared`` returns while `body` runs.
  ///   - body: The app's run loop, or a test.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withShared<Result>(
    _ application: Application, _ body: () throws -> Result
  ) rethrows -> Result {
    try $bound.withValue(application, operation: body)
  }
}
