import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore

/// A connected compositor with the globals Tactile uses, and the event loop that drives it: the root
/// object of the Wayland platform.
///
/// Required: `wl_compositor` (≥ 4), `wl_shm`, `xdg_wm_base`. Optional, used when offered: `wp_viewporter`
/// with `wp_fractional_scale_manager_v1` (fractional scale), `zxdg_decoration_manager_v1` (server-side
/// decorations), `zwp_pointer_gestures_v1`, `zwp_text_input_manager_v3`, `wl_data_device_manager` and
/// `zwp_primary_selection_device_manager_v1` (``clipboard``, ``primarySelection``), `wp_presentation`
/// (when frames that answered input reached the screen), `zwp_input_timestamps_manager_v1` (nanosecond
/// input times, `InputTimestamps`), `wl_output`s and
/// `wl_seat`s, which may come and go at any time. Each is bound at
/// `min(advertised, implemented)` (``InterfaceVersion``).
@MainActor
public final class WaylandDisplay {
  public let connection: WaylandConnection
  /// The loop to run; also the platform's ``/TactileCore/Scheduler``.
  public let loop: EventLoop
  private let registry: Registry
  let compositor: OpaquePointer
  let shm: OpaquePointer
  let wmBase: OpaquePointer
  let viewporter: OpaquePointer?
  /// `wp_presentation`, when offered (frame presentation feedback).
  let presentation: Presentation?
  /// `zwp_input_timestamps_manager_v1`, when offered: each seat device subscribes to nanosecond times
  /// (``InputTimestamps``).
  let inputTimestampsManager: OpaquePointer?
  let fractionalScaleManager: OpaquePointer?
  let decorationManager: OpaquePointer?
  /// `zwp_pointer_gestures_v1`, when offered (touchpad swipe, pinch and hold).
  let pointerGestures: OpaquePointer?
  /// `zwp_text_input_manager_v3`, when offered (on-screen keyboards and input methods).
  let textInputManager: OpaquePointer?
  /// `zwp_tablet_manager_v2`, when offered (pens: ``TabletDevice``).
  let tabletManager: OpaquePointer?
  /// `wl_data_device_manager`, when offered (the clipboard).
  private let dataDeviceManager: OpaquePointer?
  /// `zwp_primary_selection_device_manager_v1`, when offered (the primary selection).
  private let primarySelectionManager: OpaquePointer?
  /// The system clipboard, for ``/TactileCore/Application/pasteboard`` (``WindowApp``
  /// connects it). Without a data device manager it keeps the text inside the app.
  public private(set) lazy var clipboard = SystemPasteboard(kind: .clipboard, display: self)
  /// The primary selection, for ``/TactileCore/Application/primarySelection``; `nil` when the compositor
  /// offers none.
  public private(set) lazy var primarySelection: SystemPasteboard? =
    primarySelectionManager == nil ? nil : SystemPasteboard(kind: .primary, display: self)
  private(set) var outputs: [UInt32: Output] = [:]
  private(set) var seats: [UInt32: Seat] = [:]
  private var windows: [ProxyKey: WeakWindow] = [:]
  /// The recorder of this display's seat input, when `TACTILE_RECORD` names a file or the app started
  /// recording (``InputRecorder``, `WaylandDisplay+Recording.swift`).
  var recorder: InputRecorder?
  /// The numbers the seats' decoded input events name surfaces by.
  var inputSurfaces = InputSurfaces()
  /// This app's drag to other apps, while one is in flight (`WaylandDisplay+DragAndDrop.swift`).
  var dragInFlight: DragInFlight?
  /// The drags over this app's windows, for every seat's data device.
  lazy var dropTarget = DropTarget(display: self)
  /// Receives input problems that disable a device without stopping the app (a keymap that cannot be
  /// used). The default writes one line to standard error.
  public var onInputError: @MainActor (SeatError) -> Void = { error in
    StandardError.write("tactile: \(error)\n")
  }

  /// Connects as `wl_display_connect` would with `environment` and binds the globals.
  ///
  /// - Parameter environment: The variables naming the socket (`WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`);
  ///   the process's own by default.
  /// - Throws: ``WaylandError/noCompositor(socket:reason:)`` naming the socket tried, then any error of
  ///   `init(connection:)`.
  public convenience init(environment: [String: String] = ProcessEnvironment.current) throws(WaylandError) {
    try self.init(connection: WaylandConnection(environment: environment))
  }

