// PhotoSorter: photos sorted between a tray and an album by drag and drop. Hold a photo (or press it
// with the pointer and move) to lift it, tap other photos with another finger to add them, and drop
// them on the other panel to move them there; text dragged in from another app becomes a new photo
// named after it; a photo dragged out of the window goes to other apps as its name. Close the window
// to quit.
//
// Run it from a Wayland session: `swift run PhotoSorter`. After every drop it prints one state line,
// e.g. `tray=1,2,5 album=3,4`.
import Tactile

/// The program: `@main` starts it; `WindowApp` connects, shows the window that ``build(_:)`` filled and
/// runs until it is closed (SorterController.swift holds the panels and their interactions).
@main struct PhotoSorterApp: WindowApp {
  static let name = "PhotoSorter"
  static let title = "Photo sorter"
  static let appID = "dev.tactile.PhotoSorter"

  func build(_ window: Window) {
    window.rootViewController = SorterController()
  }
}
