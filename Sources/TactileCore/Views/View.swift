import TactileGeometry
import TactileRaster

/// A rectangular region of a window that draws and receives touches, like `UIView`.
///
/// ## Geometry
/// A view is placed by its ``center`` (in its superview's coordinates), its ``bounds`` (its own
/// coordinate space: ``bounds`` `.origin` is the point shown at its top-left corner, which is how a scroll
/// view scrolls) and its ``transform`` (applied about the centre). ``frame`` is derived from these.
/// Conversion (`convert(_:to:)`) and hit-testing respect all three.
///
/// **Non-finite geometry (bad input):** assigning a frame, bounds, centre or transform with an infinite
/// or NaN component is ignored — the view keeps its previous geometry — because such a value would make
/// every later conversion and hit test meaningless (UIKit raises an exception from Core Animation).
///
/// ## Events
/// A view is a ``Responder``: touches are delivered to the view a touch was hit-tested to, and climb to
/// ``next`` (its controller when it is a controller's root view, otherwise its superview) when not
/// handled. Hit-testing: ``hitTest(_:with:)``.
@MainActor
open class View: Responder {
  // MARK: Stored state (rules on the accessors and in the View+… extensions)

  var storedCenter = Point.zero
  var storedBounds = Rect.zero
  var storedTransform = AffineTransform.identity

  /// The superview, or `nil` for a root view. Set by the hierarchy operations.
  public internal(set) var superview: View? {
    get { storedSuperview }
    set { storedSuperview = newValue }
  }
  private weak var storedSuperview: View?

  /// The subviews, bottom-most first: the last one is drawn on top and hit-tested first.
  public var subviews: [View] { storedSubviews }

  /// What ``subviews`` returns; changed only by the hierarchy operations (View+Hierarchy.swift). Its
  /// storage and the flags' below are internal or private so that, with whole-module optimization, the
  /// compiler proves their exclusive access statically instead of checking it at run time
  /// (`swift_beginAccess`) on every read: hit-testing reads them on every view it asks.
  var storedSubviews: [View] = []

  /// This view's position in its superview's ``subviews`` (rules: View+SubviewAreas.swift).
  var indexInSuperview = 0

  /// The subviews' areas and this view's subtree area, for the renderer; `nil` until read after a change
  /// to the subviews (rules: View+SubviewAreas.swift).
  var subviewAreaCache: SubviewAreas?

  /// The controller whose root view this is, if any (so that ``next`` is that controller).
  weak var owningViewController: ViewController?

  /// The gesture recognizers attached to this view (rules: View+GestureRecognizers.swift).
  var attachedGestureRecognizers: [GestureRecognizer] = []

  /// The animator moving each of this view's properties, while one does (rules:
  /// Animation/PropertyAnimator.swift).
  var runningAnimators: [AnimatableProperty: PropertyAnimator] = [:]

  /// Whether ``layoutSubviews()`` must run at the next layout pass.
  public internal(set) var needsLayout = true

  /// Creates a view with the given frame.
  public init(frame: Rect) {
    super.init()
    if frame.isFinite {
      storedCenter = frame.center
      storedBounds = Rect(origin: .zero, size: frame.standardized.size)
    }
  }

  /// Creates a view with a zero frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  // MARK: Geometry (what a change does: View+Geometry.swift)

  /// The view's rectangle in its superview's coordinates.
  ///
  /// Setting it moves ``center`` to the rectangle's midpoint and sets the bounds size to the rectangle's
  /// size, keeping the bounds origin. With a non-identity ``transform`` the frame read back is the
  /// transformed rectangle, not the one assigned (UIKit calls the frame undefined in that case).
  open var frame: Rect {
    get {
      let size = storedBounds.size
      let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
      if storedTransform.isIdentity { return local.offsetBy(dx: storedCenter.x, dy: storedCenter.y) }
      return storedTransform.apply(to: local).offsetBy(dx: storedCenter.x, dy: storedCenter.y)
    }
    set {
      guard newValue.isFinite else { return }
      let rect = newValue.standardized
      changeGeometry {
        storedCenter = rect.center
        storedBounds.size = rect.size
      }
    }
  }

