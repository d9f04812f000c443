import Glibc
import Testing

@testable import TactileWayland

/// The process environment read from `environ`, without Foundation. (The tests only read it: setting
/// a variable while other tests run in parallel would race with their reads of `environ`.)
@Suite struct ProcessEnvironmentTests {
  @Test func everyVariableHasTheValueGetenvFinds() throws {
    let variables = ProcessEnvironment.current
    #expect(variables["PATH"] != nil, "the test runner has a PATH")
    for (name, value) in variables {
      #expect(getenv(name).map { String(cString: $0) } == value, "\(name)")
    }
  }

  @Test func aNameNoVariableHasIsAbsent() {
    #expect(ProcessEnvironment.current["TACTILE_NO_SUCH_VARIABLE_\(getpid())"] == nil)
  }
}
