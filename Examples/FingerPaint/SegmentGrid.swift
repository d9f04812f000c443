import Tactile

/// One straight piece of a stroke, as drawn: a round-capped line `width` wide (a dot when both ends
/// are one point).
struct Segment {
  var from: Point
  var to: Point
  var color: Color
  var width: Double

  /// What the segment covers: the box of its ends grown by half the width (the round caps reach that
  /// far around each end) and a pixel of antialiasing.
  var area: Rect {
    let margin = width / 2 + 1
    return Rect(
      x: min(from.x, to.x) - margin, y: min(from.y, to.y) - margin,
      width: abs(to.x - from.x) + 2 * margin, height: abs(to.y - from.y) + 2 * margin)
  }
}

/// Every segment drawn on the canvas, oldest first, filed by the square cells of a grid their areas
/// cover, so that a redraw of a small damaged rectangle finds the segments under it without looking
/// at the others: what keeps a motion's cost independent of how long the strokes are.
struct SegmentGrid {
  /// The side of a cell, in points: a little more than a typical segment's area.
  static let cellSide = 32.0

  private struct Cell: Hashable {
    var column: Int
    var row: Int
  }

  private(set) var segments: [Segment] = []
  private var cells: [Cell: [Int]] = [:]

  /// Files `segment` after every segment already there (it is drawn over them).
  ///
  /// - Complexity: O(the cells its area covers).
  mutating func append(_ segment: Segment) {
    let index = segments.count
    segments.append(segment)
    forEachCell(of: segment.area) { cells[$0, default: []].append(index) }
  }

  /// Forgets every segment.
  mutating func removeAll() {
    segments = []
    cells = [:]
  }

  /// The segments whose areas meet `rect`, oldest first (the order they are drawn in).
  ///
  /// - Complexity: O(k log k) in the segments filed in the cells `rect` covers.
  func segments(meeting rect: Rect) -> [Segment] {
    var indices: [Int] = []
    forEachCell(of: rect) { indices += cells[$0] ?? [] }
    indices.sort()
    var found: [Segment] = []
    var previous = -1
    for index in indices where index != previous {
      previous = index
      if segments[index].area.intersects(rect) { found.append(segments[index]) }
    }
    return found
  }

  /// The cells `rect` covers. Cells beyond ``maximumCell`` on either axis (past 8,192 points) are
  /// folded into the edge cells, so that a stroke far off the canvas costs a bounded number of them
  /// and is still found (areas meet only where their folded cells do).
  private func forEachCell(of rect: Rect, _ body: (Cell) -> Void) {
    guard rect.isFinite, !rect.isEmpty else { return }
    for row in Self.cells(from: rect.minY, to: rect.maxY) {
      for column in Self.cells(from: rect.minX, to: rect.maxX) { body(Cell(column: column, row: row)) }
    }
  }

  /// The highest cell number on an axis (the lowest is −1, for what lies left of or above the canvas).
  static let maximumCell = 256

  private static func cells(from low: Double, to high: Double) -> ClosedRange<Int> {
    func cell(_ value: Double) -> Int {
      Int(min(Double(maximumCell), max(-1, (value / cellSide).rounded(.down))))
    }
    return cell(low)...cell(high)
  }
}
