import CDBus

/// The answer to a method call sent with `AccessibilityBus.call`: its return values, or the error the
/// peer (or the bus, for a peer that has gone) answered with.
package final class DBusReply {
  /// The serial of the call this answers.
  package let serial: UInt32
  /// The D-Bus error's name (`org.freedesktop.DBus.Error.UnknownMethod`…), or `nil` for a return.
  package let errorName: String?
  private let message: OpaquePointer

  /// Takes over `message` (one reference) when it is a method return or an error; other messages
  /// (signals, calls) give `nil` and are released.
  package init?(taking message: OpaquePointer) {
    let type = dbus_message_get_type(message)
    guard type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR else {
      dbus_message_unref(message)
      return nil
    }
    self.message = message
    serial = dbus_message_get_reply_serial(message)
    errorName =
      type == DBUS_MESSAGE_TYPE_ERROR ? dbus_message_get_error_name(message).map { String(cString: $0) } : nil
  }

  deinit { dbus_message_unref(message) }

  /// A reader of the return values (of the error's text, for an error).
  package var reader: DBusMessageReader { DBusMessageReader(reading: message) }
}
