import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// The seat's clipboard (`wl_data_device`) and primary selection (`zwp_primary_selection_device_v1`).
///
/// Rules, alike for both kinds:
/// - A client sets the selection with a source and the serial of the input event that caused it. A
///   serial the compositor never sent (0, or newer than the display's latest) is a ``Failure`` and the
///   request is ignored; one older than the current selection's serial is ignored, as weston does.
/// - The previous client source gets `cancelled`; a destroyed source clears the selection.
/// - The client with the keyboard focus gets a fresh offer of the selection (`data_offer`, one `offer`
///   per mime type, then `selection`) when it gains the focus, when it creates its device, and whenever
///   the selection changes; `selection(null)` when there is none.
/// - `receive` on the current offer is forwarded as `send` to the source's client with the fd; on a
///   stale offer the fd is closed. A selection the compositor set itself (``setSelection(_:text:closesPipe:)``)
///   is written by the compositor through a non-blocking pipe — and, to stand in for a stuck program,
///   the pipe can be left open after the data (``stalledPipes()`` reports those pipes).
///
/// Inspection and injection: ``selectionMimeTypes(_:)``, ``selectionSerial(_:)``,
/// ``readSelection(_:mimeType:)``, ``requestSelectionWithoutReading(_:mimeType:)``,
/// ``setSelection(_:data:mimeTypes:closesPipe:)``, ``clearSelection(_:)``,
/// ``stalledPipes()``.
extension FakeCompositor {
  /// The two selections of a seat.
  public enum SelectionKind: Sendable, Hashable {
    /// `wl_data_device`'s selection (copy and paste).
    case clipboard
    /// The primary selection (select and middle-click paste).
    case primary
  }

  /// Who owns a selection.
  enum SelectionOwner {
    case client(SelectionSourceResource)
    case compositor(mimeTypes: [String], data: [UInt8])

    var mimeTypes: [String] {
      switch self {
      case .client(let source): source.mimeTypes
      case .compositor(let mimeTypes, _): mimeTypes
      }
    }
  }

  /// One kind's current selection.
  struct SelectionState {
    var owner: SelectionOwner
    var serial: UInt32
    /// Counts selections, so that an offer of an older one can be recognized.
    var generation: Int
    /// Whether the compositor closes each pipe it writes this selection into (a compositor-owned
    /// selection only).
    var closesPipes = true
  }

  /// The mime types of the current selection, or `nil` when there is none.
  public func selectionMimeTypes(_ kind: SelectionKind = .clipboard) -> [String]? {
    seat.selections[kind]?.owner.mimeTypes
  }

  /// The serial the current selection was set with (0 for one the compositor set), or `nil`.
  public func selectionSerial(_ kind: SelectionKind = .clipboard) -> UInt32? {
    seat.selections[kind]?.serial
  }

