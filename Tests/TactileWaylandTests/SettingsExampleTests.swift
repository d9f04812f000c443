import Foundation
import TactileFakeSeat
import TactileTesting
import Testing

/// The Settings example, run as a separate process under the fake seat: the table, navigation, the grid,
/// swipe to delete, a sheet dismissed by a drag, an alert dismissed by Escape and a context menu, each
/// driven over the wire.
@MainActor @Suite struct SettingsExampleTests {
  /// Runs `script` and waits until the example's last state line is `line`.
  static func expectState(_ line: String, after script: String, in session: FakeSeatSession) throws {
    try session.run(script)
    try session.compositor.pump(until: "state '\(line)'") {
      session.log(of: "Settings").split(separator: "\n").last.map(String.init) == line
    }
  }

  @Test func theSettingsAppPushesTheGridSwipesARowAwayDragsTheSheetDownAndEscapesTheAlert() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("Settings").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    try Self.expectState("screen=Settings", after: "", in: session)
    // Rows: the bar is 44 points, each section header 28, each row 44. "Wallpaper" pushes the grid; a tap
    // on its first swatch picks it; the back button returns.
    try Self.expectState("screen=Wallpaper", after: "tap \(x + 200) \(y + 94)", in: session)
    try Self.expectState("wallpaper=0", after: "wait 500ms\ntap \(x + 56) \(y + 100)", in: session)
    try Self.expectState("screen=Settings", after: "tap \(x + 20) \(y + 22)", in: session)
    // "Notifications": a full swipe toward the leading edge deletes the first app.
    try Self.expectState("screen=Notifications", after: "wait 500ms\ntap \(x + 200) \(y + 138)", in: session)
    try Self.expectState(
      "notifications=5", after: "wait 500ms\ndrag \(x + 410) \(y + 66) \(x + 20) \(y + 66) 150ms", in: session
    )
    try Self.expectState("screen=Settings", after: "wait 500ms\ntap \(x + 20) \(y + 22)", in: session)
    // "About" presents a sheet; a quick downward drag dismisses it, and the delegate hears of it.
    try Self.expectState("sheet=shown", after: "wait 500ms\ntap \(x + 200) \(y + 210)", in: session)
    try Self.expectState(
      "sheet=gone", after: "drag \(x + 210) \(y + 150) \(x + 210) \(y + 420) 100ms", in: session)
    // "Reset All Settings" presents an alert; Escape chooses its cancel action.
    try Self.expectState("alert=shown", after: "wait 500ms\ntap \(x + 200) \(y + 254)", in: session)
    try Self.expectState("reset=cancelled", after: "focus\nkey Escape", in: session)
    // A long press on "Notifications" opens its context menu (a popup below the row); its action mutes.
    try Self.expectState(
      "muted=true",
      after:
        "wait 500ms\ntouch down 1 \(x + 200) \(y + 138)\ntouch frame\nwait 800ms\ntouch up 1\ntouch frame\n"
        + "wait 300ms\ntap \(x + 210) \(y + 190)",
      in: session)
  }
}
