import Tactile

/// The scenario's window takes text dropped anywhere on it (from ``DragSourceController``'s app, over
/// the compositor): `drop entered` when a drag comes over it, and `dropped "TEXT"` once the dropped
/// text is read.
extension ScenarioController: DropInteractionDelegate {
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    report("drop entered")
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  {
    DropProposal(
      operation: session.hasItemsConforming(toTypeIdentifiers: [ItemProvider.plainText]) ? .copy : .cancel)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    for item in session.items {
      item.itemProvider.loadText { [report] result in
        switch result {
        case .success(let text): report("dropped \"\(text)\"")
        case .failure(let error): report("drop failed \(error)")
        }
      }
    }
  }
}
