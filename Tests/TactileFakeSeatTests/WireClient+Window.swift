import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat

/// A toplevel window of a ``WireClient``: surface, xdg_surface, xdg_toplevel and shm buffers.
///
/// Its listeners get it as unretained user data, so the client keeps each window it makes until the
/// client itself goes (``WireClient/windows``): an event for a window a test let go of (a buffer
/// released at the next roundtrip) must not reach a freed object.
final class WireWindow {
  unowned let client: WireClient
  let surface: OpaquePointer
  let xdgSurface: OpaquePointer
  let toplevel: OpaquePointer
  let shm: OpaquePointer
  /// Serials of `xdg_surface.configure` events received, oldest first.
  var configureSerials: [UInt32] = []
  var releasedBuffers = 0

  /// Creates the window and does the initial commit; the configure arrives with the next roundtrip.
  init(_ client: WireClient, compositorGlobal: OpaquePointer, wmBase: OpaquePointer) {
    self.client = client
    surface = client.own(wl_compositor_create_surface(compositorGlobal))
    xdgSurface = client.own(xdg_wm_base_get_xdg_surface(wmBase, surface))
    toplevel = client.own(xdg_surface_get_toplevel(xdgSurface))
    shm = client.bind("wl_shm", tactile_iface_wl_shm(), version: 1)
    client.windows.append(self)
    xdg_surface_add_listener(
      xdgSurface, &WireWindow.xdgSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
    xdg_toplevel_add_listener(toplevel, &WireWindow.toplevelListener, client.userData)
    xdg_toplevel_set_title(toplevel, "wire window")
    wl_surface_commit(surface)
    client.roundtrip()
  }

  /// Creates a `width`×`height` ARGB8888 buffer filled with `argb` (owned by the client).
  func makeBuffer(width: Int32, height: Int32, argb: UInt32) -> OpaquePointer {
    makeBuffer(width: width, height: height, pixels: [UInt32](repeating: argb, count: Int(width * height)))
  }

  /// Creates a `width`×`height` ARGB8888 buffer of `pixels`, row by row (owned by the client).
  func makeBuffer(width: Int32, height: Int32, pixels: [UInt32]) -> OpaquePointer {
    let size = Int(width * height * 4)
    let fd = tactile_memfd_create("wire-buffer")
    ftruncate(fd, off_t(size))
    let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)!
    memory.bindMemory(to: UInt32.self, capacity: size / 4).update(from: pixels, count: size / 4)
    munmap(memory, size)
    let pool = wl_shm_create_pool(shm, fd, Int32(size))!
    let buffer = client.own(
      wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue))
    wl_buffer_add_listener(buffer, &WireWindow.bufferListener, Unmanaged.passUnretained(self).toOpaque())
    wl_shm_pool_destroy(pool)
    close(fd)
    return buffer
  }

  /// Acks the latest configure, attaches a filled buffer, commits, and roundtrips: the window is mapped.
  @discardableResult
  func map(width: Int32 = 100, height: Int32 = 80, argb: UInt32 = 0xFF20_4080) -> OpaquePointer {
    xdg_surface_ack_configure(xdgSurface, configureSerials.last!)
    let buffer = makeBuffer(width: width, height: height, argb: argb)
    wl_surface_attach(surface, buffer, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, width, height)
    wl_surface_commit(surface)
    client.roundtrip()
    return buffer
  }

  nonisolated(unsafe) static var xdgSurfaceListener = xdg_surface_listener(configure: { data, _, serial in
    Unmanaged<WireWindow>.fromOpaque(data!).takeUnretainedValue().configureSerials.append(serial)
  })

  nonisolated(unsafe) static var toplevelListener = xdg_toplevel_listener(
    configure: { data, _, width, height, states in
      let count = (states?.pointee.size ?? 0) / 4
      let values = (0..<count).map { states!.pointee.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
      WireClient.from(data).events.append("toplevel.configure \(width)x\(height) \(values)")
    },
    close: { data, _ in WireClient.from(data).events.append("toplevel.close") },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in })

  nonisolated(unsafe) static var bufferListener = wl_buffer_listener(release: { data, _ in
    Unmanaged<WireWindow>.fromOpaque(data!).takeUnretainedValue().releasedBuffers += 1
  })
}

extension WireClient {
  /// Binds wl_compositor and xdg_wm_base (answering pings) and creates a window.
  func makeWindow() -> WireWindow {
    let compositorGlobal = bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let wmBase = bind("xdg_wm_base", tactile_iface_xdg_wm_base(), version: 5)
    xdg_wm_base_add_listener(wmBase, &WireClient.wmBaseListener, nil)
    return WireWindow(self, compositorGlobal: compositorGlobal, wmBase: wmBase)
  }

  nonisolated(unsafe) static var wmBaseListener = xdg_wm_base_listener(ping: { _, base, serial in
    xdg_wm_base_pong(base, serial)
  })
}
