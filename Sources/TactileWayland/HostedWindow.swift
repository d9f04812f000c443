import TactileCore
import TactileGeometry
import TactileRaster

/// Shows a core ``/TactileCore/Window`` on a ``WaylandWindow``: the ``/TactileCore/WindowHost`` of the Wayland
/// platform.
///
/// - Input: the surface's ``WaylandWindow/content`` is the core window, so every seat delivers its
///   touches, pointer and keys to it.
/// - Drawing: when the core window asks for a frame the surface is marked for redraw; at the next frame
///   the core window gets ``/TactileCore/Window/hostDidResize(to:)`` if the configured size changed and
///   ``/TactileCore/Window/frameDidStart(at:)`` (layout); each seat's input method then hears of a cursor
///   rectangle that layout moved (`TextInputBridge/layoutDidChange(in:)`); then its damage (and the client frame's), in buffer
///   pixels, is this frame's damage, committed as `wl_surface.damage_buffer` rectangles. The free buffer
///   is repainted (``/TactileCore/ViewTreeRenderer``) only in that damage plus what the buffer missed since it
///   was last shown (buffer age, ``WindowFrame/staleRegion``); views outside are not visited. The first
///   frame, a new size or scale, a moved content rectangle and a new ``clearColor`` redraw everything; a
///   frame with no damage commits no buffer.
/// - Closing: the compositor's close request closes the core window; closing the core window closes the
///   surface (after its touches and presses were cancelled).
/// - Decorations: when the compositor draws none (it offers no xdg-decoration, as weston 10 and mutter 43,
///   or it chose client-side), a `ClientFrame` is drawn around the window, which gets the surface minus
///   the frame (``contentFrame``; the options' preferred size is the content's, the surface is larger by
///   ``WaylandWindow/frameInsets``). Server-side decorations are asked for whenever xdg-decoration is
///   offered; with them there is no frame. The choice is re-read on every frame.
/// - Popups: a ``/TactileCore/PopupWindow`` presented on the core window gets a host of its own over an
///   `xdg_popup` (`HostedWindow+Popups.swift`), kept alive by this host until the popup closes.
@MainActor
public final class HostedWindow: WindowHost {
  public let window: Window
  public let surface: WaylandWindow
  /// The colour under every view (the window's ``/TactileCore/View/backgroundColor`` is drawn over it).
  public var clearColor = Color.white {
    didSet { if clearColor != oldValue { setNeedsWholeRedraw() } }
  }
  /// How many frames drew the view tree (for tests and diagnostics); a frame with nothing damaged draws
  /// nothing and does not count.
  public private(set) var framesDrawn = 0
  /// How many pixels the last drawn frame repainted: its damage and what the reused buffer missed (for
  /// tests and diagnostics).
  public private(set) var pixelsRepainted = 0
  /// The host of the popup shown above this window, if any.
  public internal(set) var popupHost: HostedWindow?
  /// For a popup's host, the host of its parent window.
  weak var parentHost: HostedWindow?
  /// The client-side frame, while Tactile draws the decorations.
  private(set) var clientFrame: ClientFrame?
  /// Where the core window's content lies on the surface, in logical units, as of the latest frame: the
  /// whole surface, or the surface minus the client-side frame. `.zero` before the first frame.
  public private(set) var contentFrame = Rect.zero
  /// Whether the next frame draws every pixel, whatever the views' damage.
  private var needsWholeRedraw = true
  /// The layout of the last drawn frame: a new one redraws everything.
  private var drawnGeometry: DrawnGeometry?

  /// What makes a buffer's pixels comparable from frame to frame.
  private struct DrawnGeometry: Equatable {
    var contentRect: Rect
    var scale: Double
    var pixelWidth: Int
    var pixelHeight: Int
  }

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

  /// Makes the next frame draw the whole surface (something outside the views changed).
  private func setNeedsWholeRedraw() {
    needsWholeRedraw = true
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

  /// The first responder's text or caret changed: each seat whose input method serves it sends the
  /// new state, once per event-loop turn.
  public func windowTextInputDidChange(_ window: Window) {
    for seat in surface.display.seats.values { seat.textInput?.stateDidChange(in: window) }
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
    for seat in surface.display.seats.values { seat.textInput?.layoutDidChange(in: window) }
    clientFrame?.frameWindow.frameDidStart(at: now)
    var layers = [ViewTreeRenderer.Layer(window: window, frame: contentRect)]
    if let clientFrame {
      let surfaceRect = Rect(origin: .zero, size: frame.logicalSize)
      layers.insert(ViewTreeRenderer.Layer(window: clientFrame.frameWindow, frame: surfaceRect), at: 0)
    }
    var damage = ViewTreeRenderer.takeDamage(
      of: layers, scale: frame.scale, pixelWidth: frame.pixmap.width, pixelHeight: frame.pixmap.height)
    let geometry = DrawnGeometry(
      contentRect: contentRect, scale: frame.scale, pixelWidth: frame.pixmap.width,
      pixelHeight: frame.pixmap.height)
    if needsWholeRedraw || geometry != drawnGeometry { damage = DamageRegion(frame.bufferRect) }
    needsWholeRedraw = false
    drawnGeometry = geometry
    frame.damage = damage
    guard !damage.isEmpty else { return }
    var repaint = frame.staleRegion ?? DamageRegion(frame.bufferRect)
    repaint.formUnion(damage)
    ViewTreeRenderer.repaint(
      repaint, of: layers, in: Canvas(pixmap: frame.pixmap), scale: frame.scale, clearColor: clearColor)
    framesDrawn += 1
    pixelsRepainted = repaint.rects.reduce(0) { $0 + Int($1.width * $1.height) }
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
      needsWholeRedraw = true
    } else if !wantsFrame, let old = clientFrame {
      clientFrame = nil
      old.frameWindow.close()
      needsWholeRedraw = true
    }
    guard let clientFrame else { return Rect(origin: .zero, size: surfaceSize) }
    return clientFrame.layout(surfaceSize: surfaceSize, states: surface.states)
  }
}
