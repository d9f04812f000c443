// PhotoStrip: four photos side by side in a paging scroll view, each on its own zooming scroll view,
// with a page control below. Flick to turn pages, pinch or double-tap to zoom, tap beside the current
// dot to turn a page. Close the window to quit.
//
// Run it from a Wayland session: `swift run PhotoStrip`. Whenever the page or the zoom changes it prints
// one state line, e.g. `page=1 zoom=3.00`.
import Foundation
import Tactile

// Connect to the compositor named by WAYLAND_DISPLAY, fill the window, show it and run until it closes;
// the controller builds the strip (StripController.swift).
exit(
  MainActor.assumeIsolated {
    runWindowApp(
      name: "PhotoStrip", title: "Photo strip", appID: "dev.tactile.PhotoStrip",
      size: StripController.size
    ) { window in
      window.rootViewController = StripController()
    }
  })
