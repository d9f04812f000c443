import Glibc
import TactileAccessibility
import TactileFakeSeat

/// An object on the accessibility bus: the unique name of the connection that owns it, and its path.
public struct AccessibleReference: Hashable, Sendable, CustomStringConvertible {
  public let busName: String
  public let path: String

  public var description: String { "\(busName)\(path)" }
}

/// One method call on an accessible object.
struct AtspiCall {
  var reference: AccessibleReference
  var interface: String
  var member: String
  var arguments: (inout DBusMessageWriter) -> Void = { _ in }

  static let accessible = "org.a11y.atspi.Accessible"
  static let properties = "org.freedesktop.DBus.Properties"

  /// `org.freedesktop.DBus.Properties.Get` of `property` of `interface`.
  static func property(_ property: String, of interface: String, on reference: AccessibleReference)
    -> AtspiCall
  {
    AtspiCall(reference: reference, interface: properties, member: "Get") {
      $0.string(interface)
      $0.string(property)
    }
  }
}

/// A client connection to the accessibility bus, as a screen reader has one, whose waits serve the fake
/// compositor: a test runs the compositor on its own thread, so while it waits for an app's answer the
/// app must still get its Wayland events.
///
/// Calls are sent at once and answered in any order (a tree is read a level at a time, every call of
/// the level in flight together). Waiting blocks in `poll` on the bus socket and the compositor's event
/// loop, never sleeps; the connection also listens to every AT-SPI2 object event, so that a change in
/// an app (a child added, a state or value changed, an app registered) wakes a wait at once.
final class AtspiConnection {
  let bus: AccessibilityBus
  let compositor: FakeCompositor
  private var replies: [UInt32: DBusReply] = [:]

  /// The bus daemon itself.
  static let daemon = AccessibleReference(busName: "org.freedesktop.DBus", path: "/org/freedesktop/DBus")

  /// How long an app may take to answer one round of calls.
  static let callTimeoutMilliseconds = 10_000

  /// - Throws: ``AccessibilityTestError/accessibilityBusUnavailable(_:)`` when the bus at `address` cannot
  ///   be reached.
  init(address: String, compositor: FakeCompositor) throws {
    guard let bus = AccessibilityBus.connect(address: address) else {
      throw AccessibilityTestError.accessibilityBusUnavailable("cannot connect to \(address)")
    }
    self.bus = bus
    self.compositor = compositor
    _ = try answers([
      AtspiCall(reference: Self.daemon, interface: "org.freedesktop.DBus", member: "AddMatch") {
        $0.string("type='signal',interface='org.a11y.atspi.Event.Object'")
      }
    ])
  }

  /// Sends `calls` together and waits for all their answers.
  ///
  /// - Returns: The replies in the order of `calls`; an error reply (an interface the object lacks, an
  ///   object that has gone) is returned as such, for the caller to judge.
  /// - Throws: ``AccessibilityTestError/timedOut(waitingFor:)`` when an answer does not come within
  ///   ``callTimeoutMilliseconds``, ``AccessibilityTestError/accessibilityBusUnavailable(_:)`` when the
  ///   bus has gone.
  func answers(_ calls: [AtspiCall]) throws -> [DBusReply] {
    var serials: [UInt32] = []
    for call in calls {
      guard
        let serial = bus.call(
          call.reference.busName, call.reference.path, call.interface, call.member, arguments: call.arguments)
      else {
        throw AccessibilityTestError.accessibilityBusUnavailable(
          "cannot send \(call.interface).\(call.member)")
      }
      serials.append(serial)
    }
    let what = calls.count == 1 ? "\(calls[0].member) on \(calls[0].reference)" : "\(calls.count) answers"
    try wait(until: what, timeoutMilliseconds: Self.callTimeoutMilliseconds) {
      serials.allSatisfy { replies[$0] != nil }
    }
    return serials.compactMap { replies.removeValue(forKey: $0) }
  }

  /// Serves the compositor and reads the bus until `condition` holds, checking it again whenever either
  /// has something new (or every 100 ms).
  ///
  /// - Throws: ``AccessibilityTestError/timedOut(waitingFor:)`` after `timeoutMilliseconds`, what
  ///   `condition` throws, or ``AccessibilityTestError/accessibilityBusUnavailable(_:)`` when the bus has
  ///   gone.
  func wait(until what: String, timeoutMilliseconds: Int, _ condition: () throws -> Bool) throws {
    let deadline = monotonicNanoseconds() / 1_000_000 + UInt64(max(timeoutMilliseconds, 0))
    while true {
      compositor.pump()
      try readBus()
      if try condition() { return }
      let now = monotonicNanoseconds() / 1_000_000
      guard now < deadline else { throw AccessibilityTestError.timedOut(waitingFor: what) }
      var descriptors = [
        pollfd(fd: bus.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: compositor.eventLoopFileDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&descriptors, 2, Int32(min(deadline - now, 100)))
    }
  }

  /// Keeps the replies that have arrived; signals only wake the wait.
  private func readBus() throws {
    guard let messages = bus.receive() else {
      throw AccessibilityTestError.accessibilityBusUnavailable("the accessibility bus closed the connection")
    }
    for message in messages {
      if let reply = DBusReply(taking: message) { replies[reply.serial] = reply }
    }
  }

  /// The applications registered with the bus's registry: each one's root, name and process.
  func registeredApplications() throws -> [(reference: AccessibleReference, name: String, processID: Int32)] {
    let desktop = AccessibleReference(
      busName: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root")
    guard
      let children = try answers([
        AtspiCall(reference: desktop, interface: AtspiCall.accessible, member: "GetChildren")
      ])
      .first.flatMap(Self.references)
    else { return [] }
    let calls = children.flatMap { child in
      [
        AtspiCall.property("Name", of: AtspiCall.accessible, on: child),
        AtspiCall(
          reference: Self.daemon, interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID"
        ) {
          $0.string(child.busName)
        },
      ]
    }
    let replies = try answers(calls)
    return children.enumerated().compactMap { index, child in
      var name = replies[2 * index].reader
      var process = replies[2 * index + 1].reader
      guard let processID = process.uint32() else { return nil }
      return (child, name.variant { $0.string() } ?? "", Int32(bitPattern: processID))
    }
  }

  /// The object references (`a(so)`) of a reply, without AT-SPI2's null object.
  static func references(_ reply: DBusReply) -> [AccessibleReference]? {
    var reader = reply.reader
    return reader.array { element in
      element.structure { fields -> AccessibleReference? in
        guard let name = fields.string(), let path = fields.objectPath() else { return nil }
        return AccessibleReference(busName: name, path: path)
      }
    }?.filter { !$0.busName.isEmpty && $0.path != "/org/a11y/atspi/null" }
  }
}
