import TactileCore
import TactileGeometry

/// A shared, ordered record of what responders received, for tests that compare a whole log array (so
/// an expectation states the complete order of deliveries, not one entry at a time).
@MainActor
public final class EventLog {
  /// The entries, oldest first.
  public private(set) var entries: [String] = []

  public init() {}

  /// Appends an entry.
  public func record(_ entry: String) {
    entries.append(entry)
  }

  /// Forgets every entry.
  public func clear() {
    entries = []
  }
}

/// A view that records every touch call it receives in an ``EventLog`` as "`name`.began(n)" (n: how
/// many touches), then forwards the call up the responder chain unless ``handlesTouches`` is set.
@MainActor
open class RecordingView: View {
  public let name: String
  public let log: EventLog
  /// Whether this view handles touches (does not forward them). Default `true`.
  public var handlesTouches: Bool

  public init(_ name: String, frame: Rect, log: EventLog, handlesTouches: Bool = true) {
    self.name = name
    self.log = log
    self.handlesTouches = handlesTouches
    super.init(frame: frame)
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    log.record("\(name).began(\(touches.count))")
    if !handlesTouches { super.touchesBegan(touches, with: event) }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    log.record("\(name).moved(\(touches.count))")
    if !handlesTouches { super.touchesMoved(touches, with: event) }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    log.record("\(name).ended(\(touches.count))")
    if !handlesTouches { super.touchesEnded(touches, with: event) }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    log.record("\(name).cancelled(\(touches.count))")
    if !handlesTouches { super.touchesCancelled(touches, with: event) }
  }
}
