import CWaylandServer
import Glibc

/// A file descriptor watched by the compositor's event loop (`wl_event_loop_add_fd`) until its handler
/// says it is done; the watch keeps itself alive until then, then removes its source. The fd is the
/// handler's to close.
final class LoopFileWatch {
  private var source: OpaquePointer?
  private let handler: () -> Bool

  /// - Parameters:
  ///   - loop: The compositor's `wl_event_loop`.
  ///   - fd: The descriptor.
  ///   - writable: Watch for writability instead of readability.
  ///   - handler: Runs on each readiness (or hang-up); returns whether to keep watching.
  @discardableResult
  init(loop: OpaquePointer, fd: Int32, writable: Bool, handler: @escaping () -> Bool) {
    self.handler = handler
    let mask = writable ? UInt32(WL_EVENT_WRITABLE) : UInt32(WL_EVENT_READABLE)
    source = wl_event_loop_add_fd(
      loop, fd, mask,
      { _, _, data in
        let watch = Unmanaged<LoopFileWatch>.fromOpaque(data!).takeUnretainedValue()
        if !watch.handler() { watch.stop() }
        return 0
      }, Unmanaged.passRetained(self).toOpaque())
  }

  private func stop() {
    guard let source else { return }
    self.source = nil
    wl_event_source_remove(source)
    Unmanaged.passUnretained(self).release()
  }
}

/// Pipe work of the fake compositor: non-blocking ends, and `SIGPIPE` ignored (a reader that went
/// away must not end the process that hosts the compositor).
enum PipeEnds {
  /// A new pipe with both ends non-blocking and close-on-exec.
  ///
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)``.
  static func make() throws -> (read: Int32, write: Int32) {
    _ = ignoreBrokenPipes
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw FakeSeatError.systemCallFailed(call: "pipe", errno: errno) }
    for fd in ends { prepare(fd) }
    return (ends[0], ends[1])
  }

  static func prepare(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// Writes `bytes` to `fd` on the event loop's turns; with `closing` (then it owns `fd`) it closes it
  /// when all is written or the reader has gone, else it stops writing then and leaves `fd` open.
  static func write(_ bytes: [UInt8], to fd: Int32, loop: OpaquePointer, closing: Bool = true) {
    _ = ignoreBrokenPipes
    prepare(fd)
    var written = 0
    let step = { () -> Bool in
      while written < bytes.count {
        let result = bytes.withUnsafeBufferPointer {
          Glibc.write(fd, $0.baseAddress! + written, $0.count - written)
        }
        if result > 0 {
          written += result
        } else if result < 0, errno == EINTR {
          continue
        } else {
          if result < 0, errno == EAGAIN { return true }
          break
        }
      }
      if closing { close(fd) }
      return false
    }
    if step() { LoopFileWatch(loop: loop, fd: fd, writable: true, handler: step) }
  }
}

/// Selection data the compositor reads from a client (``FakeCompositor/readSelection(_:mimeType:)``):
/// filled while the compositor is pumped, complete when the client closes its end of the pipe.
public final class SelectionTransfer {
  /// The bytes read so far.
  public private(set) var data: [UInt8] = []
  /// Whether the writer closed the pipe (or reading failed).
  public private(set) var isComplete = false

  /// The data as UTF-8 text once complete, else `nil`.
  public var text: String? {
    isComplete ? String(decoding: data, as: UTF8.self) : nil
  }

  init() {}

  /// Data that is known at once (a selection the compositor itself owns).
  init(completeWith bytes: [UInt8]) {
    data = bytes
    isComplete = true
  }

  /// Starts reading `fd` (which it then owns) on the event loop's turns.
  func read(_ fd: Int32, loop: OpaquePointer) {
    LoopFileWatch(loop: loop, fd: fd, writable: false) { [self] in
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let result = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if result > 0 {
          data += chunk[0..<result]
        } else if result < 0, errno == EINTR {
          continue
        } else if result < 0, errno == EAGAIN {
          return true
        } else {
          close(fd)
          isComplete = true
          return false
        }
      }
    }
  }
}
