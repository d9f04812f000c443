/// Makes a view a place to drop drags, like `UIDropInteraction`: attach it with
/// ``View/dropInteraction``; its ``delegate`` hears the sessions over the view (rules on
/// ``DropInteractionDelegate``), from this app's ``DragInteraction``s and from other apps alike.
///
/// The view holds its interaction strongly; the interaction holds the view and the delegate weakly.
@MainActor
public final class DropInteraction {
  /// Decides what drops do.
  public private(set) weak var delegate: DropInteractionDelegate?
  /// The view the interaction is attached to.
  public internal(set) weak var view: View?

  public init(delegate: DropInteractionDelegate) {
    self.delegate = delegate
  }
}
