import CSystem
import CWaylandServer
import Glibc

/// The descriptors one compositor's event loop watches (`wl_event_loop_add_fd`) for pipe transfers, each
/// until its handler says it is done. The compositor stops the watches still running when it goes away
/// (``stopAll()``, in its `deinit`): their sources are removed and the descriptors they own are closed,
/// so a transfer cut short by the compositor's end (a trace pipe never closed, a paste never finished)
/// leaks neither memory nor a descriptor.
final class LoopFileWatches {
  private let loop: OpaquePointer
  private var live: [ObjectIdentifier: Watch] = [:]

  init(loop: OpaquePointer) {
    self.loop = loop
  }

  /// How many descriptors are watched now.
  var count: Int { live.count }

  /// Watches `fd` until `handler` returns false.
  ///
  /// - Parameters:
  ///   - fd: The descriptor.
  ///   - writable: Watch for writability instead of readability.
  ///   - owning: Whether `fd` is the watch's: ``stopAll()`` closes it if the handler has not finished
  ///     (a handler that finishes closes its descriptor itself, or leaves it open, as it chooses).
  ///   - handler: Runs on each readiness (or hang-up); returns whether to keep watching.
  func watch(_ fd: Int32, writable: Bool, owning: Bool, handler: @escaping () -> Bool) {
    let watch = Watch(fd: fd, owning: owning, handler: handler, watches: self)
    let mask = writable ? UInt32(WL_EVENT_WRITABLE) : UInt32(WL_EVENT_READABLE)
    watch.source = wl_event_loop_add_fd(
      loop, fd, mask,
      { _, _, data in
        let watch = Unmanaged<Watch>.fromOpaque(data!).takeUnretainedValue()
        if !watch.handler() { watch.watches.stop(watch) }
        return 0
      }, Unmanaged.passUnretained(watch).toOpaque())
    live[ObjectIdentifier(watch)] = watch
  }

  /// Stops every watch still running and closes the descriptors they own.
  func stopAll() {
    for watch in live.values {
      stop(watch)
      if watch.owning { close(watch.fd) }
    }
  }

  private func stop(_ watch: Watch) {
    if let source = watch.source { wl_event_source_remove(source) }
    watch.source = nil
    live[ObjectIdentifier(watch)] = nil
  }

  private final class Watch {
    let fd: Int32
    let owning: Bool
    let handler: () -> Bool
    unowned let watches: LoopFileWatches
    var source: OpaquePointer?

    init(fd: Int32, owning: Bool, handler: @escaping () -> Bool, watches: LoopFileWatches) {
      self.fd = fd
      self.owning = owning
      self.handler = handler
      self.watches = watches
    }
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
    guard tactile_pipe(&ends, 1) == 0 else {
      throw FakeSeatError.systemCallFailed(call: "pipe2", errno: errno)
    }
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
  static func write(_ bytes: [UInt8], to fd: Int32, watches: LoopFileWatches, closing: Bool = true) {
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
    if step() { watches.watch(fd, writable: true, owning: closing, handler: step) }
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
  func read(_ fd: Int32, watches: LoopFileWatches) {
    watches.watch(fd, writable: false, owning: true) { [self] in
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
