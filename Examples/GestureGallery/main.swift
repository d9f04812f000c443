// GestureGallery: every gesture recognizer on its own tile with its live state, and the single tap
// that waits for the double tap to fail. Close the window to quit.
//
// Run it from a Wayland session: `swift run GestureGallery`. Every state change is printed as one line,
// e.g. `double-tap ended`.
import Foundation
import Tactile

// Connect to the compositor named by WAYLAND_DISPLAY, fill the window, show it and run until it closes;
// the controller builds the tiles (GalleryController.swift).
exit(
  MainActor.assumeIsolated {
    runWindowApp(
      name: "GestureGallery", title: "Gesture gallery", appID: "dev.tactile.GestureGallery",
      size: GalleryController.size
    ) { window in
      window.rootViewController = GalleryController()
    }
  })
