import TactileGeometry

/// The root of a view tree shown on the platform as one toplevel surface, like `UIWindow`.
///
/// A window belongs to one ``Application`` (its ``next`` responder) for its whole life. It turns
/// platform input into events (``Window/deliver(touchFrame:)`` and siblings, through the application's
/// FIFO queue), hit-tests new touches, keeps each touch bound to its view, tracks the first responder,
/// runs layout on each frame and collects damage for a renderer.
@MainActor
open class Window: View {
  /// The application this window belongs to. Held strongly, so a window never outlives its application;
  /// the application does not keep its windows (``Application/windows``).
  public let application: Application

  /// What shows this window on the platform; `nil` for a window that only lives in memory (tests).
  public weak var host: WindowHost?

  /// The first responder; see ``Responder/isFirstResponder`` for the rules.
  public internal(set) weak var firstResponder: Responder? {
    didSet {
      guard firstResponder !== oldValue else { return }
      host?.windowFirstResponderDidChange(self)
      postAccessibilityEvent(.focusChanged(window: self, from: oldValue, to: firstResponder))
    }
  }
  /// Whether a first-responder change is in progress (the re-entrancy rule).
  var isChangingFirstResponder = false

  /// The window's title, passed to the host.
  public var title = "" {
    didSet { if title != oldValue { host?.window(self, didChangeTitle: title) } }
  }

  /// What covers the window's edges on the platform (a panel, a notch, a title bar drawn over the
  /// content), which ``View/safeAreaInsets`` keeps views' content clear of. Set by the host; default
  /// zero. Non-finite or negative values count as zero.
  public var systemSafeAreaInsets: EdgeInsets = .zero {
    didSet {
      let sides = [
        systemSafeAreaInsets.top, systemSafeAreaInsets.left, systemSafeAreaInsets.bottom,
        systemSafeAreaInsets.right,
      ]
      let clean = sides.map { $0.isFinite ? max($0, 0) : 0 }
      if clean != sides {
        systemSafeAreaInsets = EdgeInsets(top: clean[0], left: clean[1], bottom: clean[2], right: clean[3])
      }
    }
  }

  /// The controller whose view fills the window. Setting it installs the controller's view as the
  /// window's only content (removing the previous controller's view) sized to the window's bounds.
  public var rootViewController: ViewController? {
    didSet { installRootViewController(replacing: oldValue) }
  }

  /// Damage collected since the last ``takeDamage()``, in window coordinates.
  public internal(set) var damage = DamageRegion()

  /// The popup shown above this window, if any (`Window+Popups.swift`).
  public internal(set) var presentedPopup: PopupWindow?
  /// The drag started in this window that is not over yet (rules on ``DragSession``).
  public internal(set) var activeDragSession: DragSession?
  /// The targets under a drag from the platform, while one is over the window.
  var platformDropTracker: DropTargetTracker?

  /// Whether the window was closed (it receives no more input).
  public internal(set) var isClosed = false

  /// Touch state: the platform's live point ids and what they map to.
  var touchTracker = TouchTracker()
  /// The window's frames that answered input, as its host reported them
  /// (``deliver(framePresentation:)``).
  public internal(set) var presentationStatistics = PresentationStatistics()
  /// Called with each frame its host reports as shown or discarded, after
  /// ``presentationStatistics`` counted it.
  public var onFramePresented: ((FramePresentation) -> Void)?
  /// Keys that are down, by keyboard and key code.
  var livePresses: [PressSlot: Press] = [:]
  /// The view each pointer last hovered, by ``HoverInput/pointer``, for `exited`. Weak, like the
  /// responders below: it is often the window itself, which must not keep itself (a window let go of
  /// with the pointer over it was never freed).
  var hoveredViews: [Int: Weak<View>] = [:]
  /// What the window does with fingers while a pencil is near it (``PalmRejection``; by default they are
  /// rejected while it is).
  public var palmRejection = PalmRejection.whilePencilIsNear
  /// The responder each held pointer button's press went to, by the button's raw value: its release
  /// goes there too.
  var pointerButtonResponders: [Int: Weak<Responder>] = [:]
  /// Whether a host frame was requested and has not arrived yet.
  var frameRequested = false
  /// The referee of this window's gesture recognizers.
  lazy var gestureCoordinator = GestureCoordinator(window: self)
  /// What the views receive of each touch, and when.
  lazy var touchGate = TouchGate(window: self)
  /// What the responders of presses receive beside the recognizers.
  let pressGate = PressGate()

  /// Creates a window of `application`; it joins ``Application/windows``.
  public init(frame: Rect, application: Application) {
    self.application = application
    super.init(frame: frame)
    application.windowDidOpen(self)
  }

  /// A window is the end of the view part of the chain: its next responder is its application.
  open override var next: Responder? { application }

  /// Delivers an event to its receivers; called by ``Application/sendEvent(_:)``. Override to watch or
  /// filter events, calling `super` to deliver them.
  ///
  /// Touches go to the views they are bound to, scroll and hover events to the view under the pointer,
  /// presses, motion and remote-control events to the first responder (the window itself when there is
  /// none); rules on `Window+Delivery.swift`.
  open func sendEvent(_ event: Event) {
    deliver(event)
  }

  /// Makes this window its application's key window (the one whose first responder receives nil-target
  /// actions).
  public func makeKey() {
    application.keyWindow = self
  }

  /// Whether this is the application's key window.
  public var isKeyWindow: Bool { application.keyWindow === self }

  /// Asks the host for a content size (see ``WindowHost/window(_:requestsSize:)``).
  public func requestSize(_ size: Size) {
    host?.window(self, requestsSize: size)
  }

  /// Adds `rect` (window coordinates, clipped to the bounds) to ``damage`` and asks for a frame.
  public func addDamage(_ rect: Rect) {
    let clipped = rect.intersection(bounds)
    guard !clipped.isEmpty else { return }
    damage.add(clipped)
    requestFrame()
  }

  /// Returns the damage collected so far and starts a new, empty region. A renderer calls this once per
  /// frame, after ``frameDidStart(at:)`` ran layout.
  public func takeDamage() -> DamageRegion {
    defer { damage = DamageRegion() }
    return damage
  }

  /// Asks the host for one frame callback, unless one is already pending.
  func requestFrame() {
    guard !frameRequested, !isClosed else { return }
    frameRequested = true
    host?.windowNeedsFrame(self)
  }

  private func installRootViewController(replacing old: ViewController?) {
    if let old, old !== rootViewController, old.isViewLoaded, old.view.superview === self {
      old.view.removeFromSuperview()
    }
    guard let controller = rootViewController else { return }
    let view = controller.view
    view.frame = bounds
    addSubview(view)
  }

  /// Ctrl+Home that no responder before the window handled scrolls to the top (``scrollToTop()``).
  open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    if Self.requestScrollToTop(presses), scrollToTop() { return }
    super.pressesBegan(presses, with: event)
  }

  override var responderWindow: Window? { self }

  /// A window's name to assistive technology is its title.
  override var defaultAccessibilityLabel: String? { title.isEmpty ? nil : title }
}
