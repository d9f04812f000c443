// Hello: the smallest Tactile program on Wayland. It opens a window, fills it with a colour, and
// switches to the next colour on every click or tap. Close the window to quit.
//
// Run it from a Wayland session: `swift run Hello`. Without a compositor it prints one line naming the
// socket it tried and exits with status 1.
import Foundation
import Tactile

/// The colours the window cycles through.
let colours: [Color] = [
  Color(red8: 0x2E, green8: 0x86, blue8: 0xDE), Color(red8: 0x10, green8: 0xAC, blue8: 0x84),
  Color(red8: 0xEE, green8: 0x52, blue8: 0x53), Color(red8: 0xFE, green8: 0xCA, blue8: 0x57),
]

@MainActor func main() -> Int32 {
  do {
    // Step 1: connect to the compositor named by WAYLAND_DISPLAY.
    let display = try WaylandDisplay(environment: ProcessInfo.processInfo.environment)

    // Step 2: open a window; the compositor configures it, then it is drawn.
    let window = WaylandWindow(
      display: display, options: .init(title: "Hello, Tactile", appID: "dev.tactile.Hello"))
    // However `main` ends, closing lets go of the callbacks below, which capture the window.
    defer { window.close() }

    // Step 3: draw the current colour whenever the window needs it.
    var colourIndex = 0
    window.onDraw = { frame in frame.pixmap.fill(colours[colourIndex].premultiplied) }

    // Step 4: react to a click or tap by switching colour and asking for a redraw.
    window.onPress = { _ in
      colourIndex = (colourIndex + 1) % colours.count
      window.setNeedsDisplay()
    }

    // Step 5: close when the compositor asks, and run until then.
    window.onCloseRequest = { window.close() }
    try display.loop.run { window.isClosed }
    return 0
  } catch {
    // Every failure is one typed error with a one-line description.
    FileHandle.standardError.write(Data("Hello: \(error)\n".utf8))
    return 1
  }
}

exit(MainActor.assumeIsolated { main() })
