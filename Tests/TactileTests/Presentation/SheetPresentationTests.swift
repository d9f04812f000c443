import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct SheetPresentationTests {
  @Test func presentingSlidesThePageSheetUpOverTheDimmedContentOnTheClock() {
    let app = TestApplication()
    let log = EventLog()
    let sheet = LoggingController("Sheet", log: log)
    app.rootViewController.present(sheet, animated: true) { log.record("presented") }
    #expect(app.rootViewController.presentedViewController === sheet)
    #expect(sheet.presentingViewController === app.rootViewController)
    #expect(sheet.view.frame.size == Size(width: 375, height: 657))
    #expect(sheet.view.transform.ty == 657, "starts below the bottom edge")
    #expect(sheet.presentationController!.dimmingView.alpha == 0)
    #expect(log.entries == ["Sheet.willAppear", "Sheet.didAppear"])
    app.scheduler.advance(by: PresentationController.transitionDuration / 2)
    #expect(sheet.view.transform.ty > 0 && sheet.view.transform.ty < 657)
    let dimming = sheet.presentationController!.dimmingView.alpha
    #expect(dimming > 0 && dimming < PresentationController.dimmingAlpha)
    #expect(!log.entries.contains("presented"))
    app.scheduler.advance(by: PresentationController.transitionDuration)
    #expect(sheet.view.transform == .identity)
    #expect(sheet.view.frame == Rect(x: 0, y: 10, width: 375, height: 657))
    #expect(sheet.presentationController!.dimmingView.alpha == PresentationController.dimmingAlpha)
    #expect(log.entries.last == "presented")
  }

  @Test func dismissingSlidesTheSheetOutAndRemovesItWhenTheMotionEnds() {
    let scene = SheetScene()
    scene.app.rootViewController.dismiss(animated: true) { scene.log.record("dismissed") }
    scene.app.scheduler.advance(by: PresentationController.transitionDuration / 2)
    #expect(scene.offset > 0 && scene.offset < 657)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet, "until the motion ends")
    scene.app.scheduler.advance(by: PresentationController.transitionDuration)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.sheet.presentingViewController == nil)
    #expect(scene.sheet.view.window == nil)
    #expect(scene.presentation.containerView.window == nil)
    #expect(
      scene.log.entries == ["Sheet.willDisappear", "Sheet.didDisappear", "dismissed"],
      "a dismissal by code tells the delegate nothing")
  }

  @Test func thePresentedControllerDismissesItself() {
    let scene = SheetScene()
    scene.sheet.dismiss(animated: false)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.sheet.view.window == nil)
  }

  @Test func aSheetFollowsTheFingerDown() {
    let scene = SheetScene()
    scene.drag(through: [130, 160, 190, 220], step: 0.2)
    let translation = scene.presentation.dismissPanGestureRecognizer.translation(
      in: scene.presentation.containerView
    ).y
    #expect(translation > 0)
    #expect(abs(scene.offset - translation) < 0.001)
    #expect(scene.dimming < PresentationController.dimmingAlpha, "the dimming lightens with the drag")
    #expect(scene.log.entries == ["willDismiss"])
  }

  @Test func aSlowDragReleasedPastHalfwayDismissesTheSheet() {
    let scene = SheetScene()
    scene.drag(through: [200, 300, 400, 500], step: 0.2)
    scene.script.up(1)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet, "finishing takes the rest")
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.sheet.view.window == nil)
    #expect(
      scene.log.entries == ["willDismiss", "Sheet.willDisappear", "Sheet.didDisappear", "didDismiss"])
  }

  @Test func aQuickFlickDismissesTheSheetEvenNearTheTop() {
    let scene = SheetScene()
    scene.drag(through: [120, 140, 160, 180], step: 0.016)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.log.entries.last == "didDismiss")
  }

  @Test func aSlowDragReleasedBeforeHalfwaySpringsBackAndTheSheetStays() {
    let scene = SheetScene()
    scene.drag(through: [150, 200, 250, 300], step: 0.2)
    let released = scene.offset
    scene.script.up(1)
    scene.app.scheduler.advance(by: PresentationController.transitionDuration / 4)
    #expect(scene.offset > 0 && scene.offset < released, "on its way back")
    scene.app.scheduler.advance(by: 1)
    #expect(scene.offset == 0)
    #expect(scene.dimming == PresentationController.dimmingAlpha)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.sheet.view.window != nil)
    #expect(scene.log.entries == ["willDismiss"], "no didDismiss for a cancelled drag")
  }

  @Test func aFlickBackUpCancelsTheDismissalEvenPastHalfway() {
    let scene = SheetScene()
    scene.drag(through: [200, 300, 400, 500], step: 0.2)
    scene.script.step = 0.016
    for y in [480.0, 460, 440, 420] { scene.script.move(1, to: Point(x: 187, y: y)) }
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.offset == 0)
  }

  @Test func aCancelledDragSpringsTheSheetBack() {
    let scene = SheetScene()
    scene.drag(through: [200, 300, 400, 500], step: 0.2)
    scene.script.cancelAll()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.offset == 0)
  }

  @Test func aModalInPresentationSheetResistsTheDragAndTellsTheDelegate() {
    let scene = SheetScene()
    scene.sheet.isModalInPresentation = true
    scene.drag(through: [200, 300, 400, 500], step: 0.2)
    let translation = scene.presentation.dismissPanGestureRecognizer.translation(
      in: scene.presentation.containerView
    ).y
    #expect(abs(scene.offset - translation * PresentationController.resistance) < 0.001)
    #expect(scene.dimming == PresentationController.dimmingAlpha)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.offset == 0)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.log.entries == ["didAttemptToDismiss"])
  }

  @Test func aDelegateThatRefusesKeepsTheSheetLikeModalInPresentation() {
    let scene = SheetScene()
    scene.delegate.shouldDismiss = false
    scene.drag(through: [120, 140, 160, 180], step: 0.016)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.log.entries == ["didAttemptToDismiss"])
  }

  @Test func aModalSheetStillDismissesByCode() {
    let scene = SheetScene()
    scene.sheet.isModalInPresentation = true
    scene.sheet.dismiss(animated: false)
    #expect(scene.app.rootViewController.presentedViewController == nil)
  }

  @Test func escapeDismissesTheSheetAsTheUserWould() {
    let scene = SheetScene()
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.log.entries.first == "willDismiss")
    #expect(scene.log.entries.last == "didDismiss")
  }

  @Test func escapeFromAFieldInsideTheSheetDismissesIt() {
    let scene = SheetScene()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    scene.sheet.view.addSubview(field)
    #expect(field.becomeFirstResponder())
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(!field.isFirstResponder)
  }

  @Test func escapeLeavesAModalSheetAndTellsTheDelegate() {
    let scene = SheetScene()
    scene.sheet.isModalInPresentation = true
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
    #expect(scene.log.entries == ["didAttemptToDismiss"])
  }

  @Test func escapeIsTheCancelCommandOnlyWithoutCtrlAltOrLogo() {
    let plain = Key(keyCode: 1, name: .escape, characters: "\u{1b}")
    let shifted = Key(keyCode: 1, name: .escape, characters: "\u{1b}", modifierFlags: .shift)
    let ctrl = Key(keyCode: 1, name: .escape, characters: "\u{1b}", modifierFlags: .control)
    #expect(Action.command(forShortcut: plain) == .cancelOperation)
    #expect(Action.command(forShortcut: shifted) == .cancelOperation)
    #expect(Action.command(forShortcut: ctrl) == nil)
  }

  @Test func anEscapeHandlerOfThePresentedControllerComesFirst() {
    let scene = SheetScene()
    scene.sheet.setHandler({ _, _ in scene.log.record("sheet's own") }, for: .cancelOperation)
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["sheet's own"])
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet)
  }

  @Test func touchesOnTheDimmedContentReachNothingBelow() {
    let scene = SheetScene()
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 10))
    scene.app.rootView.addSubview(button)
    button.addAction(ClosureAction { _ in scene.log.record("tapped") }, for: .touchUpInside)
    scene.script.tap(at: Point(x: 50, y: 5))
    #expect(scene.log.entries.isEmpty)
  }

  @Test func presentingResignsAFirstResponderOutsideThePresentedView() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    app.rootView.addSubview(field)
    #expect(field.becomeFirstResponder())
    app.rootViewController.present(ViewController(), animated: false)
    #expect(!field.isFirstResponder)
  }

  @Test func aFullScreenControllerCoversTheWindowUndimmedAndIsNotDragged() {
    let app = TestApplication()
    let cover = ViewController()
    cover.modalPresentationStyle = .fullScreen
    app.rootViewController.present(cover, animated: false)
    app.window.layoutIfNeeded()
    #expect(cover.view.frame == app.window.bounds)
    #expect(cover.presentationController!.dimmingView.alpha == 0)
    let script = TouchScript(window: app.window, step: 0.016)
    script.down(1, at: Point(x: 187, y: 100))
    for y in [150.0, 200, 250, 300] { script.move(1, to: Point(x: 187, y: y)) }
    script.up(1)
    app.scheduler.advance(by: 1)
    #expect(app.rootViewController.presentedViewController === cover)
    #expect(cover.view.transform == .identity)
  }

  @Test func theSheetFollowsAWindowResize() {
    let scene = SheetScene()
    scene.app.window.hostDidResize(to: Size(width: 1000, height: 800))
    scene.app.window.layoutIfNeeded()
    #expect(scene.presentation.containerView.frame == Rect(x: 0, y: 0, width: 1000, height: 800))
    #expect(scene.sheet.view.frame == Rect(x: 150, y: 10, width: 700, height: 790))
  }

  @Test func badPresentationsAreIgnored() {
    let scene = SheetScene()
    var completions = 0
    scene.app.rootViewController.present(ViewController(), animated: false) { completions += 1 }
    #expect(scene.app.rootViewController.presentedViewController === scene.sheet, "already presenting")
    scene.sheet.present(scene.app.rootViewController, animated: false) { completions += 1 }
    #expect(scene.sheet.presentedViewController == nil, "its own presenter")
    ViewController().present(ViewController(), animated: false) { completions += 1 }
    #expect(completions == 0, "a controller in no window presents nothing")
  }

  @Test func dismissingAControllerThatPresentsAnotherDismissesBoth() {
    let scene = SheetScene()
    let second = ViewController()
    scene.sheet.present(second, animated: false)
    #expect(scene.app.window.subviews.count == 3)
    scene.app.rootViewController.dismiss(animated: false)
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.sheet.presentedViewController == nil)
    #expect(second.view.window == nil)
    #expect(scene.app.window.subviews.count == 1)
  }
}
