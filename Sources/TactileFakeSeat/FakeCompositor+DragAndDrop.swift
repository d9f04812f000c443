import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// Drag and drop over `wl_data_device` (v3), by pointer or by touch, as desktop compositors do it.
///
/// Rules:
/// - `start_drag` is honoured only with the serial of a press still held on the origin surface's
///   client — the latest pointer button press while a button is down and the pointer is over that
///   client, or the `down` of a touch point of that client that is still down — and only when no drag
///   or interactive grab is in progress. Any other serial is a ``Failure`` and the source gets
///   `cancelled`, so the client is not left waiting. An icon surface with another role is a failure too
///   (the drag starts without it).
/// - The drag owns its device until it ends: a pointer drag sends the origin `wl_pointer.leave`, its
///   motion and buttons reach no `wl_pointer`, and its end gives the pointer back to the surface under
///   it; a touch drag sends the origin client `wl_touch.cancel` (no point is left without an end), and
///   its motion and `up` reach no `wl_touch` (unless ``Configuration/touchDragsRunOnThePointer``, a
///   mutter 43 quirk, gives the drag to the pointer instead, or ``Configuration/touchDragsEndWithAnUp``,
///   KWin's, leaves the client its point and sends its `up` after the drop).
/// - The surface under the drag gets `enter` with a fresh offer (`data_offer`, one `offer` per type,
///   `source_actions` from v3), then `motion`, and `leave` when the drag moves off it. A drag without a
///   source is seen only by its own client's surfaces, with no offer.
/// - The target's `accept` is forwarded as the source's `target`; its `set_actions` picks the action
///   (its preferred one when the source offers it, else the first of copy, move, ask both allow), sent
///   as `action` to both when it differs from the action before (none on a fresh offer).
/// - Releasing drops: on an offer that accepted a type with an action (v3; an accepted type is enough
///   for older targets) the target gets `drop`, the source `dnd_drop_performed`; the target reads with
///   `receive` (forwarded as `send`) and ends with `finish`, the source then gets `dnd_finished`. A
///   target that destroys its offer before `finish` cancels the source. Releasing anywhere else sends
///   `leave` and cancels the source.
/// - A source destroyed mid-drag ends the drag (the target gets `leave`); ``cancelDrag()`` cancels the
///   drag as a compositor does (Escape, a touch cancelled).
///
/// The icon surface is drawn in ``screenshot()`` with its top-left corner at the drag's position moved by
/// the offsets of its attaches and `wl_surface.offset`s (its hotspot stays under the point). The
/// compositor can also drag data of its own over the clients, as another program would:
/// ``startDrag(at:mimeTypes:data:actions:)``, ``dropDrag()``.
extension FakeCompositor {
  /// What drives a drag.
  public enum DragDevice: Sendable, Hashable {
    case pointer
    case touch(id: Int32)
  }

  /// A drag in progress, for inspection.
  public struct DragStatus: Sendable, Hashable {
    public var device: DragDevice
    /// The offered types (none for a drag inside one client).
    public var mimeTypes: [String]
    /// The source's `wl_data_device_manager.dnd_action` bits.
    public var sourceActions: UInt32
    /// The surface under the drag that got `enter`, if any.
    public var focusSurface: Int?
    /// The type the target accepted last, if any.
    public var acceptedMimeType: String?
    /// How many `accept` requests the target under the drag sent for its offer (0 again after `leave`).
    public var acceptCount: Int
    /// The negotiated action (0 for none).
    public var action: UInt32
    /// The icon surface, if any.
    public var iconSurface: Int?
  }

  /// How a drag ended.
  public enum DragOutcome: Sendable, Hashable {
    /// Dropped on `surface` with `action`; the target is reading.
    case dropped(surface: Int, action: UInt32)
    /// The target called `finish` after a drop.
    case finished(action: UInt32)
    /// Cancelled, for `reason`.
    case cancelled(reason: String)
  }

  /// The drag in progress, if any.
  public var drag: DragStatus? {
    guard let drag = inputSeat.drag else { return nil }
    let device: DragDevice =
      switch drag.device {
      case .pointer: .pointer
      case .touch(let id): .touch(id: id)
      }
    return DragStatus(
      device: device, mimeTypes: drag.mimeTypes, sourceActions: drag.sourceActions,
      focusSurface: drag.focus?.id, acceptedMimeType: drag.acceptedMimeType, acceptCount: drag.acceptCount,
      action: drag.action,
      iconSurface: drag.icon?.id)
  }

  /// How the drags of this compositor ended, oldest first (a drop is followed by its finish).
  public var dragOutcomes: [DragOutcome] { inputSeat.dragOutcomes }

