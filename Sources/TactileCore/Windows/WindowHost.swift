import TactileGeometry

/// What a ``Window`` asks of the platform that shows it (the Wayland adapter, or a test double).
///
/// A host is attached with ``Window/host``. All calls are requests: the host answers later, through the
/// window's platform entry points (``Window/frameDidStart(at:)``, ``Window/hostDidResize(to:)``).
@MainActor
public protocol WindowHost: AnyObject {
  /// Asks for a frame callback: the host calls ``Window/frameDidStart(at:)`` once when it is a good time
  /// to lay out and draw (a `wl_surface.frame` done event). Repeated requests before that frame coalesce.
  func windowNeedsFrame(_ window: Window)

  /// The window's title changed.
  func window(_ window: Window, didChangeTitle title: String)

  /// The app asks for a new content size; the platform may refuse or pick another and reports the size
  /// it chose through ``Window/hostDidResize(to:)``.
  func window(_ window: Window, requestsSize size: Size)

  /// The window was closed by the app: the host destroys the platform surface.
  func windowDidClose(_ window: Window)

  /// Shows `popup` above `window` (an `xdg_popup` with a grab on Wayland) and reports where it went with
  /// ``PopupWindow/hostDidPlace(at:)``; when the platform ends it, calls ``PopupWindow/dismiss()``.
  /// The popup is a window of its own: the host becomes its ``Window/host`` and delivers its input and
  /// frames to it. The default places it in memory, as a window without a host does.
  func window(_ window: Window, present popup: PopupWindow)

  /// The window's ``Window/firstResponder`` changed (a text field became or resigned first responder):
  /// a platform with input methods enables or disables text input for it. The default does nothing.
  func windowFirstResponderDidChange(_ window: Window)

  /// The first responder's text, selection, marked text or caret changed (``TextField`` reports it
  /// while it is first responder): a platform with input methods tells them the new state. Many
  /// changes in a row may be reported at once. The default does nothing.
  func windowTextInputDidChange(_ window: Window)

  /// A drag lifted in `window` moved outside it: a platform that drags between apps takes `session`
  /// over (a `wl_data_device` drag started with the serial of ``DragSession/liftingTouch``'s press,
  /// its preview as the icon) and later reports the end with ``DragSession/platformDragDidEnd(with:)``;
  /// it returns whether it did. The default returns `false`: the drag stays in the app.
  func window(_ window: Window, handsOff session: DragSession) -> Bool
}

extension WindowHost {
  public func windowFirstResponderDidChange(_ window: Window) {}

  public func windowTextInputDidChange(_ window: Window) {}

  public func window(_ window: Window, handsOff session: DragSession) -> Bool { false }

  public func window(_ window: Window, present popup: PopupWindow) {
    window.placeInMemory(popup)
  }
}
