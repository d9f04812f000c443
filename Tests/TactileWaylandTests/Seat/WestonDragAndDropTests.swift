import Foundation
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Drag and drop between two Tactile apps on a real compositor: headless weston 10 with the project's
/// input module. A finger or the pointer lifts text in one window and drops it in the other; weston
/// runs the `wl_data_device` drag (start_drag with the press's serial, offers, actions, finish).
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonDragAndDropTests {
  @MainActor final class Source: DragInteractionDelegate {
    var ends: [DropOperation] = []
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]
    {
      [DragItem(itemProvider: ItemProvider(text: "over weston"))]
    }
    func dragInteraction(
      _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
    ) {
      ends.append(operation)
    }
  }

  @MainActor final class Target: DropInteractionDelegate {
    var entered = 0
    var received: [String] = []
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
      entered += 1
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession)
      -> DropProposal
    {
      DropProposal(operation: .copy)
    }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
      for item in session.items {
        item.itemProvider.loadText { [self] in if case .success(let text) = $0 { received.append(text) } }
      }
    }
  }

  /// One app: a display on weston, a manual clock, a window of `color` shown and drawn.
  @MainActor struct App {
    let display: WaylandDisplay
    let scheduler = ManualScheduler()
    let window: Window
    let host: HostedWindow

    init(_ weston: Weston, color: Color, title: String) throws {
      display = try WaylandDisplay(environment: weston.environment)
      let application = Application(scheduler: scheduler)
      window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 150), application: application)
      window.backgroundColor = color
      host = HostedWindow(
        window: window, display: display,
        options: .init(title: title, appID: "dev.tactile.dnd", preferredSize: Size(width: 200, height: 150)))
    }

    /// Runs the loop briefly (20 ms at most), for the other app's turn to come.
    func turn() throws {
      _ = try run(display, forAtMost: 0.02) { false }
    }
  }

  /// The bounding box of the pixels of `color` in `image`.
  static func box(of color: Color, in image: Image) -> Rect? {
    let wanted = color.premultiplied
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y] == wanted {
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
      }
    }
    guard maxX >= 0 else { return nil }
    return Rect(
      x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
  }

  /// How one device presses, moves and releases through the input module.
  struct Device {
    let down: (Point) -> [String]
    let move: (Point) -> [String]
    let up: [String]
    /// Whether the lift waits for the long press (a finger) or comes from moving (a pointer).
    let holds: Bool
  }

  static let finger = Device(
    down: { ["touch down 1 \($0.x) \($0.y)"] }, move: { ["touch motion 1 \($0.x) \($0.y)", "touch frame"] },
    up: ["touch up 1"], holds: true)
  static let pointer = Device(
    down: {
      ["pointer motion \($0.x) \($0.y)", "pointer frame", "pointer button 272 pressed", "pointer frame"]
    },
    move: { ["pointer motion \($0.x) \($0.y)", "pointer frame"] },
    up: ["pointer button 272 released", "pointer frame"], holds: false)

  @Test func aFingerDragsTextFromOneTactileAppToAnotherOnWeston() async throws {
    try await drag(with: Self.finger)
  }

  @Test func aPointerDragsTextFromOneTactileAppToAnotherOnWeston() async throws {
    try await drag(with: Self.pointer)
  }

  /// Lifts the dragged view of one app with `device`, drags it over the other app's window and drops.
  func drag(with device: Device) async throws {
    let rig = try await WestonWithInput()
    defer { rig.stop() }
    let source = try App(rig.weston, color: .red, title: "dnd source")
    let target = try App(rig.weston, color: .green, title: "dnd target")
    let sourceDelegate = Source()
    let targetDelegate = Target()
    let dragged = View(frame: Rect(x: 70, y: 55, width: 60, height: 40))
    dragged.backgroundColor = .blue
    dragged.dragInteraction = DragInteraction(delegate: sourceDelegate)
    source.window.addSubview(dragged)
    let area = View(frame: Rect(x: 0, y: 0, width: 200, height: 150))
    area.dropInteraction = DropInteraction(delegate: targetDelegate)
    target.window.addSubview(area)
    for app in [source, target] {
      #expect(try run(app.display) { app.host.framesDrawn >= 1 && !app.host.surface.pacer.waitingForFrame })
    }
    let shot = try rig.weston.screenshotNow()
    let blue = try #require(Self.box(of: .blue, in: shot), "the dragged view is on screen")
    let green = try #require(Self.box(of: .green, in: shot), "the target window is on screen")
    let start = blue.center
    let end = Point(x: green.minX + 10, y: green.minY + 10)
    try #require(!blue.contains(end))

    try rig.input.send(device.down(start))
    #expect(try run(source.display) { !source.window.touchTracker.liveTouches.isEmpty })
    if device.holds {
      source.scheduler.advance(by: 0.6)
    } else {
      try rig.input.send(device.move(Point(x: start.x + 6, y: start.y)))
      #expect(try run(source.display) { source.window.activeDragSession != nil })
    }
    #expect(source.window.activeDragSession?.state == .lifted)
    for step in 1...5 {
      let t = Double(step) / 5
      let x = start.x + (end.x - start.x) * t
      let y = start.y + (end.y - start.y) * t
      try rig.input.send(device.move(Point(x: x, y: y)))
      try source.turn()
      try target.turn()
    }
    for _ in 0..<100 where targetDelegate.entered == 0 {
      try rig.input.send(device.move(Point(x: end.x + 1, y: end.y)))
      try source.turn()
      try target.turn()
    }
    #expect(source.window.activeDragSession?.state == .onPlatform, "weston took the drag")
    #expect(targetDelegate.entered == 1, "the target window heard the drag")
    try rig.input.send(device.up)
    for _ in 0..<200 where targetDelegate.received.isEmpty || sourceDelegate.ends.isEmpty {
      try source.turn()
      try target.turn()
    }
    #expect(targetDelegate.received == ["over weston"])
    #expect(sourceDelegate.ends == [.copy])
    #expect(source.window.touchTracker.liveTouches.isEmpty)
  }
}
