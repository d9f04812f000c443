import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat

/// A libwayland client in the fuzzer's process that sends what the fuzz input says, keeping every
/// object it made so that a request names a live (or deliberately destroyed-on-the-server) object.
final class RawClient {
  let compositor: FakeCompositor
  let display: OpaquePointer
  private var globals: [String: UInt32] = [:]
  /// The version each global is offered at: a bind asks for at most that.
  private var versions: [String: UInt32] = [:]
  private var bound: [String: OpaquePointer] = [:]
  private var surfaces: [OpaquePointer] = []
  private var xdgSurfaces: [OpaquePointer] = []
  private var buffers: [OpaquePointer] = []
  private var subsurfaces: [OpaquePointer] = []
  private var positioners: [OpaquePointer] = []
  private var sources: [OpaquePointer] = []
  private var others: [OpaquePointer] = []
  private var pointers: [OpaquePointer] = []
  private var locks: [OpaquePointer] = []
  private var confines: [OpaquePointer] = []
  private var inhibitors: [OpaquePointer] = []
  private var serial: UInt32 = 1
  private let registry: OpaquePointer

  init(_ compositor: FakeCompositor) {
    self.compositor = compositor
    display = wl_display_connect_to_fd(try! compositor.connectClient())!
    registry = wl_display_get_registry(display)!
    wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
    exchange()
    exchange()
  }

  var isConnected: Bool { wl_display_get_error(display) == 0 }

  func global(_ name: String, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32) -> OpaquePointer?
  {
    if let proxy = bound[name] { return proxy }
    guard let id = globals[name] else { return nil }
    let proxy = OpaquePointer(wl_registry_bind(registry, id, interface, min(version, versions[name] ?? 1)))!
    bound[name] = proxy
    return proxy
  }

  func pick(_ list: [OpaquePointer], _ reader: inout ByteReader) -> OpaquePointer? {
    list.isEmpty ? nil : list[Int(reader.byte()) % list.count]
  }

  func take(_ list: inout [OpaquePointer], _ reader: inout ByteReader) -> OpaquePointer? {
    list.isEmpty ? nil : list.remove(at: Int(reader.byte()) % list.count)
  }

