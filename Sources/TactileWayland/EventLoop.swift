import CWaylandClient
import Glibc
import TactileCore

/// The main thread's event loop: Wayland events, timers and work posted from other threads, with one
/// `poll` that sleeps until one of them needs attention. It never spins: with nothing to do it blocks
/// until the display socket, the wake-up fd or the next timer deadline.
///
/// It is the platform's ``/TactileCore/Scheduler``: ``now`` reads `CLOCK_MONOTONIC`, and timers run on the loop's
/// turns, never from inside ``schedule(at:_:)``.
///
/// One turn of ``run(until:)``: dispatch queued Wayland events → run due timers → run posted jobs → check
/// the stop condition → flush requests (on `EAGAIN`, also wait for `POLLOUT`) → `wl_display_prepare_read`
/// → `poll` → `wl_display_read_events` or `wl_display_cancel_read`.
@MainActor
public final class EventLoop: Scheduler {
  private let connection: WaylandConnection?
  private var timers = TimerQueue()
  private var failure: WaylandError?
  private var watches: [Int: (fileDescriptor: Int32, events: Int16, onReady: @MainActor () -> Void)] = [:]
  private var nextWatch = 0
  /// Where other threads post work for the main thread.
  public nonisolated let wakeUp: WakeUp

  /// A loop over `connection`'s socket, or, without one, over timers and posted work only.
  ///
  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` when the wake-up fd cannot be created.
  public init(connection: WaylandConnection?) throws(WaylandError) {
    self.connection = connection
    wakeUp = try WakeUp()
  }

  public var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  @discardableResult
  public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
    let identifier = timers.schedule(at: deadline, action)
    return TimerToken { [weak self] in
      MainActor.assumeIsolated { self?.timers.cancel(identifier) }
    }
  }

  /// Calls `onReadable` on a loop turn whenever `fileDescriptor` is readable (or has hung up), for
  /// another event source on the main thread — an in-process compositor's event-loop fd in tests, or a
  /// pipe bringing clipboard data. `onReadable` must consume what made the fd readable (or cancel the
  /// watch), or the loop turns without sleeping.
  ///
  /// - Returns: A token whose `cancel()` stops the watch.
  @discardableResult
  public func watch(
    fileDescriptor: Int32, onReadable: @escaping @MainActor () -> Void
  ) -> TimerToken {
    addWatch(fileDescriptor, events: Int16(POLLIN), onReadable)
  }

  /// Calls `onWritable` on a loop turn whenever `fileDescriptor` can take more bytes (or has failed:
  /// its reader went away), for writing to a non-blocking pipe without blocking the loop. `onWritable`
  /// must cancel the watch once it has nothing more to write.
  ///
  /// - Returns: A token whose `cancel()` stops the watch.
  @discardableResult
  public func watch(
    writable fileDescriptor: Int32, onWritable: @escaping @MainActor () -> Void
  ) -> TimerToken {
    addWatch(fileDescriptor, events: Int16(POLLOUT), onWritable)
  }

  private func addWatch(
    _ fileDescriptor: Int32, events: Int16, _ onReady: @escaping @MainActor () -> Void
  ) -> TimerToken {
    let identifier = nextWatch
    nextWatch += 1
    watches[identifier] = (fileDescriptor, events, onReady)
    return TimerToken { [weak self] in
      MainActor.assumeIsolated { _ = self?.watches.removeValue(forKey: identifier) }
    }
  }

  /// Runs turns until `done` returns true (checked once per turn, after events, timers and jobs ran).
  ///
  /// - Throws: The connection's ``WaylandError`` (protocol error, connection lost) as soon as it fails,
  ///   or ``WaylandError/systemCall(operation:reason:)`` if `poll` fails.
  public func run(until done: () -> Bool) throws(WaylandError) {
    while true {
      try connection?.dispatchPending()
      runDueTimers()
      for job in wakeUp.take() { job() }
      if let failure { throw failure }
      if done() {
        _ = try connection?.flush()
        return
      }
      try waitForWork()
    }
  }

  /// Makes ``run(until:)`` throw `error` at its next turn: how code running inside the loop (a draw, a
  /// timer) reports a failure it cannot throw itself. The first failure wins.
  public func fail(_ error: WaylandError) {
    if failure == nil { failure = error }
  }

  private func runDueTimers() {
    let turn = now
    while let action = timers.popDue(now: turn) { action() }
  }

  /// Blocks in `poll` until the display, the wake-up fd or the next timer needs attention.
  private func waitForWork() throws(WaylandError) {
    guard let connection else {
      _ = try poll(display: nil, wantWrite: false)
      return
    }
    guard try connection.prepareRead() else { return }
    do {
      let wantWrite = try connection.flush() == .wouldBlock
      if try poll(display: connection.fileDescriptor, wantWrite: wantWrite) {
        try connection.readEvents()
      } else {
        connection.cancelRead()
      }
    } catch {
      connection.cancelRead()
      throw error
    }
  }

  /// One `poll`.
  ///
  /// - Returns: Whether the display fd has something to read (or has hung up: the read reports it).
  private func poll(display: Int32?, wantWrite: Bool) throws(WaylandError) -> Bool {
    let watched = watches.sorted { $0.key < $1.key }
    var fds = [pollfd(fd: wakeUp.fileDescriptor, events: Int16(POLLIN), revents: 0)]
    fds += watched.map { pollfd(fd: $0.value.fileDescriptor, events: $0.value.events, revents: 0) }
    if let display {
      let events = Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0)
      fds.append(pollfd(fd: display, events: events, revents: 0))
    }
    let timeout = TimerQueue.pollTimeout(until: timers.nextDeadline, now: now)
    let result = Glibc.poll(&fds, nfds_t(fds.count), timeout)
    if result < 0 {
      if errno == EINTR { return false }
      throw .systemCall(operation: "poll", reason: WaylandError.text(ofErrno: errno))
    }
    let failed = Int16(POLLERR | POLLHUP | POLLNVAL)
    // A watch that an earlier callback of this round cancelled is not called: its owner may have
    // closed the fd, and the number may already name another file (a Wayland socket, say).
    for (index, watch) in watched.enumerated()
    where fds[index + 1].revents & (watch.value.events | failed) != 0 && watches[watch.key] != nil {
      watch.value.onReady()
    }
    let ready = Int16(POLLIN | POLLERR | POLLHUP)
    guard display != nil, let last = fds.last else { return false }
    return last.revents & ready != 0
  }
}
