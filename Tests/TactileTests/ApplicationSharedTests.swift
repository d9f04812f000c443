import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// `Application.shared`: the app's one application, bound per task so that tests stay isolated.
@MainActor
@Suite struct ApplicationSharedTests {
  @Test func applicationSharedIsTheApplicationBoundAroundTheRunningCode() {
    let app = TestApplication()
    let shared = Application.withShared(app.application) { Application.shared }
    #expect(shared === app.application)
  }

  @Test func anInnerBindingOfApplicationSharedEndsWithItsCall() {
    let outer = TestApplication()
    let inner = TestApplication()
    Application.withShared(outer.application) {
      let seenInside = Application.withShared(inner.application) { Application.shared }
      #expect(seenInside === inner.application)
      #expect(Application.shared === outer.application, "the outer binding is back")
    }
  }

  @Test func aNilTargetedActionSentThroughApplicationSharedReachesTheFirstResponder() {
    let app = TestApplication()
    let log = EventLog()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.rootView.addSubview(field)
    _ = field.becomeFirstResponder()
    field.setHandler({ _, _ in log.record("field") }, for: "refresh")
    let handled = Application.withShared(app.application) {
      Application.shared.sendAction("refresh", to: nil, from: nil, for: nil)
    }
    #expect(handled)
    #expect(log.entries == ["field"])
  }

  /// Outside any binding (another test's, or no app at all) `shared` is a clear programming error.
  @Test(.enabled(if: _isDebugAssertConfiguration()))
  func readingApplicationSharedWhereNoneIsBoundStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run { _ = Application.shared }
    }
  }
}
