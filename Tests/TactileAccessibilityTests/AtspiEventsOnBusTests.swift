import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileAccessibility

/// The events a client on the bus receives: children added and removed with their index and the child
/// itself, and the screen and layout notifications.
@MainActor
@Suite struct AtspiEventsOnBusTests {
  private func button(_ title: String, y: Double) -> Button {
    let button = Button(frame: Rect(x: 10, y: y, width: 100, height: 40))
    button.setTitle(title, for: .normal)
    return button
  }

  /// The harness with two buttons at the top of the window, and the window's path.
  private func setUp() throws -> (BridgeOnBus, String, Button, Button) {
    let bus = try BridgeOnBus()
    let (first, last) = (button("First", y: 10), button("Last", y: 200))
    bus.app.rootView.addSubview(first)
    bus.app.rootView.addSubview(last)
    let window = try #require(try bus.children(AccessibilityBridge.rootPath).first)
    return (bus, window, first, last)
  }

  @Test func aChildAddedAfterAClientReadTheChildrenIsSignalledAtItsIndexWithItself() throws {
    let (bus, window, _, _) = try setUp()
    #expect(try bus.children(window).count == 2)
    let mark = bus.signals.count
    let middle = button("Middle", y: 100)
    bus.app.rootView.addSubview(middle)
    try bus.settle()
    let changes = bus.signals(since: mark).filter { $0.member == "ChildrenChanged" }
    #expect(changes.map(\.description) == ["ChildrenChanged:add 1 0 \(bus.path(of: middle)) on \(window)"])
    #expect(try bus.children(window)[1] == bus.path(of: middle))
  }

  @Test func aChildRemovedIsSignalledAtTheIndexItHad() throws {
    let (bus, window, first, last) = try setUp()
    _ = try bus.children(window)
    let mark = bus.signals.count
    first.removeFromSuperview()
    try bus.settle()
    let changes = bus.signals(since: mark).filter { $0.member == "ChildrenChanged" }
    #expect(changes.map(\.description) == ["ChildrenChanged:remove 0 0 \(bus.path(of: first)) on \(window)"])
    #expect(try bus.children(window) == [bus.path(of: last)])
  }

  @Test func changesInOneTurnAreSignalledOnceTheTurnIsOver() throws {
    let (bus, window, first, _) = try setUp()
    _ = try bus.children(window)
    let mark = bus.signals.count
    first.removeFromSuperview()
    bus.app.rootView.addSubview(first)
    _ = try bus.call(AccessibilityBridge.rootPath, "org.a11y.atspi.Accessible", "GetRole")
    #expect(bus.signals(since: mark).filter { $0.member == "ChildrenChanged" }.isEmpty)
    try bus.settle()
    // Removed and added back at the same place: nothing changed for the client.
    #expect(bus.signals(since: mark).filter { $0.member == "ChildrenChanged" }.isEmpty)
  }

  @Test func aContainerNoClientReadSignalsNoChildrenChange() throws {
    let bus = try BridgeOnBus()
    let mark = bus.signals.count
    bus.app.rootView.addSubview(button("Alone", y: 10))
    try bus.settle()
    #expect(bus.signals(since: mark).filter { $0.member == "ChildrenChanged" }.isEmpty)
  }

  @Test func aScreenChangeNamesTheElementToReadWithItsIndex() throws {
    let (bus, window, _, last) = try setUp()
    _ = try bus.children(window)
    let mark = bus.signals.count
    let added = button("New", y: 300)
    bus.app.rootView.addSubview(added)
    bus.app.application.postAccessibilityNotification(.screenChanged(focus: last))
    try bus.settle()
    // The children change first (the new button, at index 2), then the element to read (index 1).
    #expect(
      bus.signals(since: mark).map(\.description) == [
        "ChildrenChanged:add 2 0 \(bus.path(of: added)) on \(window)",
        "ActiveDescendantChanged: 1 0 \(bus.path(of: last)) on \(window)",
      ])
  }

  @Test func aScreenChangeWithoutAnElementNamesTheWindowsFirst() throws {
    let (bus, window, first, _) = try setUp()
    let mark = bus.signals.count
    bus.app.application.postAccessibilityNotification(.screenChanged(focus: nil))
    try bus.settle()
    #expect(
      bus.signals(since: mark).map(\.description) == [
        "ActiveDescendantChanged: 0 0 \(bus.path(of: first)) on \(window)"
      ])
  }

  @Test func aLayoutChangeSignalsVisibleDataAndTheElementIfAny() throws {
    let (bus, window, _, last) = try setUp()
    var mark = bus.signals.count
    bus.app.application.postAccessibilityNotification(.layoutChanged(focus: nil))
    try bus.settle()
    #expect(bus.signals(since: mark).map(\.description) == ["VisibleDataChanged: 0 0 - on \(window)"])
    mark = bus.signals.count
    bus.app.application.postAccessibilityNotification(.layoutChanged(focus: last))
    try bus.settle()
    #expect(
      bus.signals(since: mark).map(\.description) == [
        "VisibleDataChanged: 0 0 - on \(window)",
        "ActiveDescendantChanged: 1 0 \(bus.path(of: last)) on \(window)",
      ])
  }
}
