import TactileCore

extension Window {
  /// The Wayland display the window is shown on (its host's, ``HostedWindow``); `nil` for a window no
  /// ``HostedWindow`` shows, such as one in a core-only test.
  public var waylandDisplay: WaylandDisplay? { (host as? HostedWindow)?.surface.display }
}
