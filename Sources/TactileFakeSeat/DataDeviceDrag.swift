import CWaylandServer

/// A `wl_data_device` drag in progress on a seat (`FakeCompositor+DragAndDrop.swift`): what drives it,
/// what it carries, and where it is.
final class DataDeviceDrag {
  /// Who offers the data.
  enum Owner {
    /// A client's source (`start_drag` with a source).
    case client(SelectionSourceResource)
    /// A drag inside one client (`start_drag` without a source): only that client's surfaces hear it,
    /// with no offer.
    case clientLocal(OpaquePointer)
    /// The compositor (a drag from another program, injected): it writes `data` for every type.
    case compositor(mimeTypes: [String], data: [UInt8], actions: UInt32)
  }

  /// The pointer or the touch point that drives it.
  let device: WindowGrab.Device
  var owner: Owner

  /// The client's source, while its resource exists: a dropped drag outlives its source (the target's
  /// offer keeps it until `finish` or its own destruction), and nothing may be sent to a destroyed one.
  var liveSource: SelectionSourceResource? {
    guard case .client(let source) = owner, !source.isDestroyed else { return nil }
    return source
  }
  /// The icon surface, drawn at the drag's position.
  weak var icon: Surface?
  /// Where the drag is on the output.
  var position: (x: Double, y: Double)
  /// The surface the drag is over, which got `enter`.
  weak var focus: Surface?
  /// The offer made to ``focus``'s client (nil for a client-local drag); the client's resource keeps
  /// it alive.
  weak var offer: DragOfferResource?
  /// The mime type the target accepted at its latest `accept`, if any.
  var acceptedMimeType: String?
  /// The `accept` requests of the current offer so far.
  var acceptCount = 0
  /// The action chosen from the source's and the target's (0 for none).
  var action: UInt32 = 0
  /// Whether the drag was dropped on a target that now reads and then calls `finish`.
  var isDropped = false

  init(device: WindowGrab.Device, owner: Owner, icon: Surface?, position: (x: Double, y: Double)) {
    self.device = device
    self.owner = owner
    self.icon = icon
    self.position = position
  }

  /// The offered mime types.
  var mimeTypes: [String] {
    switch owner {
    case .client(let source): source.mimeTypes
    case .clientLocal: []
    case .compositor(let types, _, _): types
    }
  }

  /// The source's actions (`wl_data_source.set_actions`; copy for a version-1 or -2 source that never
  /// sets them).
  var sourceActions: UInt32 {
    switch owner {
    case .client(let source): source.dragActions ?? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    case .clientLocal: WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    case .compositor(_, _, let actions): actions
    }
  }

  /// The client that started it, if a client did.
  var sourceClient: OpaquePointer? {
    switch owner {
    case .client(let source): source.client
    case .clientLocal(let client): client
    case .compositor: nil
    }
  }
}

/// An offer of a drag made to the client under it; it lives until the client destroys it, and answers
/// only while it is the drag's current offer (a stale one's `receive` fd is closed).
final class DragOfferResource: ResourceObject {
  /// The drag offered.
  let drag: DataDeviceDrag?
  /// The actions the target takes and the one it prefers (`set_actions`), once set.
  var targetActions: (actions: UInt32, preferred: UInt32)?
  /// Whether the drag this offer belongs to is still in progress (or dropped here and not finished).
  var isLive = true

  init(resource: OpaquePointer, compositor: FakeCompositor, drag: DataDeviceDrag) {
    self.drag = drag
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    compositor.dragOfferDestroyed(self)
  }
}

extension DragOfferResource {
  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_offer_interface> = {
    let table = UnsafeMutablePointer<wl_data_offer_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_offer_interface(
        accept: { _, resource, serial, type in
          let offer = DragOfferResource.from(resource)
          offer.compositor.dragOffer(offer, accepts: type.map { String(cString: $0) }, serial: serial)
        },
        receive: { _, resource, type, fd in
          let offer = DragOfferResource.from(resource)
          offer.compositor.dragOffer(offer, receive: type.map { String(cString: $0) } ?? "", fd: fd)
        },
        destroy: { _, resource in wl_resource_destroy(resource) },
        finish: { _, resource in
          let offer = DragOfferResource.from(resource)
          offer.compositor.dragOfferFinished(offer)
        },
        set_actions: { _, resource, actions, preferred in
          let offer = DragOfferResource.from(resource)
          offer.compositor.dragOffer(offer, setActions: actions, preferred: preferred)
        }))
    return table
  }()
}
