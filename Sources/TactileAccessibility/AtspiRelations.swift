import TactileCore

/// AT-SPI2's relations of a view: who labels it (``/TactileCore/View/accessibilityLabelledBy``) and whom
/// it labels.
@MainActor
enum AtspiRelations {
  /// `ATSPI_RELATION_LABEL_FOR`: the source is a label of the targets.
  static let labelFor: UInt32 = 1
  /// `ATSPI_RELATION_LABELLED_BY`: the targets label the source.
  static let labelledBy: UInt32 = 2

  /// The relations of `view`, each with its targets: labelled-by its ``/TactileCore/View/accessibilityLabelledBy``
  /// views, label-for the views of its window that name it among theirs.
  ///
  /// - Complexity: O(*n*) in the views of `view`'s window (label-for is found by looking through them).
  static func of(_ view: View) -> [(type: UInt32, targets: [View])] {
    var relations: [(type: UInt32, targets: [View])] = []
    let labels = view.accessibilityLabelledBy
    if !labels.isEmpty { relations.append((labelledBy, labels)) }
    var labelled: [View] = []
    if let window = view.window { collect(in: window, labelledBy: view, into: &labelled) }
    if !labelled.isEmpty { relations.append((labelFor, labelled)) }
    return relations
  }

  private static func collect(in root: View, labelledBy label: View, into views: inout [View]) {
    if root.accessibilityLabelledBy.contains(where: { $0 === label }) { views.append(root) }
    for subview in root.subviews { collect(in: subview, labelledBy: label, into: &views) }
  }
}
