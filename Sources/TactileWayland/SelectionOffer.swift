import CWaylandClient
import CWaylandProtocols

/// What another client (or this one) offers as a selection: a `wl_data_offer` or a
/// `zwp_primary_selection_offer_v1`, with the mime types it announced.
///
/// Created when the seat's selection device announces it (`data_offer`); its `offer` events arrive
/// before the device names it as the selection. Destroyed when the device replaces it.
@MainActor
final class SelectionOffer {
  let kind: SelectionKind
  let proxy: OpaquePointer
  /// Keeps the `wl_display` alive until the proxy is destroyed.
  private let connection: WaylandConnection
  /// The mime types announced so far.
  private(set) var mimeTypes: [String] = []

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

  private func announced(_ mimeType: String) {
    if !mimeTypes.contains(mimeType) { mimeTypes.append(mimeType) }
  }

  private static let dataOfferListener = permanentListener(
    wl_data_offer_listener(
      offer: { data, _, type in
        guard let type = type.map({ String(cString: $0) }) else { return }
        withListenerTarget(data, SelectionOffer.self) { $0.announced(type) }
      },
      source_actions: { _, _, _ in },
      action: { _, _, _ in }))

  private static let primaryOfferListener = permanentListener(
    zwp_primary_selection_offer_v1_listener(
      offer: { data, _, type in
        guard let type = type.map({ String(cString: $0) }) else { return }
        withListenerTarget(data, SelectionOffer.self) { $0.announced(type) }
      }))
}
