import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct GestureControlTests {
  private func buttonScene() -> (GestureScene, Button, EventLog) {
    let scene = GestureScene()
    let button = Button(frame: Rect(x: 20, y: 20, width: 100, height: 44))
    scene.view.addSubview(button)
    let actions = EventLog()
    let target = Responder()
    target.setHandler({ _, _ in actions.record("touchUpInside") }, for: "tapped")
    button.addTarget(target, action: "tapped", for: .touchUpInside)
    // Keep the target alive for the scene's life.
    scene.view.setHandler({ _, _ in _ = target }, for: "keep")
    return (scene, button, actions)
  }

  @Test func aTapRecognizerOnTheButtonsSuperviewDoesNotStealTouchUpInside() {
    let (scene, _, actions) = buttonScene()
    scene.attach(TapGestureRecognizer(), named: "tap")
    scene.script.tap(at: Point(x: 50, y: 40))
    #expect(actions.entries == ["touchUpInside"])
    #expect(!scene.log.entries.contains("tap.ended"))
    scene.script.tap(at: Point(x: 150, y: 150))
    #expect(scene.log.entries.contains("tap.ended"), "it still taps outside the button")
  }

  @Test func aDoubleTapOnTheSuperviewIsNotRefusedByTheButton() {
    let (scene, _, _) = buttonScene()
    scene.attach(TapGestureRecognizer(), named: "double").numberOfTapsRequired = 2
    scene.script.tap(at: Point(x: 50, y: 40))
    scene.script.tap(at: Point(x: 50, y: 40))
    #expect(scene.log.entries.contains("double.ended"))
  }

  @Test func aRecognizerAttachedToTheControlWinsOverItsAction() {
    let (scene, button, actions) = buttonScene()
    var cancels = 0
    let target = Responder()
    target.setHandler({ _, _ in cancels += 1 }, for: "cancel")
    button.addTarget(target, action: "cancel", for: .touchCancel)
    scene.attach(TapGestureRecognizer(), named: "tap", to: button)
    scene.script.tap(at: Point(x: 50, y: 40))
    #expect(scene.log.entries.contains("tap.ended"))
    #expect(actions.entries.isEmpty)
    #expect(cancels == 1)
    #expect(!button.isHighlighted)
  }
}
