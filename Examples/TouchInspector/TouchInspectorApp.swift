// TouchInspector: for testing touch screens. Every live finger (or pen) on the window shows its contact
// ellipse and a label with its number, phase, position (and force and angles when it has them), its
// coalesced samples as dots and its predicted samples as hollow dots; a panel lists the pan, pinch and
// long press on the canvas with the touches each holds and its state; a graph plots every presented
// frame's input-to-presentation latency; the Record button writes the session's input to a trace file
// (the path shows under it) to attach to a bug report. Close the window to quit.
//
// Run it from a Wayland session: `swift run TouchInspector`. Every recognizer state change and every
// recording started or saved is printed as one line, e.g. `pan began` or `recording /tmp/…`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows
/// the 640×480 window once ``build(_:)`` has filled it and runs until it is closed; the controller builds
/// the inspector (InspectorController.swift).
@main struct TouchInspectorApp: WindowApp {
  static let name = "TouchInspector"
  static let title = "Touch inspector"
  static let appID = "dev.tactile.TouchInspector"

  func build(_ window: Window) {
    window.rootViewController = InspectorController()
  }
}
