import TactileCore
import TactileGeometry

/// A client-side frame (a ``TactileCore/DecorationView`` in a core window of its own) around a hosted
/// window, for compositors that draw no decorations; it routes the surface's touch and pointer input.
///
/// Routing rules (the app's coordinate space excludes the frame; input on the frame never reaches the
/// app's views):
/// - A touch point or press is bound at its `down` to the content (when the content rectangle contains
///   it; its coordinates are then made content-relative) or to the frame, and all its later points go to
///   the same side with the same translation.
/// - Hover and scroll go to the side under the pointer; moving from one side to the other ends the hover
///   on the side it left. A secondary click on the frame does nothing.
///
/// The frame's requests go to the surface: a title-bar drag begins an interactive move and a border
/// press an interactive resize (naming the serial of that touch's own down or button press), a title-bar
/// tap scrolls the content window to the top (``TactileCore/Window/scrollToTop()``), the buttons
/// close the content window, toggle maximize and minimize.
@MainActor
final class ClientFrame: PointerInputTarget {
  let frameWindow: Window
  let decoration: DecorationView
  private unowned let content: Window
  private var contentPoints: Set<Int> = []
  private var framePoints: Set<Int> = []
  /// Whether each pointer (``TactileCore/HoverInput/pointer``) hovers the content, while it hovers.
  private var hoverOnContent: [Int: Bool] = [:]
  /// The pointer buttons whose press went to the content (their releases go there too).
  private var contentButtons: ButtonMask = []

  init(content: Window, surface: WaylandWindow) {
    self.content = content
    frameWindow = Window(frame: .zero, application: content.application)
    decoration = DecorationView(frame: .zero)
    decoration.title = content.title
    frameWindow.addSubview(decoration)
    decoration.onMove = { [weak surface] touch in surface?.beginInteractiveMove(with: touch) }
    decoration.onResize = { [weak surface] touch, edge in
      surface?.beginInteractiveResize(from: edge, with: touch)
    }
    decoration.onClose = { [unowned content] in content.close() }
    decoration.onTitleBarTap = { [unowned content] in content.scrollToTop() }
    decoration.onMinimize = { [weak surface] in surface?.minimize() }
    decoration.onToggleMaximize = { [weak surface] in
      guard let surface else { return }
      surface.setMaximized(!surface.isMaximized)
    }
  }

  /// Lays the frame out over the whole surface and returns where the content goes.
  func layout(surfaceSize: Size, states: WindowStates) -> Rect {
    decoration.states = states
    if frameWindow.bounds.size != surfaceSize { frameWindow.hostDidResize(to: surfaceSize) }
    // Only on a change: assigning a frame damages the view even when it is the same, which would ask
    // for another frame from inside this one, forever.
    if decoration.frame != frameWindow.bounds { decoration.frame = frameWindow.bounds }
    return decoration.contentRect
  }

  func deliver(touchFrame points: [TouchPoint]) {
    let offset = decoration.contentRect.origin
    var toContent: [TouchPoint] = []
    var toFrame: [TouchPoint] = []
    for var point in points {
      if point.phase == .down {
        if decoration.contentRect.contains(point.location) {
          contentPoints.insert(point.id)
        } else {
          framePoints.insert(point.id)
        }
      }
      if contentPoints.contains(point.id) {
        point.location = point.location - offset
        toContent.append(point)
      } else if framePoints.contains(point.id) {
        toFrame.append(point)
      }
      if point.phase == .up || point.phase == .cancel {
        contentPoints.remove(point.id)
        framePoints.remove(point.id)
      }
    }
    if !toFrame.isEmpty { frameWindow.deliver(touchFrame: toFrame) }
    if !toContent.isEmpty { content.deliver(touchFrame: toContent) }
  }

  /// Each pointer's hover goes to the frame or the content under it; crossing between them is an exit
  /// from one and an entry into the other.
  func deliver(hover: HoverInput) {
    let onContent = decoration.contentRect.contains(hover.location)
    let before = hoverOnContent[hover.pointer]
    if let previous = before, hover.phase != .exited, previous != onContent {
      var exit = hover
      exit.phase = .exited
      sendHover(exit, previous)
      var entry = hover
      entry.phase = .entered
      sendHover(entry, onContent)
    } else {
      sendHover(hover, hover.phase == .exited ? (before ?? onContent) : onContent)
    }
    hoverOnContent[hover.pointer] = hover.phase == .exited ? nil : onContent
  }

  func deliver(scroll: ScrollInput) {
    guard decoration.contentRect.contains(scroll.location) else { return }
    var moved = scroll
    moved.location = scroll.location - decoration.contentRect.origin
    content.deliver(scroll: moved)
  }

  /// A press over the content goes to it, and so does its release; the frame has no use for the
  /// other buttons.
  func deliver(pointerButton: PointerButtonInput) {
    let onContent = decoration.contentRect.contains(pointerButton.location)
    switch pointerButton.phase {
    case .down:
      guard onContent else { return }
      contentButtons.insert(pointerButton.button)
    case .up:
      guard contentButtons.remove(pointerButton.button) != nil else { return }
    }
    var moved = pointerButton
    moved.location = pointerButton.location - decoration.contentRect.origin
    content.deliver(pointerButton: moved)
  }

  /// The content's cursor over the content; over the frame, the resize cursor of its border or the
  /// cursor of the frame's view under `location`.
  func cursorStyle(at location: Point) -> CursorStyle {
    let contentRect = decoration.contentRect
    if contentRect.contains(location) { return content.cursorStyle(at: location - contentRect.origin) }
    return decoration.resizeEdge(at: location)?.resizeCursor ?? frameWindow.cursorStyle(at: location)
  }

  private func sendHover(_ hover: HoverInput, _ toContent: Bool) {
    guard toContent else {
      frameWindow.deliver(hover: hover)
      return
    }
    var moved = hover
    moved.location = hover.location - decoration.contentRect.origin
    content.deliver(hover: moved)
  }
}
