import TactileGeometry
import TactileRaster

/// A button of a menu or an alert (``EditMenuView``, ``ActionListView``): its background takes a
/// highlight colour while a finger is on it, a thin separator marks its edge towards the previous
/// button, and a tap calls ``onTap``.
@MainActor
final class MenuButton: Button {
  /// Where the separator towards the previous button goes.
  enum Separator {
    /// A vertical line inset 10 points from the top and bottom, on the left (buttons side by side).
    case leading(Color)
    /// A horizontal line across the top (buttons stacked).
    case top(Color)
  }

  private let highlight: Color
  private let separator: Separator
  /// Called when the button is tapped.
  var onTap: (@MainActor () -> Void)?

  init(highlight: Color, separator: Separator) {
    self.highlight = highlight
    self.separator = separator
    super.init(frame: .zero)
  }

  override func stateDidChange() {
    super.stateDidChange()
    backgroundColor = isHighlighted ? highlight : nil
  }

  override func touchUpInsideDidHappen(with event: Event?) {
    super.touchUpInsideDidHappen(with: event)
    onTap?()
  }

  override func draw(in canvas: Canvas) {
    switch separator {
    case .leading(let color) where frame.minX > 0:
      canvas.fill(Rect(x: 0, y: 10, width: 1, height: bounds.height - 20), with: .color(color))
    case .top(let color) where frame.minY > 0:
      canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .color(color))
    default:
      break
    }
    super.draw(in: canvas)
  }
}
