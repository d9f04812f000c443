import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A pasteboard whose reads complete only when the test says so, as the system clipboard's do when
/// another program sends the text through a pipe.
@MainActor private final class DeferredPasteboard: Pasteboard {
  var offered: String?
  var pendingReads: [@MainActor (String?) -> Void] = []

  var hasStrings: Bool { offered != nil }

  func setString(_ string: String) {
    offered = string
  }

  func readString(_ completion: @escaping @MainActor (String?) -> Void) {
    pendingReads.append(completion)
  }

  /// Completes every pending read with the offered text.
  func deliver() {
    let reads = pendingReads
    pendingReads = []
    for read in reads { read(offered) }
  }
}

/// The text field's paste with a pasteboard that answers later (issue 6, the system clipboard).
@MainActor @Suite struct PasteboardTests {
  private func fieldWith(_ pasteboard: Pasteboard) -> (TestApplication, TextField) {
    let app = TestApplication()
    app.application.pasteboard = pasteboard
    let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    app.rootView.addSubview(field)
    field.text = "ab"
    field.becomeFirstResponder()
    return (app, field)
  }

  @Test func pasteCompletesWhenTheTextArrives() {
    let pasteboard = DeferredPasteboard()
    pasteboard.offered = "XY"
    let (app, field) = fieldWith(pasteboard)
    field.select(1..<1)
    #expect(app.application.sendAction(.paste, to: nil, from: nil, for: nil))
    #expect(field.text == "ab", "nothing changes before the data arrives")
    pasteboard.deliver()
    #expect(field.text == "aXYb")
    #expect(field.selectedRange == 3..<3)
  }

  @Test func pasteIsOfferedOnlyWhenThePasteboardHasText() {
    let pasteboard = DeferredPasteboard()
    let (app, field) = fieldWith(pasteboard)
    withExtendedLifetime(app) {
      #expect(!field.canPerformAction(.paste, withSender: nil))
      pasteboard.offered = "text"
      #expect(field.canPerformAction(.paste, withSender: nil))
    }
  }

  @Test func aPasteThatArrivesAfterTheFieldWasDisabledChangesNothing() {
    let pasteboard = DeferredPasteboard()
    pasteboard.offered = "late"
    let (app, field) = fieldWith(pasteboard)
    #expect(app.application.sendAction(.paste, to: nil, from: nil, for: nil))
    field.isEnabled = false
    pasteboard.deliver()
    #expect(field.text == "ab")
  }

  @Test func anEmptyReadPastesNothing() {
    let pasteboard = DeferredPasteboard()
    pasteboard.offered = "gone"
    let (app, field) = fieldWith(pasteboard)
    #expect(app.application.sendAction(.paste, to: nil, from: nil, for: nil))
    pasteboard.offered = nil
    pasteboard.deliver()
    #expect(field.text == "ab")
  }
}
