// PhotoStrip: four photos side by side in a paging scroll view, each on its own zooming scroll view,
// with a page control below. Flick to turn pages, pinch or double-tap to zoom, tap beside the current
// dot to turn a page. Close the window to quit.
//
// Run it from a Wayland session: `swift run PhotoStrip`. Whenever the page or the zoom changes it prints
// one state line, e.g. `page=1 zoom=3.00`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows
/// the window once ``build(_:)`` has filled it and runs until it is closed; the controller builds the
/// strip (StripController.swift).
@main struct PhotoStripApp: WindowApp {
  static let name = "PhotoStrip"
  static let title = "Photo strip"
  static let appID = "dev.tactile.PhotoStrip"
  static let size = StripController.size

  func build(_ window: Window) {
    window.rootViewController = StripController()
  }
}
