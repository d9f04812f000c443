import Foundation
import TactileCore
import TactileGeometry

/// Runs a one-window app on the compositor named by `WAYLAND_DISPLAY`: the whole `main` of a small app.
///
/// It connects, makes an ``Application`` whose clock is the display's event loop and whose pasteboard
/// and primary selection are the compositor's (``WaylandDisplay/clipboard``,
/// ``WaylandDisplay/primarySelection``), makes a window of
/// `size`, lets `build` fill it, shows it (keeping its ``HostedWindow`` alive for as long as it runs) and
/// runs the event loop until the window is closed.
///
/// - Parameters:
///   - name: The program's name, which starts the one-line error message.
///   - title: The window's title.
///   - appID: The window's app id (`xdg_toplevel.set_app_id`).
///   - size: The window's preferred size, in logical units (its content's: a client-side frame, where the
///     compositor draws none, adds to it).
///   - environment: Where `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR` are read.
///   - build: Fills the window (its views, its root view controller); runs once, before the window shows.
/// - Returns: The process's exit status: 0 after the window closed; 1 after an error, which is written as
///   one line `name: error` on standard error.
@MainActor
public func runWindowApp(
  name: String, title: String, appID: String, size: Size,
  environment: [String: String] = ProcessInfo.processInfo.environment,
  build: (Window) throws -> Void
) -> Int32 {
  do {
    let display = try WaylandDisplay(environment: environment)
    let application = Application(scheduler: display.loop)
    application.pasteboard = display.clipboard
    application.primarySelection = display.primarySelection
    let window = Window(frame: Rect(origin: .zero, size: size), application: application)
    try build(window)
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: title, appID: appID, preferredSize: size))
    window.makeKey()
    try withExtendedLifetime(host) { try display.loop.run { window.isClosed } }
    return 0
  } catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    return 1
  }
}
