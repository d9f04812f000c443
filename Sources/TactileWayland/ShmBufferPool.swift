import CWaylandClient
import CWaylandProtocols
import TactileCore

/// One `wl_buffer` over its own sealed memfd: premultiplied ARGB8888 pixels, `stride` bytes per row.
@MainActor
final class ShmBuffer {
  let identifier: Int
  let proxy: OpaquePointer
  let size: BufferLedger.PixelSize
  let stride: Int
  private let memory: SharedMemory
  /// Kept so that the `wl_display` outlives the buffer proxy.
  private let connection: WaylandConnection
  fileprivate weak var pool: ShmBufferPool?

  fileprivate init(
    identifier: Int, shm: OpaquePointer, size: BufferLedger.PixelSize, connection: WaylandConnection
  ) throws(WaylandError) {
    self.identifier = identifier
    self.connection = connection
    self.size = size
    stride = size.width * 4
    memory = try SharedMemory(byteCount: stride * size.height)
    let shmPool = wl_shm_create_pool(shm, memory.fileDescriptor, Int32(memory.byteCount))
    proxy = wl_shm_pool_create_buffer(
      shmPool, 0, Int32(size.width), Int32(size.height), Int32(stride),
      WL_SHM_FORMAT_ARGB8888.rawValue)
    // The buffer keeps the pool's memory alive; the pool object itself is no longer needed.
    wl_shm_pool_destroy(shmPool)
    wl_buffer_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    wl_buffer_destroy(proxy)
  }

  /// The first byte of the first row. Write only while the buffer is free.
  var baseAddress: UnsafeMutableRawPointer { memory.baseAddress }

  private static let listener = permanentListener(
    wl_buffer_listener(release: { data, _ in
      withListenerTarget(data, ShmBuffer.self) { buffer in
        buffer.pool?.released(buffer.identifier)
      }
    }))
}

/// The shm buffers of one surface: at least two once drawing outpaces the compositor, grown instead of
/// ever waiting for a release, resized on configure. Follows ``BufferLedger``'s decisions and keeps each
/// buffer's ``BufferState`` there, so a buffer the compositor holds is never handed out for drawing.
///
/// Buffer age: the pool numbers the frames it commits, remembers which frame each buffer last showed and
/// the damage of recent frames (``DamageHistory``), so a reused buffer is redrawn only where it is out of
/// date (``staleRegion(of:)``). A new size or ``invalidateContents()`` makes every buffer's content unknown.
@MainActor
final class ShmBufferPool {
  private let shm: OpaquePointer
  private let connection: WaylandConnection
  private var ledger: BufferLedger
  private var buffers: [Int: ShmBuffer] = [:]
  private var history = DamageHistory()

  /// - Parameters:
  ///   - shm: The bound `wl_shm`.
  ///   - size: The pixel size of the first buffers.
  ///   - connection: The connection the buffers live on.
  init(shm: OpaquePointer, size: BufferLedger.PixelSize, connection: WaylandConnection) {
    self.shm = shm
    self.connection = connection
    ledger = BufferLedger(size: size)
  }

  /// The current buffer size in pixels.
  var size: BufferLedger.PixelSize { ledger.size }

  /// How many buffers exist (any state).
  var count: Int { buffers.count }

  /// Makes future buffers `size`; free buffers of another size are destroyed now, held ones on release.
  func resize(to size: BufferLedger.PixelSize) {
    guard size != ledger.size else { return }
    history.invalidate()
    for identifier in ledger.resize(to: size) { buffers.removeValue(forKey: identifier) }
  }

  /// A free buffer of the current size, created if none is free.
  ///
  /// - Throws: ``WaylandError/sharedMemory(operation:reason:)`` when a new buffer's memory fails.
  func acquire() throws(WaylandError) -> ShmBuffer {
    switch ledger.acquire() {
    case .reuse(let identifier):
      return buffers[identifier]!
    case .create(let identifier, let size):
      do throws(WaylandError) {
        let buffer = try ShmBuffer(
          identifier: identifier, shm: shm, size: size, connection: connection)
        buffer.pool = self
        buffers[identifier] = buffer
        return buffer
      } catch {
        ledger.forget(identifier)
        throw error
      }
    }
  }

  /// What `buffer` misses of the latest committed frame, in buffer pixels: empty when it shows that frame,
  /// nil when its content is unknown (new, too old, or drawn at another size or scale).
  func staleRegion(of buffer: ShmBuffer) -> DamageRegion? {
    history.staleRegion(sinceFrame: ledger.frame(of: buffer.identifier))
  }

  /// Makes every buffer's content unknown (the scale changed), so each is drawn whole when next used.
  func invalidateContents() {
    history.invalidate()
  }

  /// Attaches `buffer` to `surface` as a new frame that changed `damage` (buffer pixels) since the
  /// previous one; from here until its release the compositor owns its pixels.
  func attach(_ buffer: ShmBuffer, to surface: OpaquePointer, damage: DamageRegion) {
    ledger.attach(buffer.identifier, frame: history.commit(damage))
    wl_surface_attach(surface, buffer.proxy, 0, 0)
  }

  fileprivate func released(_ identifier: Int) {
    if ledger.release(identifier) == .retired { buffers.removeValue(forKey: identifier) }
  }
}
