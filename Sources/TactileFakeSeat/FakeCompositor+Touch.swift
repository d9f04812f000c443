import CWaylandServer
import CWaylandServerProtocols

/// Touch injection. Frames are explicit: call ``touchFrame()`` where a real compositor would, or leave it
/// out (weston 10 sends no frame after the last `up`). Each point is bound to the surface it went down on.
extension FakeCompositor {
  /// Puts a finger down, activating the window first (`FakeCompositor+FocusOnPress.swift`).
  ///
  /// - Parameters:
  ///   - id: The touch id; must not be down already.
  ///   - position: Where; output positions pick the surface under the point.
  /// - Returns: The serial of the `down` event.
  /// - Throws: A ``FakeSeatError`` if the seat has no touch, the id is down, or no surface is there.
  @discardableResult
  public func touchDown(id: Int32, at position: Position) throws -> UInt32 {
    try recording(
      scriptPoint(position).map { "touch down \(id) \($0)" }, kind: "input at a point outside the output"
    ) {
      try require(.touch)
      guard inputSeat.touchPoints[id] == nil else { throw FakeSeatError.touchPointAlreadyDown(id: id) }
      let hit = try resolve(position)
      activateOnPress(hit.surface)
      let client = hit.surface.client
      let serial = nextSerial()
      inputSeat.touchPoints[id] = SeatState.TouchPoint(
        surface: hit.surface, client: client, serial: serial,
        position: (try? outputPoint(position)) ?? (hit.x, hit.y))
      let time = eventTime
      for touch in touchResources(of: client) {
        sendInputTimestamp(to: touch, nanoseconds: time.nanoseconds)
        wl_touch_send_down(
          touch.resource, serial, time.milliseconds, hit.surface.resource, id, wl_fixed_from_double(hit.x),
          wl_fixed_from_double(hit.y))
      }
      return serial
    }
  }

  /// Moves a finger that is down; positions are made local to the surface it is bound to. The finger of
  /// an interactive move or resize moves its window instead (`FakeCompositor+InteractiveGrabs.swift`),
  /// and its `up` ends that and reaches no client.
  ///
  /// - Throws: ``FakeSeatError/touchPointNotDown(id:)`` and position errors.
  public func touchMotion(id: Int32, to position: Position) throws {
    try recording(
      scriptPoint(position).map { "touch move \(id) \($0)" }, kind: "input at a point outside the output"
    ) {
      if isGrabbing(.touch(id: id)) {
        try grabMotion(to: position)
        return
      }
      if isDragging(.touch(id: id)) {
        try dragMotion(to: position)
        return
      }
      let (point, surface) = try livePoint(id)
      inputSeat.touchPoints[id]?.position = (try? outputPoint(position)) ?? point.position
      let local = try self.local(position, on: surface)
      let time = eventTime
      for touch in touchResources(of: point.client) {
        sendInputTimestamp(to: touch, nanoseconds: time.nanoseconds)
        wl_touch_send_motion(
          touch.resource, time.milliseconds, id, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
      }
    }
  }

  /// Lifts a finger.
  ///
  /// - Returns: The serial of the `up` event.
  @discardableResult
  public func touchUp(id: Int32) throws -> UInt32 {
    try recording("touch up \(id)") {
      guard let point = inputSeat.touchPoints.removeValue(forKey: id) else {
        throw FakeSeatError.touchPointNotDown(id: id)
      }
      let serial = nextSerial()
      if isGrabbing(.touch(id: id)) {
        endGrab()
        return serial
      }
      if isDragging(.touch(id: id)) {
        releaseDrag()
        guard configuration.touchDragsEndWithAnUp else { return serial }
      }
      let time = eventTime
      for touch in touchResources(of: point.client) {
        sendInputTimestamp(to: touch, nanoseconds: time.nanoseconds)
        wl_touch_send_up(touch.resource, serial, time.milliseconds, id)
      }
      return serial
    }
  }

  /// Ends a group of touch events: sends `frame` to every client that got touch events since the last one.
  public func touchFrame() {
    recording("touch frame") {
      for client in inputSeat.touchClientsSinceFrame {
        for touch in inputSeat.resources(inputSeat.touches, of: client) {
          wl_touch_send_frame(touch.resource)
        }
      }
      inputSeat.touchClientsSinceFrame = []
    }
  }

  /// Cancels every live point: `cancel` to each client with points (no frame follows), points forgotten.
  public func touchCancel() {
    recording("touch cancel") {
      if case .touch = inputSeat.windowGrab?.device { endGrab() }
      if case .touch = inputSeat.drag?.device { try? cancelDrag() }
      var clients: [OpaquePointer] = []
      for point in inputSeat.touchPoints.values where !clients.contains(point.client) {
        clients.append(point.client)
      }
      for client in clients {
        for touch in inputSeat.resources(inputSeat.touches, of: client) {
          wl_touch_send_cancel(touch.resource)
        }
      }
      inputSeat.touchPoints = [:]
      inputSeat.touchClientsSinceFrame = []
    }
  }

  /// Sends the contact ellipse's axes (`wl_touch.shape`, v6+) of a live point.
  public func touchShape(id: Int32, major: Double, minor: Double) throws {
    try recording("touch shape \(id) \(SessionRecorder.number(major)) \(SessionRecorder.number(minor))") {
      let (point, _) = try livePoint(id)
      for touch in touchResources(of: point.client) where touch.version >= WL_TOUCH_SHAPE_SINCE_VERSION {
        wl_touch_send_shape(touch.resource, id, wl_fixed_from_double(major), wl_fixed_from_double(minor))
      }
    }
  }

  /// Sends the contact ellipse's orientation in degrees (`wl_touch.orientation`, v6+) of a live point.
  public func touchOrientation(id: Int32, degrees: Double) throws {
    try recording("touch orientation \(id) \(SessionRecorder.number(degrees))") {
      let (point, _) = try livePoint(id)
      for touch in touchResources(of: point.client) where touch.version >= WL_TOUCH_ORIENTATION_SINCE_VERSION
      {
        wl_touch_send_orientation(touch.resource, id, wl_fixed_from_double(degrees))
      }
    }
  }

  /// The ids of the touch points that are down.
  public var touchPointIDs: [Int32] { inputSeat.touchPoints.keys.sorted() }

  private func livePoint(_ id: Int32) throws -> (SeatState.TouchPoint, Surface) {
    guard let point = inputSeat.touchPoints[id], let surface = point.surface else {
      throw FakeSeatError.touchPointNotDown(id: id)
    }
    return (point, surface)
  }

  /// The client's touch resources, noting the client for the next frame.
  private func touchResources(of client: OpaquePointer) -> [DeviceResource] {
    if !inputSeat.touchClientsSinceFrame.contains(client) { inputSeat.touchClientsSinceFrame.append(client) }
    return inputSeat.resources(inputSeat.touches, of: client)
  }

  func require(_ capability: Capabilities) throws {
    guard inputSeat.capabilities.contains(capability) else {
      throw FakeSeatError.missingCapability(capability)
    }
  }
}
