import Foundation
import Tactile

/// A tray and an album side by side, each a grid of photos (coloured tiles with a number); every photo
/// can be dragged, and each panel takes drops: the app's own photos move, text from another app is
/// copied in as a new photo.
@MainActor final class SorterController: ViewController, DragInteractionDelegate, DropInteractionDelegate {
  /// A panel and the photos in it, in order.
  private struct Panel {
    let view: View
    var photos: [PhotoTile]
  }

  private var panels: [Panel] = []
  private var nextNumber = 1

  override func loadView() {
    let stage = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
    stage.backgroundColor = Color(white: 0.15)
    for (index, title) in ["Tray", "Album"].enumerated() {
      let panel = View(frame: Rect(x: 20 + Double(index) * 310, y: 50, width: 290, height: 410))
      panel.backgroundColor = Color(white: index == 0 ? 0.24 : 0.3)
      panel.cornerRadius = 12
      panel.dropInteraction = DropInteraction(delegate: self)
      let heading = Label(frame: Rect(x: panel.frame.minX, y: 14, width: 290, height: 28))
      heading.text = title
      heading.textColor = .white
      stage.addSubview(heading)
      stage.addSubview(panel)
      panels.append(Panel(view: panel, photos: []))
    }
    view = stage
    for _ in 0..<6 { add(newPhoto(named: nil), toPanel: 0) }
  }

  /// A new tile: numbered, coloured by its number, draggable.
  private func newPhoto(named name: String?) -> PhotoTile {
    let tile = PhotoTile(number: nextNumber, name: name)
    nextNumber += 1
    tile.dragInteraction = DragInteraction(delegate: self)
    return tile
  }

  private func add(_ tile: PhotoTile, toPanel index: Int) {
    for other in panels.indices { panels[other].photos.removeAll { $0 === tile } }
    panels[index].photos.append(tile)
    panels[index].view.addSubview(tile)
    layOut()
  }

  /// Places each panel's photos in a grid of three columns.
  private func layOut() {
    for panel in panels {
      for (position, tile) in panel.photos.enumerated() {
        tile.frame = Rect(
          x: 12 + Double(position % 3) * 92, y: 12 + Double(position / 3) * 76, width: 82, height: 64)
      }
    }
  }

  /// Prints `tray=… album=…`, the numbers in each panel in order.
  private func report() {
    let lists = panels.map { $0.photos.map { String($0.number) }.joined(separator: ",") }
    FileHandle.standardOutput.write(Data("tray=\(lists[0]) album=\(lists[1])\n".utf8))
  }

  private func item(for tile: PhotoTile) -> DragItem {
    DragItem(itemProvider: ItemProvider(text: tile.name), localObject: tile)
  }

  // MARK: Dragging

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let tile = interaction.view as? PhotoTile else { return [] }
    return [item(for: tile)]
  }

  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] {
    guard let tile = interaction.view as? PhotoTile,
      !session.items.contains(where: { $0.localObject === tile })
    else { return [] }
    tile.alpha = 0.6
    return [item(for: tile)]
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {
    for case let tile as PhotoTile in session.items.map(\.localObject) { tile.alpha = 1 }
  }

  // MARK: Dropping

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.hasItemsConforming(toTypeIdentifiers: [ItemProvider.plainText])
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    interaction.view?.backgroundColor = Color(white: 0.4)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  {
    DropProposal(operation: session.localDragSession == nil ? .copy : .move)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    restoreColours()
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    restoreColours()
    guard let index = panels.firstIndex(where: { $0.view === interaction.view }) else { return }
    if session.localDragSession != nil {
      for case let tile as PhotoTile in session.items.map(\.localObject) { add(tile, toPanel: index) }
      return report()
    }
    for item in session.items {
      item.itemProvider.loadText { [weak self] result in
        guard let self, case .success(let text) = result else { return }
        self.add(self.newPhoto(named: text), toPanel: index)
        self.report()
      }
    }
  }

  private func restoreColours() {
    for (index, panel) in panels.enumerated() {
      panel.view.backgroundColor = Color(white: index == 0 ? 0.24 : 0.3)
    }
  }
}

/// One photo: a coloured tile showing its number; dragged out of the app as its name.
@MainActor final class PhotoTile: View {
  let number: Int
  let name: String

  init(number: Int, name: String?) {
    self.number = number
    self.name = name ?? "photo \(number)"
    super.init(frame: Rect(x: 0, y: 0, width: 82, height: 64))
    let hue = Double(number % 6) / 6
    backgroundColor = Color(hue: hue)
    cornerRadius = 8
    let label = Label(frame: Rect(x: 8, y: 20, width: 66, height: 24))
    label.text = name ?? "\(number)"
    label.textColor = .white
    label.textAlignment = .center
    addSubview(label)
  }
}

extension Color {
  /// A saturated colour around the hue circle (0 red, 1/3 green, 2/3 blue).
  fileprivate init(hue: Double) {
    func channel(_ offset: Double) -> Double {
      let x = abs((hue + offset).truncatingRemainder(dividingBy: 1) * 6 - 3)
      return 0.25 + 0.55 * min(max(x - 1, 0), 1)
    }
    self.init(red: channel(0), green: channel(2.0 / 3), blue: channel(1.0 / 3))
  }
}