  /// One request (or a flush and pump), chosen by `op`.
  func perform(_ op: UInt8, _ r: inout ByteReader) {
    let compositorGlobal = global("wl_compositor", tactile_iface_wl_compositor(), 5)!
    let wmBase = global("xdg_wm_base", tactile_iface_xdg_wm_base(), 5)!
    switch op % 32 {
    case 0: surfaces.append(wl_compositor_create_surface(compositorGlobal))
    case 1:
      if let surface = pick(surfaces, &r) {
        let xdg = xdg_wm_base_get_xdg_surface(wmBase, surface)!
        xdgSurfaces.append(xdg)
        others.append(xdg_surface_get_toplevel(xdg))
      }
    case 2:
      let shm = global("wl_shm", tactile_iface_wl_shm(), 1)!
      let (width, height) = (Int32(r.byte() % 64) + 1, Int32(r.byte() % 64) + 1)
      let size = Int(width * height * 4)
      let fd = tactile_memfd_create("fuzz")
      ftruncate(fd, off_t(size))
      let pool = wl_shm_create_pool(shm, fd, Int32(size))!
      buffers.append(
        wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue))
      wl_shm_pool_destroy(pool)
      close(fd)
    case 3:
      if let surface = pick(surfaces, &r) { wl_surface_attach(surface, pick(buffers, &r), 0, 0) }
    case 4: if let surface = pick(surfaces, &r) { wl_surface_commit(surface) }
    case 5: if let buffer = take(&buffers, &r) { wl_buffer_destroy(buffer) }
    case 6: if let surface = pick(surfaces, &r) { wl_surface_offset(surface, r.int32(), r.int32()) }
    case 7:
      if let xdg = pick(xdgSurfaces, &r) {
        xdg_surface_set_window_geometry(xdg, r.int32(), r.int32(), r.int32(), r.int32())
      }
    case 8: if let xdg = pick(xdgSurfaces, &r) { xdg_surface_ack_configure(xdg, serial) }
    case 9:
      let subcompositor = global("wl_subcompositor", tactile_iface_wl_subcompositor(), 1)!
      if let child = pick(surfaces, &r), let parent = pick(surfaces, &r) {
        subsurfaces.append(wl_subcompositor_get_subsurface(subcompositor, child, parent))
      }
    case 10: if let sub = pick(subsurfaces, &r) { wl_subsurface_set_position(sub, r.int32(), r.int32()) }
    case 11:
      if let sub = pick(subsurfaces, &r) {
        r.byte() % 2 == 0 ? wl_subsurface_set_desync(sub) : wl_subsurface_set_sync(sub)
      }
    case 12: if let sub = take(&subsurfaces, &r) { wl_subsurface_destroy(sub) }
    case 13: if let surface = take(&surfaces, &r) { wl_surface_destroy(surface) }
    case 14:
      let positioner = xdg_wm_base_create_positioner(wmBase)!
      xdg_positioner_set_size(positioner, r.int32(), r.int32())
      xdg_positioner_set_anchor_rect(positioner, r.int32(), r.int32(), r.int32(), r.int32())
      xdg_positioner_set_offset(positioner, r.int32(), r.int32())
      xdg_positioner_set_anchor(positioner, UInt32(r.byte() % 10))
      xdg_positioner_set_gravity(positioner, UInt32(r.byte() % 10))
      xdg_positioner_set_constraint_adjustment(positioner, UInt32(r.byte()))
      positioners.append(positioner)
    case 15:
      if let surface = pick(surfaces, &r), let parent = pick(xdgSurfaces, &r),
        let positioner = pick(positioners, &r)
      {
        let xdg = xdg_wm_base_get_xdg_surface(wmBase, surface)!
        xdgSurfaces.append(xdg)
        others.append(xdg_surface_get_popup(xdg, parent, positioner))
      }
    case 16: if let xdg = take(&xdgSurfaces, &r) { xdg_surface_destroy(xdg) }
    case 17:
      if let manager = global("wl_data_device_manager", tactile_iface_wl_data_device_manager(), 3) {
        let source = wl_data_device_manager_create_data_source(manager)!
        for index in 0..<Int(r.byte() % 8) { wl_data_source_offer(source, "type/\(index)-\(r.byte())") }
        sources.append(source)
      }
    case 18:
      if let manager = global("wl_data_device_manager", tactile_iface_wl_data_device_manager(), 3),
        let seat = global("wl_seat", tactile_iface_wl_seat(), 8)
      {
        let device = wl_data_device_manager_get_data_device(manager, seat)!
        wl_data_device_set_selection(device, pick(sources, &r), serial)
        others.append(device)
      }
    case 19: if let source = take(&sources, &r) { wl_data_source_destroy(source) }
    case 20:
      if let manager = global("zwp_text_input_manager_v3", tactile_iface_zwp_text_input_manager_v3(), 1),
        let seat = global("wl_seat", tactile_iface_wl_seat(), 8)
      {
        let input = zwp_text_input_manager_v3_get_text_input(manager, seat)!
        zwp_text_input_v3_enable(input)
        zwp_text_input_v3_set_surrounding_text(
          input, String(repeating: "é", count: Int(r.byte())), r.int32(), r.int32())
        zwp_text_input_v3_set_cursor_rectangle(input, r.int32(), r.int32(), r.int32(), r.int32())
        zwp_text_input_v3_commit(input)
        others.append(input)
      }
    case 21:
      if let seat = global("wl_seat", tactile_iface_wl_seat(), 8) {
        pointers.append(wl_seat_get_pointer(seat))
      }
    case 22: if let surface = pick(surfaces, &r) { wl_surface_set_buffer_scale(surface, r.int32()) }
    case 23...31: performDesktop(op % 32, &r, compositorGlobal)
    default: exchange()
    }
  }

  /// The desktop protocols: presentation feedback, relative pointers, locks and confinements with
  /// regions, inhibitors, activation tokens, xdg-output; each object may later lose what it refers to
  /// (its surface or pointer destroyed).
  private func performDesktop(_ op: UInt8, _ r: inout ByteReader, _ compositorGlobal: OpaquePointer) {
    switch op {
    case 23:
      if let presentation = global("wp_presentation", tactile_iface_wp_presentation(), 1),
        let surface = pick(surfaces, &r)
      {
        others.append(wp_presentation_feedback(presentation, surface))
      }
    case 24:
      if let manager = global(
        "zwp_relative_pointer_manager_v1", tactile_iface_zwp_relative_pointer_manager_v1(), 1),
        let pointer = pick(pointers, &r)
      {
        others.append(zwp_relative_pointer_manager_v1_get_relative_pointer(manager, pointer))
      }
    case 25, 26:
      if let constraints = global(
        "zwp_pointer_constraints_v1", tactile_iface_zwp_pointer_constraints_v1(), 1),
        let surface = pick(surfaces, &r), let pointer = pick(pointers, &r)
      {
        var region: OpaquePointer?
        if r.byte() % 2 == 0 {
          region = wl_compositor_create_region(compositorGlobal)
          wl_region_add(region, r.int32(), r.int32(), r.int32(), r.int32())
          wl_region_subtract(region, r.int32(), r.int32(), r.int32(), r.int32())
        }
        let lifetime = UInt32(r.byte() % 3)
        if op == 25 {
          let lock = zwp_pointer_constraints_v1_lock_pointer(constraints, surface, pointer, region, lifetime)!
          zwp_locked_pointer_v1_set_cursor_position_hint(lock, wl_fixed_from_int(r.int32()), 0)
          zwp_locked_pointer_v1_set_region(lock, region)
          locks.append(lock)
        } else {
          confines.append(
            zwp_pointer_constraints_v1_confine_pointer(constraints, surface, pointer, region, lifetime))
        }
        if let region { wl_region_destroy(region) }
      }
    case 27:
      if let lock = take(&locks, &r) { zwp_locked_pointer_v1_destroy(lock) }
      if let confine = take(&confines, &r) { zwp_confined_pointer_v1_destroy(confine) }
      if let pointer = take(&pointers, &r) { wl_pointer_release(pointer) }
    case 28:
      if let surface = pick(surfaces, &r) {
        if r.byte() % 2 == 0,
          let manager = global("zwp_idle_inhibit_manager_v1", tactile_iface_zwp_idle_inhibit_manager_v1(), 1)
        {
          inhibitors.append(zwp_idle_inhibit_manager_v1_create_inhibitor(manager, surface))
        } else if let manager = global(
          "zwp_keyboard_shortcuts_inhibit_manager_v1",
          tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(), 1),
          let seat = global("wl_seat", tactile_iface_wl_seat(), 8)
        {
          others.append(zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(manager, surface, seat))
        }
      }
    case 29:
      if let activation = global("xdg_activation_v1", tactile_iface_xdg_activation_v1(), 1),
        let seat = global("wl_seat", tactile_iface_wl_seat(), 8)
      {
        let token = xdg_activation_v1_get_activation_token(activation)!
        xdg_activation_token_v1_set_serial(token, serial, seat)
        if let surface = pick(surfaces, &r) { xdg_activation_token_v1_set_surface(token, surface) }
        xdg_activation_token_v1_commit(token)
        others.append(token)
        if let surface = pick(surfaces, &r) {
          xdg_activation_v1_activate(activation, "tactile-activation-\(r.byte() % 4)", surface)
        }
      }
    case 30:
      if let manager = global("zxdg_output_manager_v1", tactile_iface_zxdg_output_manager_v1(), 3),
        let output = global("wl_output", tactile_iface_wl_output(), 4)
      {
        others.append(zxdg_output_manager_v1_get_xdg_output(manager, output))
      }
    default:
      if let inhibitor = take(&inhibitors, &r) { zwp_idle_inhibitor_v1_destroy(inhibitor) }
      compositor.advanceClock(milliseconds: 17)
      exchange()
    }
  }

  /// Flush, pump the compositor, read without blocking.
  func exchange() {
    wl_display_flush(display)
    compositor.pump()
    // A broken connection keeps its queue (prepare_read would fail forever): nothing more to read.
    guard isConnected else { return }
    while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
    var poller = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
    if poll(&poller, 1, 0) > 0 { wl_display_read_events(display) } else { wl_display_cancel_read(display) }
    wl_display_dispatch_pending(display)
    serial = wl_display_get_error(display) == 0 ? serial &+ 1 : serial
  }

  /// Sends what is left, then disconnects (freeing every proxy).
  func finish() {
    exchange()
    for proxy in surfaces + xdgSurfaces + buffers + subsurfaces + positioners + sources + others + pointers
      + locks
      + confines + inhibitors
    {
      wl_proxy_destroy(proxy)
    }
    for proxy in bound.values { wl_proxy_destroy(proxy) }
    wl_proxy_destroy(registry)
    wl_display_disconnect(display)
    compositor.pump()
  }

  nonisolated(unsafe) static var registryListener = wl_registry_listener(
    global: { data, _, name, interface, version in
      let client = Unmanaged<RawClient>.fromOpaque(data!).takeUnretainedValue()
      client.globals[String(cString: interface!)] = name
      client.versions[String(cString: interface!)] = version
    },
    global_remove: { _, _, _ in })
}
