import Glibc
import TactileCore

/// The compositor's clipboard or primary selection as a ``/TactileCore/Pasteboard``: what
/// ``WaylandDisplay/clipboard`` and ``WaylandDisplay/primarySelection`` return, for an app's
/// ``/TactileCore/Application/pasteboard`` and ``/TactileCore/Application/primarySelection``.
///
/// - Writing (``setString(_:)``): a new selection source offering the text as
///   `text/plain;charset=utf-8` and `UTF8_STRING` is set on the seat that had the latest input event,
///   with that event's serial (the key, button or touch that caused the copy); each `send` writes the
///   text through a non-blocking pipe. Until another client takes the selection (`cancelled`), this app
///   owns it and reads it back without a round trip.
/// - Reading (``readString(_:)``): the selection that seat's device names is received through a pipe read
///   on the event loop, and the completion runs when the pipe closes — never blocking the loop. An owner
///   that keeps the pipe open longer than ``readTimeout`` (on ``clock``) fails the read: the completion
///   gets `nil`, the pipe is closed, and ``SeatError/pasteTimedOut(selection:seconds:receivedBytes:)`` is
///   reported once through ``WaylandDisplay/onInputError``. A selection larger than 64 MiB is dropped the
///   same way, with ``SeatError/pasteTooLarge(selection:limit:)``.
/// - Writing has the same kind of limit: a client that asks for this app's selection and does not read
///   it all within ``writeTimeout`` (on ``clock``) gets its pipe closed, and
///   ``SeatError/copyTimedOut(selection:seconds:writtenBytes:totalBytes:)`` is reported once.
/// - ``hasStrings`` answers from the offer's mime types, without reading.
/// - Without the compositor's data device manager (or seat), or before any input event (compositors
///   refuse a selection without the serial of one), the text stays in this app, as in a
///   ``/TactileCore/MemoryPasteboard``.
@MainActor
public final class SystemPasteboard: Pasteboard {
  public let kind: SelectionKind
  /// How long ``readTimeout`` is unless changed: long enough for a busy program to answer, short
  /// enough that a user notices nothing worse than a paste that did nothing.
  public static let defaultReadTimeout = 5.0
  /// Seconds a read waits for the owner of the selection to finish sending before it fails.
  public var readTimeout = SystemPasteboard.defaultReadTimeout
  /// How long ``writeTimeout`` is unless changed, as long as a read may take.
  public static let defaultWriteTimeout = defaultReadTimeout
  /// Seconds a client that asked for this app's selection has to read it before its pipe is closed.
  public var writeTimeout = SystemPasteboard.defaultWriteTimeout
  /// The clock of ``readTimeout`` and ``writeTimeout``: the display's event loop unless replaced (tests use a
  /// ``/TactileCore/ManualScheduler``).
  public var clock: any Scheduler
  private unowned let display: WaylandDisplay
  /// The text this app put on the selection, while it owns it.
  private var ownedText: String?
  /// The source that offers ``ownedText`` to the compositor, if there is one.
  private var source: SelectionSource?

  init(kind: SelectionKind, display: WaylandDisplay) {
    self.kind = kind
    self.display = display
    clock = display.loop
  }

  /// The device of the seat used for the selection: the one with the latest input event.
  private var device: SelectionDevice? {
    display.inputSeat?.selectionDevice(kind)
  }

  public var hasStrings: Bool {
    ownedText != nil || device?.selection?.textType != nil
  }

  public func setString(_ string: String) {
    ownedText = string
    source = nil
    guard let seat = display.inputSeat, seat.latestSerial != 0, let device = seat.selectionDevice(kind),
      let manager = display.selectionManager(kind)
    else { return }
    let created = SelectionSource(kind: kind, manager: manager, text: string, display: display)
    created.writeTimeout = writeTimeout
    created.clock = clock
    created.onCancelled = { [weak self, weak created] in
      guard let self, let created, self.source === created else { return }
      self.source = nil
      self.ownedText = nil
    }
    source = created
    device.setSelection(created, serial: seat.latestSerial)
  }

  public func readString(_ completion: @escaping @MainActor (String?) -> Void) {
    if let ownedText { return completion(ownedText) }
    guard let offer = device?.selection, let type = offer.textType else { return completion(nil) }
    offer.read(type, loop: display.loop, timeout: readTimeout, clock: clock) {
      [kind, readTimeout, weak display] result in
      switch result {
      case .success(let bytes):
        completion(String(decoding: bytes, as: UTF8.self))
      case .failure(.timedOut(let received)):
        display?.reportInputError(
          SeatError.pasteTimedOut(selection: kind, seconds: readTimeout, receivedBytes: received))
        completion(nil)
      case .failure(.tooLarge):
        display?.reportInputError(SeatError.pasteTooLarge(selection: kind, limit: PipeReader.limit))
        completion(nil)
      case .failure:
        completion(nil)
      }
    }
  }
}
