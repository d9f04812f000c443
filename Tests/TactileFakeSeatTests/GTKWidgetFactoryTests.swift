import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// `gtk4-widget-factory` (`gtk-4-examples`, GTK 4.8) under the fake seat, checked by screenshots of the
/// widgets the input went to. Its spinners and pulsing progress bars redraw on every frame, so `wait
/// drawn` never settles on it: each check pumps until the screenshot shows the change (or times out).
@Suite struct GTKWidgetFactoryTests {
  /// A rectangle of the window, in output pixels: the compositor places the window geometry (without
  /// GTK's shadow) at the output's top left. Measured on the factory's first page at its default size.
  struct Area {
    var x: ClosedRange<Int>
    var y: ClosedRange<Int>
  }

  /// The off switch (the first of the two below the link button).
  static let firstSwitch = Area(x: 484...500, y: 458...472)
  /// The sensitive entry holding `entry`, fifth in the first column.
  static let entry = Area(x: 14...390, y: 240...258)
  /// The combo box entry at the top of the first column, which has the keyboard focus at start.
  static let comboEntry = Area(x: 14...390, y: 63...85)
  /// The text view of Lorem ipsum at the right, without the strip where its overlay scroll bar shows.
  static let textView = Area(x: 1173...1362, y: 347...587)

  let harness: FakeSeatSession

  init() throws {
    var configuration = FakeSeatSession.defaultConfiguration
    (configuration.outputWidth, configuration.outputHeight) = (1400, 900)
    let harness = try FakeSeatSession(configuration: configuration)
    try harness.launch(
      ["dbus-run-session", "--", "gtk4-widget-factory"], environment: GTKClientTests.environment)
    try harness.compositor.pump(until: "the widget factory", timeoutMilliseconds: 30_000) {
      harness.compositor.windows.contains { $0.commitCount >= 3 && $0.width >= 1_000 }
    }
    self.harness = harness
    // Its first frames come before the page is laid out: wait for the text view's lines (it never stops
    // drawing, so `wait drawn` cannot tell).
    try harness.compositor.pump(until: "the widget factory's first page", timeoutMilliseconds: 30_000) {
      Self.darkPixels(of: Self.textView, in: harness.compositor.screenshot()) > 1_000
    }
  }

  /// The point in the middle of an area, as script coordinates.
  func centre(of area: Area) -> String {
    "\((area.x.lowerBound + area.x.upperBound) / 2) \((area.y.lowerBound + area.y.upperBound) / 2)"
  }

  /// The pixels of an area in a screenshot.
  static func pixels(of area: Area, in image: Image) -> [PremultipliedColor] {
    area.y.flatMap { y in area.x.map { x in image[x, y] } }
  }

  /// How many pixels of an area are text-dark.
  static func darkPixels(of area: Area, in image: Image) -> Int {
    Self.pixels(of: area, in: image).filter { Int($0.red) + Int($0.green) + Int($0.blue) < 200 }.count
  }

  /// Pumps until a screenshot passes a test.
  func waitUntil(_ what: String, _ test: @escaping (Image) -> Bool) throws {
    try harness.compositor.pump(until: what, timeoutMilliseconds: 10_000) {
      test(harness.compositor.screenshot())
    }
  }

  @Test func aTapTurnsTheWidgetFactorysSwitchOn() throws {
    let isBlue = { (c: PremultipliedColor) in c.blue > 180 && c.red < 120 }
    let before = Self.pixels(of: Self.firstSwitch, in: harness.compositor.screenshot())
    #expect(before.filter(isBlue).isEmpty)
    try harness.run("tap \(centre(of: Self.firstSwitch))")
    try waitUntil("the switch to turn blue") { image in
      Self.pixels(of: Self.firstSwitch, in: image).filter(isBlue).count > before.count / 2
    }
  }

  @Test func textTypedAfterAClickGoesToTheEntryClickedNotTheOneFocusedAtStart() throws {
    let entryBefore = Self.darkPixels(of: Self.entry, in: harness.compositor.screenshot())
    // The click moves the focus: the combo box entry drops its focus ring and selection.
    try harness.run("click \(centre(of: Self.entry))\nwait 500ms")
    let comboBefore = Self.pixels(of: Self.comboEntry, in: harness.compositor.screenshot())
    try harness.run("type tactile")
    // Seven more letters of dark text in the clicked entry (a caret is a few pixels).
    try waitUntil("the typed text in the entry") { image in
      Self.darkPixels(of: Self.entry, in: image) > entryBefore + 60
    }
    // The combo box entry, which had the focus at start, did not change.
    let comboAfter = Self.pixels(of: Self.comboEntry, in: harness.compositor.screenshot())
    #expect(zip(comboAfter, comboBefore).filter { $0 != $1 }.count < 20)
  }

  @Test func wheelNotchesScrollTheWidgetFactorysTextView() throws {
    try harness.run("move \(centre(of: Self.textView))\nwait 300ms")
    let before = Self.pixels(of: Self.textView, in: harness.compositor.screenshot())
    try harness.run("scroll 0 5")
    // The lines move up: most of the rows of text are different pixels now.
    try waitUntil("the text view to scroll") { image in
      zip(Self.pixels(of: Self.textView, in: image), before).filter { $0 != $1 }.count > before.count / 10
    }
  }
}