  /// Starts a drag of the compositor's own data with the pointer at `position`, as another program
  /// dragging: the surface there gets `enter` with an offer of `mimeTypes`, each read as `data`.
  ///
  /// - Parameters:
  ///   - position: Where the drag starts.
  ///   - mimeTypes: The types offered.
  ///   - data: The bytes every type is sent as.
  ///   - actions: The `dnd_action` bits offered. Default copy.
  /// - Throws: ``FakeSeatError/dragInProgress`` when a drag or grab is in progress; position errors.
  public func startDrag(
    at position: Position, mimeTypes: [String], data: [UInt8],
    actions: UInt32 = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
  ) throws {
    try recording(
      SessionRecorder.dragTextLine(
        at: scriptPoint(position), mimeTypes: mimeTypes, data: data, actions: actions),
      kind: "a compositor drag of data other than text"
    ) {
      try require(.pointer)
      guard inputSeat.drag == nil, inputSeat.windowGrab == nil else { throw FakeSeatError.dragInProgress }
      let point = try outputPoint(position)
      pointerLeave()
      inputSeat.pointerPosition = point
      inputSeat.drag = DataDeviceDrag(
        device: .pointer, owner: .compositor(mimeTypes: mimeTypes, data: data, actions: actions), icon: nil,
        position: point)
      moveDrag(to: point)
    }
  }

  /// Drops the drag in progress where it is, as releasing its button or finger would.
  ///
  /// - Throws: ``FakeSeatError/noDrag`` without one.
  public func dropDrag() throws {
    try recording("dnd drop") {
      guard inputSeat.drag != nil else { throw FakeSeatError.noDrag }
      releaseDrag()
    }
  }

  /// Cancels the drag in progress, as a compositor does (Escape, a cancelled touch): the target gets
  /// `leave`, the source `cancelled`.
  ///
  /// - Throws: ``FakeSeatError/noDrag`` without one.
  public func cancelDrag() throws {
    try recording("dnd cancel") {
      guard let drag = inputSeat.drag else { throw FakeSeatError.noDrag }
      endDrag(drag, cancelled: "the compositor cancelled it")
    }
  }

  /// Whether the seat in use has a drag driven by `device`.
  func isDragging(_ device: WindowGrab.Device) -> Bool {
    inputSeat.drag?.device == device
  }

  /// `wl_data_device.start_drag` (rules above).
  func startDrag(
    client: OpaquePointer, source: SelectionSourceResource?, origin: Surface?, icon: Surface?,
    serial: UInt32
  ) {
    let seat = inputSeat
    let refuse = { (reason: String) in
      self.recordFailure(interface: "wl_data_device", "start_drag with serial \(serial) \(reason)")
      source?.sendCancelled()
    }
    guard let origin, origin.client == client else { return refuse("without an origin surface of its own") }
    guard seat.drag == nil, seat.windowGrab == nil else {
      return refuse("while a drag or grab is in progress")
    }
    let device: WindowGrab.Device
    let position: (x: Double, y: Double)
    if !seat.heldButtons.isEmpty, serial == seat.pointerPressSerial, seat.pointerFocus?.client == client,
      let pointer = seat.pointerPosition
    {
      device = .pointer
      position = pointer
    } else if let (id, point) = seat.touchPoints.first(where: {
      $0.value.serial == serial && $0.value.client == client
    }) {
      if configuration.touchDragsRunOnThePointer, let pointer = seat.pointerPosition {
        device = .pointer
        position = pointer
      } else {
        device = .touch(id: id)
        position = point.position
      }
    } else {
      return refuse("that names no press or touch-down still held on the client")
    }
    var dragIcon: Surface?
    if let icon {
      if case .none = icon.role {
        dragIcon = icon
      } else {
        recordFailure(interface: "wl_data_device", "start_drag with an icon surface that has another role")
      }
    }
    let owner: DataDeviceDrag.Owner = source.map { .client($0) } ?? .clientLocal(client)
    switch device {
    case .pointer:
      pointerLeave(on: seat)
      unrecorded { pointerFrame() }
    case .touch where configuration.touchDragsEndWithAnUp:
      break
    case .touch(let id):
      for touch in seat.resources(seat.touches, of: client) { wl_touch_send_cancel(touch.resource) }
      seat.touchPoints = seat.touchPoints.filter { $0.key == id || $0.value.client != client }
      seat.touchClientsSinceFrame.removeAll { $0 == client }
    }
    seat.drag = DataDeviceDrag(device: device, owner: owner, icon: dragIcon, position: position)
    moveDrag(to: position)
  }

  /// The drag's pointer or touch point moved to `position`.
  func dragMotion(to position: Position) throws {
    let point = try outputPoint(position)
    if case .touch(let id) = inputSeat.drag?.device { inputSeat.touchPoints[id]?.position = point }
    if inputSeat.drag?.device == .pointer { inputSeat.pointerPosition = point }
    moveDrag(to: point)
  }

