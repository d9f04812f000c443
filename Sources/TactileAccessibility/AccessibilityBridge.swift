import CDBus
import TactileCore
import TactileGeometry

/// Shows an app's windows to assistive technology over AT-SPI2 (the D-Bus protocol screen readers such
/// as Orca read), answering from the core's accessibility tree (``/TactileCore/View/accessibilityChildren``
/// and the views' accessibility properties).
///
/// - **Start:** ``start(application:environment:watch:)`` connects to the accessibility bus
///   (`AccessibilityBus`), registers the app with the registry (`org.a11y.atspi.Socket.Embed`, sent
///   without waiting for the answer) and asks `watch` to call it when the bus socket is readable: it runs
///   on the app's event loop, on the main actor, with no thread of its own. Without a reachable bus it
///   returns `nil` and nothing runs.
/// - **Objects:** the application is `/org/a11y/atspi/accessible/root` (interfaces Accessible,
///   Application); its children are the app's windows (frames), theirs the tree's elements and
///   containers. Each view gets a path of its own (`…/accessible/N`) the first time it is reported.
/// - **Interfaces:** Accessible (role, name, description, states, children, parent, attributes with the
///   identifier), Component (extents in window coordinates whatever the coordinate type asked, as a
///   Wayland client knows no other), Action, Text and EditableText for text fields, Value for sliders,
///   page controls and switches (`AtspiInterfaces.swift`).
/// - **Events:** focus and `focused` state changes follow the first responder; state, value, text and
///   caret changes and announcements are signalled as they happen (``/TactileCore/AccessibilityEvent``).
///   A state change signals the states that changed since a client last read or was told them (a cell's
///   `selected`, with `selection-changed` on its table). Children changes are gathered and signalled once
///   the current turn of the event loop is over (a zero-delay timer on the app's scheduler), when the
///   tree has been laid out: for each container whose children a client has read, the children removed
///   and added since (`children-changed:remove` / `:add`, with the child's index and the child), as
///   `ChildrenChanges` finds them; a container no client has read signals nothing. Screen changed and
///   layout changed signal those changes at once, then `active-descendant-changed` on the key window
///   naming the element to read (the notification's, or for a screen change the window's first),
///   a layout change also `visible-data-changed`.
@MainActor
public final class AccessibilityBridge: AccessibilityObserver {
  /// An object of the tree on the bus.
  enum Node {
    case application
    case view(View)
  }

  let application: Application
  let bus: AccessibilityBus
  private var watchToken: TimerToken?
  private var identifiers: [ObjectIdentifier: Int] = [:]
  private var views: [Int: WeakView] = [:]
  /// The number of the last path given out: numbers are never reused, even for a view freed since.
  private var lastIdentifier = 0
  /// The `Id` the registry gave the application.
  var registryID: Int32 = 0
  /// The children of each container (by number, 0 for the application) as a client last read them or
  /// was told, for `children-changed` events that name the child and its index.
  private var reportedChildren: [Int: [Int]] = [:]
  /// The states of each view (by number) as a client last read them or was told.
  private var reportedStates: [Int: [UInt32]] = [:]
  /// The pending signalling of children changes.
  private var childrenFlush: TimerToken?

  static let rootPath = "/org/a11y/atspi/accessible/root"
  static let nullPath = "/org/a11y/atspi/null"
  static let cachePath = "/org/a11y/atspi/cache"
  static let registryName = "org.a11y.atspi.Registry"

  private struct WeakView {
    weak var view: View?
  }

  private init(application: Application, bus: AccessibilityBus) {
    self.application = application
    self.bus = bus
  }

  /// Connects `application` to the accessibility bus, when one is reachable.
  ///
  /// - Parameters:
  ///   - application: The app whose windows are shown; the bridge becomes its
  ///     ``/TactileCore/Application/accessibilityObserver``.
  ///   - environment: Where the bus's address is found (`AT_SPI_BUS_ADDRESS`, `DBUS_SESSION_BUS_ADDRESS`).
  ///   - watch: Calls its closure on the event loop whenever the file descriptor is readable, until the
  ///     returned token is cancelled.
  /// - Returns: The running bridge (keep it for as long as the app runs), or `nil` when no accessibility
  ///   bus is reachable.
  public static func start(
    application: Application, environment: [String: String],
    watch: (Int32, @escaping @MainActor () -> Void) -> TimerToken
  ) -> AccessibilityBridge? {
    guard let bus = AccessibilityBus.connect(environment: environment), let fd = bus.fileDescriptor else {
      return nil
    }
    let bridge = AccessibilityBridge(application: application, bus: bus)
    application.accessibilityObserver = bridge
    bridge.register()
    bridge.watchToken = watch(fd) { [weak bridge] in bridge?.busIsReadable() }
    return bridge
  }

