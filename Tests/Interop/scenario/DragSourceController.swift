import Tactile

/// The interop lane's second app (`TACTILE_INTEROP_ROLE=drag-source`): a teal window with a white chip
/// that a pointer press-and-move or a held finger lifts, dragging ``text`` to the scenario's window
/// (``ScenarioController``, a drop target) over the compositor's `wl_data_device`.
///
/// Its state lines (`Tests/Interop/README.md`): `drag began` when the chip is lifted, and
/// `drag ended copy|move|cancel|forbidden` when the session is over.
@MainActor final class DragSourceController: ViewController, DragInteractionDelegate {
  /// The root's colour, by which the driver finds the window in a screenshot.
  static let rootColor = Color(red8: 0x00, green8: 0x80, blue8: 0x80)
  /// The content size, 200×150; the chip is centred in it.
  static let size = Size(width: 200, height: 150)
  /// What the chip drags, as UTF-8 text.
  static let text = "dragged across the compositor"

  let chip = View(frame: Rect(x: 40, y: 35, width: 120, height: 80))
  /// Writes one state line.
  let report: (String) -> Void

  init(report: @escaping (String) -> Void) {
    self.report = report
    super.init()
  }

  override func loadView() {
    let root = View(frame: Rect(origin: .zero, size: Self.size))
    root.backgroundColor = Self.rootColor
    chip.backgroundColor = .white
    chip.dragInteraction = DragInteraction(delegate: self)
    root.addSubview(chip)
    view = root
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    [DragItem(itemProvider: ItemProvider(text: Self.text))]
  }

  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
    report("drag began")
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {
    report("drag ended \(operation)")
  }
}
