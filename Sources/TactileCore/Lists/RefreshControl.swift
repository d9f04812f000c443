import TactileGeometry
import TactileRaster

/// Pull to refresh, like `UIRefreshControl`: set as a ``TableView/refreshControl``, it sits above the
/// first row and starts refreshing when the user pulls the content down far enough.
///
/// - **Pulling:** while the user drags the content down past its top, the control draws a ring that
///   closes as the pull approaches ``triggerDistance``. Reaching it during the drag starts refreshing,
///   once per pull: ``isRefreshing`` becomes `true` and the control sends ``Control/Events/valueChanged``
///   (where the app starts loading).
/// - **Refreshing:** when the finger lifts, the table's top inset grows by ``height`` so that the
///   content springs back to rest below the control, which stays visible until ``endRefreshing()``.
/// - **Ending:** ``endRefreshing()`` removes the inset again and scrolls the content back to its top,
///   animated.
@MainActor
public final class RefreshControl: Control {
  /// The pull (points past the top) that starts refreshing.
  public static let triggerDistance = 80.0

  /// The control's height, and the inset the content rests below while refreshing.
  public static let height = 60.0

  /// The ring's colour.
  public var tintColor = Color(white: 0.45) {
    didSet { if oldValue != tintColor { setNeedsDisplay() } }
  }

  /// Whether a refresh is in progress (until ``endRefreshing()``).
  public private(set) var isRefreshing = false

  /// How far the content is pulled down, as a share of ``triggerDistance`` (0 ... 1).
  private var progress = 0.0 {
    didSet { if oldValue != progress { setNeedsDisplay() } }
  }

  /// Whether the inset for refreshing is applied to the table.
  private var insetApplied = false

  /// Whether a pull started refreshing and the finger has not lifted since.
  private var armed = false

  /// The table this control belongs to.
  weak var table: TableView?

  /// Starts refreshing from code (no ``Control/Events/valueChanged``; the content is not scrolled).
  public func beginRefreshing() {
    isRefreshing = true
    setNeedsDisplay()
  }

  /// Ends a refresh: the content scrolls back up over the control (rules on ``RefreshControl``).
  public func endRefreshing() {
    guard isRefreshing else { return }
    isRefreshing = false
    setNeedsDisplay()
    guard let table, insetApplied else { return }
    insetApplied = false
    table.contentInset.top -= Self.height
    if table.contentOffset.y < table.minimumContentOffset.y {
      table.setContentOffset(table.minimumContentOffset, animated: true)
    }
  }

  /// The table scrolled: follow the pull (rules on ``RefreshControl``).
  func tableDidScroll() {
    guard let table else { return }
    let top = table.contentInset.top - (insetApplied ? Self.height : 0)
    let pull = -table.contentOffset.y - top
    frame = Rect(x: 0, y: -Self.height, width: table.bounds.width, height: Self.height)
    progress = min(max(pull / Self.triggerDistance, 0), 1)
    if table.isDragging {
      if pull >= Self.triggerDistance, !isRefreshing, !armed {
        armed = true
        isRefreshing = true
        sendActions(for: .valueChanged)
      }
    } else {
      armed = false
      if isRefreshing, !insetApplied {
        insetApplied = true
        table.contentInset.top += Self.height
      }
    }
  }

  public override func draw(in canvas: Canvas) {
    let shown = isRefreshing ? 1 : progress
    guard shown > 0 else { return }
    var ring = Path()
    let center = Point(x: bounds.midX, y: bounds.midY)
    ring.addArc(
      center: center, radius: 10, startAngle: -Double.pi / 2,
      endAngle: -Double.pi / 2 + 2 * Double.pi * shown,
      clockwise: true)
    canvas.stroke(ring, style: StrokeStyle(width: 2.5, cap: .round), with: .color(tintColor))
  }
}
