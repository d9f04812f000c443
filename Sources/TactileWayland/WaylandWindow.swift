import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry

/// A top-level window (`xdg_toplevel`) or a popup (`xdg_popup`) with its surface, shm buffers, frame
/// pacing and scale.
///
/// Lifecycle: created with a bufferless commit; the first `xdg_surface.configure` is acked and the window
/// is drawn (``onDraw``) at the configured size, or at ``Options/preferredSize`` when the compositor
/// leaves it open (0×0), limited as ``ConfigureSize`` documents. The options' sizes are the content's:
/// while Tactile draws a client-side frame (``showsClientFrame``) the surface is larger by
/// ``frameInsets``, and so are the size limits sent to the compositor. After that it draws again only after
/// ``setNeedsDisplay()``, paced by frame callbacks (`FramePacer`). A close request from the compositor
/// calls ``onCloseRequest``; the window stays open until ``close()`` (or until it is released).
///
/// A popup (`init(display:popupOf:placement:)`) is placed by the compositor from a ``/TactileGeometry/PopupPlacement``
/// relative to its parent (``popupFrame``) and drawn like a window; the compositor's `popup_done` calls
/// ``onPopupDone``. Close a popup before its parent (xdg-shell requires the topmost popup to go first).
@MainActor
public final class WaylandWindow {
  /// How the window starts.
  public struct Options: Sendable {
    public var title: String
    public var appID: String
    /// The logical size when the compositor lets the app choose.
    public var preferredSize: Size
    /// The smallest and largest logical size (nil: no limit).
    public var minimumSize: Size?
    public var maximumSize: Size?
    public var fullscreen: Bool
    public var maximized: Bool

    public init(
      title: String, appID: String, preferredSize: Size = Size(width: 640, height: 480),
      minimumSize: Size? = nil, maximumSize: Size? = nil, fullscreen: Bool = false,
      maximized: Bool = false
    ) {
      self.title = title
      self.appID = appID
      self.preferredSize = preferredSize
      self.minimumSize = minimumSize
      self.maximumSize = maximumSize
      self.fullscreen = fullscreen
      self.maximized = maximized
    }
  }

  /// Who draws the title bar and borders.
  public enum Decorations: Equatable, Sendable {
    /// The compositor does (xdg-decoration, server-side mode).
    case serverSide
    /// The client must: the compositor offers no xdg-decoration (weston 10, mutter 43) or chose
    /// client-side. A toplevel showing a core window (``HostedWindow``) then draws Tactile's frame; one
    /// that draws itself with ``onDraw`` is a plain rectangle.
    case clientSide
  }

  /// Draws the window's content into a free buffer. Called by the frame pacer, never re-entrantly.
  public var onDraw: (@MainActor (WindowFrame) -> Void)?
  /// The compositor asks the window to close (its close button, a keyboard shortcut).
  public var onCloseRequest: (@MainActor () -> Void)?
  /// A primary pointer button or a touch went down at a logical position on the window. Called only for
  /// a window without ``content`` (one that draws itself with ``onDraw``); a window showing a core
  /// ``/TactileCore/Window`` gets the seat's full input through it instead.
  public var onPress: (@MainActor (Point) -> Void)?
  /// The compositor dismissed this popup (`xdg_popup.popup_done`: a click outside, another grab).
  public var onPopupDone: (@MainActor () -> Void)?
  /// For a popup, its place relative to the parent's content (the parent's surface minus its
  /// client-side frame), from the latest acked configure.
  public internal(set) var popupFrame: Rect?
  /// For a popup, where the parent's content began on the parent's surface when the popup opened (the
  /// compositor places popups relative to the whole surface, frame included).
  var parentContentOrigin = Point.zero
  /// The core window this surface shows (set by ``HostedWindow``); the seats deliver input to it.
  public internal(set) weak var content: Window?
  /// The client-side frame around ``content``, when Tactile draws one; the seats' touches and pointer
  /// then go to it, and it routes them to the frame or the content.
  weak var clientFrame: ClientFrame?
  /// The space Tactile's client-side frame takes on each side of the content, in logical units, as of the
  /// latest acked configure: ``/TactileCore/DecorationView/contentInsets(for:)`` of its states while
  /// ``showsClientFrame``, else zero. The app's content is the surface inset by it.
  public internal(set) var frameInsets = EdgeInsets.zero