  /// Stops answering and leaves the bus.
  public func stop() {
    watchToken?.cancel()
    watchToken = nil
    if application.accessibilityObserver === self { application.accessibilityObserver = nil }
  }

  /// Sends `Embed` with the application's root to the registry; its answer is read (and ignored) with
  /// the other messages.
  private func register() {
    guard
      let call = dbus_message_new_method_call(
        Self.registryName, Self.rootPath, "org.a11y.atspi.Socket", "Embed")
    else { return }
    var writer = DBusMessageWriter(appendingTo: call)
    writeReference(.application, to: &writer)
    bus.send(call)
    dbus_message_unref(call)
    bus.flush()
  }

  private func busIsReadable() {
    guard let messages = bus.receive() else {
      stop()
      return
    }
    for message in messages {
      if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL { answer(message) }
      dbus_message_unref(message)
    }
    bus.flush()
  }

  // MARK: Objects and references

  /// The object at `path`, if it is still in the tree.
  func node(at path: String) -> Node? {
    if path == Self.rootPath || path == Self.cachePath { return .application }
    let prefix = "/org/a11y/atspi/accessible/"
    guard path.hasPrefix(prefix), let id = Int(path.dropFirst(prefix.count)), let view = views[id]?.view
    else { return nil }
    return .view(view)
  }

  /// The path of `node`, numbering a view the first time.
  func path(of node: Node) -> String {
    guard case .view = node else { return Self.rootPath }
    return Self.path(ofNumber: number(of: node))
  }

  /// The path of the view numbered `number` (whether or not it still exists).
  static func path(ofNumber number: Int) -> String { "/org/a11y/atspi/accessible/\(number)" }

  /// The number of `node` in its path: 0 for the application; a view is numbered the first time.
  func number(of node: Node) -> Int {
    guard case .view(let view) = node else { return 0 }
    let key = ObjectIdentifier(view)
    if let id = identifiers[key], views[id]?.view === view { return id }
    lastIdentifier += 1
    let id = lastIdentifier
    identifiers[key] = id
    views[id] = WeakView(view: view)
    return id
  }

  /// The node numbered `number`, if it still exists.
  private func node(numbered number: Int) -> Node? {
    number == 0 ? .application : views[number]?.view.map(Node.view)
  }

  /// Writes AT-SPI2's object reference `(so)`: this connection's name and `node`'s path.
  func writeReference(_ node: Node, to writer: inout DBusMessageWriter) {
    writer.structure {
      $0.string(bus.uniqueName)
      $0.objectPath(path(of: node))
    }
  }

  /// The children of `node`, as a client is told them: recorded, so that their later changes are
  /// signalled against what the client knows.
  func reportChildren(of node: Node) -> [View] {
    let children = children(of: node)
    reportedChildren[number(of: node)] = children.map { number(of: .view($0)) }
    return children
  }

  /// The states of `view`, as a client is told them: recorded, so that a later change signals what
  /// changed.
  func reportStates(of view: View) -> [UInt32] {
    let states = AtspiMapping.states(of: view)
    reportedStates[number(of: .view(view))] = states
    return states
  }

  /// The children of `node`: the app's windows, or the tree's.
  func children(of node: Node) -> [View] {
    switch node {
    case .application: application.windows.filter { !$0.isClosed }
    case .view(let view): view.accessibilityChildren
    }
  }

  /// The parent of `node`: `nil` for the application (the registry's desktop is its parent).
  func parent(of node: Node) -> Node? {
    switch node {
    case .application: nil
    case .view(is Window): .application
    case .view(let view): view.accessibilityContainer.map { .view($0) } ?? .application
    }
  }

  // MARK: Events

  public func accessibilityDidReceive(_ event: AccessibilityEvent) {
    switch event {
    case .focusChanged(_, let from, let to):
      if let from = from as? View { emit(.view(from), "StateChanged", "focused", 0) }
      if let to = to as? View {
        emit(.view(to), "StateChanged", "focused", 1)
        emit(.view(to), "Focus", "", 0, interface: "org.a11y.atspi.Event.Focus")
      }
    case .stateChanged(let view):
      signalStateChanges(
        of: view, unrecorded: [.enabled] + (view.accessibilityTraits.contains(.selected) ? [.selected] : []))
    case .valueChanged(let view):
      if view.accessibilityTraits.contains(.toggleButton) {
        signalStateChanges(of: view, unrecorded: [.checked])
      }
      emit(.view(view), "PropertyChange", "accessible-value", 0)
    case .childrenChanged:
      guard childrenFlush == nil else { return }
      childrenFlush = application.scheduler.schedule(after: 0) { [weak self] in self?.signalChildrenChanges()
      }
    case .textChanged(let field, let offset, let removed, let inserted):
      if !removed.isEmpty {
        emit(.view(field), "TextChanged", "delete", Int32(offset), Int32(removed.count), data: .text(removed))
      }
      if !inserted.isEmpty {
        emit(
          .view(field), "TextChanged", "insert", Int32(offset), Int32(inserted.count), data: .text(inserted))
      }
    case .selectionChanged(let field):
      emit(.view(field), "TextCaretMoved", "", Int32(field.selectionCursor))
    case .notification(.announcement(let text)):
      if let window = application.keyWindow {
        emit(.view(window), "Announcement", "", 0, data: .text(text))
      }
    case .notification(.screenChanged(let focus)):
      signalChildrenChanges()
      guard let window = application.keyWindow, let element = focus ?? window.accessibilityChildren.first
      else {
        return
      }
      signalActiveDescendant(element, in: window)
    case .notification(.layoutChanged(let focus)):
      signalChildrenChanges()
      guard let window = application.keyWindow else { return }
      emit(.view(window), "VisibleDataChanged", "", 0)
      if let focus { signalActiveDescendant(focus, in: window) }
    }
  }