  /// The drag's button or finger was released.
  func releaseDrag() {
    guard let drag = inputSeat.drag else { return }
    guard let focus = drag.focus else { return endDrag(drag, cancelled: "released over no surface") }
    if case .clientLocal = drag.owner {
      for device in dataDevices(of: focus.client) { wl_data_device_send_drop(device.resource) }
      inputSeat.drag = nil
      inputSeat.dragOutcomes.append(.dropped(surface: focus.id, action: drag.action))
      return restorePointer(after: drag)
    }
    guard let offer = drag.offer, drag.acceptedMimeType != nil,
      drag.action != 0 || offer.version < WL_DATA_OFFER_ACTION_SINCE_VERSION
    else { return endDrag(drag, cancelled: "the target accepted no type and action") }
    for device in dataDevices(of: focus.client) { wl_data_device_send_drop(device.resource) }
    if let source = drag.liveSource,
      source.version >= WL_DATA_SOURCE_DND_DROP_PERFORMED_SINCE_VERSION
    {
      wl_data_source_send_dnd_drop_performed(source.resource)
    }
    drag.isDropped = true
    inputSeat.drag = nil
    inputSeat.dragOutcomes.append(.dropped(surface: focus.id, action: drag.action))
    restorePointer(after: drag)
  }

  /// Moves `inputSeat`'s drag to `point`: `leave` and `enter` when the surface under it changed, else
  /// `motion`.
  private func moveDrag(to point: (x: Double, y: Double)) {
    guard let drag = inputSeat.drag else { return }
    drag.position = point
    let hit = pick(x: point.x, y: point.y)
    if let hit, hit.surface === drag.focus {
      for device in dataDevices(of: hit.surface.client) {
        wl_data_device_send_motion(
          device.resource, now, wl_fixed_from_double(hit.x), wl_fixed_from_double(hit.y))
      }
      return
    }
    leaveFocus(of: drag)
    guard let hit else { return }
    if case .clientLocal(let client) = drag.owner, hit.surface.client != client { return }
    guard let device = dataDevices(of: hit.surface.client).first else { return }
    drag.focus = hit.surface
    var offerResource: OpaquePointer?
    if case .clientLocal = drag.owner {
    } else if let resource = createResource(
      client: device.client, interface: tactile_iface_wl_data_offer(), version: device.version, id: 0)
    {
      let offer = DragOfferResource(resource: resource, compositor: self, drag: drag)
      offer.install(implementation: DragOfferResource.implementation)
      wl_data_device_send_data_offer(device.resource, resource)
      for type in drag.mimeTypes { wl_data_offer_send_offer(resource, type) }
      if offer.version >= WL_DATA_OFFER_SOURCE_ACTIONS_SINCE_VERSION {
        wl_data_offer_send_source_actions(resource, drag.sourceActions)
      }
      drag.offer = offer
      offerResource = resource
    }
    wl_data_device_send_enter(
      device.resource, nextSerial(), hit.surface.resource, wl_fixed_from_double(hit.x),
      wl_fixed_from_double(hit.y), offerResource)
  }

  /// Sends `leave` to the surface the drag is over and retires its offer.
  private func leaveFocus(of drag: DataDeviceDrag) {
    guard let focus = drag.focus else { return }
    for device in dataDevices(of: focus.client) { wl_data_device_send_leave(device.resource) }
    drag.offer?.isLive = false
    drag.offer = nil
    drag.focus = nil
    if drag.acceptedMimeType != nil, let source = drag.liveSource {
      wl_data_source_send_target(source.resource, nil)
    }
    drag.acceptedMimeType = nil
    drag.acceptCount = 0
    drag.action = 0
  }

  /// Ends a drag that was not dropped: `leave` to the target, `cancelled` to the source.
  private func endDrag(_ drag: DataDeviceDrag, cancelled reason: String) {
    leaveFocus(of: drag)
    if let source = drag.liveSource { source.sendCancelled() }
    if inputSeat.drag === drag { inputSeat.drag = nil }
    inputSeat.dragOutcomes.append(.cancelled(reason: reason))
    restorePointer(after: drag)
  }

  /// Gives a pointer drag's pointer back to the surface under it.
  private func restorePointer(after drag: DataDeviceDrag) {
    guard drag.device == .pointer, let position = inputSeat.pointerPosition,
      pick(x: position.x, y: position.y) != nil
    else { return }
    unrecorded {
      _ = try? pointerMotion(to: .output(x: position.x, y: position.y))
      pointerFrame()
    }
  }

