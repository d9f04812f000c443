import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// The changes an accessibility bridge is told about.
@MainActor
@Suite struct AccessibilityEventTests {
  /// Writes each event as a short line.
  private final class Recorder: AccessibilityObserver {
    var lines: [String] = []
    func accessibilityDidReceive(_ event: AccessibilityEvent) {
      switch event {
      case .notification(.announcement(let text)): lines.append("announce \(text)")
      case .notification(.screenChanged(let focus)):
        lines.append("screen \(focus?.accessibilityLabel ?? "-")")
      case .notification(.layoutChanged(let focus)):
        lines.append("layout \(focus?.accessibilityLabel ?? "-")")
      case .focusChanged(_, let from, let to):
        lines.append("focus \(Self.name(from)) -> \(Self.name(to))")
      case .stateChanged(let view): lines.append("state \(view.accessibilityLabel ?? "-")")
      case .valueChanged(let view): lines.append("value \(view.accessibilityValue ?? "-")")
      case .childrenChanged: lines.append("children")
      case .textChanged(_, let offset, let removed, let inserted):
        lines.append("text \(offset) -\(removed) +\(inserted)")
      case .selectionChanged(let field): lines.append("caret \(field.selectedRange)")
      }
    }

    static func name(_ responder: Responder?) -> String {
      (responder as? View)?.accessibilityLabel ?? (responder == nil ? "nil" : "?")
    }
  }

  private func setUp() -> (TestApplication, Recorder) {
    let app = TestApplication()
    let recorder = Recorder()
    app.application.accessibilityObserver = recorder
    return (app, recorder)
  }

  @Test func postedNotificationsReachTheObserver() {
    let (app, recorder) = setUp()
    let label = Label()
    label.text = "Title"
    app.application.postAccessibilityNotification(.announcement("Saved"))
    app.application.postAccessibilityNotification(.screenChanged(focus: label))
    app.application.postAccessibilityNotification(.layoutChanged(focus: nil))
    #expect(recorder.lines == ["announce Saved", "screen Title", "layout -"])
  }

  @Test func focusEventsFollowTheFirstResponder() {
    let (app, recorder) = setUp()
    let name = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    name.placeholder = "Name"
    let city = TextField(frame: Rect(x: 0, y: 40, width: 100, height: 30))
    city.placeholder = "City"
    app.rootView.addSubview(name)
    app.rootView.addSubview(city)
    recorder.lines = []
    name.becomeFirstResponder()
    city.becomeFirstResponder()
    city.resignFirstResponder()
    #expect(
      recorder.lines.filter { $0.hasPrefix("focus") } == [
        "focus nil -> Name", "focus Name -> nil", "focus nil -> City", "focus City -> nil",
      ])
  }

  @Test func addingAndRemovingASubviewReportsTheSuperviewsChildren() {
    let (app, recorder) = setUp()
    let label = Label()
    app.rootView.addSubview(label)
    label.removeFromSuperview()
    #expect(recorder.lines == ["children", "children"])
  }

  @Test func controlStateAndValueChangesAreReported() {
    let (app, recorder) = setUp()
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
    toggle.accessibilityLabel = "Wi-Fi"
    let slider = Slider(frame: Rect(x: 0, y: 40, width: 200, height: 31))
    app.rootView.addSubview(toggle)
    app.rootView.addSubview(slider)
    recorder.lines = []
    toggle.isEnabled = false
    toggle.isOn = true
    slider.value = 0.5
    slider.value = 0.5
    #expect(recorder.lines == ["state Wi-Fi", "value 1", "value 50%"])
  }

  @Test func typingReportsTheInsertedTextAndTheCaret() {
    let (app, recorder) = setUp()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "helo"
    field.becomeFirstResponder()
    field.select(3..<3)
    recorder.lines = []
    field.insertText("l")
    #expect(recorder.lines == ["text 3 - +l", "caret 4..<4"])
  }

  @Test func replacingTheTextReportsOnlyTheSpanThatDiffers() {
    let (app, recorder) = setUp()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "one two three"
    recorder.lines = []
    field.text = "one 2 three"
    #expect(recorder.lines.first == "text 4 -two +2")
    field.text = ""
    #expect(recorder.lines.contains("text 0 -one 2 three +"))
  }

  @Test func aPushAndAPopPostAScreenChangeOnceTheyAreDone() {
    let (app, recorder) = setUp()
    let navigation = NavigationController(rootViewController: ViewController())
    app.window.rootViewController = navigation
    app.window.layoutIfNeeded()
    recorder.lines = []
    navigation.pushViewController(ViewController(), animated: true)
    #expect(!recorder.lines.contains("screen -"))
    app.scheduler.advance(by: NavigationController.transitionDuration + 0.1)
    #expect(recorder.lines.filter { $0.hasPrefix("screen") } == ["screen -"])
    navigation.popViewController(animated: false)
    #expect(recorder.lines.filter { $0.hasPrefix("screen") } == ["screen -", "screen -"])
  }

  @Test func presentingAndDismissingPostAScreenChange() {
    let (app, recorder) = setUp()
    let sheet = ViewController()
    app.rootViewController.present(sheet, animated: false)
    #expect(recorder.lines.filter { $0.hasPrefix("screen") } == ["screen -"])
    sheet.dismiss(animated: false)
    #expect(recorder.lines.filter { $0.hasPrefix("screen") } == ["screen -", "screen -"])
  }

  @Test func aCellsSelectionIsReportedAsAStateChange() {
    let (app, recorder) = setUp()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
    let rows = TestRows([3])
    table.dataSource = rows
    app.rootView.addSubview(table)
    table.layoutIfNeeded()
    recorder.lines = []
    table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    table.selectRow(at: nil, animated: false, scrollPosition: .none)
    #expect(recorder.lines.filter { $0.hasPrefix("state") } == ["state 0.1", "state 0.1"])
  }

  @Test func withoutAnObserverNothingIsReportedAndNothingFails() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "x"
    field.becomeFirstResponder()
    app.application.postAccessibilityNotification(.announcement("nobody"))
    #expect(app.application.accessibilityObserver == nil)
  }
}
