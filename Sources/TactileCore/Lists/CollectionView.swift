import TactileGeometry

/// A scrolling grid of items in sections, like `UICollectionView` with a ``CollectionViewFlowLayout``:
/// it shows the items its ``dataSource`` describes, creating views only for the items in view and
/// reusing them as others scroll in (the same ``ReusableView`` reuse as ``TableView``).
///
/// ## Items and reuse
/// A layout pass (on every scroll, after ``reloadData()`` and when the width changes) finds the items
/// whose frames meet the bounds (``CollectionViewFlowLayout``: rows that reflow with the width), asks
/// the data source for a cell for each one that has none, and puts the cells of items that left the
/// bounds into a queue per ``CollectionViewCell/reuseIdentifier``, where
/// ``dequeueReusableCell(withReuseIdentifier:for:)`` takes them from. The content is as tall as the
/// sections and as wide as the bounds (it scrolls vertically).
///
/// ## Selection
/// A tap on an item (a touch that does not move past the tap's slop, so a scroll never selects) selects
/// it — deselecting the one selected before — and tells the delegate
/// (``CollectionViewDelegate/collectionView(_:didSelectItemAt:)``).
///
/// - Complexity: A layout pass is O(sections + items in view); after a reload O(sections) more.
@MainActor
open class CollectionView: ScrollView {
  /// What the collection view shows. Setting it reloads.
  public weak var dataSource: CollectionViewDataSource? {
    didSet { reloadData() }
  }

  /// How the items are placed. Setting it lays the items out again.
  public var collectionViewLayout = CollectionViewFlowLayout() {
    didSet { if collectionViewLayout != oldValue { setNeedsLayout() } }
  }

  /// Selects an item on a tap.
  let tapRecognizer = TapGestureRecognizer()
  private var itemCounts: [Int] = []
  private var needsReload = true
  /// The cells on screen, by item.
  private var displayedCells: [IndexPath: CollectionViewCell] = [:]
  private var pool = ReusePool<CollectionViewCell>()
  private var selectedItem: IndexPath?

  public override init(frame: Rect) {
    super.init(frame: frame)
    tapRecognizer.addAction { [weak self] recognizer in
      guard let self, recognizer.state == .ended else { return }
      self.tapped(at: recognizer.location(in: self))
    }
    addGestureRecognizer(tapRecognizer)
  }

  // MARK: Data

  /// Forgets every item and asks the data source again at the next layout pass. The selection is
  /// cleared.
  public func reloadData() {
    needsReload = true
    setNeedsLayout()
  }

  /// The number of sections, as the data source last said.
  public var numberOfSections: Int {
    reloadIfNeeded()
    return itemCounts.count
  }

  /// The number of items in `section` (0 for a section that does not exist).
  public func numberOfItems(inSection section: Int) -> Int {
    reloadIfNeeded()
    return itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  /// Registers the cell class ``dequeueReusableCell(withReuseIdentifier:for:)`` creates for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    pool.register(cellClass, for: identifier)
  }

