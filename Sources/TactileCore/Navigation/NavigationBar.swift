import TactileGeometry
import TactileRaster

/// The bar at the top of a ``NavigationController``, like `UINavigationBar`: the top controller's
/// title, centred, and — below the root — a back button at the leading edge titled with the previous
/// controller's title ("Back" when it has none), which pops. Assistive technology reads the title as a
/// header and the back button by the previous title alone (without the chevron).
@MainActor
public final class NavigationBar: View {
  /// The bar's height, in points (UIKit's 44).
  public static let height = 44.0

  /// The top controller's title.
  public let titleLabel = Label()

  /// Pops the top controller; hidden at the root.
  public let backButton = Button()

  public override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(white: 0.97)
    titleLabel.font = .system(size: 17)
    titleLabel.textAlignment = .center
    backButton.setTitleColor(Color(red: 0, green: 0.48, blue: 1), for: .normal)
    backButton.isHidden = true
    titleLabel.accessibilityTraits = [.staticText, .header]
    addSubview(titleLabel)
    addSubview(backButton)
  }

  /// Shows `title`, and a back button titled `backTitle` (`nil`: none).
  func show(title: String?, backTitle: String?) {
    titleLabel.text = title
    backButton.setTitle(backTitle.map { "‹ \($0)" }, for: .normal)
    // Spoken without the chevron: the previous controller's title.
    backButton.accessibilityLabel = backTitle
    backButton.isHidden = backTitle == nil
    setNeedsLayout()
  }

  public override func layoutSubviews() {
    let back = backButton.intrinsicContentSize.width + 16
    backButton.frame = Rect(x: 0, y: 0, width: back, height: bounds.height)
    let side = max(back, 8)
    titleLabel.frame = Rect(x: side, y: 0, width: max(bounds.width - 2 * side, 0), height: bounds.height)
  }

  public override func draw(in canvas: Canvas) {
    canvas.fill(
      Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), with: .color(Color(white: 0.8)))
  }
}
