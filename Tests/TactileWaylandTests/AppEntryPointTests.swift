import Testing

@testable import TactileWayland

/// What `App.main()` makes of an app's `run()`: the exit status and the one error line.
@MainActor @Suite struct AppEntryPointTests {
  struct Refusal: Error, CustomStringConvertible {
    var description: String { "no, thank you" }
  }

  struct Succeeding: App {
    func run() throws {}
  }

  struct Failing: App {
    static let name = "failing-app"
    func run() throws { throw Refusal() }
  }

  @Test func anAppWhoseRunReturnsExitsWithZeroAndWritesNothing() {
    var written: [String] = []
    #expect(Succeeding.exitStatus { written.append($0) } == 0)
    #expect(written.isEmpty)
  }

  @Test func anAppWhoseRunThrowsExitsWithOneAfterOneLineNamingItAndTheError() {
    var written: [String] = []
    #expect(Failing.exitStatus { written.append($0) } == 1)
    #expect(written == ["failing-app: no, thank you\n"])
  }

  @Test func anAppIsNamedAfterItsTypeUnlessItSaysOtherwise() {
    #expect(Succeeding.name == "Succeeding")
    #expect(Failing.name == "failing-app")
  }
}