  /// Binds the globals of an open connection (two roundtrips, run on `loop`).
  ///
  /// - Parameters:
  ///   - connection: The connection.
  ///   - loop: The loop to drive it, if the caller has set one up already (with watches of other event
  ///     sources, such as an in-process compositor); by default a new one.
  /// - Throws: ``WaylandError/missingGlobal(name:)``, ``WaylandError/unsupportedVersion(name:required:available:)``,
  ///   or the connection's error.
  public init(connection: WaylandConnection, loop: EventLoop? = nil) throws(WaylandError) {
    self.connection = connection
    recorder = InputRecorder()
    if let loop {
      self.loop = loop
    } else {
      self.loop = try EventLoop(connection: connection)
    }
    registry = Registry(connection: connection)
    try Self.roundtrip(connection, self.loop)
    // A display whose init throws never runs deinit: a required global missing after others were bound
    // destroys those here, or their proxies leak.
    let compositor = try Self.bindRequired(registry, .compositor, tactile_iface_wl_compositor())
    let shm: OpaquePointer
    do {
      shm = try Self.bindRequired(registry, .shm, tactile_iface_wl_shm())
    } catch {
      wl_compositor_destroy(compositor)
      throw error
    }
    do {
      wmBase = try Self.bindRequired(registry, .wmBase, tactile_iface_xdg_wm_base())
    } catch {
      wl_shm_destroy(shm)
      wl_compositor_destroy(compositor)
      throw error
    }
    self.compositor = compositor
    self.shm = shm
    viewporter = Self.bindOptional(registry, .viewporter, tactile_iface_wp_viewporter())
    presentation = Self.bindOptional(registry, .presentation, tactile_iface_wp_presentation()).map {
      Presentation(proxy: $0, connection: connection, log: PresentationLog())
    }
    inputTimestampsManager = Self.bindOptional(
      registry, .inputTimestamps, tactile_iface_zwp_input_timestamps_manager_v1())
    fractionalScaleManager = Self.bindOptional(
      registry, .fractionalScale, tactile_iface_wp_fractional_scale_manager_v1())
    decorationManager = Self.bindOptional(
      registry, .decoration, tactile_iface_zxdg_decoration_manager_v1())
    pointerGestures = Self.bindOptional(
      registry, .pointerGestures, tactile_iface_zwp_pointer_gestures_v1())
    textInputManager = Self.bindOptional(
      registry, .textInput, tactile_iface_zwp_text_input_manager_v3())
    tabletManager = Self.bindOptional(registry, .tabletManager, tactile_iface_zwp_tablet_manager_v2())
    dataDeviceManager = Self.bindOptional(
      registry, .dataDeviceManager, tactile_iface_wl_data_device_manager())
    primarySelectionManager = Self.bindOptional(
      registry, .primarySelection, tactile_iface_zwp_primary_selection_device_manager_v1())
    xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
    registry.onAdded = { [unowned self] in self.globalAdded($0) }
    registry.onRemoved = { [unowned self] in self.globalRemoved($0) }
    for global in registry.globals.values.sorted(by: { $0.name < $1.name }) { globalAdded(global) }
    // A broken connection can no longer end what the seats hold: they cancel it themselves.
    connection.onFailure = { [weak self] _ in
      for seat in self?.seats.values.sorted(by: { $0.globalName < $1.globalName }) ?? [] {
        seat.finishDevices()
      }
    }
    try Self.roundtrip(connection, self.loop)
  }

  isolated deinit {
    registry.onAdded = nil
    registry.onRemoved = nil
    outputs.removeAll()
    seats.removeAll()
    if let primarySelectionManager {
      zwp_primary_selection_device_manager_v1_destroy(primarySelectionManager)
    }
    if let dataDeviceManager { wl_data_device_manager_destroy(dataDeviceManager) }
    if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
    if let textInputManager { zwp_text_input_manager_v3_destroy(textInputManager) }
    if let tabletManager { zwp_tablet_manager_v2_destroy(tabletManager) }
    if let pointerGestures {
      if zwp_pointer_gestures_v1_get_version(pointerGestures) >= 2 {
        zwp_pointer_gestures_v1_release(pointerGestures)
      } else {
        zwp_pointer_gestures_v1_destroy(pointerGestures)
      }
    }
    if let inputTimestampsManager { zwp_input_timestamps_manager_v1_destroy(inputTimestampsManager) }
    if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
    if let viewporter { wp_viewporter_destroy(viewporter) }
    xdg_wm_base_destroy(wmBase)
    wl_shm_destroy(shm)
    wl_compositor_destroy(compositor)
  }

