import Tactile

/// A scroll view of `count` numbered rows that draws only the rows in view, so 1,000 rows cost no more
/// than ten.
@MainActor final class RowsView: ScrollView {
  let count: Int
  let rowHeight = 44.0

  init(frame: Rect, count: Int) {
    self.count = count
    super.init(frame: frame)
    contentSize = Size(width: frame.width, height: Double(count) * rowHeight)
    backgroundColor = .white
  }

  /// The first row whose top is at or above the top edge.
  var topRow: Int { min(count - 1, max(0, Int(contentOffset.y / rowHeight))) }

  /// Draws the rows that cross the bounds, clipped to them (the renderer clips only subviews).
  override func draw(in canvas: Canvas) {
    let last = min(count - 1, Int(bounds.maxY / rowHeight))
    canvas.withSavedState {
      canvas.clip(to: RoundedRect(rect: bounds, cornerRadius: 0))
      for row in topRow...last {
        let top = Double(row) * rowHeight
        if row % 2 == 1 {
          let stripe = Rect(x: 0, y: top, width: bounds.width, height: rowHeight)
          canvas.fill(stripe, with: .color(Color(white: 0.94)))
        }
        canvas.draw(
          "Row \(row)", at: Point(x: 12, y: top + 28), font: .system(size: 17), with: .color(.black))
      }
    }
  }
}
