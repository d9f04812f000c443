import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileRaster
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The edit menu on the fake compositor: a long press on a text field opens it as an `xdg_popup`, and a
/// tap on a command in the popup's own surface sends it to the field.
///
/// Set `TACTILE_SCREENSHOT_DIR` to save the window with the menu open as `edit-menu.png` there (the
/// picture in the documentation, `docs/edit-menu.png`).
@MainActor @Suite struct EditMenuWireTests {
  @Test func aLongPressOpensTheMenuInAPopupAndATapOnCopyReachesTheField() throws {
    let app = try SeatHarness(size: Size(width: 360, height: 160))
    app.window.backgroundColor = Color(white: 0.94)
    let field = TextField(frame: Rect(x: 20, y: 90, width: 320, height: 44))
    field.backgroundColor = .white
    field.borderWidth = 1
    field.borderColor = Color(white: 0.7)
    field.text = "Hello, Tactile"
    app.window.addSubview(field)
    let pasteboard = MemoryPasteboard(string: "clipboard")
    app.application.pasteboard = pasteboard
    field.becomeFirstResponder()
    field.select(7..<14)
    let serial = try app.compositor.touchDown(id: 1, at: app.at(200, 110))
    app.compositor.touchFrame()
    try app.sync()
    app.scheduler.advance(by: 1)
    #expect(try run(app.display) { (app.host.popupHost?.framesDrawn ?? 0) >= 1 })
    try app.sync()
    let info = try #require(app.compositor.surfaceInfos.first { $0.role == "popup" && $0.mapped })
    #expect(info.popupGrabSerial == serial)
    let menu = try #require(app.host.popupHost?.window.subviews.first as? EditMenuView)
    #expect(menu.commands.map(\.title) == ["Cut", "Copy", "Paste", "Select All"])
    try saveDocumentationScreenshot(of: app.compositor, named: "edit-menu.png", width: 360, height: 160)
    _ = try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    let copy = menu.buttons[1]
    let center = copy.convert(copy.bounds.center, to: menu)
    _ = try app.compositor.touchDown(id: 2, at: .surface(id: info.id, x: center.x, y: center.y))
    app.compositor.touchFrame()
    _ = try app.compositor.touchUp(id: 2)
    app.compositor.touchFrame()
    try app.sync()
    try app.sync()
    #expect(pasteboard.string == "Tactile")
    #expect(app.host.popupHost == nil)
  }
}
