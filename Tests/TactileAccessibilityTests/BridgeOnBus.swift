import CDBus
import CSystem
import Glibc
import TactileCore
import TactileCoreTesting
import TactileFakeSeat

@testable import TactileAccessibility

/// A Tactile app in the test process, its bridge on a private D-Bus daemon, and a client connection to
/// that daemon: what the bridge sends goes over a real bus (libdbus on both sides, the daemon between).
///
/// The daemon is started with `ClientProcess` (the CSystem spawn shim: its own process group, no signal
/// blocked, default dispositions), so SIGTERM stops it even when the test runner blocks signals; it is
/// stopped and reaped when the harness goes. Every wait has a deadline; nothing sleeps.
@MainActor
final class BridgeOnBus {
  /// A signal the client received.
  struct Signal: CustomStringConvertible {
    var path: String
    var member: String
    var detail: String
    var detail1: Int32
    var detail2: Int32
    /// The path of an object reference carried as the event's data, if any.
    var object: String?

    var description: String { "\(member):\(detail) \(detail1) \(detail2) \(object ?? "-") on \(path)" }
  }

  enum Failure: Error, CustomStringConvertible {
    case daemon(String)
    case timedOut(String)

    var description: String {
      switch self {
      case .daemon(let text): "dbus-daemon: \(text)"
      case .timedOut(let what): "timed out waiting for \(what)"
      }
    }
  }

  let app = TestApplication()
  let directory: String
  let daemon: ClientProcess
  let client: AccessibilityBus
  private(set) var bridge: AccessibilityBridge!
  private var bridgeFD: Int32 = -1
  private var bridgeIsReadable: (@MainActor () -> Void)?
  private var replies: [UInt32: DBusReply] = [:]
  /// Every signal received so far, in order.
  private(set) var signals: [Signal] = []

  /// How long one wait may take.
  static let timeoutMilliseconds = 5_000

  init() throws {
    var template = Array("/tmp/tactile-a11y-bus-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Failure.daemon("mkdtemp failed") }
    directory = String(cString: made)
    let socket = directory + "/bus"
    // A bus with no service directories: nothing is started on demand (no registry, no launcher), so
    // the daemon is the one process to stop.
    let configuration = directory + "/bus.conf"
    let text = """
      <busconfig><type>session</type><listen>unix:path=\(socket)</listen>
      <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
      <allow own="*"/></policy></busconfig>
      """
    guard let file = fopen(configuration, "w") else { throw Failure.daemon("cannot write \(configuration)") }
    fputs(text, file)
    fclose(file)
    daemon = try ClientProcess(
      arguments: ["dbus-daemon", "--config-file=\(configuration)", "--nofork", "--nopidfile"],
      environment: [:], outputPath: directory + "/dbus-daemon.log")
    let deadline = Self.now() + UInt64(Self.timeoutMilliseconds)
    while tactile_unix_socket_is_live(socket) == 0 {
      if daemon.exitStatus != nil { throw Failure.daemon("exited with \(daemon.exitStatus!)") }
      guard Self.now() < deadline else { throw Failure.timedOut("dbus-daemon to listen") }
      var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
      nanosleep(&pause, nil)
    }
    guard let client = AccessibilityBus.connect(address: "unix:path=\(socket)") else {
      throw Failure.daemon("cannot connect")
    }
    self.client = client
    _ = client.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch") {
      $0.string("type='signal',interface='org.a11y.atspi.Event.Object'")
    }
    bridge = AccessibilityBridge.start(
      application: app.application, environment: ["AT_SPI_BUS_ADDRESS": "unix:path=\(socket)"]
    ) { [unowned self] fd, onReadable in
      bridgeFD = fd
      bridgeIsReadable = onReadable
      return TimerToken(onCancel: {})
    }
    guard bridge != nil else { throw Failure.daemon("the bridge did not start") }
  }

