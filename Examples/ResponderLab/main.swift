// ResponderLab: the event-delivery situations of the seed articles, side by side — an enlarged button, an
// overlay that lets touches through, a child outside its parent, a circular button, and a nil-target
// action whose handler moves from the button to its superview to the controller ("move handler"). The
// log panel shows, for every touch, the hit-test path and the responder chain.
//
// Run it from a Wayland session: `swift run ResponderLab`. The log lines also go to standard output.
import Foundation
import Tactile

// Connect to the compositor named by WAYLAND_DISPLAY, fill the window, show it and run until it closes;
// the controller builds the lab (LabController.swift, LabViews.swift).
exit(
  MainActor.assumeIsolated {
    runWindowApp(
      name: "ResponderLab", title: "Responder lab", appID: "dev.tactile.ResponderLab",
      size: Size(width: 640, height: 480)
    ) { window in
      window.rootViewController = LabController()
    }
  })