  /// The logical size of the last configure, or nil before the first one.
  public internal(set) var size: ConfigureSize.LogicalSize?
  /// The scale the window draws at.
  public internal(set) var scale: SurfaceScale = .integer(1)
  public internal(set) var isFullscreen = false
  public internal(set) var isMaximized = false
  /// Every state of the latest acked toplevel configure (activated, tiled, …).
  public internal(set) var states: WindowStates = []
  public internal(set) var decorations: Decorations = .clientSide
  /// How many buffers have been committed (for tests and diagnostics).
  public internal(set) var framesCommitted = 0
  /// The time (seconds on the input clock) of the oldest input that reached the window since its last
  /// committed buffer and made it need a frame: the next buffer answers it, and asks for presentation
  /// feedback.
  var unansweredInputTime: Double?
  /// The check, on the loop's next turn after input arrived, that the input made the window need a frame
  /// (`inputArrived(at:)`).
  var inputFrameCheck: TimerToken?
  public private(set) var isClosed = false

  let display: WaylandDisplay
  var options: Options
  var objects: SurfaceObjects?
  var pool: ShmBufferPool?
  lazy var pacer = FramePacer(scheduler: display.loop) { [unowned self] in self.render() }
  var pendingConfigure = PendingConfigure()
  var pendingPopupFrame: Rect?
  var enteredOutputs: [ProxyKey] = []
  var fractionalScale: UInt32?
  /// The frame insets the size limits were last sent with.
  var limitInsets = EdgeInsets.zero

  /// Whether Tactile draws its client-side frame on this surface: it is a toplevel showing a core window
  /// (``content``) and the compositor draws no decorations.
  public var showsClientFrame: Bool {
    content != nil && objects?.toplevel != nil && decorations == .clientSide
  }

  /// Opens a window on `display` (a bufferless commit; it is drawn after the compositor configures it).
  public convenience init(display: WaylandDisplay, options: Options) {
    self.init(display: display, options: options, role: .toplevel)
  }

  /// Opens a popup of `parent` placed by `placement` (its anchor rectangle in the logical coordinates
  /// of the parent's content, which a client-side frame moves on the parent's surface), grabbing input
  /// with the serial of the press of `trigger` (the touch that asked for the popup, while it is down on
  /// the parent), else of the latest touch down or button press (no grab when there was none yet).
  public convenience init(
    display: WaylandDisplay, popupOf parent: WaylandWindow, placement: PopupPlacement, trigger: Touch? = nil
  ) {
    let options = Options(title: "", appID: "", preferredSize: placement.size)
    guard let parentSurface = parent.objects?.xdgSurface else {
      self.init(display: display, options: options, role: nil)
      return
    }
    let grab = trigger.flatMap(parent.pressSerial(of:)) ?? display.latestPressSerial
    let origin = Point(x: parent.frameInsets.left, y: parent.frameInsets.top)
    var onSurface = placement
    onSurface.anchorRect = placement.anchorRect.offsetBy(dx: origin.x, dy: origin.y)
    self.init(
      display: display, options: options,
      role: .popup(parent: parentSurface, placement: onSurface, grab: grab))
    parentContentOrigin = origin
  }

  /// `role` `nil` makes a window that is closed from the start (a popup of a closed parent).
  private init(display: WaylandDisplay, options: Options, role: SurfaceObjects.RoleRequest?) {
    self.display = display
    self.options = options
    guard let role else {
      isClosed = true
      return
    }
    let objects = SurfaceObjects(display: display, role: role)
    self.objects = objects
    display.register(self, surface: ProxyKey(objects.surface))
    objects.addListeners(data: listenerData(self))
    if let toplevel = objects.toplevel { applyOptions(to: toplevel) }
    if objects.decoration != nil { decorations = .serverSide }
    updateScale()
    wl_surface_commit(objects.surface)
  }

