import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

// The sample of the porting guide (PortingFromUIKit.md), ported from this UIKit controller by the
// guide's renames only:
//
//     final class ChecklistViewController: UIViewController {
//       var done = 0, saved = 0
//       let save = UIButton(frame: CGRect(x: 20, y: 20, width: 120, height: 44))
//       override func viewDidLoad() {
//         super.viewDidLoad()
//         view.addGestureRecognizer(
//           CheckMarkGestureRecognizer(target: self, action: #selector(markDone(_:))))
//         save.addAction(UIAction(title: "Save") { [weak self] _ in self?.saved += 1 }, for: .primaryActionTriggered)
//         view.addSubview(save)
//       }
//       @objc func markDone(_ sender: CheckMarkGestureRecognizer) {
//         if sender.state == .recognized { done += 1 }
//       }
//     }
//     // From the button, up the responder chain (no first responder: it starts at the sender):
//     // UIApplication.shared.sendAction(#selector(markDone(_:)), to: nil, from: controller.save, for: nil)

extension Action {
  /// UIKit's `#selector(markDone(_:))`.
  static let markDone: Action = "markDone"
}

final class ChecklistViewController: ViewController {
  var done = 0, saved = 0
  let save = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addGestureRecognizer(
      CheckMarkGestureRecognizer(target: self, action: .markDone))
    save.addAction(
      ClosureAction(title: "Save") { [weak self] _ in self?.saved += 1 }, for: .primaryActionTriggered)
    view.addSubview(save)
  }
  // `@objc func markDone(_:)` becomes the handler of `.markDone`.
  override func handler(for action: Action) -> ActionHandler? {
    guard action == .markDone else { return super.handler(for: action) }
    return { [weak self] sender, _ in
      let recognizer = sender as? CheckMarkGestureRecognizer
      if recognizer == nil || recognizer?.state == .recognized { self?.done += 1 }
    }
  }
}

@MainActor
@Suite struct PortedSampleTests {
  @Test func thePortedControllerRunsItsCustomRecognizerClosureActionAndNilTargetedAction() {
    let app = TestApplication()
    let controller = ChecklistViewController()
    app.rootViewController.addChild(controller)
    app.rootView.addSubview(controller.view)
    controller.view.frame = app.rootView.bounds
    controller.didMove(toParent: app.rootViewController)
    let script = TouchScript(window: app.window)

    script.tap(at: Point(x: 80, y: 42))
    #expect(controller.saved == 1, "the button's closure action")

    script.time += 1
    let start = Point(x: 100, y: 200)
    script.down(1, at: start)
    for step in 1...3 { script.move(1, to: start + Point(x: 8 * Double(step), y: 10 * Double(step))) }
    for step in 1...4 {
      script.move(1, to: start + Point(x: 24 + 15 * Double(step), y: 30 - 15 * Double(step)))
    }
    script.up(1)
    #expect(controller.done == 1, "the custom recognizer's target-action")

    let handled = Application.withShared(app.application) {
      Application.shared.sendAction(.markDone, to: nil, from: controller.save, for: nil)
    }
    #expect(handled, "a nil-targeted action reaches the controller through the responder chain")
    #expect(controller.done == 2)
  }
}
