import CWaylandServer
import CWaylandServerProtocols

/// Tablet injection (`Tablet.swift`), for the seat injection goes to. Frames are explicit, as for touch:
/// call ``tabletFrame(_:)`` where a real compositor ends a group of a tool's events (tablet-v2 sends one
/// after every group), or leave it out to test a client against a compositor that does not.
///
/// The API sends what it is told once it knows which client a tool talks to, so that robustness tests can
/// send what a broken compositor sends: a `down` twice, pressure beyond 65535, a motion before any
/// `proximity_in` (it goes to the client of the surface under its position), a tablet or a tool removed
/// while the tool is down (no `up` or `proximity_out` first).
extension FakeCompositor {
  /// Brings a tool into proximity of the surface at `position` (`proximity_in`, then a `motion` to the
  /// position).
  ///
  /// - Returns: The serial of `proximity_in` (what the tool's `set_cursor` must name).
  /// - Throws: ``TabletError`` when the tool does not exist or is in proximity already, or position
  ///   errors.
  @discardableResult
  public func tabletProximityIn(_ tool: TabletToolKind = .pen, at position: Position) throws -> UInt32 {
    try recording(nil, kind: "tablet input") {
      let state = try tabletState(for: tool)
      if state.contacts[tool]?.inProximity == true, state.contacts[tool]?.surface != nil {
        throw TabletError.toolInProximity(tool)
      }
      let hit = try resolve(position)
      let serial = nextSerial()
      let client = hit.surface.client
      state.contacts[tool] = TabletState.Contact(
        surface: hit.surface, client: client, serial: serial, inProximity: true)
      for object in state.toolResources(tool, of: client) {
        let tablet = state.tabletSeats.first { $0.tools[tool] === object }?.tablet
        zwp_tablet_tool_v2_send_proximity_in(object.resource, serial, tablet?.resource, hit.surface.resource)
        zwp_tablet_tool_v2_send_motion(
          object.resource, wl_fixed_from_double(hit.x), wl_fixed_from_double(hit.y))
      }
      return serial
    }
  }

  /// Takes a tool out of proximity (`proximity_out`); a tool still down is sent no `up` first.
  ///
  /// - Throws: ``TabletError``.
  public func tabletProximityOut(_ tool: TabletToolKind = .pen) throws {
    try recording(nil, kind: "tablet input") {
      let (state, contact) = try tabletContact(tool)
      state.contacts[tool]?.inProximity = false
      state.contacts[tool]?.isDown = false
      for object in state.toolResources(tool, of: contact.client) {
        zwp_tablet_tool_v2_send_proximity_out(object.resource)
      }
    }
  }

  /// Puts a tool's tip on the tablet (`down`), activating its window as a touch does.
  ///
  /// - Returns: The serial of the `down`.
  /// - Throws: ``TabletError``.
  @discardableResult
  public func tabletDown(_ tool: TabletToolKind = .pen) throws -> UInt32 {
    try recording(nil, kind: "tablet input") {
      let (state, contact) = try tabletContact(tool)
      if let surface = contact.surface { activateOnPress(surface) }
      state.contacts[tool]?.isDown = true
      let serial = nextSerial()
      for object in state.toolResources(tool, of: contact.client) {
        zwp_tablet_tool_v2_send_down(object.resource, serial)
      }
      return serial
    }
  }

  /// Lifts a tool's tip (`up`); it stays in proximity.
  ///
  /// - Throws: ``TabletError``.
  public func tabletUp(_ tool: TabletToolKind = .pen) throws {
    try recording(nil, kind: "tablet input") {
      let (state, contact) = try tabletContact(tool)
      state.contacts[tool]?.isDown = false
      for object in state.toolResources(tool, of: contact.client) {
        zwp_tablet_tool_v2_send_up(object.resource)
      }
    }
  }