  /// The view's own coordinate space: its origin is the point drawn at the top-left corner (a scroll view
  /// scrolls by moving it), its size the view's untransformed size.
  open var bounds: Rect {
    get { storedBounds }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedBounds = newValue.standardized }
    }
  }

  /// The view's centre in its superview's coordinates.
  open var center: Point {
    get { storedCenter }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedCenter = newValue }
    }
  }

  /// A transform applied about the centre (scale, rotation, translation). Hit-testing and conversion
  /// respect it; a transform that cannot be inverted (scale 0) makes the view untouchable, because no
  /// point maps into it.
  open var transform: AffineTransform {
    get { storedTransform }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedTransform = newValue }
    }
  }

  // MARK: Appearance and interaction flags

  /// Whether the view and its subtree are invisible and ignored by hit-testing. Default `false`.
  open var isHidden: Bool {
    get { storedIsHidden }
    set {
      let oldValue = storedIsHidden
      storedIsHidden = newValue
      guard oldValue != newValue else { return }
      visibilityDidChange()
      invalidateOwnArea()
      superview?.drawnSubviewDidChange(
        self, wasDrawn: !oldValue && alpha >= View.minimumVisibleAlpha, isDrawn: isDrawn)
      superview?.arrangedInputDidChange(in: self)
    }
  }
  private var storedIsHidden = false

  /// Opacity, 0 to 1 (values outside are clamped; NaN is ignored). A view with alpha below
  /// ``minimumVisibleAlpha`` (0.01) is neither drawn nor hit-tested, with its subtree.
  open var alpha: Double {
    get { storedAlpha }
    set {
      let oldValue = storedAlpha
      if !newValue.isNaN { storedAlpha = min(max(newValue, 0), 1) }
      guard oldValue != storedAlpha else { return }
      AnimationCapture.note(self, .alpha, old: .number(oldValue))
      visibilityDidChange()
      invalidateOwnArea()
      superview?.drawnSubviewDidChange(
        self, wasDrawn: !isHidden && oldValue >= View.minimumVisibleAlpha, isDrawn: isDrawn)
    }
  }
  private var storedAlpha = 1.0

  /// Whether touches may be delivered to this view and its subtree. Default `true`; `false` makes
  /// hit-testing skip the whole subtree — set on the top one of two overlapping siblings, it lets touches
  /// through to the sibling below.
  open var isUserInteractionEnabled: Bool {
    get { storedIsUserInteractionEnabled }
    set { storedIsUserInteractionEnabled = newValue }
  }
  private var storedIsUserInteractionEnabled = true

  /// Whether subviews are clipped to the bounds when drawn. Hit-testing ignores this flag: a subview
  /// outside its superview's bounds is not touchable either way (unless the superview overrides
  /// ``hitTest(_:with:)``).
  open var clipsToBounds = false {
    // The area covered before the change (turning clipping on stops drawing what stuck out), then after.
    willSet { if newValue != clipsToBounds { invalidateOwnArea() } }
    didSet {
      guard oldValue != clipsToBounds else { return }
      ownAreaDidChange()
      invalidateOwnArea()
    }
  }

  /// Whether this view receives more than one touch at a time. Default `false` (UIKit's default): while
  /// the view has a live touch, further touches hit-tested to it are bound to no view and delivered to
  /// no responder.
  open var isMultipleTouchEnabled: Bool {
    get { storedIsMultipleTouchEnabled }
    set { storedIsMultipleTouchEnabled = newValue }
  }
  private var storedIsMultipleTouchEnabled = false

  /// Whether this view's touches exclude every other view's in the same window. While an exclusive view
  /// has a live touch, touches that begin on other views are bound to no view; and a touch that begins
  /// on an exclusive view while another view has a live touch is bound to no view.
  ///
  /// The exclusion is the views', not the gesture recognizers': a touch bound to no view still reaches
  /// the recognizers of the view it hit and of that view's ancestors (as a touch refused by
  /// ``isMultipleTouchEnabled`` does), so a pinch over an exclusive view keeps working. UIKit's
  /// documentation does not say; this is Tactile's choice, because an exclusive button under a second
  /// finger should not break a gesture of its container.
  open var isExclusiveTouch: Bool {
    get { storedIsExclusiveTouch }
    set { storedIsExclusiveTouch = newValue }
  }
  private var storedIsExclusiveTouch = false

  /// The pointer's shape over this view, or `nil` (the default) for its superview's (see
  /// ``effectiveCursorStyle``).
  public var cursorStyle: CursorStyle?

  /// The edit menu this view asks for on a long press or secondary click, or `nil` (the default) for
  /// none. A ``TextField`` has one. Setting it attaches the interaction's long-press recognizer to this
  /// view (and detaches the previous one's).
  public var editMenuInteraction: EditMenuInteraction? {
    didSet {
      guard oldValue !== editMenuInteraction else { return }
      if let oldValue { removeGestureRecognizer(oldValue.longPressRecognizer) }
      if let editMenuInteraction { addGestureRecognizer(editMenuInteraction.longPressRecognizer) }
    }
  }

  /// The context menu this view shows on a long press or secondary click, or `nil` (the default) for
  /// none. Setting it attaches the interaction to this view (``ContextMenuInteraction/view``) with its
  /// long-press recognizer (and detaches the previous one).
  public var contextMenuInteraction: ContextMenuInteraction? {
    didSet {
      guard oldValue !== contextMenuInteraction else { return }
      if let oldValue {
        removeGestureRecognizer(oldValue.longPressRecognizer)
        oldValue.view = nil
      }
      if let contextMenuInteraction {
        contextMenuInteraction.view?.contextMenuInteraction = nil
        contextMenuInteraction.view = self
        addGestureRecognizer(contextMenuInteraction.longPressRecognizer)
      }
    }
  }

  /// What this view lets the user drag out of it, or `nil` (the default) for nothing. Setting it
  /// attaches the interaction (``DragInteraction/view``) with its recognizers (and detaches the previous
  /// one).
  public var dragInteraction: DragInteraction? {
    didSet {
      guard oldValue !== dragInteraction else { return }
      oldValue?.view = nil
      if let dragInteraction {
        dragInteraction.view?.dragInteraction = nil
        dragInteraction.view = self
      }
    }
  }

  /// What this view does with drags dropped on it, or `nil` (the default) for none. Setting it attaches
  /// the interaction (``DropInteraction/view``).
  public var dropInteraction: DropInteraction? {
    didSet {
      guard oldValue !== dropInteraction else { return }
      oldValue?.view = nil
      if let dropInteraction {
        dropInteraction.view?.dropInteraction = nil
        dropInteraction.view = self
      }
    }
  }

  // MARK: Visual properties (drawn by the renderer; each change marks the view's area as damaged)

  /// The colour filling the bounds, or `nil` for none (transparent).
  open var backgroundColor: Color? {
    didSet {
      guard oldValue != backgroundColor else { return }
      AnimationCapture.note(self, .backgroundColor, old: .color(oldValue))
      setNeedsDisplay()
    }
  }

  /// The radius of each corner of the bounds in points (top-left, top-right, bottom-right, bottom-left),
  /// for the background, the border and clipping; radii too large for the bounds are scaled down together
  /// as CSS does (``/TactileRaster/RoundedRect``). A value with a non-finite or negative radius is ignored
  /// (the view keeps its radii). Hit-testing ignores the corners (override ``point(inside:with:)`` for a
  /// round touch area). Default: all zero.
  public var cornerRadii = CornerRadii.zero {
    didSet {
      let radii = [
        cornerRadii.topLeft, cornerRadii.topRight, cornerRadii.bottomRight, cornerRadii.bottomLeft,
      ]
      if !radii.allSatisfy({ $0.isFinite && $0 >= 0 }) { cornerRadii = oldValue }
      guard oldValue != cornerRadii else { return }
      AnimationCapture.note(self, .cornerRadii, old: .radii(oldValue))
      setNeedsDisplay()
    }
  }

  /// The radius of every corner, in points: setting it sets all four ``cornerRadii`` (a non-finite or
  /// negative value is ignored); reading it gives the largest of them.
  public var cornerRadius: Double {
    get { max(cornerRadii.topLeft, cornerRadii.topRight, cornerRadii.bottomRight, cornerRadii.bottomLeft) }
    set { cornerRadii = CornerRadii(all: newValue) }
  }

  /// The width of the border drawn inside the bounds, in points. Non-finite or negative values are
  /// ignored.
  public var borderWidth: Double = 0 {
    didSet {
      if !borderWidth.isFinite || borderWidth < 0 { borderWidth = oldValue }
      if oldValue != borderWidth { setNeedsDisplay() }
    }
  }

  /// The colour of the border.
  public var borderColor: Color = .black {
    didSet { if oldValue != borderColor { setNeedsDisplay() } }
  }

  // MARK: Accessibility (rules: Accessibility/View+Accessibility.swift)

  /// What the app set; the properties below fall back to the view's defaults where it set nothing.
  var accessibilityAttributes = AccessibilityAttributes()

  /// Whether assistive technology sees this view as one element (its subviews are then not elements).
  /// Default: `false` for a plain view, `true` for a ``Label`` and for controls.
  open var isAccessibilityElement: Bool {
    get { accessibilityAttributes.isElement ?? defaultIsAccessibilityElement }
    set { accessibilityAttributes.isElement = newValue }
  }

  /// The element's name, spoken first ("Save"). Default: a label's text, a button's title, a text
  /// field's placeholder; setting `nil` restores the default.
  open var accessibilityLabel: String? {
    get { accessibilityAttributes.label ?? labelOfLabellingViews ?? defaultAccessibilityLabel }
    set { accessibilityAttributes.label = newValue }
  }

  /// The views whose text names this element (a label beside a field or a switch), held weakly:
  /// assistive technology relates them to it (AT-SPI2's labelled-by, and label-for on the label), and
  /// their labels joined by spaces are its ``accessibilityLabel`` unless one was set. Default: none.
  open var accessibilityLabelledBy: [View] {
    get { accessibilityAttributes.labelledBy.compactMap(\.object) }
    set { accessibilityAttributes.labelledBy = newValue.map { Weak(object: $0) } }
  }

  /// The labels of ``accessibilityLabelledBy``'s views (their own set or default labels, not theirs in
  /// turn, so that two views labelling each other end), or `nil` without any.
  private var labelOfLabellingViews: String? {
    let labels = accessibilityLabelledBy.compactMap {
      $0.accessibilityAttributes.label ?? $0.defaultAccessibilityLabel
    }
    return labels.isEmpty ? nil : labels.joined(separator: " ")
  }

  /// The element's current value when it differs from its label: a switch's "1" or "0", a slider's
  /// percentage, a text field's text. Setting `nil` restores the default.
  open var accessibilityValue: String? {
    get { accessibilityAttributes.value ?? defaultAccessibilityValue }
    set { accessibilityAttributes.value = newValue }
  }

  /// What activating the element does, spoken after a pause ("Saves the drawing"). Default `nil`.
  open var accessibilityHint: String? {
    get { accessibilityAttributes.hint }
    set { accessibilityAttributes.hint = newValue }
  }

  /// A name for tests to find the element by, never spoken. Default `nil`.
  open var accessibilityIdentifier: String? {
    get { accessibilityAttributes.identifier }
    set { accessibilityAttributes.identifier = newValue }
  }

  /// What kind of element this is and its state. Default: the view's own (see
  /// ``AccessibilityTraits``); setting replaces them.
  open var accessibilityTraits: AccessibilityTraits {
    get { accessibilityAttributes.traits ?? defaultAccessibilityTraits }
    set { accessibilityAttributes.traits = newValue }
  }

  /// The element's frame in its window's coordinates (a Wayland client knows no screen coordinates).
  /// Default: the bounds converted to the window, following the view as it moves; a set frame stays as
  /// set.
  open var accessibilityFrame: Rect {
    get { accessibilityAttributes.frame ?? convert(bounds, to: nil) }
    set { accessibilityAttributes.frame = newValue }
  }

  /// The elements inside this view, in the order assistive technology reads them, when the app orders
  /// them itself; setting a list makes the view a container of exactly those views. Default `nil`: the
  /// shown subviews' elements in reading order (``accessibilityChildren``).
  open var accessibilityElements: [View]? {
    get { accessibilityAttributes.elements }
    set { accessibilityAttributes.elements = newValue }
  }

  /// Whether the elements inside this view are hidden from assistive technology (a view covered by a
  /// sheet). Default `false`.
  open var accessibilityElementsHidden: Bool {
    get { accessibilityAttributes.elementsHidden }
    set { accessibilityAttributes.elementsHidden = newValue }
  }

  /// Whether assistive technology reads only this view while it is shown, leaving out its siblings (an
  /// alert or a sheet over the screen), like UIKit's `accessibilityViewIsModal`. Default `false`; a
  /// presentation's container view is modal.
  open var accessibilityViewIsModal: Bool {
    get { accessibilityAttributes.isModal ?? defaultAccessibilityViewIsModal }
    set { accessibilityAttributes.isModal = newValue }
  }

  /// The named actions this element offers besides activation. Default: none.
  open var accessibilityCustomActions: [AccessibilityCustomAction] {
    get { accessibilityAttributes.customActions }
    set { accessibilityAttributes.customActions = newValue }
  }

  /// Activates the element as a tap would (a screen reader's double tap, an assistive tool's "click").
  /// A control runs its tap's actions; the default does nothing.
  ///
  /// - Returns: Whether the element did something.
  open func accessibilityActivate() -> Bool { false }

  /// Moves an ``AccessibilityTraits/adjustable`` element's value one step up (a slider by a tenth of its
  /// range). The default does nothing.
  open func accessibilityIncrement() {}

  /// Moves an ``AccessibilityTraits/adjustable`` element's value one step down. The default does
  /// nothing.
  open func accessibilityDecrement() {}

  /// The defaults the core's views override (an app's view overrides the public properties instead).
  var defaultIsAccessibilityElement: Bool { false }
  var defaultAccessibilityLabel: String? { nil }
  var defaultAccessibilityValue: String? { nil }
  var defaultAccessibilityTraits: AccessibilityTraits { [] }
  var defaultAccessibilityViewIsModal: Bool { false }

  // MARK: Responder

  /// UIKit's rule: a controller's root view → that controller; any other view →
  /// its superview; a root view outside any controller → `nil` (a ``Window`` overrides this).
  /// Performs the button's standard action when this view has one (rules: `Window+Clicks.swift`),
  /// else forwards to ``next``.
  open override func pointerButtonPressed(_ button: ButtonMask, with event: Event) {
    guard performStandardAction(of: button, with: event) else {
      super.pointerButtonPressed(button, with: event)
      return
    }
  }

  open override var next: Responder? {
    if let controller = owningViewController { return controller }
    return superview
  }

  override var responderWindow: Window? { window }

  // MARK: Gesture recognizers (rules: View+GestureRecognizers.swift)

  /// The recognizers attached to this view, in the order they were added (the order they receive
  /// touches in). Setting it removes those not in the new list and adds the others, in order.
  open var gestureRecognizers: [GestureRecognizer] {
    get { attachedGestureRecognizers }
    set {
      for recognizer in attachedGestureRecognizers where !newValue.contains(where: { $0 === recognizer }) {
        removeGestureRecognizer(recognizer)
      }
      for recognizer in newValue { addGestureRecognizer(recognizer) }
    }
  }

  /// Attaches `recognizer` (moving it from its previous view); adding it twice does nothing.
  open func addGestureRecognizer(_ recognizer: GestureRecognizer) { attach(recognizer) }

  /// Detaches `recognizer`, stopping its gesture first; does nothing if it is not attached here.
  open func removeGestureRecognizer(_ recognizer: GestureRecognizer) { detach(recognizer) }

  // MARK: Hit-testing (rules: View+HitTesting.swift)

  /// The farthest descendant of this view (itself included) that contains `point`, or `nil`.
  ///
  /// - Parameters:
  ///   - point: In this view's coordinates.
  ///   - event: The event being hit-tested, if any.
  /// - Returns: See ``View/defaultHitTest(_:with:)`` for the default rules.
  open func hitTest(_ point: Point, with event: Event?) -> View? {
    defaultHitTest(point, with: event)
  }

  /// Whether `point` (in this view's coordinates) lies inside the view: by default whether ``bounds``
  /// contains it (minimum edges inclusive, maximum edges exclusive).
  open func point(inside point: Point, with event: Event?) -> Bool {
    bounds.contains(point)
  }

  /// Whether `gestureRecognizer` — attached to this view, or to an ancestor and receiving a touch that
  /// began on this view — may begin (rule 1 of ``GestureCoordinator``). Default `true`; ``Control``
  /// refuses an ancestor's single tap so it keeps its own action.
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

  // MARK: Hierarchy (rules: View+Hierarchy.swift)

  /// Adds `view` on top of the other subviews (moving it to the top if it is already one of them).
  ///
  /// - Returns: `false`, changing nothing, when `view` is this view or one of its ancestors.
  @discardableResult
  open func addSubview(_ view: View) -> Bool { place(view, at: subviews.count) }

  /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range), removing it from its old
  /// superview first.
  ///
  /// - Returns: `false`, changing nothing, when `view` is this view or one of its ancestors.
  @discardableResult
  open func insertSubview(_ view: View, at index: Int) -> Bool { place(view, at: index) }

  /// Inserts `view` just above `sibling` (on top when `sibling` is not a subview).
  @discardableResult
  open func insertSubview(_ view: View, aboveSubview sibling: View) -> Bool {
    place(view, at: insertionIndex(of: view, above: sibling))
  }

  /// Inserts `view` just below `sibling` (at the bottom when `sibling` is not a subview).
  @discardableResult
  open func insertSubview(_ view: View, belowSubview sibling: View) -> Bool {
    place(view, at: insertionIndex(of: view, below: sibling))
  }

  /// Moves `view` to the top of the subviews; does nothing when it is not a subview.
  open func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    _ = place(view, at: subviews.count)
  }

  /// Moves `view` to the bottom of the subviews; does nothing when it is not a subview.
  open func sendSubviewToBack(_ view: View) {
    guard view.superview === self else { return }
    _ = place(view, at: 0)
  }

  /// Removes the view from its superview (and so from its window). Does nothing for a root view.
  open func removeFromSuperview() {
    guard superview != nil else { return }
    move(to: nil, at: 0)
  }

  // MARK: Hierarchy hooks

  /// Called just before the view gets a new superview (`nil` when being removed).
  open func willMove(toSuperview newSuperview: View?) {}

  /// Called just after the superview changed.
  open func didMoveToSuperview() {}

  /// Called on every view of a subtree just before it moves to another window (or out of any window).
  open func willMove(toWindow newWindow: Window?) {}

  /// Called on every view of a subtree just after it moved to another window (or out of any window).
  open func didMoveToWindow() {}

  /// Called on the superview after a subview was added.
  open func didAddSubview(_ subview: View) {}

  /// Called on the superview before a subview is removed.
  open func willRemoveSubview(_ subview: View) {}

  // MARK: Drawing (damage rules: View+Display.swift)

  /// Marks the whole view as needing to be drawn again.
  open func setNeedsDisplay() {
    setNeedsDisplay(bounds)
  }

  /// Marks `rect` (in this view's coordinates) as needing to be drawn again. A non-finite or empty
  /// rectangle marks nothing.
  open func setNeedsDisplay(_ rect: Rect) {
    guard let window, rect.isFinite else { return }
    window.addDamage(convert(rect, to: window))
  }

  /// Draws the view's own content (text, an image, a custom shape).
  ///
  /// Called by a renderer on each frame whose damage intersects the view, after it filled the
  /// background and drew the border, before the subviews. The canvas's transform maps the view's
  /// ``bounds`` coordinates (so `bounds` is the rectangle to fill) and its clip is the damaged part of the
  /// frame: only those pixels are written, so drawing everything is correct and drawing less is an
  /// optimisation (`canvas.deviceClipBounds` tells what is redrawn). The default draws nothing; ``Label``,
  /// ``Button`` and ``ImageView`` draw their content. Call ``setNeedsDisplay()`` (or
  /// ``setNeedsDisplay(_:)`` with the part that changed) when what this draws changes, and draw inside
  /// ``bounds``: drawing outside them is not tracked as this view's damage.
  open func draw(in canvas: Canvas) {}

  // MARK: Layout (rules: View+Layout.swift)

  /// Marks the view for layout at the next layout pass and asks its window for a frame.
  open func setNeedsLayout() {
    needsLayout = true
    window?.requestFrame()
  }

  /// Runs the pending layout of this view and its subtree now: ``View/layoutSubviews()`` on every
  /// marked view, parents before children (a parent's layout may mark or resize its children).
  ///
  /// - Complexity: O(number of views in the subtree).
  open func layoutIfNeeded() { layOutMarkedSubtree() }

  /// Resizes the view to ``View/sizeThatFits(_:)`` of its current size, keeping its origin.
  open func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    guard size.isFinite, size.width >= 0, size.height >= 0 else { return }
    frame = Rect(origin: frame.origin, size: size)
  }

  /// Tells the superview that ``View/intrinsicContentSize`` changed (call it when what the view shows
  /// changes its natural size; ``Label`` and ``Button`` do). A ``StackView`` arranging the view lays out
  /// again at the next layout pass and passes the news on to its own superview; other superviews ignore
  /// it.
  open func invalidateIntrinsicContentSize() {
    superview?.arrangedInputDidChange(in: self)
  }

  /// How far in from each edge of the bounds the window's safe area begins: the part of the view that
  /// lies outside the window's bounds inset by ``Window/systemSafeAreaInsets`` (zero without a window).
  /// A scroll view's insets do not change as it scrolls (rules: View+SafeArea.swift).
  ///
  /// - Complexity: O(depth) — the conversion from the window to this view.
  open var safeAreaInsets: EdgeInsets { windowSafeAreaInsets }

  /// The size the view's content naturally needs, or ``View/noIntrinsicMetric`` in a dimension with no
  /// natural size (the default, in both).
  open var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// The size that best fits the content within `size`: the default returns the current bounds size.
  open func sizeThatFits(_ size: Size) -> Size {
    bounds.size
  }

  /// The distance from the top of the bounds to the baseline of the view's first line of text, or `nil`
  /// (the default) for a view that shows no text. ``StackView/Alignment/firstBaseline`` lines these up.
  open var firstBaselineOffset: Double? { nil }

  /// A subview's natural size, or whether it is shown, changed (``invalidateIntrinsicContentSize()``,
  /// ``isHidden``); a ``StackView`` lays out again. The default does nothing.
  func arrangedInputDidChange(in subview: View) {}

  /// Called after ``bounds`` changed (by any setter, animations included); a ``ScrollView`` reports
  /// scrolling. The default does nothing.
  func boundsDidChange(from old: Rect) {}

  /// Lays out subviews. Called by ``layoutIfNeeded()`` when ``needsLayout`` is set; the default does
  /// nothing. Never call it directly — call ``setNeedsLayout()``.
  open func layoutSubviews() {}
}
