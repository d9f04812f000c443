// GestureGallery: every gesture recognizer on its own tile with its live state, and the single tap
// that waits for the double tap to fail. Close the window to quit.
//
// Run it from a Wayland session: `swift run GestureGallery`. Every state change is printed as one line,
// e.g. `double-tap ended`.
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

    // Step 2: the controller builds the tiles (GalleryController.swift).
    window.rootViewController = GalleryController()

    // Step 3: show it and run until the window closes.
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "Gesture gallery", appID: "dev.tactile.GestureGallery", preferredSize: size))
    window.makeKey()
    try withExtendedLifetime(host) { try display.loop.run { window.isClosed } }
    return 0
  } catch {
    FileHandle.standardError.write(Data("GestureGallery: \(error)\n".utf8))
    return 1
  }
}

exit(MainActor.assumeIsolated { main() })
