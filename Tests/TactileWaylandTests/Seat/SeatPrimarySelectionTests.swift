import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The primary selection over `zwp_primary_selection_device_v1`: selecting text in a field offers it,
/// with the serial of the key that made the selection, and a middle click pastes it at the click, from
/// any client (issue 6, point 6). A compositor without the manager changes nothing.
@MainActor @Suite struct SeatPrimarySelectionTests {
  static let control = SeatKeyboardTests.control
  static let shift = SeatKeyboardTests.shift
  static let a = SeatKeyboardTests.a
  /// evdev `KEY_RIGHT`.
  static let right: UInt32 = 106
  static let middleButton: UInt32 = 0x112
  static let fieldFrame = Rect(x: 10, y: 10, width: 150, height: 30)

  /// A harness with a text field holding `text` and the keyboard focus; the field is first responder
  /// when `focused`.
  func field(
    _ text: String, focused: Bool = true, configuration: FakeCompositor.Configuration = .init(),
    sharing compositor: FakeCompositor? = nil
  ) throws -> (SeatHarness, TextField) {
    let app = try SeatHarness(configuration: configuration, sharedCompositor: compositor)
    let field = TextField(frame: Self.fieldFrame)
    field.text = text
    app.window.addSubview(field)
    if focused { #expect(field.becomeFirstResponder()) }
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    return (app, field)
  }

  /// Presses `key` with `modifier` held on the focused client; returns the serial of the key's press.
  @discardableResult
  func press(_ key: UInt32, with modifier: UInt32, in app: SeatHarness) throws -> UInt32 {
    try app.compositor.key(modifier, pressed: true)
    let serial = try app.compositor.key(key, pressed: true)
    try app.compositor.key(key, pressed: false)
    try app.compositor.key(modifier, pressed: false)
    try app.settle()
    return serial
  }

  /// Clicks the middle button over `app`'s surface at the boundary before character `index` of
  /// `field`.
  func middleClick(_ field: TextField, beforeCharacter index: Int, in app: SeatHarness) throws {
    let x = Self.fieldFrame.minX + field.xOffset(ofCharacter: index)
    try app.compositor.pointerEnter(surface: app.surfaceID, x: x, y: Self.fieldFrame.midY)
    try app.compositor.pointerButton(Self.middleButton, pressed: true)
    try app.compositor.pointerButton(Self.middleButton, pressed: false)
    app.compositor.pointerFrame()
    try app.settle()
  }

  @Test func selectingTextOffersItWithTheSerialOfTheKeyThatSelectedIt() throws {
    let (app, field) = try field("hello")
    field.select(0..<0)
    let serial = try press(Self.right, with: Self.shift, in: app)
    #expect(field.selectedText == "h")
    #expect(app.compositor.selectionSerial(.primary) == serial)
    #expect(app.compositor.selectionMimeTypes(.primary) == ["text/plain;charset=utf-8", "UTF8_STRING"])
    let transfer = try app.compositor.readSelection(.primary, mimeType: "UTF8_STRING")
    #expect(try run(app.display) { transfer.isComplete })
    #expect(transfer.text == "h")
    #expect(app.compositor.selectionMimeTypes(.clipboard) == nil, "selecting is not copying")
    #expect(app.compositor.failures.isEmpty)
  }

  @Test func aPointerDragOffersTheSelectionWithTheSerialOfTheButtonPress() throws {
    let (app, field) = try field("drag me")
    let y = Self.fieldFrame.midY
    try app.compositor.pointerEnter(
      surface: app.surfaceID, x: Self.fieldFrame.minX + field.xOffset(ofCharacter: 0), y: y)
    app.compositor.pointerFrame()
    let press = try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: app.at(Self.fieldFrame.minX + field.xOffset(ofCharacter: 4), y))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x110, pressed: false)
    app.compositor.pointerFrame()
    try app.settle()
    #expect(field.selectedText == "drag")
    #expect(app.compositor.selectionSerial(.primary) == press)
    let transfer = try app.compositor.readSelection(.primary)
    #expect(try run(app.display) { transfer.isComplete })
    #expect(transfer.text == "drag")
  }

  @Test func selectAllOffersTheWholeText() throws {
    let (app, _) = try field("every word")
    let serial = try press(Self.a, with: Self.control, in: app)
    #expect(app.compositor.selectionSerial(.primary) == serial)
    let transfer = try app.compositor.readSelection(.primary)
    #expect(try run(app.display) { transfer.isComplete })
    #expect(transfer.text == "every word")
  }

  @Test func aMiddleClickPastesAnotherProgramsSelectionAtTheClick() throws {
    let (app, field) = try field("abcd", focused: false)
    app.compositor.setSelection(.primary, text: "XY")
    try app.settle()
    try middleClick(field, beforeCharacter: 2, in: app)
    #expect(try run(app.display) { field.text == "abXYcd" })
    #expect(field.isFirstResponder, "the click focuses the field, as in GTK")
    #expect(field.selectedRange == 4..<4, "the caret follows the pasted text")
  }

  @Test func textSelectedInOneClientIsPastedByAMiddleClickInAnother() throws {
    let (first, source) = try field("shared words")
    let (second, target) = try field("[]", sharing: first.compositor)
    try first.compositor.keyboardEnter(surface: first.surfaceID)
    try first.settle()
    try press(Self.a, with: Self.control, in: first)
    #expect(source.selectedText == "shared words")

    try second.compositor.keyboardEnter(surface: second.surfaceID)
    try second.settle()
    #expect(second.display.primarySelection?.hasStrings == true, "the second client got an offer")
    try middleClick(target, beforeCharacter: 1, in: second)
    // The first client answers `send` on its own loop; the two loops take turns on this thread.
    for _ in 0..<50 where target.text == "[]" {
      try first.sync()
      try second.sync()
    }
    #expect(target.text == "[shared words]")
    #expect(first.compositor.failures.isEmpty)
  }

  @Test func withoutAPrimarySelectionManagerSelectingAndMiddleClickingChangeNothing() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.offersPrimarySelection = false
    let (app, field) = try field("alone", configuration: configuration)
    #expect(app.display.primarySelection == nil)
    #expect(app.application.primarySelection == nil)
    try press(Self.a, with: Self.control, in: app)
    #expect(field.selectedText == "alone")
    #expect(app.compositor.selectionMimeTypes(.primary) == nil)
    try middleClick(field, beforeCharacter: 2, in: app)
    #expect(field.text == "alone")
    #expect(app.compositor.failures.isEmpty)
  }
}
