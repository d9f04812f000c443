import Tactile
import TactileGeometry
import TactileTesting

/// A test scene: an app on a manual clock with one 200×200 view at (0, 0) under the root view, and a
/// log of recognizer actions ("tap.ended") and view touches ("view.began(1)").
@MainActor
struct GestureScene {
  let app = TestApplication()
  let log = EventLog()
  let view: RecordingView
  let script: TouchScript

  init() {
    view = RecordingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
    view.isMultipleTouchEnabled = true
    app.rootView.addSubview(view)
    script = TouchScript(window: app.window)
  }

  var scheduler: ManualScheduler { app.scheduler }

  /// Attaches `recognizer` to `target` (default: the view), logging each action call as "`name`.state".
  @discardableResult
  func attach<R: GestureRecognizer>(_ recognizer: R, named name: String, to target: View? = nil) -> R {
    recognizer.name = name
    recognizer.addAction { [log] in log.record("\(name).\($0.state)") }
    (target ?? view).addGestureRecognizer(recognizer)
    return recognizer
  }

  /// Records every coordinator decision's state changes as "`name`→state" into `paths`.
  func recordPaths(into paths: StatePaths) {
    app.window.gestureDiagnostics = { decision in paths.record(decision) }
  }

  /// Moves finger `id` from `start` by `delta` in `steps` frames.
  func drag(_ id: Int, from start: Point, by delta: Point, steps: Int = 5) {
    script.down(id, at: start)
    for index in 1...steps {
      script.move(id, to: start + delta * (Double(index) / Double(steps)))
    }
  }
}

/// The state paths of recognizers as the diagnostics report them, for checking legality.
@MainActor
final class StatePaths {
  private(set) var paths: [String: [GestureRecognizer.State]] = [:]
  private(set) var decisions: [GestureDecision] = []

  func record(_ decision: GestureDecision) {
    decisions.append(decision)
    switch decision.outcome {
    case .state(let state): paths[decision.recognizer, default: [.possible]].append(state)
    case .reset: paths[decision.recognizer, default: [.possible]].append(.possible)
    default: break
    }
  }

  /// The illegal steps found, as "name: from → to".
  func illegalSteps(kinds: [String: GestureRecognizer.Kind]) -> [String] {
    var illegal: [String] = []
    for (name, path) in paths {
      let kind = kinds[name] ?? .continuous
      for (from, to) in zip(path, path.dropFirst()) {
        let legal = from.canTransition(to: to, kind: kind) || (from.isFinal && to == .possible)
        if !legal { illegal.append("\(name): \(from) → \(to)") }
      }
    }
    return illegal
  }
}
