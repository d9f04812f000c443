// TextAndControls: a text field (typed on the hardware keyboard), Select All / Copy / Paste buttons
// whose actions travel the responder chain to the focused field (copy and paste use the system
// clipboard), a switch, a slider, and a scroll view of 1,000 rows (drag or wheel). Close the window to
// quit.
//
// Run it from a Wayland session: `swift run TextAndControls`. After every change it prints one state
// line, e.g. `text=hello switch=on slider=0.50 top-row=12`.
import Foundation
import Tactile

// Connect to the compositor named by WAYLAND_DISPLAY, fill the window, show it and run until it closes;
// the controller builds the screen (ControlsController.swift).
exit(
  MainActor.assumeIsolated {
    runWindowApp(
      name: "TextAndControls", title: "Text and controls", appID: "dev.tactile.TextAndControls",
      size: Size(width: 640, height: 480)
    ) { window in
      window.rootViewController = ControlsController()
    }
  })