  isolated deinit {
    close()
  }

  /// Marks the content changed; it is redrawn at the next frame.
  public func setNeedsDisplay() {
    pacer.setNeedsDisplay()
  }

  public func setTitle(_ title: String) {
    options.title = title
    if let toplevel = objects?.toplevel { xdg_toplevel_set_title(toplevel, title) }
  }

  /// Asks the compositor for fullscreen (or back); the state changes when it configures the window.
  public func setFullscreen(_ fullscreen: Bool) {
    guard let toplevel = objects?.toplevel else { return }
    if fullscreen {
      xdg_toplevel_set_fullscreen(toplevel, nil)
    } else {
      xdg_toplevel_unset_fullscreen(toplevel)
    }
  }

  /// Asks the compositor to maximize the window (or restore it).
  public func setMaximized(_ maximized: Bool) {
    guard let toplevel = objects?.toplevel else { return }
    if maximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
  }

  /// Changes the size limits (nil: none); effective at the next commit.
  public func setSizeLimits(minimum: Size?, maximum: Size?) {
    options.minimumSize = minimum
    options.maximumSize = maximum
    if let toplevel = objects?.toplevel { sendSizeLimits(toplevel) }
  }

  /// Destroys the window's Wayland objects and buffers; no callback runs afterwards, and the callbacks
  /// are let go, so closures that capture the window (`window.onPress = { window.setNeedsDisplay() }`)
  /// no longer keep it alive. Idempotent.
  public func close() {
    guard let objects else { return }
    pacer.cancel()
    inputFrameCheck?.cancel()
    inputFrameCheck = nil
    display.unregister(surface: ProxyKey(objects.surface))
    self.objects = nil
    pool = nil
    isClosed = true
    onDraw = nil
    onCloseRequest = nil
    onPress = nil
    onPopupDone = nil
  }

  private func applyOptions(to toplevel: OpaquePointer) {
    xdg_toplevel_set_title(toplevel, options.title)
    xdg_toplevel_set_app_id(toplevel, options.appID)
    sendSizeLimits(toplevel)
    if options.fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
    if options.maximized { xdg_toplevel_set_maximized(toplevel) }
  }

  /// The frame the size limits sent to the compositor include: that of a window in no particular state
  /// while ``showsClientFrame`` (limits do not apply to maximized, fullscreen or tiled windows).
  var sizeLimitInsets: EdgeInsets {
    showsClientFrame ? DecorationView.contentInsets(for: []) : .zero
  }

  /// `limit` grown by `insets` on each side that sets a limit (a side ≤ 0 sets none).
  static func limit(_ limit: Size?, plus insets: EdgeInsets) -> Size? {
    guard let limit else { return nil }
    let grown = insets.adding(to: limit)
    return Size(
      width: limit.width > 0 ? grown.width : limit.width,
      height: limit.height > 0 ? grown.height : limit.height)
  }

  /// Sends the options' size limits, grown by ``sizeLimitInsets`` (applied at the next commit).
  func sendSizeLimits(_ toplevel: OpaquePointer) {
    limitInsets = sizeLimitInsets
    let limit = { (size: Size?) -> (Int32, Int32) in
      guard let size = Self.limit(size, plus: self.limitInsets) else { return (0, 0) }
      let resolved = ConfigureSize.resolve(
        width: 0, height: 0, preferred: size, minimum: nil, maximum: nil, constrained: true)
      return (Int32(resolved.width), Int32(resolved.height))
    }
    let (minWidth, minHeight) = limit(options.minimumSize)
    let (maxWidth, maxHeight) = limit(options.maximumSize)
    xdg_toplevel_set_min_size(toplevel, minWidth, minHeight)
    xdg_toplevel_set_max_size(toplevel, maxWidth, maxHeight)
  }
}

/// A toplevel configure waiting for its `xdg_surface.configure`.
struct PendingConfigure {
  var width: Int32 = 0
  var height: Int32 = 0
  var fullscreen = false
  var maximized = false
  var states: WindowStates = []
}
