import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore

/// What another client (or this one) offers as a selection: a `wl_data_offer` or a
/// `zwp_primary_selection_offer_v1`, with the mime types it announced.
///
/// Created when the seat's selection device announces it (`data_offer`); its `offer` events arrive
/// before the device names it as the selection. Destroyed when the device replaces it. A drag's offer
/// (`wl_data_device.enter`) is one too, with the source's drag actions and the negotiated action (v3).
@MainActor
final class SelectionOffer {
  let kind: SelectionKind
  let proxy: OpaquePointer
  /// Keeps the `wl_display` alive until the proxy is destroyed.
  private let connection: WaylandConnection
  /// The mime types announced so far.
  private(set) var mimeTypes: [String] = []
  /// A drag's source actions (`source_actions`, `wl_data_device_manager.dnd_action` bits), 0 until sent.
  private(set) var sourceActions: UInt32 = 0
  /// A drag's action chosen by the compositor (`action`), 0 (none) until sent.
  private(set) var action: UInt32 = 0

  init(kind: SelectionKind, proxy: OpaquePointer, connection: WaylandConnection) {
    self.kind = kind
    self.proxy = proxy
    self.connection = connection
    switch kind {
    case .clipboard: wl_data_offer_add_listener(proxy, Self.dataOfferListener, listenerData(self))
    case .primary:
      zwp_primary_selection_offer_v1_add_listener(proxy, Self.primaryOfferListener, listenerData(self))
    }
  }

  isolated deinit {
    switch kind {
    case .clipboard: wl_data_offer_destroy(proxy)
    case .primary: zwp_primary_selection_offer_v1_destroy(proxy)
    }
  }

  /// The best text type offered, if any.
  var textType: String? {
    SelectionKind.textTypes.first { mimeTypes.contains($0) }
  }

  /// Asks the offer's owner to write the data as `mimeType` into `fd` (a pipe's write end, which the
  /// caller still owns and must close).
  func receive(_ mimeType: String, into fd: Int32) {
    switch kind {
    case .clipboard: wl_data_offer_receive(proxy, mimeType, fd)
    case .primary: zwp_primary_selection_offer_v1_receive(proxy, mimeType, fd)
    }
  }

  /// Reads the offer's data as `mimeType` through a pipe on the event loop, never blocking it.
  ///
  /// - Parameters:
  ///   - mimeType: The type to ask the owner for.
  ///   - loop: The loop that reads the pipe.
  ///   - timeout: Seconds on `clock` the owner has to finish writing.
  ///   - clock: The clock of the timeout.
  ///   - limit: The most bytes accepted (``PipeReader/limit`` unless given).
  ///   - completion: Called once, on a later loop turn or timer — or at once when no pipe can be made.
  func read(
    _ mimeType: String, loop: EventLoop, timeout: Double, clock: any Scheduler, limit: Int = PipeReader.limit,
    completion: @escaping @MainActor (Result<[UInt8], PipeReader.Failure>) -> Void
  ) {
    var ends: [Int32] = [-1, -1]
    guard tactile_pipe(&ends, 0) == 0 else { return completion(.failure(.readFailed(errno: errno))) }
    receive(mimeType, into: ends[1])
    close(ends[1])
    _ = PipeReader(
      fd: ends[0], loop: loop, timeout: timeout, clock: clock, limit: limit, completion: completion)
  }

  private func announced(_ mimeType: String) {
    if !mimeTypes.contains(mimeType) { mimeTypes.append(mimeType) }
  }

  private static let dataOfferListener = permanentListener(
    wl_data_offer_listener(
      offer: { data, _, type in
        guard let type = type.map({ String(cString: $0) }) else { return }
        withListenerTarget(data, SelectionOffer.self) { $0.announced(type) }
      },
      source_actions: { data, _, actions in
        withListenerTarget(data, SelectionOffer.self) { $0.sourceActions = actions }
      },
      action: { data, _, action in
        withListenerTarget(data, SelectionOffer.self) { $0.action = action }
      }))

  private static let primaryOfferListener = permanentListener(
    zwp_primary_selection_offer_v1_listener(
      offer: { data, _, type in
        guard let type = type.map({ String(cString: $0) }) else { return }
        withListenerTarget(data, SelectionOffer.self) { $0.announced(type) }
      }))
}
