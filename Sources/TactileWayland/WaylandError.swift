import Glibc

/// Everything that can go wrong between Tactile and a Wayland compositor, by kind.
///
/// Thrown by ``WaylandDisplay``, ``WaylandConnection``, ``EventLoop`` and the shared-memory code. Once a
/// connection has failed (``protocolError(interface:objectID:code:message:)`` or
/// ``connectionLost(reason:)``) it stays failed: every later call throws the same error.
public enum WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No compositor listens at `socket` (the path that was tried), or `WAYLAND_DISPLAY` could not be
  /// resolved to a path; `reason` is the system's explanation.
  case noCompositor(socket: String, reason: String)
  /// The compositor does not advertise a global the toolkit cannot work without.
  case missingGlobal(name: String)
  /// The compositor advertises `name` only at `available`, below the `required` version.
  case unsupportedVersion(name: String, required: UInt32, available: UInt32)
  /// The compositor reported a protocol error against one of our objects and closed the connection.
  case protocolError(interface: String, objectID: UInt32, code: UInt32, message: String)
  /// The connection broke (the compositor exited or the socket failed).
  case connectionLost(reason: String)
  /// Creating, sizing, sealing or mapping shared memory for pixel buffers failed.
  case sharedMemory(operation: String, reason: String)
  /// A system call the event loop depends on failed (`eventfd`, `poll`).
  case systemCall(operation: String, reason: String)

  public var description: String {
    switch self {
    case .noCompositor(let socket, let reason):
      "no Wayland compositor at \(socket): \(reason)"
    case .missingGlobal(let name):
      "the compositor does not offer \(name), which Tactile requires"
    case .unsupportedVersion(let name, let required, let available):
      "the compositor offers \(name) version \(available), Tactile requires at least \(required)"
    case .protocolError(let interface, let objectID, let code, let message):
      "Wayland protocol error on \(interface)@\(objectID), code \(code): \(message)"
    case .connectionLost(let reason):
      "lost the connection to the Wayland compositor: \(reason)"
    case .sharedMemory(let operation, let reason):
      "shared memory for pixel buffers failed: \(operation): \(reason)"
    case .systemCall(let operation, let reason):
      "\(operation) failed: \(reason)"
    }
  }

  /// The system's text for an `errno` value.
  static func text(ofErrno code: Int32) -> String {
    String(cString: strerror(code))
  }
}
