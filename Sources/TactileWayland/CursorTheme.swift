import CWaylandClient
import CWaylandCursor
import CWaylandProtocols
import Glibc
import TactileCore

/// One pointer's cursor: the shape of the view under it, from the cursor theme, on a cursor surface set
/// with the latest `enter` serial (the only one `set_cursor` accepts).
///
/// The theme is `XCURSOR_THEME` (the default theme when unset) at `XCURSOR_SIZE` (24 when unset or
/// invalid) × the window's integer scale, loaded once per scale. A name the theme lacks falls back to its
/// X11 name (`hand2`, `xterm`, …) and then to the arrow; with no arrow either, the cursor is left to the
/// compositor. The cursor is set again only when the shape, the scale or the enter serial changes.
@MainActor
final class PointerCursor {
  private let shm: OpaquePointer
  private let surface: OpaquePointer
  private var themes: [Int: OpaquePointer] = [:]
  /// What was set last, until the pointer leaves.
  private(set) var shown: (style: CursorStyle, scale: Int, serial: UInt32)?

  init(display: WaylandDisplay) {
    shm = display.shm
    surface = wl_compositor_create_surface(display.compositor)
  }

  isolated deinit {
    wl_surface_destroy(surface)
    for theme in themes.values { wl_cursor_theme_destroy(theme) }
  }

  /// The theme's name and nominal size from the environment.
  static var environment: (theme: String?, size: Int) {
    let theme = getenv("XCURSOR_THEME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    let size = getenv("XCURSOR_SIZE").flatMap { Int(String(cString: $0)) }.flatMap {
      (1...512).contains($0) ? $0 : nil
    }
    return (theme, size ?? 24)
  }

  /// Shows `style` for `pointer`, entered with `serial`, over a window drawn at `scale`.
  func show(_ style: CursorStyle, scale: Int, pointer: OpaquePointer, serial: UInt32) {
    show(style, scale: scale, serial: serial) { wl_pointer_set_cursor(pointer, serial, $0, $1, $2) }
  }

  /// Shows `style` over a window drawn at `scale` for the device whose latest `enter` (or a tablet
  /// tool's `proximity_in`) had `serial`: `setCursor(surface, hotspotX, hotspotY)` sends the device's
  /// `set_cursor`.
  func show(
    _ style: CursorStyle, scale: Int, serial: UInt32, setCursor: (OpaquePointer, Int32, Int32) -> Void
  ) {
    if let shown, shown.style == style, shown.scale == scale, shown.serial == serial { return }
    guard let image = image(for: style, scale: scale), let buffer = wl_cursor_image_get_buffer(image) else {
      return
    }
    shown = (style, scale, serial)
    wl_surface_attach(surface, buffer, 0, 0)
    wl_surface_set_buffer_scale(surface, Int32(scale))
    wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
    wl_surface_commit(surface)
    setCursor(
      surface, Int32(image.pointee.hotspot_x) / Int32(scale), Int32(image.pointee.hotspot_y) / Int32(scale))
  }

  /// Forgets what was shown (the pointer left: the next enter sets the cursor again).
  func reset() {
    shown = nil
  }

  private func image(for style: CursorStyle, scale: Int) -> UnsafeMutablePointer<wl_cursor_image>? {
    guard let theme = theme(scale: scale) else { return nil }
    for name in [style.rawValue, Self.x11Name(style), "left_ptr"] {
      if let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0 {
        return cursor.pointee.images[0]
      }
    }
    return nil
  }

  private func theme(scale: Int) -> OpaquePointer? {
    if let theme = themes[scale] { return theme }
    let settings = Self.environment
    guard let theme = wl_cursor_theme_load(settings.theme, Int32(settings.size * scale), shm) else {
      return nil
    }
    themes[scale] = theme
    return theme
  }

  private static func x11Name(_ style: CursorStyle) -> String {
    switch style {
    case .arrow: "left_ptr"
    case .pointer: "hand2"
    case .text: "xterm"
    case .crosshair: "crosshair"
    case .grab: "hand1"
    case .grabbing: "fleur"
    case .notAllowed: "crossed_circle"
    case .wait: "watch"
    case .resizeTop: "top_side"
    case .resizeBottom: "bottom_side"
    case .resizeLeft: "left_side"
    case .resizeRight: "right_side"
    case .resizeTopLeft: "top_left_corner"
    case .resizeTopRight: "top_right_corner"
    case .resizeBottomLeft: "bottom_left_corner"
    case .resizeBottomRight: "bottom_right_corner"
    }
  }
}
