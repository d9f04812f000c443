import TactileGeometry

/// A view that lines up its ``arrangedSubviews`` in a row or a column, like `UIStackView`, without a
/// constraint solver: each layout pass measures the arranged views and sets their frames.
///
/// ## Measuring
/// An arranged view's natural size is its ``View/intrinsicContentSize``; in a dimension where that is
/// ``View/noIntrinsicMetric`` the view's current bounds size counts instead (so a plain view keeps the
/// size it was given). A nested stack's natural size is its own ``intrinsicContentSize``: sizes flow up.
///
/// ## Placing
/// Along ``axis``, ``distribution`` shares the length inside the margins; across it, ``alignment``
/// places each view. Hidden arranged views take no space and no spacing, and keep their frames.
///
/// ## Updating
/// Changing a property of the stack, adding, removing, hiding or showing an arranged view, or an
/// arranged view's ``View/invalidateIntrinsicContentSize()``, marks the stack for layout
/// (``View/setNeedsLayout()``) and invalidates its own intrinsic size, so an enclosing stack is marked
/// too; the next layout pass then runs ``layoutSubviews()`` on those stacks only, outermost first.
/// A view whose frame is changed by hand keeps that frame until its stack next lays out — call
/// ``View/invalidateIntrinsicContentSize()`` on it when its natural size changed.
@MainActor
open class StackView: View {
  /// The direction the arranged views are lined up in.
  public enum Axis: Sendable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// How arranged views are placed across the ``axis``.
  public enum Alignment: Sendable {
    /// Stretched to the full width (vertical stack) or height (horizontal stack) inside the margins.
    case fill
    /// At their natural size, against the left (vertical stack) or top (horizontal stack) edge.
    case leading
    /// At their natural size, centred.
    case center
    /// At their natural size, against the right (vertical stack) or bottom (horizontal stack) edge.
    case trailing
    /// Horizontal stacks: at their natural size, moved vertically so that every view's
    /// ``View/firstBaselineOffset`` lies on one line, as low as the highest view needs (a view with no
    /// baseline counts its bottom edge). Vertical stacks treat it as ``leading``.
    case firstBaseline
  }

  /// How arranged views share the length along the ``axis``.
  public enum Distribution: Sendable {
    /// Natural lengths with ``spacing`` between; the extra length goes to the last visible view with no
    /// intrinsic length along the axis (or the last visible view), and a shortfall is taken from every
    /// view in proportion to its natural length.
    case fill
    /// Every view equally long, with ``spacing`` between.
    case fillEqually
    /// Lengths in proportion to the natural lengths, with ``spacing`` between (equal lengths when every
    /// natural length is zero).
    case fillProportionally
    /// Natural lengths, the gaps between them equal and at least ``spacing``; when even ``spacing`` does
    /// not fit, as ``fill``.
    case equalSpacing
    /// Natural lengths, the centres of neighbours equally far apart, the first view at the start and the
    /// last at the end, as long as every gap stays at least ``spacing``; otherwise the centres are just
    /// far enough apart for that, from the start.
    case equalCentering
  }

  /// The views lined up, in order: each is also a subview (``addArrangedSubview(_:)``).
  public private(set) var arrangedSubviews: [View] = []

  /// Row or column. Default ``Axis/horizontal``.
  public var axis: Axis = .horizontal {
    didSet { if axis != oldValue { arrangementDidChange() } }
  }

  /// The gap between neighbouring visible views, in points (the least gap for
  /// ``Distribution/equalSpacing`` and ``Distribution/equalCentering``). Non-finite values are ignored.
  /// Default 0.
  public var spacing: Double = 0 {
    didSet {
      if !spacing.isFinite { spacing = oldValue }
      if spacing != oldValue { arrangementDidChange() }
    }
  }

  /// Placement across the axis. Default ``Alignment/fill``.
  public var alignment: Alignment = .fill {
    didSet { if alignment != oldValue { arrangementDidChange() } }
  }