  /// The integer scale of a bound output, or nil if `proxy` is not (or no longer) one.
  func outputScale(_ proxy: ProxyKey) -> Int? {
    outputs.values.first { ProxyKey($0.proxy) == proxy }?.scale
  }

  func register(_ window: WaylandWindow, surface: ProxyKey) {
    windows[surface] = WeakWindow(window: window)
  }

  func unregister(surface: ProxyKey) {
    for seat in seats.values { seat.surfaceWillClose(surface) }
    windows.removeValue(forKey: surface)
  }

  /// The Wayland window of `surface`, if it is one of ours (events for other surfaces are ignored).
  func waylandWindow(for surface: ProxyKey) -> WaylandWindow? {
    windows[surface]?.window
  }

  /// The core window shown on `surface`, if any.
  func coreWindow(for surface: ProxyKey) -> Window? {
    windows[surface]?.window?.content
  }

  /// The seat with the most recent touch down or button press, with that event's serial: what a popup
  /// grab names (compositors check it against the press that is still driving the interaction);
  /// `nil` when no seat has had one. Serials come from one display-wide counter, so the largest is the
  /// latest (a wrap after 2³² events is not handled).
  var latestPressSerial: (seat: OpaquePointer, serial: UInt32)? {
    let best = seats.values.max { $0.latestPressSerial < $1.latestPressSerial }
    guard let best, best.latestPressSerial != 0 else { return nil }
    return (best.proxy, best.latestPressSerial)
  }

  /// The seat of the point with core id `id` and the serial of the touch down or button press that
  /// started it, while it is down: what a move or resize that point started must name (compositors
  /// check it against the press driving the interaction, which need not be the latest one).
  func pressSerial(ofPoint id: Int) -> (seat: OpaquePointer, serial: UInt32)? {
    for seat in seats.values {
      if let serial = seat.pressSerial(ofPoint: id) { return (seat.proxy, serial) }
    }
    return nil
  }

  /// The manager of `kind`'s selection devices and sources, when the compositor offers it.
  func selectionManager(_ kind: SelectionKind) -> OpaquePointer? {
    kind == .clipboard ? dataDeviceManager : primarySelectionManager
  }

  /// The seat whose latest input event (key, button or touch) is the most recent of all seats, else the
  /// first seat: where the selections are set and read. Serials come from one display-wide counter.
  var inputSeat: Seat? {
    seats.values.max { ($0.latestSerial, $1.globalName) < ($1.latestSerial, $0.globalName) }
  }

  func reportInputError(_ error: any Error) {
    guard let error = error as? SeatError else { return }
    onInputError(error)
  }

  private func globalAdded(_ global: Registry.Global) {
    switch global.interface {
    case InterfaceVersion.output.name:
      guard let (proxy, version) = try? registry.bind(global, .output, tactile_iface_wl_output())
      else { return }
      let output = Output(proxy: proxy, version: version, connection: connection)
      output.onChange = { [unowned self] in self.outputsChanged() }
      outputs[global.name] = output
    case InterfaceVersion.seat.name:
      guard let (proxy, version) = try? registry.bind(global, .seat, tactile_iface_wl_seat())
      else { return }
      seats[global.name] = Seat(globalName: global.name, proxy: proxy, version: version, display: self)
    default:
      break
    }
  }

  private func globalRemoved(_ global: Registry.Global) {
    if let output = outputs.removeValue(forKey: global.name) {
      for entry in windows.values { entry.window?.outputRemoved(ProxyKey(output.proxy)) }
    }
    // A withdrawn seat sends nothing more: it ends what it held (its touches only) itself.
    seats.removeValue(forKey: global.name)?.finishDevices()
  }

  private func outputsChanged() {
    for entry in windows.values { entry.window?.updateScale() }
  }

  private static func bindRequired(
    _ registry: Registry, _ version: InterfaceVersion, _ interface: UnsafePointer<wl_interface>
  ) throws(WaylandError) -> OpaquePointer {
    guard let global = registry.first(version.name) else { throw .missingGlobal(name: version.name) }
    return try registry.bind(global, version, interface).proxy
  }

  /// Binds an optional global; one offered below the minimum version counts as absent.
  private static func bindOptional(
    _ registry: Registry, _ version: InterfaceVersion, _ interface: UnsafePointer<wl_interface>
  ) -> OpaquePointer? {
    guard let global = registry.first(version.name) else { return nil }
    return try? registry.bind(global, version, interface).proxy
  }

  private static let wmBaseListener = permanentListener(
    xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
}

/// A window the display knows without keeping it alive.
struct WeakWindow {
  weak var window: WaylandWindow?
}
