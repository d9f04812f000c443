import TactileGeometry
import TactileRaster

/// Lets the user drag things out of a view, like `UIDragInteraction`.
///
/// Attach it with ``View/dragInteraction``. When ``liftRecognizer`` begins (a finger held
/// ``LongPressGestureRecognizer/minimumPressDuration``, or a pointer press that moves), ``delegate`` is
/// asked for the items at that point; with some, a ``DragSession`` starts: a preview (the delegate's,
/// or a translucent copy of the view) is put on top of the window and follows the touch, and the
/// window's ``DropInteraction``s under it hear the session. Lifting the touch over a target whose
/// proposal is a copy or move drops there (the preview goes away); lifting elsewhere, or the touch
/// being cancelled, cancels the drag: the preview animates back to where it was lifted on the
/// scheduler, ``cancelAnimationDuration`` seconds, then goes away. Either way the delegate hears
/// ``DragInteractionDelegate/dragInteraction(_:session:didEndWith:)`` once.
///
/// While the session is lifted, a tap (another finger) on a view with a drag interaction in the same
/// window adds that view's items (``DragInteractionDelegate/dragInteraction(_:itemsForAddingTo:withTouchAt:)``).
/// When the touch leaves the window, the window's host may take the drag over to other apps
/// (``WindowHost/window(_:handsOff:)``); the lifting touch is then cancelled (the platform's drag owns
/// it, and compositors send it no end). A drag inside the app never leaves the process.
///
/// The view holds its interaction strongly; the interaction holds the view and the delegate weakly.
@MainActor
public final class DragInteraction {
  /// How long a cancelled drag's preview takes to go back, in seconds.
  public static let cancelAnimationDuration = 0.3
  /// The opacity of the default preview.
  public static let defaultPreviewAlpha = 0.8

  /// Gives the items.
  public private(set) weak var delegate: DragInteractionDelegate?
  /// The view the interaction is attached to.
  public internal(set) weak var view: View? {
    didSet {
      oldValue?.removeGestureRecognizer(liftRecognizer)
      oldValue?.removeGestureRecognizer(addItemsRecognizer)
      view?.addGestureRecognizer(liftRecognizer)
      view?.addGestureRecognizer(addItemsRecognizer)
    }
  }
  /// Lifts the items.
  public let liftRecognizer = DragLiftGestureRecognizer()
  let addItemsRecognizer = DragAddItemsGestureRecognizer()
  /// The session this interaction started that is not over yet.
  public private(set) var session: DragSession?
  /// Where the preview's centre was when lifted, in the window's coordinates.
  private var liftCenter = Point.zero
  /// The preview centre's offset from the touch.
  private var grabOffset = Point.zero

  public init(delegate: DragInteractionDelegate) {
    self.delegate = delegate
    liftRecognizer.name = "drag lift"
    addItemsRecognizer.name = "drag add items"
    liftRecognizer.addAction { [weak self] recognizer in self?.liftRecognizerChanged(recognizer) }
    addItemsRecognizer.addAction { [weak self] recognizer in
      guard recognizer.state == .ended, let self, let view = self.view else { return }
      self.addItems(at: recognizer.location(in: view))
    }
  }

  private func liftRecognizerChanged(_ recognizer: GestureRecognizer) {
    switch recognizer.state {
    case .began: lift(at: recognizer.location(in: nil), touch: recognizer.activeTouches.first)
    case .changed: move(to: recognizer.location(in: nil))
    case .ended: release()
    case .cancelled, .failed:
      if let session, session.state == .lifted { finish(session, with: .cancel, animated: true) }
    default: break
    }
  }

  /// Starts a session at `point` (window coordinates) when the window has none and the delegate gives
  /// items.
  private func lift(at point: Point, touch: Touch?) {
    guard let view, let window = view.window, window.activeDragSession == nil, point.isFinite else { return }
    let session = DragSession(source: self, window: window, touch: touch, point: point)
    let items = delegate?.dragInteraction(self, itemsForBeginning: session) ?? []
    guard !items.isEmpty else { return }
    session.items = items
    let preview =
      delegate?.dragInteraction(self, previewForLifting: items[0], session: session)
      ?? defaultPreview(of: view)
    liftCenter = view.convert(view.bounds.center, to: window)
    grabOffset = Point(x: liftCenter.x - point.x, y: liftCenter.y - point.y)
    preview.isUserInteractionEnabled = false
    preview.center = liftCenter
    window.addSubview(preview)
    session.preview = preview
    session.tracker = DropTargetTracker(session: session.dropSession)
    self.session = session
    window.activeDragSession = session
    delegate?.dragInteraction(self, sessionWillBegin: session)
    move(to: point)
  }

  private func defaultPreview(of view: View) -> View {
    let preview = View(frame: Rect(origin: .zero, size: view.bounds.size))
    preview.backgroundColor = view.backgroundColor ?? Color(red: 0.5, green: 0.5, blue: 0.5)
    preview.cornerRadius = view.cornerRadius
    preview.alpha = Self.defaultPreviewAlpha
    return preview
  }

  /// The touch moved to `point` (window coordinates): the preview follows, the targets hear it, and a
  /// point outside the window offers the drag to the host.
  private func move(to point: Point) {
    guard let session, session.state == .lifted, let window = session.window, point.isFinite else { return }
    session.point = point
    session.preview?.center = Point(x: point.x + grabOffset.x, y: point.y + grabOffset.y)
    if !window.bounds.contains(point), let host = window.host, host.window(window, handsOff: session) {
      session.tracker?.exit()
      session.tracker = nil
      session.preview?.removeFromSuperview()
      session.state = .onPlatform
      // The platform's drag owns the touch now, and compositors send it no end: it ends here.
      if let touch = session.liftingTouch { window.systemCancel([touch]) }
      return
    }
    session.tracker?.move(to: point, in: window)
  }

  /// The touch lifted: drops on the target's proposal, or cancels.
  private func release() {
    guard let session, session.state == .lifted else { return }
    let operation = session.tracker?.drop() ?? .cancel
    finish(session, with: operation, animated: operation == .cancel)
  }

  /// Ends `session` with `operation`: the window's drag is over at once; a cancelled drag's preview
  /// animates back first (when `animated`), then the delegate hears the end.
  func finish(_ session: DragSession, with operation: DropOperation, animated: Bool) {
    guard !session.isEnded else { return }
    if session.state == .lifted { session.tracker?.exit() }
    session.tracker = nil
    session.state = .ended(operation)
    if let window = session.window, window.activeDragSession === session { window.activeDragSession = nil }
    if self.session === session { self.session = nil }
    let end: @MainActor () -> Void = { [weak self] in
      session.preview?.removeFromSuperview()
      session.preview = nil
      guard let self else { return }
      self.delegate?.dragInteraction(self, session: session, didEndWith: operation)
    }
    guard animated, let preview = session.preview, preview.superview != nil else { return end() }
    let home = liftCenter
    View.animate(
      withDuration: Self.cancelAnimationDuration, animations: { preview.center = home },
      completion: { _ in end() })
  }

  /// A tap at `point` (view coordinates) during another interaction's session adds this view's items.
  private func addItems(at point: Point) {
    guard let window = view?.window, let session = window.activeDragSession, session.state == .lifted else {
      return
    }
    session.items += delegate?.dragInteraction(self, itemsForAddingTo: session, withTouchAt: point) ?? []
  }
}
