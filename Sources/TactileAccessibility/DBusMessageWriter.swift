import CDBus

/// D-Bus type codes, as libdbus spells them (its macros are casts Swift does not import).
package enum DBusType {
  package static let string = Int32(UInt8(ascii: "s"))
  package static let objectPath = Int32(UInt8(ascii: "o"))
  package static let int32 = Int32(UInt8(ascii: "i"))
  package static let uint32 = Int32(UInt8(ascii: "u"))
  package static let boolean = Int32(UInt8(ascii: "b"))
  package static let double = Int32(UInt8(ascii: "d"))
  package static let int16 = Int32(UInt8(ascii: "n"))
  package static let array = Int32(UInt8(ascii: "a"))
  package static let variant = Int32(UInt8(ascii: "v"))
  package static let structure = Int32(UInt8(ascii: "r"))
  package static let dictEntry = Int32(UInt8(ascii: "e"))
}

/// Appends arguments to a D-Bus message, containers through closures so that each is closed.
package struct DBusMessageWriter {
  var iterator = DBusMessageIter()

  /// A writer at the end of `message`'s arguments.
  package init(appendingTo message: OpaquePointer) {
    dbus_message_iter_init_append(message, &iterator)
  }

  private init() {}

  package mutating func string(_ value: String) { appendString(value, type: DBusType.string) }

  package mutating func objectPath(_ value: String) { appendString(value, type: DBusType.objectPath) }

  package mutating func int32(_ value: Int32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.int32, &value)
  }

  package mutating func uint32(_ value: UInt32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.uint32, &value)
  }

  package mutating func int16(_ value: Int16) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.int16, &value)
  }

  package mutating func boolean(_ value: Bool) {
    var value: dbus_bool_t = value ? 1 : 0
    dbus_message_iter_append_basic(&iterator, DBusType.boolean, &value)
  }

  package mutating func double(_ value: Double) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.double, &value)
  }

  /// An array of elements of `signature`, written by `body`.
  package mutating func array(of signature: String, _ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.array, signature, body)
  }

  /// A structure whose fields `body` writes.
  package mutating func structure(_ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.structure, nil, body)
  }

  /// A dictionary entry (inside an array of `{…}`) whose key and value `body` writes.
  package mutating func dictEntry(_ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.dictEntry, nil, body)
  }

  /// A variant holding one value of `signature`, written by `body`.
  package mutating func variant(_ signature: String, _ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.variant, signature, body)
  }

  private mutating func appendString(_ value: String, type: Int32) {
    value.withCString { pointer in
      var pointer: UnsafePointer<CChar>? = pointer
      _ = dbus_message_iter_append_basic(&iterator, type, &pointer)
    }
  }

  private mutating func container(
    _ type: Int32, _ signature: String?, _ body: (inout DBusMessageWriter) -> Void
  ) {
    var sub = DBusMessageWriter()
    if let signature {
      signature.withCString { _ = dbus_message_iter_open_container(&iterator, type, $0, &sub.iterator) }
    } else {
      dbus_message_iter_open_container(&iterator, type, nil, &sub.iterator)
    }
    body(&sub)
    dbus_message_iter_close_container(&iterator, &sub.iterator)
  }
}
