import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore

/// A ``TactileCore/DragSession`` offered to other clients: a `wl_data_source` dragged with
/// `wl_data_device.start_drag`.
///
/// It offers the types of the session's items in order (text also as `UTF8_STRING`), and copy and move
/// (v3). Each `send` loads the first item offering the type (`ItemProvider`) and writes the bytes through
/// a ``PipeWriter`` on the loop, abandoned after ``writeTimeout`` (``SeatError/dragTransferTimedOut(seconds:writtenBytes:totalBytes:)``).
/// The end goes to the session once: `dnd_finished` with the negotiated action (`action`), `cancelled`
/// as a cancel — from a version-1 or -2 manager, which has no `dnd_finished`, as a copy when it comes
/// after a drop — or, when a target dropped on does not finish within ``writeTimeout`` (it never reads),
/// a cancel with ``SeatError/dropNotFinished(seconds:)``. The timeout and its clock are the clipboard's
/// (``SystemPasteboard/writeTimeout``, ``SystemPasteboard/clock``).
@MainActor
final class DragSource {
  let proxy: OpaquePointer
  private let session: DragSession
  /// The loop the pipe writers run on.
  private let loop: EventLoop
  /// Keeps the `wl_display` alive until the proxy is destroyed.
  private let connection: WaylandConnection
  private weak var display: WaylandDisplay?
  /// Seconds a target has to read each `send`, and to finish after the drop.
  private let writeTimeout: Double
  /// The clock of ``writeTimeout``.
  private let clock: any Scheduler
  /// The wait for `dnd_finished` after the drop.
  private var finishTimer: TimerToken?
  /// Whether the session heard its end.
  private var ended = false
  /// The action the compositor chose (`action`), 0 until then.
  private(set) var action: UInt32 = 0
  /// Whether the target dropped (`dnd_drop_performed`).
  private(set) var dropPerformed = false
  /// Called once when the drag is over (the owner drops the source then).
  var onEnd: @MainActor () -> Void = {}

  /// The types offered for `items`, in order: each item's types, text followed by `UTF8_STRING`.
  static func offeredTypes(of items: [DragItem]) -> [String] {
    var types: [String] = []
    for item in items {
      for type in item.itemProvider.registeredTypeIdentifiers {
        let aliases = type == ItemProvider.plainText ? SelectionKind.offeredTypes : [type]
        for alias in aliases where !types.contains(alias) { types.append(alias) }
      }
    }
    return types
  }

  init(session: DragSession, manager: OpaquePointer, display: WaylandDisplay) {
    self.session = session
    self.display = display
    loop = display.loop
    connection = display.connection
    clock = display.clipboard.clock
    writeTimeout = display.clipboard.writeTimeout
    proxy = wl_data_device_manager_create_data_source(manager)
    wl_data_source_add_listener(proxy, Self.listener, listenerData(self))
    for type in Self.offeredTypes(of: session.items) { wl_data_source_offer(proxy, type) }
    if wl_data_source_get_version(proxy) >= 3 {
      wl_data_source_set_actions(
        proxy,
        WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue)
    }
  }

  isolated deinit {
    finishTimer?.cancel()
    wl_data_source_destroy(proxy)
  }

  /// `send`: the first item with the type loads it, and the bytes go through the pipe.
  private func send(_ mimeType: String, fd: Int32) {
    let type = SelectionKind.textTypes.contains(mimeType) ? ItemProvider.plainText : mimeType
    guard
      let provider = session.items.lazy.map(\.itemProvider).first(where: {
        $0.hasItemConformingToTypeIdentifier(type)
      })
    else {
      close(fd)
      return
    }
    provider.loadData(forTypeIdentifier: type) { [loop, writeTimeout, clock, weak display] result in
      guard case .success(let bytes) = result else {
        close(fd)
        return
      }
      _ = PipeWriter(fd: fd, bytes: bytes, loop: loop, timeout: writeTimeout, clock: clock) { written in
        display?.reportInputError(
          SeatError.dragTransferTimedOut(
            seconds: writeTimeout, writtenBytes: written, totalBytes: bytes.count))
      }
    }
  }

  private func end(_ operation: DropOperation) {
    guard !ended else { return }
    ended = true
    finishTimer?.cancel()
    finishTimer = nil
    session.platformDragDidEnd(with: operation)
    onEnd()
  }

  /// The compositor left the drag's touch to the app and will not end the drag (``WaylandDisplay``'s
  /// `touchLifted(downSerial:)`): the session ends as a cancel, and the owner drops (destroys) the source.
  func cancelUntakenDrag() {
    end(.cancel)
  }

  /// `dnd_drop_performed`: the target has ``writeTimeout`` to finish.
  private func dropWasPerformed() {
    dropPerformed = true
    finishTimer = clock.schedule(after: writeTimeout) { [weak self, writeTimeout] in
      guard let self else { return }
      self.display?.reportInputError(SeatError.dropNotFinished(seconds: writeTimeout))
      self.end(.cancel)
    }
  }

  /// The core operation of a `dnd_action` (copy for none after a drop: a version-1 or -2 target).
  private static func operation(of action: UInt32) -> DropOperation {
    action == WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue ? .move : .copy
  }

  private static let listener = permanentListener(
    wl_data_source_listener(
      target: { _, _, _ in },
      send: { data, _, type, fd in
        let type = type.map { String(cString: $0) } ?? ""
        withListenerTarget(data, DragSource.self) { $0.send(type, fd: fd) }
      },
      cancelled: { data, _ in
        withListenerTarget(data, DragSource.self) { source in
          let version = wl_data_source_get_version(source.proxy)
          source.end(source.dropPerformed && version < 3 ? .copy : .cancel)
        }
      },
      dnd_drop_performed: { data, _ in
        withListenerTarget(data, DragSource.self) { $0.dropWasPerformed() }
      },
      dnd_finished: { data, _ in
        withListenerTarget(data, DragSource.self) { $0.end(DragSource.operation(of: $0.action)) }
      },
      action: { data, _, action in
        withListenerTarget(data, DragSource.self) { $0.action = action }
      }))
}
