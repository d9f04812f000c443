import Foundation
import Tactile

/// Eight tiles in a 3×3 grid, one per kind of recognizer (the tap tile has two, the hover tile spans
/// two cells), each showing its recognizers' live states.
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
    // Step 2: one tile per recognizer kind, in grid cells; the edge-pan tile reaches the window's right
    // edge, where its gesture must start.
    var edgeCell = cell(2, 2)
    edgeCell.size.width = Self.size.width - edgeCell.minX
    let tiles: [(String, Rect, [(String, GestureRecognizer)])] = [
      ("tap / double tap", cell(0, 0), [("single-tap", single), ("double-tap", double)]),
      ("long press", cell(1, 0), [("long-press", LongPressGestureRecognizer())]),
      ("pan", cell(2, 0), [("pan", PanGestureRecognizer())]),
      ("pinch", cell(0, 1), [("pinch", PinchGestureRecognizer())]),
      ("rotation", cell(1, 1), [("rotation", RotationGestureRecognizer())]),
      ("swipe left", cell(2, 1), [("swipe", swipe)]),
      ("hover (pointer)", cell(0, 2, columns: 2), [("hover", HoverGestureRecognizer())]),
      ("edge pan (right edge)", edgeCell, [("edge-pan", edgePan)]),
    ]
    for (title, frame, recognizers) in tiles {
      addTile(title, frame: frame, recognizers: recognizers)
    }
  }

  /// The frame of the grid cell at `column`, `row` (200 × 145 points with 10-point gaps), `columns` wide.
  private func cell(_ column: Int, _ row: Int, columns: Int = 1) -> Rect {
    Rect(
      x: 10 + Double(column) * 210, y: 10 + Double(row) * 155, width: Double(columns) * 210 - 10, height: 145)
  }

  /// Step 3: a tile shows its title and, per recognizer, a line with its latest state.
  private func addTile(_ title: String, frame: Rect, recognizers: [(String, GestureRecognizer)]) {
    let tile = View(frame: frame)
    tile.backgroundColor = .white
    let heading = Label(frame: Rect(x: 10, y: 10, width: frame.width - 20, height: 24))
    heading.text = title
    tile.addSubview(heading)
    for (index, (name, recognizer)) in recognizers.enumerated() {
      let status = Label(frame: Rect(x: 10, y: 44 + Double(index) * 24, width: frame.width - 20, height: 22))
      status.font = .system(size: 14)
      status.text = "\(name): possible"
      tile.addSubview(status)
      recognizer.addAction { [unowned self] recognizer in
        status.text = "\(name): \(recognizer.state)"
        report("\(name) \(recognizer.state)")
      }
      tile.addGestureRecognizer(recognizer)
    }
    view.addSubview(tile)
  }
}
