import Glibc

/// Errors of the fake compositor's own API (not of its clients: those are ``Failure``s).
public enum FakeSeatError: Error, Equatable, CustomStringConvertible {
  /// libwayland could not create the display or its event loop.
  case displayCreationFailed
  /// A system call failed; `errno` is the C error number.
  case systemCallFailed(call: String, errno: Int32)
  /// An injection named an output position with no mapped surface under it.
  case noSurface(x: Double, y: Double)
  /// An injection named a surface that is gone or was never mapped.
  case unknownSurface(id: Int)
  /// A touch call named a touch point that is not down.
  case touchPointNotDown(id: Int32)
  /// A touch down reused an id that is still down.
  case touchPointAlreadyDown(id: Int32)
  /// The seat lacks the capability the injection needs.
  case missingCapability(Capabilities)
  /// xkbcommon could not compile the requested keymap.
  case keymapCompilationFailed(layout: String)
  /// A character of typed text has no key in the current keymap.
  case noKeyForCharacter(Character)
  /// A key name (as in a script) is not a known xkb key symbol.
  case unknownKeyName(String)
  /// A pump waited longer than its timeout for a condition.
  case timedOut(waitingFor: String)
  /// A replayed trace event needs a focus that no earlier event of the trace gave (pointer motion
  /// before any pointer enter).
  case traceEventWithoutFocus(String)
  /// A replayed trace names a surface number for which the replayed client has no window or popup.
  case noSurfaceForTraceSurface(Int)
  /// A selection read found no selection offering the mime type.
  case noSelection(mimeType: String)
  /// A seat call named a seat the compositor does not have.
  case unknownSeat(name: String)
  /// A seat was added with the name of an existing one.
  case seatExists(name: String)
  /// `seat0`, which text input and the selections belong to, cannot be removed.
  case firstSeatIsPermanent
  /// A file could not be opened or read (``TextFile``); `errno` is the C error number.
  case fileUnreadable(path: String, errno: Int32)
  /// A file read as text (``TextFile``) is not UTF-8.
  case fileNotUTF8(path: String)
  /// A file to read is not a regular file (a FIFO, a device, a directory), or a trace descriptor is
  /// neither a regular file nor a pipe.
  case notARegularFile(path: String)
  /// A file or trace is longer than the limit it is read with.
  case fileTooLarge(path: String, limit: Int)
  /// A file could not be created or written (a screenshot); `errno` is the C error number.
  case fileUnwritable(path: String, errno: Int32)
  /// A socket path is locked by another compositor, or a server still listens on it.
  case socketInUse(path: String)
  /// Something other than a socket is at a socket path (it is left alone).
  case notASocket(path: String)
  /// A client disconnected while a script line sent it input; the text says which and why, if known.
  case clientDisconnected(String)
  /// A script waited for a client (a window, a commit, a pong) that had already exited with `status`
  /// (128 + the signal number if a signal ended it).
  case clientExited(status: Int32)
  /// A script began a touchpad gesture while another one was in progress.
  case gestureAlreadyInProgress(GestureKind)
  /// A script updated or ended a touchpad gesture of a kind that is not in progress.
  case noGestureInProgress(GestureKind)
  /// A stop signal (``FakeCompositor/stopOnSignals(_:)``) arrived while the compositor waited.
  case stoppedBySignal(Int32)
  /// A script line needs a window and none is mapped (`focus`).
  case noWindow
  /// A script line sends keys and no surface has the keyboard focus of the seat in use.
  case noKeyboardFocus
  /// A script line scrolls or gestures and the pointer is over no surface.
  case noPointerFocus
  /// A script line sends input to a surface whose client bound no device of that kind (no `wl_touch`,
  /// `wl_pointer` or `wl_keyboard` of the seat in use), so nothing would arrive.
  case noDeviceBound(Capabilities, surface: Int)
  /// A drag was started while a drag or an interactive grab is in progress.
  case dragInProgress
  /// A drag was dropped or cancelled while none is in progress.
  case noDrag

