import Glibc
import Testing

/// The bus-level suites' daemon stops on SIGTERM even when the test runner blocks that signal: it is
/// started with every signal unblocked (the CSystem spawn shim), so stopping it never waits for the
/// SIGKILL fallback, and a run of many suites does not hang on it.
@MainActor
@Suite struct BusDaemonStopTests {
  @Test func theDaemonStopsOnSIGTERMWhileTheTestBlocksIt() throws {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let bus = try BridgeOnBus()
    // A grace period far longer than the run allows for: a daemon ignoring SIGTERM would be killed
    // only after it, and end with SIGKILL's status.
    bus.daemon.stop(gracePeriodMilliseconds: 20_000)
    let status = try #require(bus.daemon.exitStatus)
    #expect(status != 128 + SIGKILL, "dbus-daemon ignored SIGTERM")
  }
}