  /// `wl_data_offer.accept` of a drag offer.
  func dragOffer(_ offer: DragOfferResource, accepts mimeType: String?, serial: UInt32) {
    guard offer.isLive, let drag = offer.drag, !drag.isDropped, drag.offer === offer else { return }
    let accepted = mimeType.flatMap { drag.mimeTypes.contains($0) ? $0 : nil }
    drag.acceptedMimeType = accepted
    drag.acceptCount += 1
    if let source = drag.liveSource { wl_data_source_send_target(source.resource, accepted) }
  }

  /// `wl_data_offer.set_actions` of a drag offer: a mask with unknown bits or a preferred action that
  /// is not one action of the mask is a protocol error, as the protocol says.
  func dragOffer(_ offer: DragOfferResource, setActions actions: UInt32, preferred: UInt32) {
    let all: UInt32 = 7
    guard actions & ~all == 0 else {
      return offer.postError(
        code: WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK.rawValue, "set_actions with unknown bits \(actions)")
    }
    guard preferred.nonzeroBitCount <= 1, preferred & ~actions == 0 || preferred == 0 else {
      return offer.postError(
        code: WL_DATA_OFFER_ERROR_INVALID_ACTION.rawValue, "set_actions preferring \(preferred)")
    }
    offer.targetActions = (actions, preferred)
    guard offer.isLive, let drag = offer.drag, !drag.isDropped, drag.offer === offer else { return }
    let common = drag.sourceActions & actions
    let action: UInt32 =
      if common & preferred != 0 {
        preferred
      } else {
        [UInt32(1), 2, 4].first { common & $0 != 0 } ?? 0
      }
    // Only a change is told, as weston and wlroots do: GTK 4 answers every `action` with another
    // `set_actions`, so telling each one would ping-pong for as long as the drag lasts (and flood the
    // source, which hears each, until its socket is full).
    guard action != drag.action else { return }
    drag.action = action
    wl_data_offer_send_action(offer.resource, action)
    if let source = drag.liveSource, source.version >= WL_DATA_SOURCE_ACTION_SINCE_VERSION {
      wl_data_source_send_action(source.resource, action)
    }
  }

  /// `wl_data_offer.receive` of a drag offer: forwarded to the source while the offer is current or
  /// dropped; otherwise the fd is closed.
  func dragOffer(_ offer: DragOfferResource, receive mimeType: String, fd: Int32) {
    guard let drag = offer.drag, offer.isLive, drag.mimeTypes.contains(mimeType) else {
      close(fd)
      return
    }
    switch drag.owner {
    case .client(let source):
      if !source.isDestroyed { source.sendSend(mimeType: mimeType, fd: fd) }
      close(fd)
    case .compositor(_, let data, _):
      PipeEnds.write(data, to: fd, watches: fileWatches, closing: true)
    case .clientLocal:
      close(fd)
    }
  }

  /// `wl_data_offer.finish`: valid only on a dropped offer with an action (else `invalid_finish`).
  func dragOfferFinished(_ offer: DragOfferResource) {
    guard let drag = offer.drag, drag.isDropped, offer.isLive, drag.action != 0 else {
      return offer.postError(
        code: WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue, "finish on an offer that was not dropped")
    }
    offer.isLive = false
    if let source = drag.liveSource, source.version >= WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION {
      wl_data_source_send_dnd_finished(source.resource)
    }
    inputSeat.dragOutcomes.append(.finished(action: drag.action))
  }

  /// A drag offer went away: a dropped one not finished cancels its source.
  func dragOfferDestroyed(_ offer: DragOfferResource) {
    guard offer.isLive, let drag = offer.drag else { return }
    offer.isLive = false
    if drag.offer === offer { drag.offer = nil }
    guard drag.isDropped else { return }
    if let source = drag.liveSource { source.sendCancelled() }
    inputSeat.dragOutcomes.append(.cancelled(reason: "the target destroyed its offer before finish"))
  }

  /// A client source went away: a drag of it ends (the target gets `leave`).
  func dragSourceDestroyed(_ source: SelectionSourceResource) {
    for state in seats {
      guard let drag = state.drag, case .client(let owner) = drag.owner, owner === source else { continue }
      leaveFocus(of: drag)
      state.drag = nil
      state.dragOutcomes.append(.cancelled(reason: "the source was destroyed"))
    }
  }

  /// Where the icon of the drag in progress is drawn: its surface and its top-left corner on the
  /// output.
  func dragIconPlacement() -> (surface: Surface, x: Int, y: Int)? {
    guard let drag = inputSeat.drag, let icon = drag.icon else { return nil }
    return (
      icon, Int(drag.position.x.rounded(.down)) + icon.contentOffsetX,
      Int(drag.position.y.rounded(.down)) + icon.contentOffsetY
    )
  }

  /// The `wl_data_device`s of `client` on the seat.
  private func dataDevices(of client: OpaquePointer) -> [SelectionDeviceResource] {
    seat.selectionDevices.filter { $0.kind == .clipboard && $0.client == client }
  }
}
