import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// The selection objects of `wl_data_device_manager` (v3) and `zwp_primary_selection_device_manager_v1`:
/// sources that clients offer, the per-client devices that set and receive the seat's selection, and the
/// offers the compositor creates for each client. The two protocols behave alike for the selection, so
/// each resource carries its ``FakeCompositor/SelectionKind`` and the rules live in
/// `FakeCompositor+Selection.swift`; a `wl_data_source` can also be dragged, with the rules of
/// `FakeCompositor+DragAndDrop.swift`.
final class SelectionSourceResource: ResourceObject {
  let kind: FakeCompositor.SelectionKind
  /// The mime types the client offered, in order.
  var mimeTypes: [String] = []
  /// Whether libwayland destroyed the resource (the client destroyed the source or went away); a drag
  /// can still refer to it (`DataDeviceDrag.liveSource`).
  private(set) var isDestroyed = false
  /// The drag actions of `set_actions` (v3), once set.
  var dragActions: UInt32?
  /// The same types, for O(1) duplicate checks (a source may offer thousands).
  private var offered: Set<String> = []
  /// Their UTF-8 bytes, summed.
  private var offeredBytes = 0

  /// The most mime types one source may offer: 1,000 (applications offer tens).
  static let maximumMimeTypes = 1_000
  /// The most bytes their names may take together: 64 KiB, so that one offer of the selection (an
  /// event per type) always fits the receiving client's socket buffer instead of overflowing it, which
  /// would make libwayland disconnect the receiver.
  static let maximumMimeTypeBytes = 64 << 10

  init(resource: OpaquePointer, compositor: FakeCompositor, kind: FakeCompositor.SelectionKind) {
    self.kind = kind
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    isDestroyed = true
    compositor.selectionSourceDestroyed(self)
    compositor.dragSourceDestroyed(self)
  }

  /// Asks the client to write its data as `mimeType` into `fd` (the compositor keeps and closes its
  /// copy of the fd).
  func sendSend(mimeType: String, fd: Int32) {
    switch kind {
    case .clipboard: wl_data_source_send_send(resource, mimeType, fd)
    case .primary: zwp_primary_selection_source_v1_send_send(resource, mimeType, fd)
    }
  }

  func sendCancelled() {
    switch kind {
    case .clipboard: wl_data_source_send_cancelled(resource)
    case .primary: zwp_primary_selection_source_v1_send_cancelled(resource)
    }
  }

  /// `offer`: keeps a new type; past ``maximumMimeTypes`` or ``maximumMimeTypeBytes`` the client gets an
  /// implementation error.
  ///
  /// - Complexity: O(1) amortized (plus the type's length).
  fileprivate func offer(_ type: UnsafePointer<CChar>?) {
    guard let type = type.map({ String(cString: $0) }), !offered.contains(type) else { return }
    guard mimeTypes.count < Self.maximumMimeTypes,
      offeredBytes + type.utf8.count <= Self.maximumMimeTypeBytes
    else {
      tactile_client_post_implementation_error(
        client,
        "a selection source offers at most \(Self.maximumMimeTypes) mime types of "
          + "\(Self.maximumMimeTypeBytes) bytes together")
      return
    }
    offered.insert(type)
    offeredBytes += type.utf8.count
    mimeTypes.append(type)
  }
}

/// A client's `wl_data_device` or `zwp_primary_selection_device_v1` on the seat.
final class SelectionDeviceResource: ResourceObject {
  let kind: FakeCompositor.SelectionKind

  init(resource: OpaquePointer, compositor: FakeCompositor, kind: FakeCompositor.SelectionKind) {
    self.kind = kind
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    compositor.seat.selectionDevices.removeAll { $0 === self }
  }

  fileprivate func setSelection(source: OpaquePointer?, serial: UInt32) {
    compositor.setSelection(
      kind, from: source.map { SelectionSourceResource.from($0) }, client: client, serial: serial)
  }
}

/// An offer of the seat's selection made to one client; it answers `receive` while its selection is
/// still the current one (a stale offer's fd is closed).
final class SelectionOfferResource: ResourceObject {
  let kind: FakeCompositor.SelectionKind
  /// Which selection it offers (``FakeCompositor`` counts selections per kind).
  let generation: Int