  /// The states a change signals, by their AT-SPI2 names.
  private static let signalledStates: [(AtspiMapping.State, String)] = [
    (.enabled, "enabled"), (.sensitive, "sensitive"), (.selected, "selected"), (.checked, "checked"),
  ]

  /// Signals the states of `view` that changed since a client last read them or was told, or the states
  /// `unrecorded` (their new values) when none was; a cell whose selection changed signals
  /// `selection-changed` on its table or collection view too.
  private func signalStateChanges(of view: View, unrecorded: [AtspiMapping.State]) {
    let old = reportedStates[number(of: .view(view))]
    let new = reportStates(of: view)
    for (state, name) in Self.signalledStates {
      let isSet = AtspiMapping.contains(new, state)
      if let old {
        guard AtspiMapping.contains(old, state) != isSet else { continue }
      } else {
        guard unrecorded.contains(state) else { continue }
      }
      emit(.view(view), "StateChanged", name, isSet ? 1 : 0)
      if state == .selected, let list = view.superview, list is TableView || list is CollectionView {
        emit(.view(list), "SelectionChanged", "", 0)
      }
    }
  }

  /// Signals, for every container whose children a client knows, the children removed and added since
  /// (rules on ``AccessibilityBridge``); forgets the containers that have gone or left their window.
  func signalChildrenChanges() {
    childrenFlush?.cancel()
    childrenFlush = nil
    for (number, old) in reportedChildren.sorted(by: { $0.key < $1.key }) {
      guard let node = node(numbered: number) else {
        reportedChildren[number] = nil
        continue
      }
      if case .view(let view) = node, view.window == nil {
        reportedChildren[number] = nil
        continue
      }
      let new = children(of: node).map { self.number(of: .view($0)) }
      reportedChildren[number] = new
      for change in ChildrenChanges.between(old, new) {
        emit(
          node, "ChildrenChanged", change.added ? "add" : "remove", Int32(change.index),
          data: .object(Self.path(ofNumber: change.child)))
      }
    }
  }

  /// Names `element` as the one to read now: `active-descendant-changed` on `window`, with the element's
  /// index in its container's children.
  private func signalActiveDescendant(_ element: View, in window: Window) {
    let index = element.accessibilityContainer.flatMap {
      $0.accessibilityChildren.firstIndex { $0 === element }
    }
    emit(
      .view(window), "ActiveDescendantChanged", "", Int32(index ?? -1),
      data: .object(path(of: .view(element))))
  }

  /// What an event carries besides its numbers (its `any_data`).
  enum EventData {
    case none
    case text(String)
    /// An object of this app, by path (a child added or removed, a descendant).
    case object(String)
  }

  /// Signals an AT-SPI2 event `member` on `node`, with the arguments `(siiva{sv})`: `detail`, the two
  /// numbers, `data` as the variant (0 for none, a string, or an object reference), and no properties.
  private func emit(
    _ node: Node, _ member: String, _ detail: String, _ detail1: Int32, _ detail2: Int32 = 0,
    data: EventData = .none, interface: String = "org.a11y.atspi.Event.Object"
  ) {
    guard watchToken != nil, let signal = dbus_message_new_signal(path(of: node), interface, member) else {
      return
    }
    var writer = DBusMessageWriter(appendingTo: signal)
    writer.string(detail)
    writer.int32(detail1)
    writer.int32(detail2)
    switch data {
    case .none: writer.variant("i") { $0.int32(0) }
    case .text(let text): writer.variant("s") { $0.string(text) }
    case .object(let path):
      let name = bus.uniqueName
      writer.variant("(so)") {
        $0.structure {
          $0.string(name)
          $0.objectPath(path)
        }
      }
    }
    writer.array(of: "{sv}") { _ in }
    bus.send(signal)
    dbus_message_unref(signal)
    bus.flush()
  }
}
