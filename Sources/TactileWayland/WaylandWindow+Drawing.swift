import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileRaster

/// What a window's ``WaylandWindow/onDraw`` draws into: a pixmap over one free shm buffer (premultiplied
/// ARGB8888), valid only during the call, and the frame's damage.
///
/// Contract: the buffer holds an older frame (or garbage). The drawer sets ``damage`` to what changed since
/// the previous frame and draws, at least, ``damage`` ∪ ``staleRegion``; left nil (the default), the whole
/// buffer counts as changed and every pixel must be drawn. The window commits ``damage`` as
/// `wl_surface.damage_buffer` rectangles; an empty damage commits no buffer at all (the surface keeps
/// showing the previous one).
@MainActor
public final class WindowFrame {
  /// The buffer's pixels, `scale` × the logical size.
  public let pixmap: Pixmap
  /// The window's logical size.
  public let logicalSize: Size
  /// Buffer pixels per logical unit.
  public let scale: Double
  /// The pixels this buffer misses of the previous frame (the damage of the frames committed since it was
  /// last shown), or nil when its content is unknown (a new buffer, a new size or scale) and every pixel
  /// must be drawn.
  public let staleRegion: DamageRegion?
  /// What this frame changed since the previous one, in buffer pixels (whole numbers); nil: everything.
  public var damage: DamageRegion?

  init(pixmap: Pixmap, logicalSize: Size, scale: Double, staleRegion: DamageRegion?) {
    self.pixmap = pixmap
    self.logicalSize = logicalSize
    self.scale = scale
    self.staleRegion = staleRegion
  }

  /// The whole buffer, in pixels.
  public var bufferRect: Rect {
    Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
  }
}

extension WaylandWindow {
  /// Draws into a free buffer and commits it with its damage and a frame callback (without the buffer when
  /// nothing changed); called by the ``FramePacer``.
  func render() {
    guard let objects, let pool, let size else { return }
    let buffer: ShmBuffer
    do {
      buffer = try pool.acquire()
    } catch {
      display.loop.fail(error)
      return
    }
    guard
      let pixmap = try? Pixmap(
        base: buffer.baseAddress, width: buffer.size.width, height: buffer.size.height,
        stride: buffer.stride)
    else { preconditionFailure("shm buffer \(buffer.identifier): geometry rejected by Pixmap") }
    let frame = WindowFrame(
      pixmap: pixmap, logicalSize: Size(width: Double(size.width), height: Double(size.height)),
      scale: scale.factor, staleRegion: pool.staleRegion(of: buffer))
    onDraw?(frame)
    let damage = frame.damage ?? DamageRegion(frame.bufferRect)
    if !damage.isEmpty {
      attach(buffer, damage: damage, to: objects.surface, pool: pool)
      framesCommitted += 1
      requestPresentationFeedback(on: objects.surface)
    }
    let callback = wl_surface_frame(objects.surface)
    objects.frameCallback = callback
    wl_callback_add_listener(callback, Self.frameListener, listenerData(self))
    wl_surface_commit(objects.surface)
  }

  /// Attaches `buffer` with its scale, viewport and `damage` (buffer pixels) for the coming commit.
  private func attach(
    _ buffer: ShmBuffer, damage: DamageRegion, to surface: OpaquePointer, pool: ShmBufferPool
  ) {
    pool.attach(buffer, to: surface, damage: damage)
    switch scale {
    case .integer(let factor):
      wl_surface_set_buffer_scale(surface, Int32(factor))
    case .fractional:
      wl_surface_set_buffer_scale(surface, 1)
    }
    if let viewport = objects?.viewport, let size {
      wp_viewport_set_destination(viewport, Int32(size.width), Int32(size.height))
    }
    for rect in damage.rects {
      wl_surface_damage_buffer(
        surface, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
    }
  }

  /// Asks the compositor when the coming commit is shown, if it answers input (``unansweredInputTime``)
  /// and the compositor offers `wp_presentation`; the answer goes to the core window
  /// (``TactileCore/Window/deliver(framePresentation:)``).
  private func requestPresentationFeedback(on surface: OpaquePointer) {
    guard let inputTime = unansweredInputTime, let presentation = display.presentation else { return }
    unansweredInputTime = nil
    presentation.requestFeedback(for: surface, inputTime: inputTime) { [weak self] frame in
      self?.content?.deliver(framePresentation: frame)
    }
  }

  /// Input at `time` (seconds on the input clock) reached the window: the next committed buffer answers
  /// it, if the window needs a frame once the events read with it were handled (on the loop's next turn).
  /// Input that changed nothing on screen is forgotten then, so that a later frame for another reason (a
  /// timer, an animation) is not timed from it.
  func inputArrived(at time: Double) {
    unansweredInputTime = min(unansweredInputTime ?? time, time)
    guard inputFrameCheck == nil else { return }
    inputFrameCheck = display.loop.schedule(at: display.loop.now) { [weak self] in
      guard let self else { return }
      inputFrameCheck = nil
      if !pacer.needsDisplay { unansweredInputTime = nil }
    }
  }

  /// A frame callback fired; only the one of the latest commit counts.
  func frameDone(_ callback: ProxyKey) {
    guard let objects, let current = objects.frameCallback, ProxyKey(current) == callback else { return }
    objects.frameCallback = nil
    pacer.frameDone()
  }
}
