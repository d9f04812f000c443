import TactileGeometry

/// Follows a drop session across one window's views: finds the ``DropInteraction`` under the point,
/// sends it enter, update and exit, keeps its latest proposal, and performs the drop — the one target
/// logic of drags inside the app and drags from the platform.
@MainActor
final class DropTargetTracker {
  let session: DropSession
  /// The interaction the drag is over, if it takes the session.
  private(set) weak var target: DropInteraction?
  /// The target's latest answer (``DropOperation/cancel`` over no target).
  private(set) var proposal = DropProposal(operation: .cancel)

  init(session: DropSession) {
    self.session = session
  }

  /// The drag is at `point` in `window`: exits the old target when the point left it, enters the new
  /// one, and asks the target for its proposal (a move the session does not allow becomes a copy).
  ///
  /// - Returns: The proposal.
  @discardableResult
  func move(to point: Point, in window: Window) -> DropProposal {
    session.window = window
    session.point = point
    let found = Self.interaction(at: point, in: window, for: session)
    if found !== target {
      exit()
      target = found
      found?.delegate?.dropInteraction(found!, sessionDidEnter: session)
    }
    guard let target, let delegate = target.delegate else {
      proposal = DropProposal(operation: .cancel)
      return proposal
    }
    var answer = delegate.dropInteraction(target, sessionDidUpdate: session)
    if answer.operation == .move, !session.allowsMoveOperation { answer.operation = .copy }
    proposal = answer
    return proposal
  }

  /// The drag left the target (or the window): the target hears exit.
  func exit() {
    if let old = target { old.delegate?.dropInteraction(old, sessionDidExit: session) }
    target = nil
    proposal = DropProposal(operation: .cancel)
  }

  /// The drag was released: the target performs the drop when its proposal says so, then hears the
  /// end; without a performing proposal it hears exit.
  ///
  /// - Returns: The operation done (``DropOperation/cancel`` when none).
  func drop() -> DropOperation {
    guard let target, let delegate = target.delegate, proposal.operation.performsDrop else {
      exit()
      return .cancel
    }
    let operation = proposal.operation
    delegate.dropInteraction(target, performDrop: session)
    delegate.dropInteraction(target, sessionDidEnd: session)
    self.target = nil
    return operation
  }

  /// The nearest view at `point` (window coordinates), or an ancestor, whose drop interaction takes
  /// `session`.
  private static func interaction(at point: Point, in window: Window, for session: DropSession)
    -> DropInteraction?
  {
    var view = window.hitTest(point, with: nil)
    while let candidate = view {
      if let interaction = candidate.dropInteraction, let delegate = interaction.delegate,
        delegate.dropInteraction(interaction, canHandle: session)
      {
        return interaction
      }
      view = candidate.superview
    }
    return nil
  }
}
