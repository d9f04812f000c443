import TactileCore
import TactileCoreTesting
import TactileGeometry

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
  func recordPaths(into paths: GestureStatePaths) {
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
