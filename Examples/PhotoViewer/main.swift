// PhotoViewer: one photo that can be panned, pinched and rotated at the same time (simultaneous
// recognizers), zoomed by a double tap, and that keeps gliding after a fling. Close the window to quit.
//
// Run it from a Wayland session: `swift run PhotoViewer`. After every gesture it prints one state line,
// e.g. `center=320,240 scale=2.00 rotation=90`.
import Foundation
import Tactile
import TactileGeometry
import TactileWayland

@MainActor func main() -> Int32 {
  do {
    // Step 1: connect; the display's event loop is the application's clock (and the glide's timer).
    let display = try WaylandDisplay(environment: ProcessInfo.processInfo.environment)
    let application = Application(scheduler: display.loop)
    let size = Size(width: 640, height: 480)
    let window = Window(frame: Rect(origin: .zero, size: size), application: application)

    // Step 2: the controller sets up the photo and its recognizers (PhotoController.swift).
    window.rootViewController = PhotoController()

    // Step 3: show it and run until the window closes.
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "Photo viewer", appID: "dev.tactile.PhotoViewer", preferredSize: size))
    window.makeKey()
    try withExtendedLifetime(host) { try display.loop.run { window.isClosed } }
    return 0
  } catch {
    FileHandle.standardError.write(Data("PhotoViewer: \(error)\n".utf8))
    return 1
  }
}

exit(MainActor.assumeIsolated { main() })