  init(
    resource: OpaquePointer, compositor: FakeCompositor, kind: FakeCompositor.SelectionKind, generation: Int
  ) {
    self.kind = kind
    self.generation = generation
    super.init(resource: resource, compositor: compositor)
  }

  fileprivate func receive(_ type: UnsafePointer<CChar>?, fd: Int32) {
    compositor.transferSelection(
      kind, generation: generation, mimeType: type.map { String(cString: $0) } ?? "", to: fd)
  }
}

extension SelectionSourceResource {
  nonisolated(unsafe) static let dataSourceImplementation: UnsafeMutablePointer<wl_data_source_interface> = {
    let table = UnsafeMutablePointer<wl_data_source_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_source_interface(
        offer: { _, resource, type in SelectionSourceResource.from(resource).offer(type) },
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_actions: { _, resource, actions in
          let source = SelectionSourceResource.from(resource)
          guard actions & ~7 == 0 else {
            return source.postError(
              code: WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK.rawValue,
              "set_actions with unknown bits \(actions)")
          }
          source.dragActions = actions
        }))
    return table
  }()

  nonisolated(unsafe) static let primarySourceImplementation:
    UnsafeMutablePointer<zwp_primary_selection_source_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_primary_selection_source_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_primary_selection_source_v1_interface(
          offer: { _, resource, type in SelectionSourceResource.from(resource).offer(type) },
          destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
}

extension SelectionDeviceResource {
  nonisolated(unsafe) static let dataDeviceImplementation: UnsafeMutablePointer<wl_data_device_interface> = {
    let table = UnsafeMutablePointer<wl_data_device_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_device_interface(
        start_drag: { client, resource, source, origin, icon, serial in
          let device = SelectionDeviceResource.from(resource)
          device.compositor.startDrag(
            client: client!, source: source.map { SelectionSourceResource.from($0) },
            origin: origin.map { Surface.from($0) }, icon: icon.map { Surface.from($0) }, serial: serial)
        },
        set_selection: { _, resource, source, serial in
          SelectionDeviceResource.from(resource).setSelection(source: source, serial: serial)
        },
        release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let primaryDeviceImplementation:
    UnsafeMutablePointer<zwp_primary_selection_device_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_primary_selection_device_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_primary_selection_device_v1_interface(
          set_selection: { _, resource, source, serial in
            SelectionDeviceResource.from(resource).setSelection(source: source, serial: serial)
          },
          destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
}

extension SelectionOfferResource {
  nonisolated(unsafe) static let dataOfferImplementation: UnsafeMutablePointer<wl_data_offer_interface> = {
    let table = UnsafeMutablePointer<wl_data_offer_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_offer_interface(
        accept: { _, _, _, _ in },
        receive: { _, resource, type, fd in SelectionOfferResource.from(resource).receive(type, fd: fd) },
        destroy: { _, resource in wl_resource_destroy(resource) },
        finish: { _, _ in },
        set_actions: { _, _, _, _ in }))
    return table
  }()

  nonisolated(unsafe) static let primaryOfferImplementation:
    UnsafeMutablePointer<zwp_primary_selection_offer_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_primary_selection_offer_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_primary_selection_offer_v1_interface(
          receive: { _, resource, type, fd in SelectionOfferResource.from(resource).receive(type, fd: fd) },
          destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
}

/// The two managers' request tables.
enum SelectionManagers {
  nonisolated(unsafe) static let dataDeviceManager: UnsafeMutablePointer<wl_data_device_manager_interface> = {
    let table = UnsafeMutablePointer<wl_data_device_manager_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_device_manager_interface(
        create_data_source: { client, resource, id in
          PlainResource.from(resource).compositor.createSelectionSource(
            .clipboard, manager: resource, client, id)
        },
        get_data_device: { client, resource, id, _ in
          PlainResource.from(resource).compositor.createSelectionDevice(
            .clipboard, manager: resource, client, id)
        }))
    return table
  }()

  nonisolated(unsafe) static let primaryManager:
    UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface>.allocate(
        capacity: 1)
      table.initialize(
        to: zwp_primary_selection_device_manager_v1_interface(
          create_source: { client, resource, id in
            PlainResource.from(resource).compositor.createSelectionSource(
              .primary, manager: resource, client, id)
          },
          get_device: { client, resource, id, _ in
            PlainResource.from(resource).compositor.createSelectionDevice(
              .primary, manager: resource, client, id)
          },
          destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
}
