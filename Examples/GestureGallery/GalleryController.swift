import Foundation
import Tactile
import TactileGeometry
import TactileRaster

/// Six tiles, one recognizer each (the tap tile has two), each showing its recognizer's live state.
///
/// The single tap requires the double tap to fail, so one tap is reported only once the double tap has
/// given up, and a double tap never reports a single one. Every state change is also printed as
/// `NAME STATE` (e.g. `double-tap ended`) for the tests.
@MainActor final class GalleryController: ViewController {
  override func loadView() {
    let root = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
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
    // Step 2: one tile per recognizer (the tap tile hosts both taps), in a 3×2 grid.
    let tiles: [(String, [(String, GestureRecognizer)])] = [
      ("tap / double tap", [("single-tap", single), ("double-tap", double)]),
      ("long press", [("long-press", LongPressGestureRecognizer())]),
      ("pan", [("pan", PanGestureRecognizer())]),
      ("pinch", [("pinch", PinchGestureRecognizer())]),
      ("rotation", [("rotation", RotationGestureRecognizer())]),
      ("swipe left", [("swipe", swipe)]),
    ]
    for (index, (title, recognizers)) in tiles.enumerated() {
      let frame = Rect(
        x: 10 + Double(index % 3) * 210, y: 10 + Double(index / 3) * 235, width: 200, height: 225)
      addTile(title, frame: frame, recognizers: recognizers)
    }
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
      recognizer.addAction { recognizer in
        status.text = "\(name): \(recognizer.state)"
        FileHandle.standardOutput.write(Data("\(name) \(recognizer.state)\n".utf8))
      }
      tile.addGestureRecognizer(recognizer)
    }
    view.addSubview(tile)
  }
}
