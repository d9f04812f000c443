// PhotoViewer: one photo that can be panned, pinched and rotated at the same time (simultaneous
// recognizers), zoomed by a double tap, and that keeps gliding after a fling. Close the window to quit.
//
// Run it from a Wayland session: `swift run PhotoViewer`. After every gesture it prints one state line,
// e.g. `center=320,240 scale=2.00 rotation=90`.
import Foundation
import Tactile

// Connect to the compositor named by WAYLAND_DISPLAY, fill the window, show it and run until it closes;
// the controller sets up the photo and its recognizers (PhotoController.swift); the display's
// event loop is the application's clock (and the glide's timer).
exit(
  MainActor.assumeIsolated {
    runWindowApp(
      name: "PhotoViewer", title: "Photo viewer", appID: "dev.tactile.PhotoViewer",
      size: Size(width: 640, height: 480)
    ) { window in
      window.rootViewController = PhotoController()
    }
  })