  /// Sharing along the axis. Default ``Distribution/fill``.
  public var distribution: Distribution = .fill {
    didSet { if distribution != oldValue { arrangementDidChange() } }
  }

  /// The insets from the bounds that the arranged views stay inside when
  /// ``isLayoutMarginsRelativeArrangement`` is set. Default 8 points on each edge, as UIKit's. A value
  /// with a non-finite inset is ignored.
  public var layoutMargins = EdgeInsets(all: 8) {
    didSet {
      let insets = [layoutMargins.top, layoutMargins.left, layoutMargins.bottom, layoutMargins.right]
      if !insets.allSatisfy(\.isFinite) { layoutMargins = oldValue }
      if layoutMargins != oldValue, isLayoutMarginsRelativeArrangement { arrangementDidChange() }
    }
  }

  /// Whether the arranged views are laid out inside ``layoutMargins`` (else inside the bounds). Default
  /// `false`, as UIKit's.
  public var isLayoutMarginsRelativeArrangement = false {
    didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
  }

  /// Creates a stack of `views`, each added as an arranged subview.
  public convenience init(arrangedSubviews views: [View]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// Appends `view` to ``arrangedSubviews`` and adds it as the top subview (moving it from another
  /// superview). Adding a view that is already arranged moves it to the end.
  public func addArrangedSubview(_ view: View) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` into ``arrangedSubviews`` at `index` (clamped to 0 ... count, after removing `view`
  /// if it was already arranged) and makes it a subview if it is not one.
  public func insertArrangedSubview(_ view: View, at index: Int) {
    guard view !== self else { return }
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
    if view.superview !== self { addSubview(view) }
    arrangementDidChange()
  }

  /// Removes `view` from ``arrangedSubviews``; it stays a subview, as in UIKit (remove it from the
  /// superview too to take it off screen).
  public func removeArrangedSubview(_ view: View) {
    guard arrangedSubviews.contains(where: { $0 === view }) else { return }
    arrangedSubviews.removeAll { $0 === view }
    arrangementDidChange()
  }

  /// The size that fits the visible arranged views at their natural sizes, with spacing and (when
  /// arranged relative to them) margins.
  ///
  /// - Complexity: O(number of arranged views); each nested stack measures its own.
  open override var intrinsicContentSize: Size {
    let arrangement = StackArrangement(self)
    let natural = arrangement.naturalSize
    let size =
      axis == .horizontal
      ? Size(width: natural.along, height: natural.cross) : Size(width: natural.cross, height: natural.along)
    return activeMargins.adding(to: size)
  }

  /// ``intrinsicContentSize``, whatever `size` is.
  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  /// The first visible arranged view's baseline (vertical stack), or the lowest baseline among the
  /// visible arranged views (horizontal stack), in the stack's coordinates; `nil` when none has one.
  open override var firstBaselineOffset: Double? {
    let visible = arrangedSubviews.filter { !$0.isHidden }
    let candidates = axis == .vertical ? Array(visible.prefix(1)) : visible
    return candidates.compactMap { view in view.firstBaselineOffset.map { view.frame.minY + $0 } }.max()
  }

  /// Sets the frames of the visible arranged views (rules on ``StackView``).
  open override func layoutSubviews() {
    StackArrangement(self).place(in: bounds.inset(by: activeMargins))
  }

  /// ``layoutMargins`` when the arrangement is relative to them, else no insets.
  var activeMargins: EdgeInsets { isLayoutMarginsRelativeArrangement ? layoutMargins : .zero }

  override func arrangedInputDidChange(in subview: View) {
    if arrangedSubviews.contains(where: { $0 === subview }) { arrangementDidChange() }
  }

  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  /// Something the arrangement depends on changed: lay out again, and tell an enclosing stack.
  private func arrangementDidChange() {
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }
}
