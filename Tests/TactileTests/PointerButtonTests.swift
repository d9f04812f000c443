import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// The pointer buttons besides the primary one (rules: `Window+Clicks.swift`).
@MainActor
@Suite struct PointerButtonTests {
  /// Records the buttons pressed and released on it; keeps them unless `passesOn`.
  final class ButtonView: View {
    var log: [String] = []
    var passesOn = false
    override func pointerButtonPressed(_ button: ButtonMask, with event: Event) {
      log.append(
        "down \(button.rawValue) at \(event.pointerLocation(in: self).map { "\($0.x),\($0.y)" } ?? "?")")
      if passesOn { super.pointerButtonPressed(button, with: event) }
    }
    override func pointerButtonReleased(_ button: ButtonMask, with event: Event) {
      log.append("up \(button.rawValue)")
    }
  }

  private func press(
    _ button: ButtonMask, _ phase: PointerButtonInput.Phase, at location: Point, in app: TestApplication
  ) {
    app.window.deliver(
      pointerButton: PointerButtonInput(
        button: button, phase: phase, location: location, timestamp: 1,
        buttonMask: phase == .down ? button : []))
  }

  @Test func aViewThatTakesTheSecondaryPressReplacesTheEditMenu() {
    let app = TestApplication()
    let view = ButtonView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    view.editMenuInteraction = EditMenuInteraction(view: view)
    app.rootView.addSubview(view)
    app.window.deliver(secondaryClick: Point(x: 10, y: 20))
    #expect(view.log == ["down 2 at 10.0,20.0", "up 2"])
    #expect(app.window.presentedPopup == nil)
  }

  @Test func aPressThatNoViewTakesClimbsTheResponderChain() {
    let app = TestApplication()
    let outer = ButtonView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let inner = ButtonView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    inner.passesOn = true
    outer.addSubview(inner)
    app.rootView.addSubview(outer)
    press(.back, .down, at: Point(x: 15, y: 15), in: app)
    press(.back, .up, at: Point(x: 80, y: 80), in: app)
    #expect(inner.log == ["down 8 at 5.0,5.0", "up 8"], "the release goes where the press went")
    #expect(
      outer.log == ["down 8 at 15.0,15.0"], "the press climbed from inner; its release went to inner only")
  }

  @Test func aPressWithAPopupShownOnlyDismissesItAndItsReleaseIsDropped() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 20, y: 300, width: 300, height: 40))
    field.text = "hello"
    app.rootView.addSubview(field)
    let view = ButtonView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(view)
    app.window.deliver(secondaryClick: Point(x: 60, y: 320))
    #expect(app.window.presentedPopup != nil)
    press(.forward, .down, at: Point(x: 10, y: 10), in: app)
    press(.forward, .up, at: Point(x: 10, y: 10), in: app)
    #expect(app.window.presentedPopup == nil)
    #expect(view.log.isEmpty)
  }

  @Test func aReleaseAfterItsViewLeftTheWindowIsIgnored() {
    let app = TestApplication()
    let view = ButtonView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(view)
    press(.middle, .down, at: Point(x: 10, y: 10), in: app)
    view.removeFromSuperview()
    press(.middle, .up, at: Point(x: 10, y: 10), in: app)
    #expect(view.log == ["down 4 at 10.0,10.0"])
  }

  @Test func badButtonInputIsDropped() {
    let app = TestApplication()
    let view = ButtonView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(view)
    press(.primary, .down, at: Point(x: 10, y: 10), in: app)
    press([.secondary, .middle], .down, at: Point(x: 10, y: 10), in: app)
    press([], .down, at: Point(x: 10, y: 10), in: app)
    press(.secondary, .down, at: Point(x: .nan, y: 10), in: app)
    press(.middle, .up, at: Point(x: 10, y: 10), in: app)
    #expect(view.log.isEmpty, "not one non-primary button, a non-finite location, a release without press")
  }

  @Test func aTouchEventCarriesTheButtonMaskOfItsPoints() {
    final class MaskView: View {
      var masks: [ButtonMask] = []
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        masks += event.map { [$0.buttonMask] } ?? []
      }
    }
    let app = TestApplication()
    let view = MaskView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    view.isMultipleTouchEnabled = true
    app.rootView.addSubview(view)
    app.window.deliver(touchFrame: [
      TouchPoint(
        id: 1, phase: .down, location: Point(x: 5, y: 5), timestamp: 1, type: .pointer,
        buttonMask: [.primary, .middle])
    ])
    app.window.deliver(touchFrame: [
      TouchPoint(id: 2, phase: .down, location: Point(x: 5, y: 5), timestamp: 2)
    ])
    #expect(view.masks == [[.primary, .middle], []])
  }
}
