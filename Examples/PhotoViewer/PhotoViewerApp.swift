// PhotoViewer: one photo that can be panned, pinched and rotated at the same time (simultaneous
// recognizers), zoomed by a double tap, and that keeps gliding after a fling. Close the window to quit.
//
// Run it from a Wayland session: `swift run PhotoViewer`. After every gesture it prints one state line,
// e.g. `center=320,240 scale=2.00 rotation=90`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows the
/// window once ``build(_:)`` has filled it and runs until it is closed; the controller sets up the photo and
/// its recognizers (PhotoController.swift); the display's event loop is the application's clock (and the
/// glide's timer).
@main struct PhotoViewerApp: WindowApp {
  static let name = "PhotoViewer"
  static let title = "Photo viewer"
  static let appID = "dev.tactile.PhotoViewer"

  func build(_ window: Window) {
    window.rootViewController = PhotoController()
  }
}