  isolated deinit {
    daemon.stop()
    for file in ["dbus-daemon.log", "bus.conf", "bus"] { unlink(directory + "/" + file) }
    rmdir(directory)
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1000 + UInt64(time.tv_nsec) / 1_000_000
  }

  /// The bus name of the bridge's connection.
  var bridgeName: String { bridge.bus.uniqueName }

  /// The path the bridge gives `view`.
  func path(of view: View) -> String { bridge.path(of: .view(view)) }

  /// Calls `member` of `interface` on the bridge's object at `path` and waits for the answer, serving
  /// the bridge meanwhile.
  func call(
    _ path: String, _ interface: String, _ member: String,
    arguments: (inout DBusMessageWriter) -> Void = { _ in }
  ) throws -> DBusReply {
    guard let serial = client.call(bridgeName, path, interface, member, arguments: arguments) else {
      throw Failure.daemon("cannot send \(member)")
    }
    try pump(until: "\(interface).\(member) on \(path)") { replies[serial] != nil }
    return replies.removeValue(forKey: serial)!
  }

  /// A property of the object at `path`.
  func property(_ path: String, _ interface: String, _ name: String) throws -> DBusReply {
    try call(path, "org.freedesktop.DBus.Properties", "Get") {
      $0.string(interface)
      $0.string(name)
    }
  }

  /// The paths of a reply's object references (`a(so)`, or one `(so)`).
  static func paths(_ reply: DBusReply) -> [String] {
    var reader = reply.reader
    let reference: (inout DBusMessageReader) -> String? = { element in
      element.structure { fields -> String? in
        _ = fields.string()
        return fields.objectPath()
      }
    }
    if let list = reader.array(reference) { return list }
    var single = reply.reader
    return reference(&single).map { [$0] } ?? []
  }

  /// The paths of the children of the object at `path` (a client reading them).
  func children(_ path: String) throws -> [String] {
    Self.paths(try call(path, "org.a11y.atspi.Accessible", "GetChildren"))
  }

  /// Runs the app's due timers (the bridge's signalling of children changes), then waits until every
  /// signal the bridge sent before answering one more call has arrived.
  func settle() throws {
    app.scheduler.advance(by: 0)
    _ = try call(AccessibilityBridge.rootPath, "org.a11y.atspi.Accessible", "GetRole")
  }

  /// The signals received since `mark` (an earlier `signals.count`).
  func signals(since mark: Int) -> [Signal] { Array(signals[mark...]) }

  /// Serves the bridge and reads the client's messages until `condition` holds.
  private func pump(until what: String, _ condition: () -> Bool) throws {
    let deadline = Self.now() + UInt64(Self.timeoutMilliseconds)
    while true {
      bridgeIsReadable?()
      try readClient()
      if condition() { return }
      let now = Self.now()
      guard now < deadline else { throw Failure.timedOut(what) }
      var descriptors = [
        pollfd(fd: bridgeFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: client.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&descriptors, 2, Int32(min(deadline - now, 50)))
    }
  }

  private func readClient() throws {
    guard let messages = client.receive() else { throw Failure.daemon("the bus closed the client") }
    for message in messages {
      if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL {
        signals.append(Self.signal(message))
        dbus_message_unref(message)
      } else if let reply = DBusReply(taking: message) {
        replies[reply.serial] = reply
      }
    }
  }

  private static func signal(_ message: OpaquePointer) -> Signal {
    var reader = DBusMessageReader(reading: message)
    let detail = reader.string() ?? ""
    let detail1 = reader.int32() ?? 0
    let detail2 = reader.int32() ?? 0
    let object = reader.variant { inner in
      inner.structure { fields -> String? in
        _ = fields.string()
        return fields.objectPath()
      }
    }
    return Signal(
      path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
      member: dbus_message_get_member(message).map { String(cString: $0) } ?? "", detail: detail,
      detail1: detail1, detail2: detail2, object: object)
  }
}
