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
/// - Decorations: when the compositor draws none (it offers no xdg-decoration, as weston 10 and mutter 43,
///   or it chose client-side), a ``ClientFrame`` is drawn around the window, which gets the surface minus
///   the frame (``contentFrame``; the options' preferred size is the content's, the surface is larger by
///   ``WaylandWindow/frameInsets``). Server-side decorations are asked for whenever xdg-decoration is
///   offered; with them there is no frame. The choice is re-read on every frame.
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
  /// The client-side frame, while Tactile draws the decorations.
  private(set) var clientFrame: ClientFrame?
  /// Where the core window's content lies on the surface, in logical units, as of the latest frame: the
  /// whole surface, or the surface minus the client-side frame. `.zero` before the first frame.
  public private(set) var contentFrame = Rect.zero

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
    clientFrame?.decoration.title = title
  }

  /// Wayland lets a client suggest no size to a toplevel outside a configure; the request is refused
  /// and the window keeps the size the compositor gives it.
  public func window(_ window: Window, requestsSize size: Size) {}

  /// Text input follows the first responder: each seat enables or disables its input method for it.
  public func windowFirstResponderDidChange(_ window: Window) {
    for seat in surface.display.seats.values { seat.textInput?.update() }
  }

  public func windowDidClose(_ window: Window) {
    guard window === self.window else { return }
    clientFrame?.frameWindow.close()
    surface.close()
    if let parentHost, parentHost.popupHost === self { parentHost.popupHost = nil }
  }

  private func draw(_ frame: WindowFrame) {
    if let popup = window as? PopupWindow, let placed = surface.popupFrame, placed != popup.frame {
      popup.hostDidPlace(at: placed)
    }
    let contentRect = layOutFrame(surfaceSize: frame.logicalSize)
    contentFrame = contentRect
    if window.bounds.size != contentRect.size { window.hostDidResize(to: contentRect.size) }
    let now = surface.display.loop.now
    window.frameDidStart(at: now)
    _ = window.takeDamage()
    let canvas = Canvas(pixmap: frame.pixmap)
    canvas.clear(clearColor)
    canvas.scale(x: frame.scale, y: frame.scale)
    if let clientFrame {
      clientFrame.frameWindow.frameDidStart(at: now)
      _ = clientFrame.frameWindow.takeDamage()
      ViewTreeRenderer.draw(clientFrame.frameWindow, in: canvas)
    }
    canvas.withSavedState {
      canvas.translate(x: contentRect.minX, y: contentRect.minY)
      canvas.clip(to: Rect(origin: .zero, size: contentRect.size))
      ViewTreeRenderer.draw(window, in: canvas)
    }
    framesDrawn += 1
  }

  /// Creates or removes the client-side frame as the decoration mode says, lays it out, and returns
  /// where the window's content goes on the surface.
  private func layOutFrame(surfaceSize: Size) -> Rect {
    let wantsFrame = surface.showsClientFrame
    if wantsFrame, clientFrame == nil {
      let created = ClientFrame(content: window, surface: surface)
      created.frameWindow.host = self
      clientFrame = created
      surface.clientFrame = created
    } else if !wantsFrame, let old = clientFrame {
      clientFrame = nil
      old.frameWindow.close()
    }
    guard let clientFrame else { return Rect(origin: .zero, size: surfaceSize) }
    return clientFrame.layout(surfaceSize: surfaceSize, states: surface.states)
  }
}
