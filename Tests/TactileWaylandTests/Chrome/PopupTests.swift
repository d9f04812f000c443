import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileRaster
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Popups over the wire (issue 10): an `xdg_popup` placed by the compositor from the toolkit's
/// placement, grabbing with the serial of the touch that opened it, and dismissed by `popup_done` or by a
/// tap outside.
@MainActor @Suite struct PopupTests {
  private static let popupSize = Size(width: 80, height: 30)

  /// A harness whose window has a button at (20, 20, 100, 40) that opens a red popup below it.
  @MainActor private final class ButtonApp {
    let harness: SeatHarness
    let button = Button(frame: Rect(x: 20, y: 20, width: 100, height: 40))
    var popup: PopupWindow?

    /// - Parameter decorations: How the compositor answers xdg-decoration.
    /// - Throws: A fake-seat or Wayland error when the window cannot be shown.
    init(decorations: DecorationMode = .serverSide) throws {
      var configuration = FakeCompositor.Configuration()
      configuration.decorationMode = decorations
      harness = try SeatHarness(configuration: configuration, size: Size(width: 300, height: 200))
      harness.window.addSubview(button)
      button.setHandler(
        { [unowned self] _, _ in
          let popup = PopupWindow(
            placement: PopupPlacement(
              anchorRect: self.button.frame, size: PopupTests.popupSize, anchor: .bottomLeft,
              gravity: .bottomRight, adjustment: [.flipY, .slideX]),
            parent: self.harness.window)
          popup.backgroundColor = .red
          self.popup = popup
          self.harness.window.present(popup)
        }, for: "open")
      button.addTarget(button, action: "open", for: .touchUpInside)
    }

    /// Taps the button; returns the serial of the touch down.
    func tapButton() throws -> UInt32 {
      let origin = harness.host.contentFrame.origin
      let serial = try harness.compositor.touchDown(id: 1, at: harness.at(origin.x + 40, origin.y + 30))
      harness.compositor.touchFrame()
      _ = try harness.compositor.touchUp(id: 1)
      harness.compositor.touchFrame()
      try harness.sync()
      #expect(try run(harness.display) { (self.harness.host.popupHost?.framesDrawn ?? 0) >= 1 })
      try harness.sync()
      return serial
    }

    var popupInfo: SurfaceInfo? {
      harness.compositor.surfaceInfos.first { $0.role == "popup" && $0.mapped }
    }
  }

  @Test func aPopupOpenedFromAButtonIsPlacedAsAskedAndGrabsWithTheTouchDownSerial() throws {
    let app = try ButtonApp()
    let serial = try app.tapButton()
    let info = try #require(app.popupInfo)
    #expect((info.x, info.y, info.width, info.height) == (20, 60, 80, 30))
    #expect(info.popupGrabSerial == serial)
    #expect(app.popup?.frame == Rect(x: 20, y: 60, width: 80, height: 30))
    let screen = app.harness.compositor.screenshot()
    #expect(screen[60, 75] == Color.red.premultiplied)
  }

  @Test func theEditMenuGrabsWithItsLongPressSerialWhenAnotherFingerWentDownLater() throws {
    let app = try SeatHarness(size: Size(width: 360, height: 160))
    let field = TextField(frame: Rect(x: 20, y: 90, width: 320, height: 44))
    field.text = "Hello"
    app.window.addSubview(field)
    let pressing = try app.compositor.touchDown(id: 1, at: app.at(100, 110))
    app.compositor.touchFrame()
    let other = try app.compositor.touchDown(id: 2, at: app.at(300, 20))
    app.compositor.touchFrame()
    try app.sync()
    app.scheduler.advance(by: 1)
    #expect(try run(app.display) { (app.host.popupHost?.framesDrawn ?? 0) >= 1 })
    try app.sync()
    let info = try #require(app.compositor.surfaceInfos.first { $0.role == "popup" && $0.mapped })
    #expect(other > pressing)
    #expect(info.popupGrabSerial == pressing)
  }

  @Test func aPopupOfAFramedWindowIsPlacedRelativeToTheContentNotTheFrame() throws {
    let app = try ButtonApp(decorations: .unsupported)
    #expect(app.harness.host.contentFrame.origin == Point(x: 8, y: 52))
    _ = try app.tapButton()
    let info = try #require(app.popupInfo)
    #expect((info.x, info.y) == (28, 112), "20, 60 in the content, moved by the frame on the surface")
    #expect(app.popup?.frame == Rect(x: 20, y: 60, width: 80, height: 30))
    let screen = app.harness.compositor.screenshot()
    #expect(screen[68, 127] == Color.red.premultiplied)
  }

  @Test func aPopupThatWouldLeaveTheOutputIsFlippedAboveItsAnchor() throws {
    let app = try ButtonApp()
    let windowY = app.harness.compositor.configuration.outputHeight - 70
    try app.harness.compositor.moveWindow(app.harness.surfaceID, x: 10, y: windowY)
    try app.harness.sync()
    _ = try app.tapButton()
    let info = try #require(app.popupInfo)
    #expect((info.x, info.y) == (30, windowY + 20 - 30))
    #expect(app.popup?.frame.origin == Point(x: 20, y: -10))
  }

  @Test func theCompositorsPopupDoneDismissesThePopup() throws {
    let app = try ButtonApp()
    _ = try app.tapButton()
    app.harness.compositor.dismissPopups()
    try app.harness.sync()
    try app.harness.sync()
    #expect(app.popup?.isDismissed == true)
    #expect(app.harness.host.popupHost == nil)
    #expect(app.popupInfo == nil)
  }

  @Test func aTapOutsideOnTheParentDismissesThePopupAndReachesNoView() throws {
    let app = try ButtonApp()
    _ = try app.tapButton()
    let background = app.harness.addView("background", Rect(x: 150, y: 0, width: 150, height: 200))
    _ = try app.harness.compositor.touchDown(id: 2, at: app.harness.at(200, 100))
    app.harness.compositor.touchFrame()
    _ = try app.harness.compositor.touchUp(id: 2)
    app.harness.compositor.touchFrame()
    try app.harness.sync()
    try app.harness.sync()
    #expect(app.popup?.isDismissed == true)
    #expect(app.popupInfo == nil)
    #expect(background.log.entries.isEmpty)
  }
}
