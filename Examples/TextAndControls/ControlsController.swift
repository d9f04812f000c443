import Foundation
import Tactile

/// The screen: a text field, Select All / Copy / Paste buttons, a switch, a slider and 1,000 rows.
///
/// The three edit buttons have no target: their actions travel the responder chain from the first
/// responder (the text field once tapped), which performs them with the application's pasteboard (the
/// system clipboard, which `WindowApp` connects).
/// After every change the controller prints one state line (`report()`), which the tests read.
@MainActor final class ControlsController: ViewController, ScrollViewDelegate {
  let field = TextField(frame: Rect(x: 16, y: 16, width: 300, height: 40))
  let toggle = Switch(frame: Rect(x: 16, y: 76, width: 51, height: 31))
  let slider = Slider(frame: Rect(x: 100, y: 76, width: 300, height: 31))
  let rows = RowsView(frame: Rect(x: 16, y: 124, width: 608, height: 340), count: 1_000)

  override func loadView() {
    // Step 1: the views, placed by hand.
    let root = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
    root.backgroundColor = Color(white: 0.97)
    field.placeholder = "Type here"
    // What the element-based tests find the field by, whatever its placeholder says.
    field.accessibilityIdentifier = "message"
    field.backgroundColor = .white
    field.borderWidth = 1
    root.addSubview(field)
    for (index, (title, action)) in [("Select All", Action.selectAll), ("Copy", .copy), ("Paste", .paste)]
      .enumerated()
    {
      let button = Button(frame: Rect(x: 324 + Double(index) * 102, y: 16, width: 96, height: 40))
      button.setTitle(title, for: .normal)
      button.backgroundColor = Color(white: 0.88)
      // Step 2: nil target: the action goes to the first responder and up its chain.
      button.addTarget(nil, action: action, for: .touchUpInside)
      root.addSubview(button)
    }
    // The switch and the slider show no text: assistive technology reads these names.
    toggle.accessibilityLabel = "On or off"
    slider.accessibilityLabel = "Level"
    root.addSubview(toggle)
    root.addSubview(slider)
    rows.delegate = self
    root.addSubview(rows)
    view = root
  }

  override func viewDidLoad() {
    // Step 3: the controls report to this controller, the last responder before the window.
    let changed: Action = "controlChanged"
    setHandler({ [unowned self] _, _ in report() }, for: changed)
    field.addTarget(self, action: changed, for: .editingChanged)
    toggle.addTarget(self, action: changed, for: .valueChanged)
    slider.addTarget(self, action: changed, for: .valueChanged)
  }

  func scrollViewDidScroll(_ scrollView: ScrollView) { report() }

  /// Prints `text=… switch=on|off slider=0.00 top-row=N` on standard output.
  func report() {
    let line =
      "text=\(field.text) switch=\(toggle.isOn ? "on" : "off") "
      + "slider=\(String(format: "%.2f", slider.value)) top-row=\(rows.topRow)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}
