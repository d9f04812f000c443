import TactileGeometry

/// A window shown above a parent window and anchored to a rectangle of it — an edit menu, a context
/// menu — like a popover. On Wayland it is an `xdg_popup` placed by an `xdg_positioner`.
///
/// A popup is a ``Window`` of its own: it hit-tests and renders its own view tree in its own coordinates
/// (origin at its top-left corner), has its own first responder, and belongs to the parent's
/// application. Its ``View/frame`` origin is where it was placed, in the parent window's coordinates.
///
/// Life: created by the app, shown with ``Window/present(_:)`` (which dismisses a popup the parent already
/// shows), ended exactly once by ``dismiss()`` — called by the app, by the parent when a touch or click
/// lands outside the popup (`Window+Popups.swift`), by the parent closing, or by the host when the
/// compositor ends it (`xdg_popup.popup_done`). A dismissed popup is closed and cannot be shown again.
@MainActor
open class PopupWindow: Window {
  /// The window this popup is anchored to; `nil` once that window is gone.
  public private(set) weak var parentWindow: Window?

  /// Where the popup goes; its ``/TactileGeometry/PopupPlacement/anchorRect`` is in the parent window's
  /// coordinates and its size is this window's size.
  public let placement: PopupPlacement

  /// The touch (a finger, or a pointer button) that asked for the popup, while it is down: the host
  /// grabs input with the serial of its press. Without one the host names the latest press.
  public weak var triggeringTouch: Touch?

  /// Called once when the popup is dismissed, for whatever reason.
  public var onDismiss: (@MainActor () -> Void)?

  /// Whether ``dismiss()`` ran.
  public private(set) var isDismissed = false

  /// Creates a popup of `parent`, not shown yet.
  ///
  /// - Parameters:
  ///   - placement: Where to show it; the popup's size is `placement.size`.
  ///   - parent: The window it is anchored to (its application becomes the popup's).
  public init(placement: PopupPlacement, parent: Window) {
    self.parentWindow = parent
    self.placement = placement
    super.init(frame: Rect(origin: .zero, size: placement.size), application: parent.application)
  }

  /// The host placed the popup at `frame` (parent window coordinates): the compositor's answer to the
  /// placement (`xdg_popup.configure`), or the in-memory placement when there is no host.
  public func hostDidPlace(at frame: Rect) {
    guard frame.isFinite else { return }
    self.frame = Rect(origin: frame.origin, size: self.frame.size)
    hostDidResize(to: frame.size)
  }

  /// Ends the popup: the parent stops showing it, ``onDismiss`` runs, and the popup is closed (its
  /// touches cancelled, its host told). Dismissing twice does nothing.
  public func dismiss() {
    guard !isDismissed else { return }
    isDismissed = true
    if let parent = parentWindow, parent.presentedPopup === self { parent.presentedPopup = nil }
    onDismiss?()
    close()
  }
}

extension PopupWindow {
  /// Which side of its anchor a menu popup goes.
  enum MenuSide {
    /// Above the anchor, flipped below when there is no room above.
    case above
    /// Below the anchor, flipped above when there is no room below.
    case below
  }

  /// Shows `content` (sized already) in a transparent popup of `window` that is `gap` points to `side`
  /// of `anchor` (window coordinates), slid sideways and up or down to stay on the output — the one
  /// placement of the edit menu and the context menu.
  ///
  /// - Returns: The popup, presented.
  static func showMenu(
    _ content: View, side: MenuSide, of anchor: Rect, gap: Double, in window: Window,
    triggeredBy touch: Touch?
  ) -> PopupWindow {
    let edge: PopupPlacement.Edge = side == .above ? .top : .bottom
    let placement = PopupPlacement(
      anchorRect: anchor, size: content.bounds.size, anchor: edge, gravity: edge,
      offset: Point(x: 0, y: side == .above ? -gap : gap), adjustment: [.flipY, .slideX, .slideY])
    let popup = PopupWindow(placement: placement, parent: window)
    popup.triggeringTouch = touch
    popup.backgroundColor = .clear
    popup.addSubview(content)
    window.present(popup)
    return popup
  }
}
