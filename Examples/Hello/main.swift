// Hello: the smallest Tactile program on Wayland. It opens a window, fills it with a colour, and
// switches to the next colour on every click or tap. Close the window to quit.
//
// Run it from a Wayland session: `swift run Hello`. Without a compositor it prints one line naming the
// socket it tried and exits with status 1.
import Foundation
import TactileWayland

/// Premultiplied ARGB colours (0xAARRGGBB) the window cycles through.
let colours: [UInt32] = [0xFF_2E86DE, 0xFF_10AC84, 0xFF_EE5253, 0xFF_FECA57]

/// Fills every pixel of `frame` with `colour`.
@MainActor func fill(_ frame: WindowFrame, with colour: UInt32) {
  for row in 0..<frame.pixelHeight {
    let pixels = (frame.baseAddress + row * frame.stride).assumingMemoryBound(to: UInt32.self)
    pixels.update(repeating: colour, count: frame.pixelWidth)
  }
}

@MainActor func main() -> Int32 {
  do {
    // Step 1: connect to the compositor named by WAYLAND_DISPLAY.
    let display = try WaylandDisplay(environment: ProcessInfo.processInfo.environment)

    // Step 2: open a window; the compositor configures it, then it is drawn.
    let window = WaylandWindow(
      display: display, options: .init(title: "Hello, Tactile", appID: "dev.tactile.Hello"))

    // Step 3: draw the current colour whenever the window needs it.
    var colourIndex = 0
    window.onDraw = { frame in fill(frame, with: colours[colourIndex]) }

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
