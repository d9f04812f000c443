// ResponderLab: the event-delivery situations of the seed articles, side by side — an enlarged button, an
// overlay that lets touches through, a child outside its parent, a circular button, and a nil-target
// action whose handler moves from the button to its superview to the controller ("move handler"). The
// log panel shows, for every touch, the hit-test path and the responder chain.
//
// Run it from a Wayland session: `swift run ResponderLab`. The log lines also go to standard output.
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

    // Step 2: the controller builds the lab (LabController.swift, LabViews.swift).
    window.rootViewController = LabController()

    // Step 3: show it and run until the window closes.
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "Responder lab", appID: "dev.tactile.ResponderLab", preferredSize: size))
    window.makeKey()
    try withExtendedLifetime(host) { try display.loop.run { window.isClosed } }
    return 0
  } catch {
    FileHandle.standardError.write(Data("ResponderLab: \(error)\n".utf8))
    return 1
  }
}

exit(MainActor.assumeIsolated { main() })
