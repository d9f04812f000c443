// Hello: the smallest Tactile program on Wayland. It opens a window, fills it with a colour, and
// switches to the next colour on every click or tap. Close the window to quit.
//
// Run it from a Wayland session: `swift run Hello`. Without a compositor it prints one line naming the
// socket it tried and exits with status 1.
import Tactile

/// The program: `@main` makes Swift start it in `App.main()`, on the main actor, which runs ``run()`` and
/// exits with 0, or writes a thrown error as one line `Hello: error` and exits with 1.
@main struct HelloApp: App {
  static let name = "Hello"

  /// The colours the window cycles through.
  static let colours: [Color] = [
    Color(red8: 0x2E, green8: 0x86, blue8: 0xDE), Color(red8: 0x10, green8: 0xAC, blue8: 0x84),
    Color(red8: 0xEE, green8: 0x52, blue8: 0x53), Color(red8: 0xFE, green8: 0xCA, blue8: 0x57),
  ]

  func run() throws {
    // Step 1: connect to the compositor named by WAYLAND_DISPLAY.
    let display = try WaylandDisplay()

    // Step 2: open a window; the compositor configures it, then it is drawn.
    let window = WaylandWindow(
      display: display, options: .init(title: "Hello, Tactile", appID: "dev.tactile.Hello"))
    // However `run` ends, closing lets go of the callbacks below, which capture the window.
    defer { window.close() }

    // Step 3: draw the current colour whenever the window needs it.
    var colourIndex = 0
    window.onDraw = { frame in frame.pixmap.fill(Self.colours[colourIndex].premultiplied) }

    // Step 4: react to a click or tap by switching colour and asking for a redraw.
    window.onPress = { _ in
      colourIndex = (colourIndex + 1) % Self.colours.count
      window.setNeedsDisplay()
    }

    // Step 5: close when the compositor asks, and run until then.
    window.onCloseRequest = { window.close() }
    try display.loop.run { window.isClosed }
  }
}
