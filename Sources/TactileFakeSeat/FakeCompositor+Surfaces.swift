import CWaylandServer
import TactileRaster

extension FakeCompositor {
  /// The record of a client buffer, made at its first attach; it forgets the buffer when the client
  /// destroys it.
  func bufferRecord(for buffer: OpaquePointer) -> BufferRecord {
    if let record = buffers[buffer] { return record }
    let record = BufferRecord(resource: buffer) { [unowned(unsafe) self] in self.buffers[buffer] = nil }
    buffers[buffer] = record
    return record
  }

  /// Whether the compositor may copy `record`'s pixels for `surface` without the client's committed images
  /// exceeding ``Configuration/maximumClientImageBytes``; past it, the client gets an implementation error
  /// (and is disconnected), so that no client makes the compositor hold unbounded memory.
  func admits(_ record: BufferRecord, on surface: Surface) -> Bool {
    guard let size = record.shmSize else { return true }
    let held = (clients[surface.client]?.imageBytes ?? 0) - surface.image.byteCount
    let bytes = size.width * size.height * 4
    guard held + bytes > configuration.maximumClientImageBytes else { return true }
    tactile_client_post_implementation_error(
      surface.client,
      "a \(size.width)x\(size.height) buffer takes the client's committed images to \(held + bytes) bytes, "
        + "over the limit of \(configuration.maximumClientImageBytes)")
    return false
  }

  /// Holds `record`'s buffer for a commit and copies its pixels into `image`; releases it at once in
  /// automatic mode.
  ///
  /// Only the damaged rectangles are copied when `image` has the buffer's size (the rest of the buffer
  /// is unchanged, as the client promised by its damage); ``copiedPixelBytes`` counts what was copied.
  /// - Parameters:
  ///   - record: The attached buffer.
  ///   - image: Set to the buffer's pixels, or to `nil` when the client destroyed the buffer since it
  ///     attached it (the attachment then counts as a null buffer) or it is not a supported shm buffer.
  ///   - damage: The damaged rectangles in buffer pixels, or `nil` for the whole buffer.
  func takeContents(of record: BufferRecord, into image: inout Image?, damage: [Damage.Rectangle]?) {
    record.hold()
    if let copied = record.copyPixels(into: &image, damage: damage) {
      copiedPixelBytes += copied
    } else {
      image = nil
    }
    if configuration.bufferReleases == .automatic { record.release() }
  }

  /// Called after every applied commit: sends the output's `enter` to newly visible surfaces, stacks newly
  /// mapped windows, and answers frame callbacks if the mode says so.
  func surfaceCommitted(_ surface: Surface) {
    if surface.image != nil, !surface.enteredOutput {
      surface.enteredOutput = true
      for output in outputs where output.client == surface.client {
        wl_surface_send_enter(surface.resource, output.resource)
      }
    }
    if isStackingRoot(surface), isMapped(surface), stackPositions[surface.id] == nil {
      stackPositions[surface.id] = nextStackPosition
      nextStackPosition += 1
    }
    if surface.image == nil {
      stackPositions[surface.id] = nil
      // An unmapped surface loses the focus, as on weston and wlroots.
      for state in seats {
        if state.pointerFocus === surface { pointerLeave(on: state) }
        if state.keyboardFocus === surface { keyboardLeave(on: state) }
      }
    }
    scheduleRepaint()
  }

  /// Whether the surface is drawn: it has contents, a role that maps, and a mapped parent.
  func isMapped(_ surface: Surface) -> Bool {
    guard surface.image != nil else { return false }
    switch surface.role {
    case .xdg(let xdg): return xdg.isMappable
    case .subsurface(let sub): return sub.parent.map(isMapped) ?? false
    case .none, .cursor: return false
    }
  }

  func isStackingRoot(_ surface: Surface) -> Bool {
    if case .xdg = surface.role { return true }
    return false
  }

  func surfaceDestroyed(_ surface: Surface) {
    surface.subsurface?.parent?.familyStack.removeAll { $0 === surface }
    surfaces[surface.id] = nil
    stackPositions[surface.id] = nil
    for state in seats { state.forget(surface) }
  }

  func scheduleRepaint() {
    guard case .automatic(let interval) = configuration.frameCallbacks, interval > 0 else { return }
    if repaintTimer == nil {
      repaintTimer = wl_event_loop_add_timer(
        loop,
        { data in
          let compositor = Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue()
          compositor.repaintArmed = false
          compositor.fireFrameCallbacks()
          return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
    guard !repaintArmed else { return }
    repaintArmed = true
    wl_event_source_timer_update(repaintTimer, interval)
  }

  /// Answers the committed frame callbacks of every mapped surface with `done` ("repaint"). Callbacks of
  /// hidden surfaces stay pending, as on real compositors.
  public func fireFrameCallbacks() {
    for surface in surfaces.values where isMapped(surface) || surface.role.isCursor {
      let callbacks = surface.committedFrameCallbacks
      surface.committedFrameCallbacks = []
      for callback in callbacks { callback.fire() }
    }
  }

  /// Releases every held buffer (``BufferReleaseMode/manual``).
  public func releaseBuffers() {
    for record in buffers.values { record.release() }
  }

  /// How many committed buffers the compositor still holds (not yet released).
  public var heldBufferCount: Int { buffers.values.filter(\.held).count }

  /// How many frame callbacks are waiting for their `done` (requested or committed).
  public var pendingFrameCallbackCount: Int {
    surfaces.values.reduce(0) { $0 + $1.committedFrameCallbacks.count + $1.pending.frameCallbacks.count }
  }
}

extension Surface.Role {
  var isCursor: Bool {
    if case .cursor = self { return true }
    return false
  }
}
