import Glibc

/// A program's entry point: mark a conforming type `@main` and Swift starts the program in its
/// ``main()``, on the main actor, which runs ``run()`` and exits with the process's status.
///
/// ```swift
/// import Tactile
///
/// @main struct Splash: App {
///   func run() throws {
///     // Connect, open a `WaylandWindow`, run `display.loop` until the window closes.
///   }
/// }
/// ```
///
/// An app with one window of views conforms to ``WindowApp`` instead, which supplies ``run()``.
@MainActor public protocol App {
  /// The program's name, which starts the one-line error message; by default the type's name.
  static var name: String { get }

  /// Makes the app; ``main()`` makes one and runs it.
  init()

  /// Runs the program until it is done.
  ///
  /// - Throws: Whatever ends the program in failure; ``main()`` writes it as one line and exits with 1.
  func run() throws
}

extension App {
  public static var name: String { String(describing: self) }

  /// The program's `main`: makes the app, runs it and exits the process with 0 when ``run()`` returns, or
  /// with 1 after writing the error as one line `name: error` on standard error.
  public static func main() {
    exit(exitStatus(writingErrorTo: StandardError.write))
  }

  /// Makes the app and runs it.
  ///
  /// - Parameter writeError: Receives the line `name: error\n` when ``run()`` throws.
  /// - Returns: The exit status: 0 when ``run()`` returned, 1 when it threw.
  static func exitStatus(writingErrorTo writeError: (String) -> Void) -> Int32 {
    do {
      try Self().run()
      return 0
    } catch {
      writeError("\(name): \(error)\n")
      return 1
    }
  }
}
