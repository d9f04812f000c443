import CDBus

/// D-Bus type codes, as libdbus spells them (its macros are casts Swift does not import).
enum DBusType {
  static let string = Int32(UInt8(ascii: "s"))
  static let objectPath = Int32(UInt8(ascii: "o"))
  static let int32 = Int32(UInt8(ascii: "i"))
  static let uint32 = Int32(UInt8(ascii: "u"))
  static let boolean = Int32(UInt8(ascii: "b"))
  static let double = Int32(UInt8(ascii: "d"))
  static let int16 = Int32(UInt8(ascii: "n"))
  static let array = Int32(UInt8(ascii: "a"))
  static let variant = Int32(UInt8(ascii: "v"))
  static let structure = Int32(UInt8(ascii: "r"))
  static let dictEntry = Int32(UInt8(ascii: "e"))
}

/// Appends arguments to a D-Bus message, containers through closures so that each is closed.
struct DBusMessageWriter {
  var iterator = DBusMessageIter()

  /// A writer at the end of `message`'s arguments.
  init(appendingTo message: OpaquePointer) {
    dbus_message_iter_init_append(message, &iterator)
  }

  private init() {}

  mutating func string(_ value: String) { appendString(value, type: DBusType.string) }

  mutating func objectPath(_ value: String) { appendString(value, type: DBusType.objectPath) }

  mutating func int32(_ value: Int32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.int32, &value)
  }

  mutating func uint32(_ value: UInt32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.uint32, &value)
  }

  mutating func int16(_ value: Int16) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.int16, &value)
  }

  mutating func boolean(_ value: Bool) {
    var value: dbus_bool_t = value ? 1 : 0
    dbus_message_iter_append_basic(&iterator, DBusType.boolean, &value)
  }

  mutating func double(_ value: Double) {
    var value = value
    dbus_message_iter_append_basic(&iterator, DBusType.double, &value)
  }

  /// An array of elements of `signature`, written by `body`.
  mutating func array(of signature: String, _ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.array, signature, body)
  }

  /// A structure whose fields `body` writes.
  mutating func structure(_ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.structure, nil, body)
  }

  /// A dictionary entry (inside an array of `{…}`) whose key and value `body` writes.
  mutating func dictEntry(_ body: (inout DBusMessageWriter) -> Void) {
    container(DBusType.dictEntry, nil, body)
  }

  /// A variant holding one value of `signature`, written by `body`.
  mutating func variant(_ signature: String, _ body: (inout DBusMessageWriter) -> Void) {
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

/// Reads a D-Bus message's leading basic arguments; a missing or mistyped one reads as `nil`.
struct DBusMessageReader {
  private var iterator = DBusMessageIter()
  private var atEnd: Bool

  init(reading message: OpaquePointer) {
    atEnd = dbus_message_iter_init(message, &iterator) == 0
  }

  mutating func string() -> String? {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == DBusType.string else { return nil }
    var pointer: UnsafePointer<CChar>?
    dbus_message_iter_get_basic(&iterator, &pointer)
    advance()
    return pointer.map { String(cString: $0) }
  }

  mutating func int32() -> Int32? { basic(DBusType.int32, 0) }

  mutating func uint32() -> UInt32? { basic(DBusType.uint32, 0) }

  /// The next argument when it is a fixed-size basic value of `type`, read into a copy of `zero`.
  private mutating func basic<Value: BitwiseCopyable>(_ type: Int32, _ zero: Value) -> Value? {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == type else { return nil }
    var value = zero
    dbus_message_iter_get_basic(&iterator, &value)
    advance()
    return value
  }

  /// The number inside a variant argument (a `d` or an `i`), for a property being set.
  mutating func variantNumber() -> Double? {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == DBusType.variant else { return nil }
    var inner = DBusMessageIter()
    dbus_message_iter_recurse(&iterator, &inner)
    advance()
    switch dbus_message_iter_get_arg_type(&inner) {
    case DBusType.double:
      var value = 0.0
      dbus_message_iter_get_basic(&inner, &value)
      return value
    case DBusType.int32:
      var value: Int32 = 0
      dbus_message_iter_get_basic(&inner, &value)
      return Double(value)
    default: return nil
    }
  }

  private mutating func advance() {
    atEnd = dbus_message_iter_next(&iterator) == 0
  }
}
