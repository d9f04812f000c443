import Glibc
import Tactile

/// The compositor's clipboard or primary selection as a ``Tactile/Pasteboard``: what
/// ``WaylandDisplay/clipboard`` and ``WaylandDisplay/primarySelection`` return, for an app's
/// ``Tactile/Application/pasteboard`` and ``Tactile/Application/primarySelection``.
///
/// - Writing (``setString(_:)``): a new selection source offering the text as
///   `text/plain;charset=utf-8` and `UTF8_STRING` is set on the seat that had the latest input event,
///   with that event's serial (the key, button or touch that caused the copy); each `send` writes the
///   text through a non-blocking pipe. Until another client takes the selection (`cancelled`), this app
///   owns it and reads it back without a round trip.
/// - Reading (``readString(_:)``): the selection that seat's device names is received through a pipe read
///   on the event loop, and the completion runs when the pipe closes — never blocking the loop.
/// - ``hasStrings`` answers from the offer's mime types, without reading.
/// - Without the compositor's data device manager (or seat), or before any input event (compositors
///   refuse a selection without the serial of one), the text stays in this app, as in a
///   ``Tactile/MemoryPasteboard``.
@MainActor
public final class SystemPasteboard: Pasteboard {
  public let kind: SelectionKind
  private unowned let display: WaylandDisplay
  /// The text this app put on the selection, while it owns it.
  private var ownedText: String?
  /// The source that offers ``ownedText`` to the compositor, if there is one.
  private var source: SelectionSource?

  init(kind: SelectionKind, display: WaylandDisplay) {
    self.kind = kind
    self.display = display
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
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return completion(nil) }
    offer.receive(type, into: ends[1])
    close(ends[1])
    _ = PipeReader(fd: ends[0], loop: display.loop) { bytes in
      completion(bytes.map { String(decoding: $0, as: UTF8.self) })
    }
  }
}
