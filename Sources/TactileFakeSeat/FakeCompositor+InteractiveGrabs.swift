import CWaylandServer
import CWaylandServerProtocols

/// Interactive moves and resizes a client asks for (`xdg_toplevel.move` and `resize`), carried out the
/// way a desktop compositor does: the window follows the pointer or touch point whose press the
/// request's serial names until that press ends.
///
/// A request is honoured only with the serial of a press that is still held on the window's client —
/// the latest pointer button press while a button is down, or the `down` of a touch point that is
/// still down — and only when no other grab is in progress on the seat; any other serial is ignored,
/// as weston, mutter and wlroots ignore it (the request log still has it). While the grab lasts the
/// compositor owns the device: a pointer grab sends the window's client `leave` at its start (as mutter
/// does) and `enter` where the pointer is at its end, its motion and buttons reach no client; a touch
/// grab sends the client `cancel` for its points (so none is left without an end), its motion and its
/// `up` reach no client. A move shifts the window by the distance travelled. A resize sends a configure
/// with the `resizing` state and the new size whenever the size changes, moving only the named edges
/// (the window's position changes at once with a left or top edge, not when the client commits the new
/// size) and keeping at least 1×1 and the client's minimum and maximum sizes; its end sends a configure
/// without `resizing`.
extension FakeCompositor {
  /// Begins a move (`edges` nil) or a resize of `toplevel` if `serial` names a held press (see above).
  func beginGrab(of toplevel: XdgToplevel, seat: SeatState, serial: UInt32, edges: UInt32?) {
    guard seat.windowGrab == nil, seat.drag == nil, let surface = toplevel.xdgSurface?.surface,
      isMapped(surface)
    else {
      return
    }
    let client = surface.client
    let frame = (
      x: toplevel.x, y: toplevel.y, width: toplevel.xdgSurface?.geometry?.width ?? surface.size.width,
      height: toplevel.xdgSurface?.geometry?.height ?? surface.size.height
    )
    func grab(_ device: WindowGrab.Device, from start: (x: Double, y: Double)) -> WindowGrab {
      WindowGrab(
        device: device, toplevel: toplevel, edges: edges, start: start, frame: frame,
        size: (frame.width, frame.height))
    }
    if serial == seat.pointerPressSerial, seat.pointerFocus?.client == client,
      let position = seat.pointerPosition
    {
      seat.windowGrab = grab(.pointer, from: position)
      pointerLeave(on: seat)
      seat.pointerLeft = nil
      for pointer in seat.resources(seat.pointers, of: client)
      where pointer.version >= WL_POINTER_FRAME_SINCE_VERSION {
        wl_pointer_send_frame(pointer.resource)
      }
    } else if let (id, point) = seat.touchPoints.first(where: {
      $0.value.serial == serial && $0.value.client == client
    }) {
      seat.windowGrab = grab(.touch(id: id), from: point.position)
      for touch in seat.resources(seat.touches, of: client) { wl_touch_send_cancel(touch.resource) }
      seat.touchPoints = seat.touchPoints.filter { $0.key == id || $0.value.client != client }
      seat.touchClientsSinceFrame.removeAll { $0 == client }
    } else {
      return
    }
    if edges != nil {
      toplevel.update {
        $0.resizing = true
        $0.requestedSize = (frame.width, frame.height)
      }
    }
  }

  /// Whether the seat in use has a grab driven by `device`.
  func isGrabbing(_ device: WindowGrab.Device) -> Bool {
    inputSeat.windowGrab?.device == device
  }

  /// Moves the grab's pointer or touch point to `position`, moving or resizing its window.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)`` for a surface position on a surface that is gone.
  func grabMotion(to position: Position) throws {
    guard var grab = inputSeat.windowGrab else { return }
    let point = try outputPoint(position)
    switch grab.device {
    case .pointer: inputSeat.pointerPosition = point
    case .touch(let id): inputSeat.touchPoints[id]?.position = point
    }
    guard let toplevel = grab.toplevel else { return }
    let frame = grab.frame(for: point, minimum: toplevel.minimumSize, maximum: toplevel.maximumSize)
    toplevel.x = frame.x
    toplevel.y = frame.y
    if grab.edges != nil, (frame.width, frame.height) != grab.size {
      grab.size = (frame.width, frame.height)
      toplevel.update { $0.requestedSize = grab.size }
    }
    inputSeat.windowGrab = grab
  }

  /// Ends the grab of the seat in use: a resize's last configure drops `resizing`, and a pointer grab
  /// gives the pointer back to the surface under it.
  func endGrab() {
    guard let grab = inputSeat.windowGrab else { return }
    inputSeat.windowGrab = nil
    if grab.edges != nil { grab.toplevel?.update { $0.resizing = false } }
    if grab.device == .pointer, let position = inputSeat.pointerPosition,
      pick(x: position.x, y: position.y) != nil
    {
      unrecorded {
        _ = try? pointerMotion(to: .output(x: position.x, y: position.y))
        pointerFrame()
      }
    }
  }

  /// The output coordinates of a position.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)`` for a surface with no place on the output.
  func outputPoint(_ position: Position) throws -> (x: Double, y: Double) {
    switch position {
    case .output(let x, let y): return (x, y)
    case .surface(let id, let x, let y):
      guard let surface = surfaces[id], let origin = origin(of: surface) else {
        throw FakeSeatError.unknownSurface(id: id)
      }
      return (Double(origin.x) + x, Double(origin.y) + y)
    }
  }

  /// The `xdg_toplevel.resize_edge` values.
  static let resizeEdges: Set<UInt32> = [0, 1, 2, 4, 5, 6, 8, 9, 10]
}
