// ResponderLab: the classic event-delivery situations side by side — an enlarged button, an
// overlay that lets touches through, a child outside its parent, a circular button, and a nil-target
// action whose handler moves from the button to its superview to the controller ("move handler"). The
// log panel shows, for every touch, the hit-test path and the responder chain.
//
// Run it from a Wayland session: `swift run ResponderLab`. The log lines also go to standard output.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows the
/// window once ``build(_:)`` has filled it and runs until it is closed; the controller builds the lab
/// (LabController.swift, LabViews.swift).
@main struct ResponderLabApp: WindowApp {
  static let name = "ResponderLab"
  static let title = "Responder lab"
  static let appID = "dev.tactile.ResponderLab"

  func build(_ window: Window) {
    window.rootViewController = LabController()
  }
}