  /// The C library's words for an error number, with the number (`No such file or directory (errno 2)`).
  static func explain(_ number: Int32) -> String {
    "\(String(cString: strerror(number))) (errno \(number))"
  }

  public var description: String {
    switch self {
    case .displayCreationFailed: "libwayland could not create a display"
    case .systemCallFailed(let call, let errno): "\(call) failed: \(Self.explain(errno))"
    case .noSurface(let x, let y): "no surface at \(x),\(y)"
    case .unknownSurface(let id): "no surface with id \(id)"
    case .touchPointNotDown(let id): "touch point \(id) is not down"
    case .touchPointAlreadyDown(let id): "touch point \(id) is already down"
    case .missingCapability(let caps): "the seat lacks \(caps)"
    case .keymapCompilationFailed(let layout): "xkbcommon cannot compile layout '\(layout)'"
    case .noKeyForCharacter(let c): "no key types '\(c)' in the keymap"
    case .unknownKeyName(let name): "unknown key name '\(name)'"
    case .timedOut(let what): "timed out waiting for \(what)"
    case .traceEventWithoutFocus(let type): "\(type) before the trace gave the device a surface"
    case .noSurfaceForTraceSurface(let number):
      "the client has no window or popup for trace surface \(number)"
    case .noSelection(let mimeType): "no selection offers \(mimeType)"
    case .unknownSeat(let name): "no seat named '\(name)'"
    case .seatExists(let name): "a seat named '\(name)' exists already"
    case .firstSeatIsPermanent: "seat0 cannot be removed"
    case .fileUnreadable(let path, let errno): "cannot read \(path): \(Self.explain(errno))"
    case .fileNotUTF8(let path): "\(path) is not UTF-8"
    case .notARegularFile(let path): "\(path) is not a regular file"
    case .fileTooLarge(let path, let limit): "\(path) is longer than \(limit) bytes"
    case .fileUnwritable(let path, let errno): "cannot write \(path): \(Self.explain(errno))"
    case .socketInUse(let path): "\(path) is in use by another compositor"
    case .notASocket(let path): "\(path) exists and is not a socket; it is left alone"
    case .clientDisconnected(let what): "the client was disconnected: \(what)"
    case .clientExited(let status): "the client has exited with status \(status)"
    case .stoppedBySignal(let number): "stopped by signal \(number)"
    case .gestureAlreadyInProgress(let kind): "a \(kind) gesture is in progress (end it first)"
    case .noGestureInProgress(let kind): "no \(kind) gesture is in progress (begin one first)"
    case .noWindow: "no window is mapped"
    case .noKeyboardFocus: "no window has the keyboard focus (tap or click one, or use 'focus')"
    case .noPointerFocus: "the pointer is over no surface (move it onto one first)"
    case .noDeviceBound(let kind, let surface):
      "the client of surface \(surface) has no wl_\(kind): the input would reach nothing"
    case .dragInProgress: "a drag or an interactive grab is in progress (end it first)"
    case .noDrag: "no drag is in progress"
    }
  }
}

/// A client misbehaviour the fake compositor caught: a protocol error it (or libwayland) posted, or a
/// mistake that real compositors punish silently (such as a stale `set_cursor` serial).
public struct Failure: Equatable, Sendable, CustomStringConvertible {
  /// The interface of the object the error was posted on (`xdg_surface`, `wl_shm`, …).
  public var interface: String
  /// The protocol error code, or `nil` when no protocol error was posted (the request was ignored).
  public var code: UInt32?
  /// What went wrong, in words.
  public var message: String

  public var description: String {
    if let code { return "\(interface) error \(code): \(message)" }
    return "\(interface): \(message)"
  }
}

/// The input capabilities of the seat (`wl_seat.capability`).
public struct Capabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let pointer = Capabilities(rawValue: 1)
  public static let keyboard = Capabilities(rawValue: 2)
  public static let touch = Capabilities(rawValue: 4)
  public static let all: Capabilities = [.pointer, .keyboard, .touch]

  public var description: String {
    let names = [(Self.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch")]
    return names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
  }
}
