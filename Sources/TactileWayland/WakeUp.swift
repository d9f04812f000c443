import CSystem
import Glibc
import Synchronization

/// Work posted to the main thread's ``EventLoop`` from any thread, and the `eventfd` that wakes the loop's
/// `poll` when some arrives.
///
/// ``post(_:)`` may be called from any thread, any number of times; each job runs exactly once, on the
/// main actor, in posting order, at the loop's next turn.
public final class WakeUp: Sendable {
  /// The eventfd (non-blocking, close-on-exec) that the loop polls.
  let fileDescriptor: Int32
  private let jobs = Mutex<[@Sendable @MainActor () -> Void]>([])

  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` when `eventfd` fails (out of file
  ///   descriptors).
  init() throws(WaylandError) {
    let fd = tactile_eventfd()
    guard fd >= 0 else { throw .systemCall(operation: "eventfd", reason: WaylandError.text(ofErrno: errno)) }
    fileDescriptor = fd
  }

  deinit {
    close(fileDescriptor)
  }

  /// Queues `job` for the main thread and wakes the loop.
  public func post(_ job: @escaping @Sendable @MainActor () -> Void) {
    jobs.withLock { $0.append(job) }
    var one: UInt64 = 1
    // EAGAIN means the counter is saturated: the loop is already woken.
    _ = write(fileDescriptor, &one, MemoryLayout<UInt64>.size)
  }

  /// Resets the eventfd and takes every queued job, oldest first.
  func take() -> [@Sendable @MainActor () -> Void] {
    var counter: UInt64 = 0
    _ = read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
    return jobs.withLock { queued in
      defer { queued.removeAll() }
      return queued
    }
  }
}
