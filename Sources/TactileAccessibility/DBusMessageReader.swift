import CDBus

/// Reads a D-Bus message's arguments in order; a missing or mistyped one reads as `nil` (and is not
/// consumed). Containers are read through closures given a reader of their contents.
package struct DBusMessageReader {
  private var iterator = DBusMessageIter()
  private var atEnd: Bool

  package init(reading message: OpaquePointer) {
    atEnd = dbus_message_iter_init(message, &iterator) == 0
  }

  /// A reader of the container `parent` points at.
  private init(recursingInto parent: inout DBusMessageIter) {
    dbus_message_iter_recurse(&parent, &iterator)
    atEnd = dbus_message_iter_get_arg_type(&iterator) == 0  // DBUS_TYPE_INVALID
  }

  package mutating func string() -> String? { text(DBusType.string) }

  package mutating func objectPath() -> String? { text(DBusType.objectPath) }

  package mutating func int32() -> Int32? { basic(DBusType.int32, 0) }

  package mutating func uint32() -> UInt32? { basic(DBusType.uint32, 0) }

  package mutating func double() -> Double? { basic(DBusType.double, 0) }

  package mutating func boolean() -> Bool? { basic(DBusType.boolean, dbus_bool_t(0)).map { $0 != 0 } }

  /// The next argument when it is a string-like value of `type` (`s` or `o`).
  private mutating func text(_ type: Int32) -> String? {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == type else { return nil }
    var pointer: UnsafePointer<CChar>?
    dbus_message_iter_get_basic(&iterator, &pointer)
    advance()
    return pointer.map { String(cString: $0) }
  }

  /// The next argument when it is a fixed-size basic value of `type`, read into a copy of `zero`.
  private mutating func basic<Value: BitwiseCopyable>(_ type: Int32, _ zero: Value) -> Value? {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == type else { return nil }
    var value = zero
    dbus_message_iter_get_basic(&iterator, &value)
    advance()
    return value
  }

  /// The next argument when it is an array: `element` reads each element until the array ends or
  /// `element` returns `nil`.
  package mutating func array<Element>(_ element: (inout DBusMessageReader) -> Element?) -> [Element]? {
    container(DBusType.array) { contents in
      var elements: [Element] = []
      while !contents.atEnd, let next = element(&contents) { elements.append(next) }
      return elements
    }
  }

  /// The next argument when it is a structure, read by `fields`.
  package mutating func structure<Value>(_ fields: (inout DBusMessageReader) -> Value?) -> Value? {
    container(DBusType.structure, fields)
  }

  /// The next argument when it is a dictionary entry (an element of an `a{…}` array), read by `body`.
  package mutating func dictEntry<Value>(_ body: (inout DBusMessageReader) -> Value?) -> Value? {
    container(DBusType.dictEntry, body)
  }

  /// The next argument when it is a variant, its one value read by `body`.
  package mutating func variant<Value>(_ body: (inout DBusMessageReader) -> Value?) -> Value? {
    container(DBusType.variant, body)
  }

  /// The number inside a variant argument (a `d` or an `i`), for a property being set.
  package mutating func variantNumber() -> Double? {
    variant { inner in inner.double() ?? inner.int32().map(Double.init) }
  }

  private mutating func container<Value>(_ type: Int32, _ body: (inout DBusMessageReader) -> Value?) -> Value?
  {
    guard !atEnd, dbus_message_iter_get_arg_type(&iterator) == type else { return nil }
    var contents = DBusMessageReader(recursingInto: &iterator)
    advance()
    return body(&contents)
  }

  private mutating func advance() {
    atEnd = dbus_message_iter_next(&iterator) == 0
  }
}
