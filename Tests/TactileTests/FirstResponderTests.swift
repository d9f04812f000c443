import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private class Focusable: View {
  var acceptsFocus = true
  var allowsResign = true
  var onResign: (() -> Void)?
  override var canBecomeFirstResponder: Bool { acceptsFocus }
  override var canResignFirstResponder: Bool { allowsResign }
  override func resignFirstResponder() -> Bool {
    onResign?()
    return super.resignFirstResponder()
  }
}

@MainActor
@Suite struct FirstResponderTests {
  @Test func viewThatCanBecomeFirstResponderBecomesItInAWindow() {
    let app = TestApplication()
    let field = Focusable(frame: .zero)
    app.rootView.addSubview(field)
    #expect(field.becomeFirstResponder())
    #expect(field.isFirstResponder)
    #expect(app.window.firstResponder === field)
    #expect(field.becomeFirstResponder())
    #expect(field.resignFirstResponder())
    #expect(!field.isFirstResponder)
    #expect(app.window.firstResponder == nil)
  }

  @Test func plainViewRefusesToBecomeFirstResponder() {
    let app = TestApplication()
    let view = View(frame: .zero)
    app.rootView.addSubview(view)
    #expect(!view.becomeFirstResponder())
    #expect(app.window.firstResponder == nil)
  }

  /// becomeFirstResponder returns false before the object graph is established — for a view not yet in a
  /// window.
  @Test func seedArticle0ViewNotInAWindowCannotBecomeFirstResponder() {
    let field = Focusable(frame: .zero)
    #expect(!field.becomeFirstResponder())
    #expect(!field.isFirstResponder)
    let app = TestApplication()
    app.rootView.addSubview(field)
    #expect(field.becomeFirstResponder())
  }

  @Test func becomingFirstResponderFailsWhenTheCurrentOneRefusesToResign() {
    let app = TestApplication()
    let first = Focusable(frame: .zero)
    let second = Focusable(frame: .zero)
    app.rootView.addSubview(first)
    app.rootView.addSubview(second)
    #expect(first.becomeFirstResponder())
    first.allowsResign = false
    #expect(!second.becomeFirstResponder())
    #expect(first.isFirstResponder)
    first.allowsResign = true
    #expect(second.becomeFirstResponder())
    #expect(!first.isFirstResponder)
    #expect(second.isFirstResponder)
  }

  @Test func firstResponderThatLeavesTheWindowResignsAndLosesTheRole() {
    let app = TestApplication()
    let field = Focusable(frame: .zero)
    var resigned = 0
    field.onResign = { resigned += 1 }
    app.rootView.addSubview(field)
    field.becomeFirstResponder()
    field.allowsResign = false
    field.removeFromSuperview()
    #expect(resigned == 1)
    #expect(app.window.firstResponder == nil)
    #expect(!field.isFirstResponder)
  }

  /// Bad input: becoming first responder from inside resignFirstResponder fails; the outer change wins.
  @Test func becomingFirstResponderFromInsideResignFirstResponderFails() {
    let app = TestApplication()
    let first = Focusable(frame: .zero)
    let second = Focusable(frame: .zero)
    let third = Focusable(frame: .zero)
    for view in [first, second, third] { app.rootView.addSubview(view) }
    first.becomeFirstResponder()
    var nestedResult: Bool?
    first.onResign = { nestedResult = third.becomeFirstResponder() }
    #expect(second.becomeFirstResponder())
    #expect(nestedResult == false)
    #expect(second.isFirstResponder)
    #expect(!third.isFirstResponder)
  }

  @Test func controllerCanBeFirstResponderOnceItsViewIsInAWindow() {
    final class Controller: ViewController {
      override var canBecomeFirstResponder: Bool { true }
    }
    let app = TestApplication()
    let controller = Controller()
    #expect(!controller.becomeFirstResponder())
    app.window.rootViewController = controller
    #expect(controller.becomeFirstResponder())
    #expect(app.window.firstResponder === controller)
  }
}

@MainActor
@Suite struct ViewControllerAppearanceTests {
  /// becomeFirstResponder in viewWillAppear returns false (the view is not in its window yet); in
  /// viewDidAppear it works.
  @Test func seedArticle0BecomeFirstResponderFailsInViewWillAppearAndWorksInViewDidAppear() {
    final class Controller: ViewController {
      let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
      var results: [String] = []
      override func viewDidLoad() { view.addSubview(field) }
      override func viewWillAppear(_ animated: Bool) {
        results.append("willAppear \(field.becomeFirstResponder())")
      }
      override func viewDidAppear(_ animated: Bool) {
        results.append("didAppear \(field.becomeFirstResponder())")
      }
      override func viewWillDisappear(_ animated: Bool) { results.append("willDisappear") }
      override func viewDidDisappear(_ animated: Bool) { results.append("didDisappear") }
    }
    let app = TestApplication()
    let controller = Controller()
    app.window.rootViewController = controller
    #expect(controller.field.isFirstResponder)
    app.window.rootViewController = nil
    #expect(
      controller.results == ["willAppear false", "didAppear true", "willDisappear", "didDisappear"])
    #expect(!controller.field.isFirstResponder)
  }
}
