import TactileGeometry

/// How a ``CollectionView`` places its items, like `UICollectionViewFlowLayout` with a fixed item size:
/// in rows that fill the width and reflow when it changes.
///
/// Each section starts below the previous one, inset by ``sectionInset``. Its items run left to right in
/// rows of as many ``itemSize`` items as fit across the width inside the insets with at least
/// ``minimumInteritemSpacing`` between them (at least one per row); the space left over is shared
/// between the gaps, so a full row reaches both insets, and every row keeps the columns of a full one
/// (a short last row is aligned with the columns above it). Rows are ``minimumLineSpacing`` apart.
///
/// Because every item has the same size, the items in a rectangle are found by arithmetic: the
/// collection view's work per frame depends on the items in view and the number of sections, not on
/// the number of items.
public struct CollectionViewFlowLayout: Hashable, Sendable {
  /// Every item's size, in points. Default 50 × 50; a size that is not finite and positive counts as
  /// 1 × 1.
  public var itemSize = Size(width: 50, height: 50)
  /// The least space between items in a row, in points. Default 10.
  public var minimumInteritemSpacing = 10.0
  /// The space between rows, in points. Default 10.
  public var minimumLineSpacing = 10.0
  /// The margins around each section's items. Default zero.
  public var sectionInset = EdgeInsets.zero

  public init() {}

  /// The item size made usable.
  var cleanItemSize: Size {
    let ok = itemSize.width.isFinite && itemSize.height.isFinite && itemSize.width > 0 && itemSize.height > 0
    return ok ? itemSize : Size(width: 1, height: 1)
  }

  private func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }

  /// The columns of a row `width` wide, and the distance from one column's left edge to the next.
  func columns(forWidth width: Double) -> (count: Int, pitch: Double) {
    let item = cleanItemSize.width
    let spacing = clean(minimumInteritemSpacing)
    let available = max(width - clean(sectionInset.left) - clean(sectionInset.right), 0)
    let count = max(Int(((available + spacing) / (item + spacing)).rounded(.down)), 1)
    let pitch = count > 1 ? item + (available - Double(count) * item) / Double(count - 1) : item
    return (count, pitch)
  }

  /// The distance from one row's top to the next.
  var linePitch: Double { cleanItemSize.height + clean(minimumLineSpacing) }

  /// The height of a section of `items` items in rows of `columns`.
  func sectionHeight(items: Int, columns: Int) -> Double {
    let rows = (items + columns - 1) / columns
    let content = rows == 0 ? 0 : Double(rows) * linePitch - clean(minimumLineSpacing)
    return clean(sectionInset.top) + content + clean(sectionInset.bottom)
  }

  /// The frame of item `item` of a section whose top is at `top`, in rows of `columns`.
  func frame(ofItem item: Int, sectionTop top: Double, columns: (count: Int, pitch: Double)) -> Rect {
    let row = item / columns.count
    let column = item % columns.count
    let size = cleanItemSize
    return Rect(
      x: clean(sectionInset.left) + Double(column) * columns.pitch,
      y: top + clean(sectionInset.top) + Double(row) * linePitch, width: size.width, height: size.height)
  }

  /// The items of a section of `items` items at `top` whose rows meet the band `minY ..< maxY`.
  func items(
    inBand minY: Double, _ maxY: Double, sectionTop top: Double, items: Int, columns: Int
  ) -> Range<Int> {
    guard items > 0 else { return 0..<0 }
    let origin = top + clean(sectionInset.top)
    let rows = (items + columns - 1) / columns
    let firstRow = max(Int(((minY - origin + clean(minimumLineSpacing)) / linePitch).rounded(.down)), 0)
    let lastRow = min(Int(((maxY - origin) / linePitch).rounded(.up)), rows)
    guard firstRow < lastRow else { return 0..<0 }
    return min(firstRow * columns, items)..<min(lastRow * columns, items)
  }
}
