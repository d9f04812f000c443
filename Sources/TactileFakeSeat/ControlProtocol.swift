import CSystem
import CWaylandServer
import CWaylandServerProtocols
import Glibc
import TactileTrace

/// The project's own `tactile_fake_seat_v1` global (protocols/tactile-fake-seat-v1.xml): other processes
/// (`tactile-inject`) send script lines and traces; they run outside the request dispatch, in
/// ``FakeCompositor/runControlCommands(with:)``, because a line may wait and waiting pumps the event loop.
///
/// Policy: the global is offered only to authorised clients, those that connected through the control
/// socket (``FakeCompositor/listenForControl(at:)``) or ``FakeCompositor/connectControlClient()``. A
/// global filter (`wl_display_set_global_filter`) hides it from every other client — the app under test
/// never sees it in its registry, and a bind by a guessed name is refused by libwayland. Nothing on the
/// wire names a file the compositor opens: `replay` lines are refused (a local script may use them), a
/// trace comes as a descriptor read without blocking up to ``FakeCompositor/maximumControlTraceBytes``,
/// and screenshot names are plain names inside the screenshot directory (``Script``).
final class ControlResult: ResourceObject {
  /// What the client asked for.
  enum Request {
    case line(String)
    case trace([UInt8])
  }
  let request: Request
  private(set) var alive = true

  init(resource: OpaquePointer, compositor: FakeCompositor, request: Request) {
    self.request = request
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() { alive = false }

  /// Answers with `done` (no message) or `failed`, which destroys the result; nothing if it is gone.
  func answer(failure: String?) {
    guard alive else { return }
    if let failure {
      tactile_fake_seat_result_v1_send_failed(resource, failure)
    } else {
      tactile_fake_seat_result_v1_send_done(resource)
    }
    wl_resource_destroy(resource)
  }

  nonisolated(unsafe) static let controlImplementation: UnsafeMutablePointer<tactile_fake_seat_v1_interface> =
    {
      let table = UnsafeMutablePointer<tactile_fake_seat_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: tactile_fake_seat_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          run: { client, resource, id, line in
            PlainResource.from(resource).compositor.receiveControl(
              client: client, control: resource, id: id, line: line.map { String(cString: $0) } ?? "")
          },
          replay: { client, resource, id, fd in
            PlainResource.from(resource).compositor.receiveControlTrace(
              client: client, control: resource, id: id, fd: fd)
          }))
      return table
    }()
}

extension FakeCompositor {
  /// The most control requests waiting to run; one more is a protocol error to its client.
  public static let maximumQueuedControlRequests = 1_000
  /// The longest trace `tactile_fake_seat_v1.replay` reads: 16 MiB.
  public static let maximumControlTraceBytes = 16 << 20