  /// Moves a tool and sends the axes that are set. Positions are made local to the surface the tool is in
  /// proximity of; a tool never in proximity sends its motion to the client of the surface under
  /// `position`, without a `proximity_in` (a broken compositor).
  ///
  /// - Parameters:
  ///   - tool: The tool that moves.
  ///   - position: Where the tool is; nil sends only the axes.
  ///   - axes: The axes to send with the motion, as they are (no range check).
  /// - Throws: ``TabletError`` or position errors.
  public func tabletMotion(_ tool: TabletToolKind = .pen, to position: Position?, axes: TabletAxes = .init())
    throws
  {
    try recording(nil, kind: "tablet input") {
      let state = try tabletState(for: tool)
      let client: OpaquePointer
      var local: (x: Double, y: Double)?
      if let contact = state.contacts[tool], let surface = contact.surface {
        client = contact.client
        if let position { local = try self.local(position, on: surface) }
      } else if let position {
        let hit = try resolve(position)
        client = hit.surface.client
        local = (hit.x, hit.y)
      } else {
        throw TabletError.toolNeverInProximity(tool)
      }
      for object in state.toolResources(tool, of: client) {
        let resource = object.resource
        if let local {
          zwp_tablet_tool_v2_send_motion(
            resource, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
        }
        if let pressure = axes.pressure { zwp_tablet_tool_v2_send_pressure(resource, pressure) }
        if let distance = axes.distance { zwp_tablet_tool_v2_send_distance(resource, distance) }
        if axes.tiltX != nil || axes.tiltY != nil {
          zwp_tablet_tool_v2_send_tilt(
            resource, wl_fixed_from_double(axes.tiltX ?? 0), wl_fixed_from_double(axes.tiltY ?? 0))
        }
        if let rotation = axes.rotation {
          zwp_tablet_tool_v2_send_rotation(resource, wl_fixed_from_double(rotation))
        }
      }
    }
  }

  /// Presses or releases a tool's button (`button`; Linux codes: `BTN_STYLUS` 331, `BTN_STYLUS2` 332).
  ///
  /// - Returns: The serial of the event.
  /// - Throws: ``TabletError``.
  @discardableResult
  public func tabletButton(_ tool: TabletToolKind = .pen, button: UInt32, pressed: Bool) throws -> UInt32 {
    try recording(nil, kind: "tablet input") {
      let (state, contact) = try tabletContact(tool)
      let serial = nextSerial()
      let value = pressed ? ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED : ZWP_TABLET_TOOL_V2_BUTTON_STATE_RELEASED
      for object in state.toolResources(tool, of: contact.client) {
        zwp_tablet_tool_v2_send_button(object.resource, serial, button, value.rawValue)
      }
      return serial
    }
  }

  /// Ends a group of a tool's events: `frame` with the clock's time to every client that got events of
  /// the tool since its last frame.
  public func tabletFrame(_ tool: TabletToolKind = .pen) {
    recording(nil, kind: "tablet input") {
      let state = inputSeat.tablet
      let time = now
      for client in state.clientsSinceFrame[tool] ?? [] {
        for object in state.toolResources(tool, of: client) {
          zwp_tablet_tool_v2_send_frame(object.resource, time)
        }
      }
      state.clientsSinceFrame[tool] = []
    }
  }

  /// Unplugs the seat's tablet: `removed` to every client's tablet object, with no `up` or
  /// `proximity_out` for a tool that is in proximity or down (the tools stay, out of proximity).
  public func tabletRemove() {
    let state = inputSeat.tablet
    state.isPresent = false
    for object in state.tabletSeats {
      guard let tablet = object.tablet else { continue }
      zwp_tablet_v2_send_removed(tablet.resource)
      object.tablet = nil
    }
    state.endContacts { _ in true }
    state.clientsSinceFrame = [:]
  }

  /// Plugs the seat's tablet in again after ``tabletRemove()``: `tablet_added` to every tablet seat.
  public func tabletAdd() {
    let state = inputSeat.tablet
    guard !state.isPresent else { return }
    state.isPresent = true
    for object in state.tabletSeats { object.announceTablet() }
  }

  /// Adds a tool to the seat's tablet (`tool_added` to every tablet seat); nothing when it has it.
  public func tabletAddTool(_ tool: TabletToolKind) {
    let state = inputSeat.tablet
    guard !state.tools.contains(tool) else { return }
    state.tools.append(tool)
    for object in state.tabletSeats { object.announce(tool) }
  }

  /// Removes a tool (`removed`), with no `up` or `proximity_out` first when it is down or in proximity.
  ///
  /// - Throws: ``TabletError/noSuchTool(_:)``.
  public func tabletRemoveTool(_ tool: TabletToolKind) throws {
    let state = inputSeat.tablet
    guard state.tools.contains(tool) else { throw TabletError.noSuchTool(tool) }
    state.tools.removeAll { $0 == tool }
    for object in state.tabletSeats {
      guard let resource = object.tools.removeValue(forKey: tool) else { continue }
      zwp_tablet_tool_v2_send_removed(resource.resource)
    }
    state.endContacts { $0 == tool }
    state.clientsSinceFrame[tool] = nil
  }

  /// The tools of the injection seat's tablet that are in proximity of a surface.
  public var tabletToolsInProximity: [TabletToolKind] {
    let state = inputSeat.tablet
    return state.tools.filter {
      state.contacts[$0]?.inProximity == true && state.contacts[$0]?.surface != nil
    }
  }

  /// The injection seat's tablet state, when the tablet is plugged in and has `tool`.
  private func tabletState(for tool: TabletToolKind) throws -> TabletState {
    let state = inputSeat.tablet
    guard state.isPresent else { throw TabletError.tabletRemoved }
    guard state.tools.contains(tool) else { throw TabletError.noSuchTool(tool) }
    return state
  }

  /// The tool's latest contact: the client it is (or was last) in proximity of.
  private func tabletContact(_ tool: TabletToolKind) throws -> (TabletState, TabletState.Contact) {
    let state = try tabletState(for: tool)
    guard let contact = state.contacts[tool] else { throw TabletError.toolNeverInProximity(tool) }
    return (state, contact)
  }
}