  /// A cell for the data source to configure for `indexPath`: one that scrolled out of view under
  /// `identifier`, after its ``CollectionViewCell/prepareForReuse()``, or else a new one of the class
  /// registered for `identifier` (``CollectionViewCell`` when none is).
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    pool.dequeue(identifier)
  }

  // MARK: Geometry

  /// The frame of the item at `indexPath`, in the collection view's (content) coordinates; `.zero` for
  /// an item that does not exist.
  public func frameForItem(at indexPath: IndexPath) -> Rect {
    reloadIfNeeded()
    guard itemCounts.indices.contains(indexPath.section),
      (0..<itemCounts[indexPath.section]).contains(indexPath.item)
    else { return .zero }
    return collectionViewLayout.frame(
      ofItem: indexPath.item, sectionTop: sectionTop(indexPath.section), columns: columns)
  }

  /// The item whose frame contains `point` (in the collection view's coordinates), or `nil` between
  /// items.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    reloadIfNeeded()
    guard point.isFinite else { return nil }
    var top = 0.0
    for (section, count) in itemCounts.enumerated() {
      let height = collectionViewLayout.sectionHeight(items: count, columns: columns.count)
      if point.y < top + height {
        let items = collectionViewLayout.items(
          inBand: point.y, point.y, sectionTop: top, items: count, columns: columns.count)
        return items.map { IndexPath(item: $0, section: section) }.first {
          collectionViewLayout.frame(ofItem: $0.item, sectionTop: top, columns: columns).contains(point)
        }
      }
      top += height
    }
    return nil
  }

  /// The cell showing the item at `indexPath`, or `nil` when the item is not in view.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { displayedCells[indexPath] }

  /// The items in view, in order.
  public var indexPathsForVisibleItems: [IndexPath] { displayedCells.keys.sorted() }

  /// The cells in view, in item order.
  public var visibleCells: [CollectionViewCell] {
    indexPathsForVisibleItems.compactMap { displayedCells[$0] }
  }

  /// What assistive technology reads in the collection view, unless the app sets its own list: the cells
  /// in view, in item order (the view is a list container; items out of view have no cell).
  open override var accessibilityElements: [View]? {
    get { super.accessibilityElements ?? visibleCells }
    set { super.accessibilityElements = newValue }
  }

  /// The selected item, if any.
  public var indexPathForSelectedItem: IndexPath? { selectedItem }

  /// Selects the item at `indexPath` (deselecting the one before), or clears the selection with `nil`;
  /// the delegate is not told.
  public func selectItem(at indexPath: IndexPath?) {
    if let selectedItem { displayedCells[selectedItem]?.isSelected = false }
    selectedItem = indexPath
    if let indexPath { displayedCells[indexPath]?.isSelected = true }
  }

  // MARK: Layout

  /// Scrolling shows other items: lay out at the next pass.
  override func boundsDidChange(from old: Rect) {
    super.boundsDidChange(from: old)
    if bounds.origin != old.origin || bounds.width != old.width { setNeedsLayout() }
  }

  /// Shows the items whose frames meet the bounds and recycles the others (rules on ``CollectionView``).
  open override func layoutSubviews() {
    super.layoutSubviews()
    reloadIfNeeded()
    let columns = columns
    let minY = contentOffset.y
    let maxY = minY + bounds.height
    var shown: [IndexPath: Rect] = [:]
    var top = 0.0
    for (section, count) in itemCounts.enumerated() {
      let height = collectionViewLayout.sectionHeight(items: count, columns: columns.count)
      if top < maxY, top + height > minY {
        let items = collectionViewLayout.items(
          inBand: minY, maxY, sectionTop: top, items: count, columns: columns.count)
        for item in items {
          shown[IndexPath(item: item, section: section)] = collectionViewLayout.frame(
            ofItem: item, sectionTop: top, columns: columns)
        }
      }
      top += height
    }
    for indexPath in Array(displayedCells.keys) where shown[indexPath] == nil { recycleCell(at: indexPath) }
    for (indexPath, frame) in shown {
      guard let cell = displayedCells[indexPath] ?? makeCell(for: indexPath) else { continue }
      cell.frame = frame
    }
    contentSize = Size(width: bounds.width, height: top)
  }

  private var columns: (count: Int, pitch: Double) { collectionViewLayout.columns(forWidth: bounds.width) }

  /// The top of `section`, in content coordinates.
  private func sectionTop(_ section: Int) -> Double {
    itemCounts.prefix(section).reduce(0) {
      $0 + collectionViewLayout.sectionHeight(items: $1, columns: columns.count)
    }
  }

  private func reloadIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    let sections = dataSource.map { max($0.numberOfSections(in: self), 0) } ?? 0
    itemCounts = (0..<sections).map {
      max(dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0, 0)
    }
    for indexPath in Array(displayedCells.keys) { recycleCell(at: indexPath) }
    selectedItem = nil
  }

  /// The cell the data source gives for `indexPath`, shown; `nil` without a data source.
  private func makeCell(for indexPath: IndexPath) -> CollectionViewCell? {
    guard let cell = dataSource?.collectionView(self, cellForItemAt: indexPath) else { return nil }
    if let other = displayedCells.first(where: { $0.value === cell })?.key { displayedCells[other] = nil }
    cell.isSelected = selectedItem == indexPath
    if cell.superview !== self { insertSubview(cell, at: 0) }
    displayedCells[indexPath] = cell
    return cell
  }

  private func recycleCell(at indexPath: IndexPath) {
    guard let cell = displayedCells.removeValue(forKey: indexPath) else { return }
    cell.removeFromSuperview()
    cell.isSelected = false
    cell.isHighlighted = false
    pool.enqueue(cell)
  }

  private func tapped(at point: Point) {
    guard let indexPath = indexPathForItem(at: point) else { return }
    userSelect(indexPath)
  }

  /// Selects `indexPath` as a tap does, telling the delegate. (Activating a cell, and an accessibility
  /// bridge, select so too.)
  package func userSelect(_ indexPath: IndexPath) {
    selectItem(at: indexPath)
    (delegate as? CollectionViewDelegate)?.collectionView(self, didSelectItemAt: indexPath)
  }

  /// The item `cell` shows, or `nil` when it shows none.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    displayedCells.first { $0.value === cell }?.key
  }
}
