import CWaylandServer
import Glibc

extension FakeCompositor {
  /// Makes `signals` stop the compositor's waits instead of ending the process at once, so that its
  /// owner can stop its clients and remove its sockets first (the executable does, for SIGTERM, SIGINT
  /// and SIGHUP).
  ///
  /// The signals are taken through the event loop (`signalfd`): they are blocked in the calling thread,
  /// and a ``ClientProcess`` started afterwards unblocks them in the child. Once one arrives,
  /// ``stopSignal`` holds it, ``pump(until:timeoutMilliseconds:_:)`` throws
  /// ``FakeSeatError/stoppedBySignal(_:)`` and ``pump(forMilliseconds:)`` returns.
  ///
  /// - Parameter signals: The signal numbers.
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)`` if the event loop cannot watch one.
  public func stopOnSignals(_ signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]) throws {
    for number in signals {
      let source = wl_event_loop_add_signal(
        loop, number,
        { number, data in
          let compositor = Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue()
          if compositor.stopSignal == nil { compositor.stopSignal = number }
          return 0
        }, Unmanaged.passUnretained(self).toOpaque())
      guard let source else {
        throw FakeSeatError.systemCallFailed(call: "wl_event_loop_add_signal \(number)", errno: errno)
      }
      signalSources.append(source)
    }
  }
}
