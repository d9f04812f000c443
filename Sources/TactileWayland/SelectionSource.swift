import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore

/// Text this client put on a selection: a `wl_data_source` or a `zwp_primary_selection_source_v1`
/// offering it as ``SelectionKind/offeredTypes``.
///
/// Each `send` writes the text into the given fd through a ``PipeWriter`` (never blocking the loop),
/// abandoned after ``writeTimeout`` on ``clock`` with ``SeatError/copyTimedOut(selection:seconds:writtenBytes:totalBytes:)``
/// reported once; a request for a type it did not offer gets the fd closed. `cancelled` (another client took the
/// selection) calls ``onCancelled``; the owner then drops the source, which destroys the proxy.
@MainActor
final class SelectionSource {
  let kind: SelectionKind
  let proxy: OpaquePointer
  let text: String
  /// Where a timed-out `send` is reported. Weak: the display keeps its pasteboards, which keep their
  /// source, so a strong reference made a cycle that kept the display, its loop and its windows.
  private weak var display: WaylandDisplay?
  /// The loop the pipe writers run on.
  private let loop: EventLoop
  /// Keeps the `wl_display` alive until the proxy is destroyed.
  private let connection: WaylandConnection
  /// Called once if the compositor cancels the source.
  var onCancelled: @MainActor () -> Void = {}
  /// Seconds each `send` may take before its pipe is closed.
  var writeTimeout = SystemPasteboard.defaultWriteTimeout
  /// The clock of ``writeTimeout``: the display's event loop unless replaced.
  var clock: any Scheduler

  /// Creates the source from `manager` (of `kind`) and offers the text types.
  init(kind: SelectionKind, manager: OpaquePointer, text: String, display: WaylandDisplay) {
    self.kind = kind
    self.text = text
    self.display = display
    loop = display.loop
    connection = display.connection
    clock = display.loop
    switch kind {
    case .clipboard:
      proxy = wl_data_device_manager_create_data_source(manager)
      wl_data_source_add_listener(proxy, Self.dataSourceListener, listenerData(self))
      for type in SelectionKind.offeredTypes { wl_data_source_offer(proxy, type) }
    case .primary:
      proxy = zwp_primary_selection_device_manager_v1_create_source(manager)
      zwp_primary_selection_source_v1_add_listener(proxy, Self.primarySourceListener, listenerData(self))
      for type in SelectionKind.offeredTypes { zwp_primary_selection_source_v1_offer(proxy, type) }
    }
  }

  isolated deinit {
    switch kind {
    case .clipboard: wl_data_source_destroy(proxy)
    case .primary: zwp_primary_selection_source_v1_destroy(proxy)
    }
  }

  private func send(_ mimeType: String, fd: Int32) {
    guard SelectionKind.offeredTypes.contains(mimeType) else {
      close(fd)
      return
    }
    let bytes = Array(text.utf8)
    _ = PipeWriter(fd: fd, bytes: bytes, loop: loop, timeout: writeTimeout, clock: clock) {
      [kind, writeTimeout, weak display] written in
      display?.reportInputError(
        SeatError.copyTimedOut(
          selection: kind, seconds: writeTimeout, writtenBytes: written, totalBytes: bytes.count))
    }
  }

  private static let dataSourceListener = permanentListener(
    wl_data_source_listener(
      target: { _, _, _ in },
      send: { data, _, type, fd in
        let type = type.map { String(cString: $0) } ?? ""
        withListenerTarget(data, SelectionSource.self) { $0.send(type, fd: fd) }
      },
      cancelled: { data, _ in
        withListenerTarget(data, SelectionSource.self) { $0.onCancelled() }
      },
      dnd_drop_performed: { _, _ in },
      dnd_finished: { _, _ in },
      action: { _, _, _ in }))

  private static let primarySourceListener = permanentListener(
    zwp_primary_selection_source_v1_listener(
      send: { data, _, type, fd in
        let type = type.map { String(cString: $0) } ?? ""
        withListenerTarget(data, SelectionSource.self) { $0.send(type, fd: fd) }
      },
      cancelled: { data, _ in
        withListenerTarget(data, SelectionSource.self) { $0.onCancelled() }
      }))
}
