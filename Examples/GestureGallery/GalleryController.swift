import Foundation
import Tactile

/// Eight tiles in a 3×3 grid of stacks, one per kind of recognizer (the tap tile has two, the hover
/// tile spans two cells), each showing its recognizers' live states.
///
/// The single tap requires the double tap to fail, so one tap is reported only once the double tap has
/// given up, and a double tap never reports a single one. The edge pan starts only within
/// ``InteractionSettings/edgeWidth`` of the window's right edge, which the bottom-right tile reaches;
/// the hover tile follows the pointer with no button held. Every state change is also passed to
/// ``report`` as `NAME STATE` (e.g. `double-tap ended`).
@MainActor final class GalleryController: ViewController {
  /// The window size the grid is laid out for.
  static let size = Size(width: 640, height: 480)

  /// Receives one line per state change; the app prints them for its tests.
  var report: (String) -> Void = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

  override func loadView() {
    let root = View(frame: Rect(origin: .zero, size: Self.size))
    root.backgroundColor = Color(white: 0.9)
    view = root
  }

  override func viewDidLoad() {
    // Step 1: the recognizers; the single tap waits for the double tap to fail.
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let swipe = SwipeGestureRecognizer()
    swipe.direction = .left
    let edgePan = ScreenEdgePanGestureRecognizer()
    edgePan.edges = .right
    // Step 2: one tile per recognizer kind, in a column of three rows of stacks: 200 × 145-point cells
    // with 10-point gaps. The bottom row ends at the window's right edge, where the edge pan must start,
    // so its hover tile is two cells wide and its edge-pan tile a little wider than a cell.
    let rows: [[(String, Double, [(String, GestureRecognizer)])]] = [
      [
        ("tap / double tap", 200, [("single-tap", single), ("double-tap", double)]),
        ("long press", 200, [("long-press", LongPressGestureRecognizer())]),
        ("pan", 200, [("pan", PanGestureRecognizer())]),
      ],
      [
        ("pinch", 200, [("pinch", PinchGestureRecognizer())]),
        ("rotation", 200, [("rotation", RotationGestureRecognizer())]),
        ("swipe left", 200, [("swipe", swipe)]),
      ],
      [
        ("hover (pointer)", 410, [("hover", HoverGestureRecognizer())]),
        ("edge pan (right edge)", 210, [("edge-pan", edgePan)]),
      ],
    ]
    let column = StackView(
      arrangedSubviews: rows.enumerated().map { index, tiles in
        let row = StackView(arrangedSubviews: tiles.map { tile($0.0, width: $0.1, recognizers: $0.2) })
        row.spacing = 10
        row.isLayoutMarginsRelativeArrangement = true
        row.layoutMargins = EdgeInsets(top: 0, left: 0, bottom: 0, right: index < 2 ? 10 : 0)
        return row
      })
    column.axis = .vertical
    column.spacing = 10
    column.distribution = .fillEqually
    column.isLayoutMarginsRelativeArrangement = true
    column.layoutMargins = EdgeInsets(top: 10, left: 10, bottom: 15, right: 0)
    column.frame = view.bounds
    view.addSubview(column)
    column.layoutIfNeeded()
  }

  /// Step 3: a tile `width` points wide shows its title and, per recognizer, a line with its latest
  /// state.
  private func tile(_ title: String, width: Double, recognizers: [(String, GestureRecognizer)]) -> View {
    let tile = View(frame: Rect(x: 0, y: 0, width: width, height: 145))
    tile.backgroundColor = .white
    let heading = Label(frame: Rect(x: 10, y: 10, width: width - 20, height: 24))
    heading.text = title
    tile.addSubview(heading)
    for (index, (name, recognizer)) in recognizers.enumerated() {
      let status = Label(frame: Rect(x: 10, y: 44 + Double(index) * 24, width: width - 20, height: 22))
      status.font = .system(size: 14)
      status.text = "\(name): possible"
      tile.addSubview(status)
      recognizer.addAction { [unowned self] recognizer in
        status.text = "\(name): \(recognizer.state)"
        report("\(name) \(recognizer.state)")
      }
      tile.addGestureRecognizer(recognizer)
    }
    return tile
  }
}
