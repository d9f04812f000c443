/// Decides what a ``DropInteraction``'s view does with drags, like `UIDropInteractionDelegate`.
///
/// For one session over the view: ``dropInteraction(_:canHandle:)`` first (a view that cannot handle it
/// is passed over for its ancestors), then enter, an update at every move, and either exit (the drag
/// left, was cancelled, or was released on a non-performing proposal) or perform drop followed by end.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
  /// Whether the view takes this session at all (for example, whether it offers a type the view
  /// reads). Default `true`.
  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool

  /// The drag came over the view. Default: nothing.
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)

  /// The drag moved over the view (or entered): what a drop here would do.
  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal

  /// The drag left the view, or ended without a drop here. Default: nothing.
  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)

  /// The drag was released over the view on a copy or move proposal: load the items' data
  /// (``ItemProvider/loadData(forTypeIdentifier:completionHandler:)``, answered later on the main
  /// actor) and take it.
  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)

  /// The drop performed here is over. Default: nothing.
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession)
}

extension DropInteractionDelegate {
  public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    true
  }

  public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {}

  public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {}

  public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {}
}
