import CDBus

/// A private connection to the session's accessibility bus (AT-SPI2's own D-Bus daemon, started by
/// at-spi-bus-launcher), found as AT-SPI clients find it.
///
/// Its address is `AT_SPI_BUS_ADDRESS` when set, otherwise what `org.a11y.Bus.GetAddress` on the session
/// bus answers (the one blocking call, with a short timeout, made once at start). Without either — no
/// session bus, no launcher — there is no connection, and so no accessibility: nothing else is tried.
package final class AccessibilityBus {
  /// The libdbus connection (`DBusConnection *`).
  package let connection: OpaquePointer
  /// This connection's unique bus name, the first half of every object reference.
  package let uniqueName: String

  /// How long the session bus may take to tell the address, in milliseconds.
  static let addressTimeout: Int32 = 2000

  private init(connection: OpaquePointer, uniqueName: String) {
    self.connection = connection
    self.uniqueName = uniqueName
  }

  deinit {
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
  }

  /// Connects to the accessibility bus named by `environment`, or returns `nil` when none is reachable.
  static func connect(environment: [String: String]) -> AccessibilityBus? {
    guard let address = environment["AT_SPI_BUS_ADDRESS"] ?? sessionBusAnswer(environment: environment)
    else { return nil }
    return connect(address: address)
  }

  /// Connects to the bus at `address` (a D-Bus address such as `unix:path=…`), or returns `nil` when it
  /// is not reachable.
  package static func connect(address: String) -> AccessibilityBus? {
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_connection_open_private(address, &error) else { return nil }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    guard dbus_bus_register(connection, &error) != 0, let name = dbus_bus_get_unique_name(connection) else {
      dbus_connection_close(connection)
      dbus_connection_unref(connection)
      return nil
    }
    return AccessibilityBus(connection: connection, uniqueName: String(cString: name))
  }

  /// The accessibility bus's address from the session bus's `org.a11y.Bus`, or `nil`.
  private static func sessionBusAnswer(environment: [String: String]) -> String? {
    guard let session = environment["DBUS_SESSION_BUS_ADDRESS"] else { return nil }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_connection_open_private(session, &error) else { return nil }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    defer {
      dbus_connection_close(connection)
      dbus_connection_unref(connection)
    }
    guard dbus_bus_register(connection, &error) != 0,
      let call = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
    else { return nil }
    defer { dbus_message_unref(call) }
    guard let reply = dbus_connection_send_with_reply_and_block(connection, call, addressTimeout, &error)
    else { return nil }
    defer { dbus_message_unref(reply) }
    var reader = DBusMessageReader(reading: reply)
    return reader.string()
  }

  /// Sends `message` (queued; ``flush()`` writes it).
  package func send(_ message: OpaquePointer) {
    dbus_connection_send(connection, message, nil)
  }

  /// Writes every queued message.
  package func flush() {
    dbus_connection_flush(connection)
  }

  /// The socket, for the app's event loop to watch.
  package var fileDescriptor: Int32? {
    var fd: Int32 = -1
    guard dbus_connection_get_unix_fd(connection, &fd) != 0 else { return nil }
    return fd
  }

  /// Reads what the socket has without blocking and returns the messages received, in order.
  ///
  /// - Returns: `nil` once the bus has gone (its connection closed).
  package func receive() -> [OpaquePointer]? {
    guard dbus_connection_read_write(connection, 0) != 0 else { return nil }
    var messages: [OpaquePointer] = []
    while let message = dbus_connection_pop_message(connection) { messages.append(message) }
    return messages
  }

  /// Sends a method call, `arguments` writing its arguments, and writes it out.
  ///
  /// - Returns: The call's serial, which its reply names (`DBusReply`), or `nil`
  ///   when libdbus could not build the message.
  package func call(
    _ destination: String, _ path: String, _ interface: String, _ member: String,
    arguments: (inout DBusMessageWriter) -> Void = { _ in }
  ) -> UInt32? {
    guard let message = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
    defer { dbus_message_unref(message) }
    var writer = DBusMessageWriter(appendingTo: message)
    arguments(&writer)
    var serial: UInt32 = 0
    guard dbus_connection_send(connection, message, &serial) != 0 else { return nil }
    flush()
    return serial
  }
}
