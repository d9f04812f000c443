import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry

// Configure, scale and close handling of a window.
extension WaylandWindow {
  func toplevelConfigured(width: Int32, height: Int32, states: [UInt32]) {
    pendingConfigure = PendingConfigure(
      width: width, height: height,
      fullscreen: states.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue),
      maximized: states.contains(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue), states: Self.windowStates(states))
  }

  /// The core's states for `xdg_toplevel` state values (unknown values are ignored).
  static func windowStates(_ values: [UInt32]) -> WindowStates {
    let table: [(xdg_toplevel_state, WindowStates)] = [
      (XDG_TOPLEVEL_STATE_MAXIMIZED, .maximized), (XDG_TOPLEVEL_STATE_FULLSCREEN, .fullscreen),
      (XDG_TOPLEVEL_STATE_ACTIVATED, .activated), (XDG_TOPLEVEL_STATE_TILED_LEFT, .tiledLeft),
      (XDG_TOPLEVEL_STATE_TILED_RIGHT, .tiledRight), (XDG_TOPLEVEL_STATE_TILED_TOP, .tiledTop),
      (XDG_TOPLEVEL_STATE_TILED_BOTTOM, .tiledBottom),
    ]
    return table.reduce(into: WindowStates()) { states, entry in
      if values.contains(entry.0.rawValue) { states.insert(entry.1) }
    }
  }

  /// `xdg_popup.configure`: where the compositor put the popup (relative to its parent's surface) and
  /// its size.
  func popupConfigured(x: Int32, y: Int32, width: Int32, height: Int32) {
    pendingConfigure = PendingConfigure(width: width, height: height)
    pendingPopupFrame = Rect(
      x: Double(x) - parentContentOrigin.x, y: Double(y) - parentContentOrigin.y, width: Double(width),
      height: Double(height))
  }

  /// `xdg_surface.configure`: ack it, take the new size and state, and draw.
  func configured(serial: UInt32) {
    guard let objects else { return }
    xdg_surface_ack_configure(objects.xdgSurface, serial)
    let pending = pendingConfigure
    isFullscreen = pending.fullscreen
    isMaximized = pending.maximized
    states = pending.states
    popupFrame = pendingPopupFrame
    frameInsets = showsClientFrame ? DecorationView.contentInsets(for: states) : .zero
    if let toplevel = objects.toplevel, limitInsets != sizeLimitInsets { sendSizeLimits(toplevel) }
    size = ConfigureSize.resolve(
      width: pending.width, height: pending.height, preferred: frameInsets.adding(to: options.preferredSize),
      minimum: Self.limit(options.minimumSize, plus: frameInsets),
      maximum: Self.limit(options.maximumSize, plus: frameInsets),
      constrained: pending.fullscreen || pending.maximized)
    resizePool()
    pacer.isEnabled = true
    pacer.setNeedsDisplay()
  }

  func entered(_ output: ProxyKey) {
    if !enteredOutputs.contains(output) { enteredOutputs.append(output) }
    updateScale()
  }

  /// The surface left `output`, or the output went away.
  func outputRemoved(_ output: ProxyKey) {
    enteredOutputs.removeAll { $0 == output }
    updateScale()
  }

  func preferredFractionalScale(_ scale: UInt32) {
    fractionalScale = scale
    updateScale()
  }

  /// Recomputes the scale: fractional-scale-v1's preferred scale when offered, else the largest integer
  /// scale of the outputs the surface is on. Before the surface enters any output (its first frame is
  /// drawn before `wl_surface.enter` arrives), the largest scale of all outputs, so that on a single
  /// HiDPI output the first frame is not drawn at 1× and thrown away; 1 without outputs.
  func updateScale() {
    let integerScale =
      enteredOutputs.isEmpty
      ? display.outputs.values.map(\.scale).max()
      : enteredOutputs.compactMap(display.outputScale).max()
    let newScale: SurfaceScale =
      if let fractionalScale {
        SurfaceScale.fractional(fractionalScale).clamped
      } else {
        .integer(integerScale ?? 1).clamped
      }
    guard newScale != scale else { return }
    scale = newScale
    pool?.invalidateContents()
    resizePool()
    pacer.setNeedsDisplay()
  }

  func pressed(at point: Point) {
    onPress?(point)
  }

  private func resizePool() {
    guard let size else { return }
    let pixels = scale.bufferSize(forLogical: size)
    if let pool {
      pool.resize(to: pixels)
    } else {
      pool = ShmBufferPool(shm: display.shm, size: pixels, connection: display.connection)
    }
  }
}
