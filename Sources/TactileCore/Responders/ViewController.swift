/// Manages a view hierarchy and sits in the responder chain right after its root view, like
/// `UIViewController`.
///
/// The root ``view`` is created lazily by ``loadView()`` the first time it is read, then
/// ``viewDidLoad()`` runs. Controllers nest: ``addChild(_:)`` / ``removeFromParent()`` with UIKit's
/// `willMove(toParent:)` / `didMove(toParent:)` protocol (the container adds the child's view itself).
@MainActor
open class ViewController: Responder {
  private var loadedView: View?

  /// The parent controller, when this one is a child.
  public private(set) weak var parent: ViewController?

  /// The child controllers, in the order added.
  public private(set) var children: [ViewController] = []

  /// The controller this one presents modally, until its dismissal ends (`ViewController+Presentation.swift`).
  public internal(set) var presentedViewController: ViewController?

  /// How ``present(_:animated:completion:)`` shows this controller. Default ``ModalPresentationStyle/pageSheet``.
  open var modalPresentationStyle = ModalPresentationStyle.pageSheet

  /// Whether the user is kept from dismissing this controller while it is presented: a downward drag
  /// or Escape then leaves it shown and tells the delegate
  /// (``PresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``). Programmatic
  /// dismissal still works. Default `false`.
  open var isModalInPresentation = false

  /// The object that presents this controller, made on first use (so a delegate can be set before
  /// presenting) and kept across presentations.
  var storedPresentationController: PresentationController?

  public override init() {
    super.init()
  }

  /// The root view, loaded on first access.
  open var view: View {
    get {
      if let loadedView { return loadedView }
      loadView()
      let view = loadedView ?? View()
      if loadedView == nil { setView(view) }
      viewDidLoad()
      return view
    }
    set { setView(newValue) }
  }

  /// The title a ``NavigationController``'s bar shows for this controller (and on the back button of
  /// the controller above it). Default `nil`.
  open var title: String? {
    didSet { if title != oldValue { navigationController?.titleDidChange(of: self) } }
  }

  /// Whether the root view has been loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// Creates the root view; the default creates a plain ``View``. Overrides assign ``view``.
  open func loadView() {
    setView(View())
  }

  /// Called once after the root view was loaded.
  open func viewDidLoad() {}

  /// UIKit's rule: a controller's next responder is its root view's superview —
  /// which is the window for a window's root controller, or a view of the parent controller for a child;
  /// when the view is in no superview, the parent controller; otherwise `nil`.
  open override var next: Responder? {
    if let superview = loadedView?.superview { return superview }
    return parent
  }

  override var responderWindow: Window? { loadedView?.window }

  /// Called just before the root view enters a window. The view is not in the window yet, so a
  /// `becomeFirstResponder()` here fails (ask in ``viewDidAppear(_:)``).
  open func viewWillAppear(_ animated: Bool) {}

  /// Called just after the root view entered a window: the place to call `becomeFirstResponder()`.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called just before the root view leaves its window.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called just after the root view left its window.
  open func viewDidDisappear(_ animated: Bool) {}

  /// Runs the appearance callbacks around a window change of the root view.
  func viewWillMove(toWindow window: Window?) {
    if window != nil { viewWillAppear(false) } else { viewWillDisappear(false) }
  }

  func viewDidMove(toWindow window: Window?) {
    if window != nil { viewDidAppear(false) } else { viewDidDisappear(false) }
  }

  /// Called before the controller moves to a new parent (`nil` when leaving its parent).
  open func willMove(toParent parent: ViewController?) {}

  /// Called after the controller moved to a new parent (`nil` after leaving its parent).
  open func didMove(toParent parent: ViewController?) {}

  /// Adds `child` as a child controller (removing it from its old parent first) and calls its
  /// ``willMove(toParent:)``; the caller adds the child's view and then calls
  /// `child.didMove(toParent: self)`, as in UIKit. Adding self or an ancestor is ignored.
  open func addChild(_ child: ViewController) {
    var ancestor: ViewController? = self
    while let current = ancestor {
      if current === child { return }
      ancestor = current.parent
    }
    if child.parent === self { return }
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Removes this controller from its parent: the caller calls `willMove(toParent: nil)` and removes the
  /// view first, as in UIKit; this then calls ``didMove(toParent:)`` with `nil`.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  private func setView(_ view: View) {
    loadedView?.owningViewController = nil
    view.owningViewController?.loadedView = nil
    view.owningViewController = self
    loadedView = view
  }
}
