import Tactile
import TactileGeometry
import TactileRaster

/// Shows a core ``Tactile/Window`` on a ``WaylandWindow``: the ``Tactile/WindowHost`` of the Wayland
/// platform.
///
/// - Input: the surface's ``WaylandWindow/content`` is the core window, so every seat delivers its
///   touches, pointer and keys to it.
/// - Drawing: when the core window asks for a frame the surface is marked for redraw; at the next frame
///   the core window gets ``Tactile/Window/hostDidResize(to:)`` if the configured size changed and
///   ``Tactile/Window/frameDidStart(at:)`` (layout), then the whole view tree is drawn into the free
///   buffer (its previous content is undefined, so the damage region only decides *whether* to draw) and
///   committed.
/// - Closing: the compositor's close request closes the core window; closing the core window closes the
///   surface (after its touches and presses were cancelled).
/// - Popups: a ``Tactile/PopupWindow`` presented on the core window gets a host of its own over an
///   `xdg_popup` (`HostedWindow+Popups.swift`), kept alive by this host until the popup closes.
@MainActor
public final class HostedWindow: WindowHost {
  public let window: Window
  public let surface: WaylandWindow
  /// The colour under every view (the window's ``Tactile/View/backgroundColor`` is drawn over it).
  public var clearColor = Color.white
  /// How many frames drew the view tree (for tests and diagnostics).
  public private(set) var framesDrawn = 0
  /// The host of the popup shown above this window, if any.
  public internal(set) var popupHost: HostedWindow?
  /// For a popup's host, the host of its parent window.
  weak var parentHost: HostedWindow?

  /// Opens a surface for `window` and attaches to it as its host.
  public convenience init(window: Window, display: WaylandDisplay, options: WaylandWindow.Options) {
    self.init(window: window, surface: WaylandWindow(display: display, options: options))
  }

  /// Attaches to `window` as the host of `surface`.
  init(window: Window, surface: WaylandWindow) {
    self.window = window
    self.surface = surface
    surface.content = window
    window.host = self
    surface.onDraw = { [unowned self] frame in self.draw(frame) }
    surface.onCloseRequest = { [unowned self] in self.window.close() }
  }

  public func windowNeedsFrame(_ window: Window) {
    surface.setNeedsDisplay()
  }

  public func window(_ window: Window, didChangeTitle title: String) {
    surface.setTitle(title)
  }

  /// Wayland lets a client suggest no size to a toplevel outside a configure; the request is refused
  /// and the window keeps the size the compositor gives it.
  public func window(_ window: Window, requestsSize size: Size) {}

  /// Text input follows the first responder: each seat enables or disables its input method for it.
  public func windowFirstResponderDidChange(_ window: Window) {
    for seat in surface.display.seats.values { seat.textInput?.update() }
  }

  public func windowDidClose(_ window: Window) {
    surface.close()
    if let parentHost, parentHost.popupHost === self { parentHost.popupHost = nil }
  }

  private func draw(_ frame: WindowFrame) {
    if let popup = window as? PopupWindow, let placed = surface.popupFrame, placed != popup.frame {
      popup.hostDidPlace(at: placed)
    }
    if window.bounds.size != frame.logicalSize { window.hostDidResize(to: frame.logicalSize) }
    window.frameDidStart(at: surface.display.loop.now)
    _ = window.takeDamage()
    let canvas = Canvas(pixmap: frame.pixmap)
    canvas.clear(clearColor)
    canvas.scale(x: frame.scale, y: frame.scale)
    ViewTreeRenderer.draw(window, in: canvas)
    framesDrawn += 1
  }
}
