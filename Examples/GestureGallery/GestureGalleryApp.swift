// GestureGallery: every gesture recognizer on its own tile with its live state, and the single tap
// that waits for the double tap to fail. Close the window to quit.
//
// Run it from a Wayland session: `swift run GestureGallery`. Every state change is printed as one line,
// e.g. `double-tap ended`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows the
/// window once ``build(_:)`` has filled it and runs until it is closed; the controller builds the tiles
/// (GalleryController.swift).
@main struct GestureGalleryApp: WindowApp {
  static let name = "GestureGallery"
  static let title = "Gesture gallery"
  static let appID = "dev.tactile.GestureGallery"
  static let size = GalleryController.size

  func build(_ window: Window) {
    window.rootViewController = GalleryController()
  }
}
