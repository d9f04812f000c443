// Settings: a settings-style app built from the list and presentation containers. A table of sections
// in a navigation controller; "Wallpaper" pushes a grid, "Notifications" a list whose rows swipe away,
// "About" presents a sheet that a downward drag dismisses, "Reset All Settings" an alert, and a long
// press on "Notifications" a context menu. Close the window to quit.
//
// Run it from a Wayland session: `swift run Settings`. Each change it makes prints one state line, e.g.
// `screen=Wallpaper` or `sheet=gone`, which its test reads (Tests/TactileWaylandTests).
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows
/// the window once ``build(_:)`` has filled it and runs until it is closed.
@main struct SettingsApp: WindowApp {
  static let name = "Settings"
  static let title = "Settings"
  static let appID = "dev.tactile.Settings"
  static let size = Size(width: 420, height: 460)

  func build(_ window: Window) {
    window.rootViewController = NavigationController(rootViewController: SettingsController())
  }
}
