import TactileAccessibility
import TactileCore
import TactileGeometry

/// An app of one window of views: mark a conforming type `@main`, fill the window in ``build(_:)``, and
/// the app connects to the compositor, shows the window and runs until it is closed.
///
/// ```swift
/// import Tactile
///
/// @main struct Counter: WindowApp {
///   static let size = Size(width: 320, height: 200)
///
///   func build(_ window: Window) {
///     let button = Button(frame: Rect(x: 60, y: 70, width: 200, height: 60))
///     button.setTitle("Tap me", for: .normal)
///     window.addSubview(button)
///   }
/// }
/// ```
///
/// ``App/run()`` connects to the compositor named by `WAYLAND_DISPLAY`, makes an ``/TactileCore/Application`` whose clock
/// is the display's event loop and whose pasteboard and primary selection are the compositor's
/// (``WaylandDisplay/clipboard``, ``WaylandDisplay/primarySelection``), binds it as
/// ``/TactileCore/Application/shared`` for the whole run, makes a window of ``size``, lets
/// ``build(_:)`` fill it, shows it (keeping its ``HostedWindow`` alive for as long as it runs) and runs the
/// event loop until the window is closed. ``App/main()`` turns the outcome into the exit status: 0 after
/// the window closed; 1 after an error, written as one line `name: error` on standard error.
@MainActor public protocol WindowApp: App {
  /// The window's title; by default ``App/name``.
  static var title: String { get }
  /// The window's app id (`xdg_toplevel.set_app_id`), by which a desktop finds the app's icon and
  /// `.desktop` file, such as `org.example.Counter`; by default ``App/name``.
  static var appID: String { get }
  /// The window's preferred size, in logical units (its content's: a client-side frame, where the
  /// compositor draws none, adds to it); by default 640×480.
  static var size: Size { get }

  /// Fills the window (its views, its root view controller); runs once, before the window shows.
  ///
  /// - Throws: Whatever keeps the app from starting; the window is not shown and ``App/main()`` exits
  ///   with 1.
  func build(_ window: Window) throws
}

extension WindowApp {
  public static var title: String { name }
  public static var appID: String { name }
  public static var size: Size { Size(width: 640, height: 480) }

  /// Connects, shows the window that ``build(_:)`` filled and runs until it is closed.
  ///
  /// - Throws: A ``WaylandError`` when there is no compositor or the connection fails, or what
  ///   ``build(_:)`` threw.
  public func run() throws {
    let display = try WaylandDisplay()
    let application = Application(scheduler: display.loop)
    application.pasteboard = display.clipboard
    application.primarySelection = display.primarySelection
    try Application.withShared(application) {
      let window = Window(frame: Rect(origin: .zero, size: Self.size), application: application)
      try build(window)
      // The window's name to assistive technology, unless the app named it.
      if window.title.isEmpty { window.title = Self.title }
      let host = HostedWindow(
        window: window, display: display,
        options: .init(title: Self.title, appID: Self.appID, preferredSize: Self.size))
      window.makeKey()
      // Assistive technology reads the window over AT-SPI2 when an accessibility bus is reachable.
      let accessibility = AccessibilityBridge.start(
        application: application, environment: ProcessEnvironment.current
      ) { fd, onReadable in display.loop.watch(fileDescriptor: fd, onReadable: onReadable) }
      try withExtendedLifetime((host, accessibility)) { try display.loop.run { window.isClosed } }
    }
  }
}