  /// Offers the `tactile_fake_seat_v1` global to authorised clients only (see `ControlResult`).
  public func enableControlProtocol() {
    guard controlGlobal == nil else { return }
    controlGlobal = wl_global_create(
      display, tactile_iface_tactile_fake_seat_v1(), GlobalVersions.control,
      Unmanaged.passUnretained(self).toOpaque()
    ) { client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_tactile_fake_seat_v1(), version: version, id: id,
        implementation: ControlResult.controlImplementation)
    }
    wl_display_set_global_filter(
      display,
      { client, global, data in
        let compositor = FakeCompositor.from(data)
        guard let client, global == compositor.controlGlobal else { return true }
        return compositor.clients[client]?.isAuthorised ?? false
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Listens for authorised clients (`tactile-inject`) on a Unix socket of their own at `path`, claimed
  /// like ``listen(at:)``'s; enables the control protocol.
  ///
  /// - Throws: ``FakeSeatError/socketInUse(path:)``, ``FakeSeatError/notASocket(path:)`` or
  ///   ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func listenForControl(at path: String) throws {
    let socket = try ListeningSocket(path: path)
    controlSockets.append(socket)
    enableControlProtocol()
    let source = wl_event_loop_add_fd(
      loop, socket.fd, UInt32(WL_EVENT_READABLE),
      { fd, _, data in
        let compositor = FakeCompositor.from(data)
        while case let connection = tactile_accept(fd), connection >= 0 {
          compositor.authorise(connection)
        }
        return 0
      }, Unmanaged.passUnretained(self).toOpaque())
    if let source { controlSocketSources.append(source) }
  }

  /// Connects a new authorised client over a socket pair (for in-process tests of the control protocol).
  ///
  /// - Returns: The client's end, for `wl_display_connect_to_fd` (which takes ownership of it).
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func connectControlClient() throws -> Int32 {
    enableControlProtocol()
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0
    else { throw FakeSeatError.systemCallFailed(call: "socketpair", errno: errno) }
    authorise(fds[0])
    return fds[1]
  }

  /// Makes a client of `fd` that sees the control global.
  private func authorise(_ fd: Int32) {
    guard let client = wl_client_create(display, fd) else {
      close(fd)
      return
    }
    clients[client]?.isAuthorised = true
  }

  func receiveControl(client: OpaquePointer?, control: OpaquePointer?, id: UInt32, line: String) {
    guard let result = makeResult(client: client, control: control, id: id, request: .line(line)) else {
      return
    }
    controlQueue.append(result)
  }

  /// `replay`: reads the trace from `fd` (closing it) without blocking, then queues it. A regular file is
  /// read at once; a pipe or socket on the event loop's turns; anything else fails at once.
  func receiveControlTrace(client: OpaquePointer?, control: OpaquePointer?, id: UInt32, fd: Int32) {
    let limit = Self.maximumControlTraceBytes
    var info = stat()
    let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
    if kind == S_IFREG {
      defer { close(fd) }
      do {
        let bytes = try TextFile.readAll(fd, name: "the trace", limit: limit)
        if let result = makeResult(client: client, control: control, id: id, request: .trace(bytes)) {
          controlQueue.append(result)
        }
      } catch {
        makeResult(client: client, control: control, id: id, request: .trace([]))?.answer(failure: "\(error)")
      }
    } else if kind == S_IFIFO || kind == S_IFSOCK {
      PipeEnds.prepare(fd)
      var bytes: [UInt8] = []
      fileWatches.watch(fd, writable: false, owning: true) { [unowned(unsafe) self] in
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
          let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
          if count > 0, bytes.count + count <= limit {
            bytes += chunk[0..<count]
          } else if count < 0, errno == EINTR {
            continue
          } else if count < 0, errno == EAGAIN {
            return true
          } else {
            close(fd)
            let failure: String? =
              count > 0
              ? "the trace is longer than \(limit) bytes" : count < 0 ? "the trace could not be read" : nil
            guard let result = makeResult(client: client, control: control, id: id, request: .trace(bytes))
            else { return false }
            if let failure { result.answer(failure: failure) } else { controlQueue.append(result) }
            return false
          }
        }
      }
    } else {
      close(fd)
      makeResult(client: client, control: control, id: id, request: .trace([]))?
        .answer(failure: "the trace must come as a regular file or a pipe")
    }
  }

  /// The result object of a control request, or `nil` after a protocol error (too many waiting).
  private func makeResult(
    client: OpaquePointer?, control: OpaquePointer?, id: UInt32, request: ControlResult.Request
  ) -> ControlResult? {
    guard controlQueue.count < Self.maximumQueuedControlRequests else {
      wl_client_post_no_memory(client)
      return nil
    }
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_tactile_fake_seat_result_v1(), version: 1, id: id)
    else { return nil }
    let result = ControlResult(resource: resource, compositor: self, request: request)
    result.install(implementation: nil)
    return result
  }

  /// Runs the requests received over the control protocol, in order, answering each with `done` or
  /// `failed`. Call it between pumps, never from inside one.
  ///
  /// - Returns: How many requests ran.
  @discardableResult
  public func runControlCommands(with runner: ScriptRunner) -> Int {
    let queue = controlQueue
    controlQueue = []
    for result in queue {
      var failure: String?
      do {
        switch result.request {
        case .line(let line):
          let script = try Script(parsing: line)
          if let replay = script.lines.first(where: { if case .replay = $0.command { true } else { false } })
          {
            throw ScriptError(
              line: replay.number,
              message:
                "replay reads no file named on the wire: send the trace with `tactile-inject replay FILE`")
          }
          try runner.run(script)
        case .trace(let bytes):
          guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FakeSeatError.fileNotUTF8(path: "the trace")
          }
          try runner.replay(try InputTrace(parsing: text))
        }
      } catch {
        failure = "\(error)"
      }
      result.answer(failure: failure)
    }
    pump()
    return queue.count
  }

  /// Whether control lines wait to run.
  public var hasControlCommands: Bool { !controlQueue.isEmpty }
}