  /// Reads the current selection as `mimeType`, as a client pasting would: the owner's client gets
  /// `send` with a pipe at once (the request is flushed), and the compositor reads the pipe while it is
  /// pumped.
  ///
  /// - Returns: The transfer; complete at once for a selection the compositor owns.
  /// - Throws: ``FakeSeatError/noSelection(mimeType:)`` when there is no selection offering
  ///   `mimeType`; ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func readSelection(
    _ kind: SelectionKind = .clipboard, mimeType: String = "text/plain;charset=utf-8"
  ) throws -> SelectionTransfer {
    guard let selection = seat.selections[kind], selection.owner.mimeTypes.contains(mimeType) else {
      throw FakeSeatError.noSelection(mimeType: mimeType)
    }
    switch selection.owner {
    case .compositor(_, let data):
      return SelectionTransfer(completeWith: data)
    case .client(let source):
      let ends = try PipeEnds.make()
      source.sendSend(mimeType: mimeType, fd: ends.write)
      close(ends.write)
      wl_display_flush_clients(display)
      let transfer = SelectionTransfer()
      transfer.read(ends.read, watches: fileWatches)
      return transfer
    }
  }

  /// Asks the owner of the current selection for it as `mimeType` and never reads the pipe: a stuck
  /// program pasting. The owner's client gets `send` at once (the request is flushed).
  ///
  /// - Returns: The pipe's read end, held open until it is released.
  /// - Throws: ``FakeSeatError/noSelection(mimeType:)`` when no client owns a selection offering
  ///   `mimeType`; ``FakeSeatError/systemCallFailed(call:errno:)``.
  public func requestSelectionWithoutReading(
    _ kind: SelectionKind = .clipboard, mimeType: String = "text/plain;charset=utf-8"
  ) throws -> UnreadSelectionPipe {
    guard let selection = seat.selections[kind], case .client(let source) = selection.owner,
      selection.owner.mimeTypes.contains(mimeType)
    else { throw FakeSeatError.noSelection(mimeType: mimeType) }
    let ends = try PipeEnds.make()
    source.sendSend(mimeType: mimeType, fd: ends.write)
    close(ends.write)
    wl_display_flush_clients(display)
    return UnreadSelectionPipe(readEnd: ends.read)
  }

  /// Sets the selection from the compositor (as another program copying text), offered as
  /// `text/plain;charset=utf-8`, `UTF8_STRING` and `text/plain`.
  ///
  /// - Parameters:
  ///   - kind: The clipboard or the primary selection.
  ///   - text: The text.
  ///   - closesPipe: `false` stands in for a stuck program: each pipe a client reads the selection from
  ///     gets the text and is then held open until the compositor goes away.
  public func setSelection(_ kind: SelectionKind = .clipboard, text: String, closesPipe: Bool = true) {
    setSelection(
      kind, data: Array(text.utf8), mimeTypes: ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"],
      closesPipe: closesPipe)
  }

  /// Sets the selection from the compositor with `data` under each of `mimeTypes`.
  ///
  /// - Parameters:
  ///   - kind: The clipboard or the primary selection.
  ///   - data: The bytes every type is sent as.
  ///   - mimeTypes: The types offered.
  ///   - closesPipe: `false` holds each pipe open after the data, until the compositor goes away.
  public func setSelection(_ kind: SelectionKind, data: [UInt8], mimeTypes: [String], closesPipe: Bool = true)
  {
    replaceSelection(
      kind,
      with: SelectionState(
        owner: .compositor(mimeTypes: mimeTypes, data: data), serial: 0, generation: 0,
        closesPipes: closesPipe))
  }

  /// The pipes the compositor holds open for a selection set with `closesPipe: false`, in the order
  /// clients asked for them: whether the client still has its end open, and how many written bytes it
  /// has not read yet.
  public func stalledPipes() -> [(hasReader: Bool, unreadBytes: Int)] {
    seat.stalledPipes.map { fd in
      var status = pollfd(fd: fd, events: 0, revents: 0)
      _ = poll(&status, 1, 0)
      var unread: Int32 = 0
      _ = ioctl(fd, UInt(FIONREAD), &unread)
      return (status.revents & Int16(POLLERR) == 0, Int(unread))
    }
  }

  /// Clears the selection (the owner's source is cancelled).
  public func clearSelection(_ kind: SelectionKind = .clipboard) {
    replaceSelection(kind, with: nil)
  }

  /// `set_selection` from a client's device.
  func setSelection(
    _ kind: SelectionKind, from source: SelectionSourceResource?, client: OpaquePointer, serial: UInt32
  ) {
    let interface = kind == .clipboard ? "wl_data_device" : "zwp_primary_selection_device_v1"
    log(.setSelection(kind: kind, serial: serial), surface: nil)
    guard serial != 0, serial <= wl_display_get_serial(display) else {
      recordFailure(
        interface: interface, "set_selection with serial \(serial), which the compositor never sent")
      return
    }
    if let current = seat.selections[kind], serial < current.serial { return }
    replaceSelection(
      kind, with: source.map { SelectionState(owner: .client($0), serial: serial, generation: 0) })
  }

  private func replaceSelection(_ kind: SelectionKind, with new: SelectionState?) {
    if case .client(let old) = seat.selections[kind]?.owner {
      if case .client(let replacement) = new?.owner, replacement === old { return }
      old.sendCancelled()
    }
    seat.selectionGeneration += 1
    var state = new
    state?.generation = seat.selectionGeneration
    seat.selections[kind] = state
    if let focus = seat.keyboardFocus { offerSelection(kind, to: focus.client) }
  }

  /// A client source went away: if it was the selection, there is none now.
  func selectionSourceDestroyed(_ source: SelectionSourceResource) {
    guard case .client(let owner) = seat.selections[source.kind]?.owner, owner === source else { return }
    seat.selections[source.kind] = nil
    seat.selectionGeneration += 1
    if let focus = seat.keyboardFocus { offerSelection(source.kind, to: focus.client) }
  }

  /// Sends both selections to `client` (it gained the keyboard focus).
  func offerSelections(to client: OpaquePointer) {
    offerSelection(.clipboard, to: client)
    offerSelection(.primary, to: client)
  }

  /// Sends the current selection of `kind` (or none) to each of `client`'s devices of that kind.
  func offerSelection(_ kind: SelectionKind, to client: OpaquePointer) {
    for device in seat.selectionDevices where device.kind == kind && device.client == client {
      offerSelection(to: device)
    }
  }

  private func offerSelection(to device: SelectionDeviceResource) {
    let kind = device.kind
    guard let selection = seat.selections[kind] else {
      switch kind {
      case .clipboard: wl_data_device_send_selection(device.resource, nil)
      case .primary: zwp_primary_selection_device_v1_send_selection(device.resource, nil)
      }
      return
    }
    let interface =
      kind == .clipboard ? tactile_iface_wl_data_offer() : tactile_iface_zwp_primary_selection_offer_v1()
    guard
      let resource = createResource(
        client: device.client, interface: interface, version: device.version, id: 0)
    else { return }
    let offer = SelectionOfferResource(
      resource: resource, compositor: self, kind: kind, generation: selection.generation)
    switch kind {
    case .clipboard:
      offer.install(implementation: SelectionOfferResource.dataOfferImplementation)
      wl_data_device_send_data_offer(device.resource, resource)
      for type in selection.owner.mimeTypes { wl_data_offer_send_offer(resource, type) }
      wl_data_device_send_selection(device.resource, resource)
    case .primary:
      offer.install(implementation: SelectionOfferResource.primaryOfferImplementation)
      zwp_primary_selection_device_v1_send_data_offer(device.resource, resource)
      for type in selection.owner.mimeTypes { zwp_primary_selection_offer_v1_send_offer(resource, type) }
      zwp_primary_selection_device_v1_send_selection(device.resource, resource)
    }
  }

  /// `receive` on an offer: the data goes into `fd` if the offer is still the selection.
  func transferSelection(_ kind: SelectionKind, generation: Int, mimeType: String, to fd: Int32) {
    guard let selection = seat.selections[kind], selection.generation == generation,
      selection.owner.mimeTypes.contains(mimeType)
    else {
      close(fd)
      return
    }
    switch selection.owner {
    case .client(let source):
      source.sendSend(mimeType: mimeType, fd: fd)
      close(fd)
    case .compositor(_, let data):
      if !selection.closesPipes { seat.stalledPipes.append(fd) }
      PipeEnds.write(data, to: fd, watches: fileWatches, closing: selection.closesPipes)
    }
  }

  func createSelectionSource(
    _ kind: SelectionKind, manager: OpaquePointer?, _ client: OpaquePointer?, _ id: UInt32
  ) {
    let version = PlainResource.from(manager).version
    let interface =
      kind == .clipboard ? tactile_iface_wl_data_source() : tactile_iface_zwp_primary_selection_source_v1()
    guard let resource = createResource(client: client, interface: interface, version: version, id: id) else {
      return
    }
    SelectionSourceResource(resource: resource, compositor: self, kind: kind).install(
      implementation: kind == .clipboard
        ? UnsafeRawPointer(SelectionSourceResource.dataSourceImplementation)
        : UnsafeRawPointer(SelectionSourceResource.primarySourceImplementation))
  }

  func createSelectionDevice(
    _ kind: SelectionKind, manager: OpaquePointer?, _ client: OpaquePointer?, _ id: UInt32
  ) {
    let version = PlainResource.from(manager).version
    let interface =
      kind == .clipboard ? tactile_iface_wl_data_device() : tactile_iface_zwp_primary_selection_device_v1()
    guard let client,
      let resource = createResource(client: client, interface: interface, version: version, id: id)
    else { return }
    let device = SelectionDeviceResource(resource: resource, compositor: self, kind: kind)
    device.install(
      implementation: kind == .clipboard
        ? UnsafeRawPointer(SelectionDeviceResource.dataDeviceImplementation)
        : UnsafeRawPointer(SelectionDeviceResource.primaryDeviceImplementation))
    seat.selectionDevices.append(device)
    if seat.keyboardFocus?.client == client { offerSelection(to: device) }
  }
}
