// The Tactile app of the interop lane (Tests/Interop/README.md): one window with a button, a long-press
// pad, a text field, a scroll view, a stage whose tile is panned, pinched and rotated, and a text view,
// run on weston, mutter, KWin and sway by `bash Tests/Interop/run`. It appends one state line per result to the file
// named by TACTILE_INTEROP_STATE (standard output without it), which the driver waits for after each
// injected step. Where the compositor draws no decorations, Tactile draws its own frame. With
// TACTILE_INTEROP_ROLE=drag-source it is instead the drag steps' second app: a small window whose chip
// is dragged to the scenario's window (DragSourceController).
import Foundation
import Tactile

/// The program: `@main` starts it on the main actor; a thrown error ends it with one line
/// `tactile-interop-scenario: error` on standard error and status 1.
@main struct InteropScenarioApp: App {
  static let name = "tactile-interop-scenario"

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let state = try StateReport(environment: environment)
    let display = try WaylandDisplay(environment: environment)
    let isDragSource = environment["TACTILE_INTEROP_ROLE"] == "drag-source"
    // The layout's size. The preferred size is the content's: on weston and mutter the client-side frame
    // makes the surface 16×60 larger.
    let size = isDragSource ? DragSourceController.size : Size(width: 480, height: 420)
    let title = isDragSource ? "Tactile interop drag source" : "Tactile interop scenario"
    let window = Window(
      frame: Rect(origin: .zero, size: size), application: Application(scheduler: display.loop))
    window.title = title
    window.rootViewController =
      isDragSource
      ? DragSourceController(report: state.write) : ScenarioController(report: state.write)
    let host = HostedWindow(
      window: window, display: display,
      options: .init(
        title: title,
        appID: isDragSource ? "dev.tactile.InteropDragSource" : "dev.tactile.InteropScenario",
        preferredSize: size))
    let surfaceReport = SurfaceReport(host: host, report: state.write)
    window.makeKey()
    try withExtendedLifetime((host, surfaceReport)) { try display.loop.run { window.isClosed } }
  }
}
