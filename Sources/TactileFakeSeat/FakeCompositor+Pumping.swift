import CSystem
import CWaylandServer
import Glibc

extension FakeCompositor {
  /// Handles every request that has arrived, answers due frame callbacks (in
  /// ``FrameCallbackMode/automatic(intervalMilliseconds:)`` with 0) and flushes events to clients.
  /// Never blocks.
  public func pump() {
    dispatch(timeoutMilliseconds: 0)
  }

  /// Waits until `condition` holds, handling requests as they arrive.
  ///
  /// Waiting means blocking in `epoll_wait` on the compositor's descriptors, never spinning. Use it for
  /// clients in other processes; for an in-process client on the same thread, alternate ``pump()`` with
  /// the client's own dispatching instead.
  ///
  /// - Parameters:
  ///   - what: Names the condition in the timeout error.
  ///   - timeoutMilliseconds: How long to wait at most.
  ///   - condition: Checked before each wait.
  /// - Throws: ``FakeSeatError/timedOut(waitingFor:)``, or ``FakeSeatError/stoppedBySignal(_:)`` once a
  ///   stop signal arrived (``stopOnSignals(_:)``), or what `condition` throws.
  public func pump(
    until what: String, timeoutMilliseconds: Int = 10_000, _ condition: () throws -> Bool
  ) throws {
    let deadline = monotonicMilliseconds() + timeoutMilliseconds
    while true {
      pump()
      if let stopSignal { throw FakeSeatError.stoppedBySignal(stopSignal) }
      if try condition() { return }
      let remaining = deadline - monotonicMilliseconds()
      guard remaining > 0 else { throw FakeSeatError.timedOut(waitingFor: what) }
      dispatch(timeoutMilliseconds: Int32(min(remaining, 100)))
    }
  }

  /// Pumps for `milliseconds` of real time (the executable's script waits), or until a stop signal
  /// arrives (``stopOnSignals(_:)``).
  public func pump(forMilliseconds milliseconds: Int) {
    let deadline = monotonicMilliseconds() + milliseconds
    while stopSignal == nil {
      let remaining = deadline - monotonicMilliseconds()
      guard remaining > 0 else { break }
      dispatch(timeoutMilliseconds: Int32(min(remaining, 100)))
    }
    pump()
  }

  /// The compositor's event-loop descriptor: it becomes readable when the compositor has work (a client
  /// request, a timer). A client's own poll loop in the same thread can watch it and call ``pump()`` when
  /// it is readable, so an in-process toolkit and the compositor share one thread without blocking.
  public var eventLoopFileDescriptor: Int32 { wl_event_loop_get_fd(loop) }

  func dispatch(timeoutMilliseconds: Int32) {
    wl_display_flush_clients(display)
    wl_event_loop_dispatch(loop, timeoutMilliseconds)
    if configuration.frameCallbacks == .automatic(intervalMilliseconds: 0) { fireFrameCallbacks() }
    presentDueFeedback()
    wl_display_flush_clients(display)
  }

  /// Connects a new client over a socket pair.
  ///
  /// - Returns: The client's end, for `wl_display_connect_to_fd` (which takes ownership of it).
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func connectClient() throws -> Int32 {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0
    else { throw FakeSeatError.systemCallFailed(call: "socketpair", errno: errno) }
    guard wl_client_create(display, fds[0]) != nil else {
      close(fds[0])
      close(fds[1])
      throw FakeSeatError.systemCallFailed(call: "wl_client_create", errno: errno)
    }
    return fds[1]
  }

  /// Listens for clients on a Unix socket at `path` (for processes: set their `WAYLAND_DISPLAY` to the
  /// path, or to its last component with `XDG_RUNTIME_DIR` set to the directory).
  ///
  /// The path is claimed with a lock file as `wl_display_add_socket` claims one (`ListeningSocket`):
  /// a path another compositor holds, a live socket, or anything that is not a socket is refused and
  /// left as it is. The socket and its lock file are removed when the compositor goes away.
  ///
  /// - Throws: ``FakeSeatError/socketInUse(path:)``, ``FakeSeatError/notASocket(path:)`` or
  ///   ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func listen(at path: String) throws {
    let socket = try ListeningSocket(path: path)
    guard wl_display_add_socket_fd(display, socket.fd) == 0 else {
      close(socket.fd)
      throw FakeSeatError.systemCallFailed(call: "wl_display_add_socket_fd", errno: errno)
    }
    displaySockets.append(socket)
  }

  /// The number of connected clients.
  public var clientCount: Int { clients.count }

  /// The process ids of the connected clients (from the socket credentials).
  public var clientProcessIDs: [Int32] { clients.values.map(\.pid) }
}

/// Milliseconds on CLOCK_MONOTONIC, for timeouts.
func monotonicMilliseconds() -> Int {
  Int(monotonicNanoseconds() / 1_000_000)
}

/// Nanoseconds on CLOCK_MONOTONIC (the clock of ``FakeCompositor/onCommit``).
public func monotonicNanoseconds() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
