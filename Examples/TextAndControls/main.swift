// TextAndControls: a text field (typed on the hardware keyboard), Select All / Copy / Paste buttons
// whose actions travel the responder chain to the focused field, a switch, a slider, and a scroll view
// of 1,000 rows (drag or wheel). Close the window to quit.
//
// Run it from a Wayland session: `swift run TextAndControls`. After every change it prints one state
// line, e.g. `text=hello switch=on slider=0.50 top-row=12 pasteboard=hello`.
import Foundation
import Tactile
import TactileGeometry
import TactileWayland

@MainActor func main() -> Int32 {
  do {
    // Step 1: connect; the display's event loop is the application's clock.
    let display = try WaylandDisplay(environment: ProcessInfo.processInfo.environment)
    let application = Application(scheduler: display.loop)
    let size = Size(width: 640, height: 480)
    let window = Window(frame: Rect(origin: .zero, size: size), application: application)

    // Step 2: the controller builds the screen (ControlsController.swift).
    window.rootViewController = ControlsController()

    // Step 3: show it and run until the window closes.
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "Text and controls", appID: "dev.tactile.TextAndControls", preferredSize: size))
    window.makeKey()
    try withExtendedLifetime(host) { try display.loop.run { window.isClosed } }
    return 0
  } catch {
    FileHandle.standardError.write(Data("TextAndControls: \(error)\n".utf8))
    return 1
  }
}

exit(MainActor.assumeIsolated { main() })
