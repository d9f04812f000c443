// TextAndControls: a text field (typed on the hardware keyboard), Select All / Copy / Paste buttons
// whose actions travel the responder chain to the focused field (copy and paste use the system
// clipboard), a switch, a slider, and a scroll view of 1,000 rows (drag or wheel). Close the window to
// quit.
//
// Run it from a Wayland session: `swift run TextAndControls`. After every change it prints one state
// line, e.g. `text=hello switch=on slider=0.50 top-row=12`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows the
/// window once ``build(_:)`` has filled it and runs until it is closed; the controller builds the screen
/// (ControlsController.swift).
@main struct TextAndControlsApp: WindowApp {
  static let name = "TextAndControls"
  static let title = "Text and controls"
  static let appID = "dev.tactile.TextAndControls"

  func build(_ window: Window) {
    window.rootViewController = ControlsController()
  }
}
