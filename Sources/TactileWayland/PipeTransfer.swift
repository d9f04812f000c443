import Glibc
import TactileCore

/// Selection data moving through a pipe on the event loop, never blocking it: the owner of a selection
/// writes into the pipe a reader passed through the compositor.
///
/// Both ends are made non-blocking and driven by ``EventLoop`` watches, so a slow or stuck peer stalls
/// only its own transfer. Each transfer owns its fd and closes it exactly once when it ends.
enum PipeTransfer {
  /// Makes `fd` non-blocking and close-on-exec.
  static func prepare(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  /// Writing to a pipe whose reader has gone raises `SIGPIPE`, which would end the process: the
  /// platform ignores it (process-wide, once) and sees `EPIPE` instead.
  static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()
}

/// Writes `bytes` into a pipe (a selection source's answer to `send`) without blocking the loop: what
/// the pipe takes now is written at once, the rest whenever it becomes writable again.
///
/// The transfer ends — and the fd is closed — when every byte is written, the reader has gone (`EPIPE`
/// or another error), or the timeout passes first (a reader that asks and never reads must not keep
/// the fd and the bytes forever; `onTimeout` then learns how many bytes were written). It keeps itself
/// alive through its watch and timer until then.
@MainActor
final class PipeWriter {
  private let fd: Int32
  private let bytes: [UInt8]
  private var written = 0
  private var watch: TimerToken?
  private var timer: TimerToken?

  /// Starts writing `bytes` to `fd`, which the writer now owns.
  ///
  /// - Parameters:
  ///   - fd: The pipe's write end.
  ///   - bytes: What to write.
  ///   - loop: The loop whose turns continue the transfer.
  ///   - timeout: Seconds on `clock` after which an unfinished transfer is abandoned.
  ///   - clock: The clock of the timeout (the event loop, or a manual clock in tests).
  ///   - onTimeout: Called once if the timeout ends the transfer, with the bytes written by then.
  init(
    fd: Int32, bytes: [UInt8], loop: EventLoop, timeout: Double, clock: any Scheduler,
    onTimeout: @escaping @MainActor (_ written: Int) -> Void
  ) {
    self.fd = fd
    self.bytes = bytes
    PipeTransfer.ignoreBrokenPipes
    PipeTransfer.prepare(fd)
    if writeSome() {
      close(fd)
    } else {
      watch = loop.watch(writable: fd) { [self] in
        if writeSome() { finish() }
      }
      timer = clock.schedule(after: timeout) { [self] in
        finish()
        onTimeout(written)
      }
    }
  }

  /// Writes until done or the pipe is full.
  ///
  /// - Returns: Whether the transfer is over (all written, or failed).
  private func writeSome() -> Bool {
    while written < bytes.count {
      let result = bytes.withUnsafeBufferPointer { buffer in
        write(fd, buffer.baseAddress! + written, buffer.count - written)
      }
      if result > 0 {
        written += result
      } else if result < 0, errno == EINTR {
        continue
      } else {
        return !(result < 0 && errno == EAGAIN)
      }
    }
    return true
  }

  private func finish() {
    watch?.cancel()
    watch = nil
    timer?.cancel()
    timer = nil
    close(fd)
  }
}

/// Reads a pipe to its end (a selection offer's data after `receive`) without blocking the loop, then
/// calls back once with the bytes or with why it failed: reading failed, the data passed ``limit``, or
/// the writer did not close its end within the timeout (a source that never closes its pipe must not
/// keep a paste waiting forever). The fd is closed when the transfer ends, whichever way.
///
/// Each loop turn reads at most ``readPerTurn`` bytes, so a writer that keeps the pipe full cannot hold
/// the loop: input, frames and pings are handled between the reads.
///
/// - Complexity: O(n) time and memory in the bytes read (appended in place, copied once more at the
///   end by the caller's decoding).
@MainActor
final class PipeReader {
  /// Why a read ended without the data.
  enum Failure: Error, Equatable {
    /// `read` failed; `errno` is the system's code.
    case readFailed(errno: Int32)
    /// The data passed ``PipeReader/limit``.
    case tooLarge
    /// The writer kept the pipe open past the timeout, after sending `received` bytes.
    case timedOut(received: Int)
  }

  /// The most a selection may hold (bytes) unless a reader is given its own limit: 64 MiB; more fails
  /// the read with ``Failure/tooLarge``.
  static let limit = 64 << 20
  /// This reader's limit.
  private let limit: Int
  /// The most one loop turn reads: 1 MiB, a few milliseconds of copying.
  static let readPerTurn = 1 << 20
  private static let chunkSize = 65536
  private let fd: Int32
  private var bytes: [UInt8] = []
  private var watch: TimerToken?
  private var timer: TimerToken?
  private let completion: @MainActor (Result<[UInt8], Failure>) -> Void

  /// Starts reading `fd`, which the reader now owns.
  ///
  /// - Parameters:
  ///   - fd: The pipe's read end.
  ///   - loop: The loop whose turns read it.
  ///   - timeout: Seconds on `clock` after which the read fails with ``Failure/timedOut(received:)``
  ///     if the writer has not closed its end.
  ///   - clock: The clock of the timeout (the event loop, or a manual clock in tests).
  ///   - limit: The most bytes accepted. Default ``limit``.
  ///   - completion: Called once, on a later loop turn or timer.
  init(
    fd: Int32, loop: EventLoop, timeout: Double, clock: any Scheduler, limit: Int = PipeReader.limit,
    completion: @escaping @MainActor (Result<[UInt8], Failure>) -> Void
  ) {
    self.fd = fd
    self.limit = limit
    self.completion = completion
    PipeTransfer.prepare(fd)
    watch = loop.watch(fileDescriptor: fd) { [self] in readSome() }
    timer = clock.schedule(after: timeout) { [self] in finish(.failure(.timedOut(received: bytes.count))) }
  }

  private func readSome() {
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    var readThisTurn = 0
    while readThisTurn < Self.readPerTurn {
      let result = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if result > 0 {
        bytes.append(contentsOf: chunk[0..<result])
        readThisTurn += result
        if bytes.count > limit { return finish(.failure(.tooLarge)) }
      } else if result == 0 {
        return finish(.success(bytes))
      } else if errno == EINTR {
        continue
      } else {
        if errno == EAGAIN { return }
        return finish(.failure(.readFailed(errno: errno)))
      }
    }
  }

  private func finish(_ result: Result<[UInt8], Failure>) {
    watch?.cancel()
    watch = nil
    timer?.cancel()
    timer = nil
    close(fd)
    completion(result)
  }
}
