import TactileCore

/// How a view's accessibility (``/TactileCore/AccessibilityTraits``, its kind) reads in AT-SPI2: its
/// role and its states, with the numbers of AT-SPI2's `AtspiRole` and `AtspiStateType`.
@MainActor
package enum AtspiMapping {
  /// An AT-SPI2 role: its number and its name.
  package struct Role: Equatable, Sendable {
    let number: UInt32
    package let name: String

    package static let application = Role(number: 75, name: "application")
    package static let frame = Role(number: 23, name: "frame")
    package static let panel = Role(number: 39, name: "panel")
    package static let pushButton = Role(number: 43, name: "push button")
    package static let toggleButton = Role(number: 62, name: "toggle button")
    package static let slider = Role(number: 51, name: "slider")
    package static let entry = Role(number: 79, name: "entry")
    package static let text = Role(number: 61, name: "text")
    package static let label = Role(number: 29, name: "label")
    package static let heading = Role(number: 83, name: "heading")
    package static let link = Role(number: 88, name: "link")
    package static let image = Role(number: 27, name: "image")
    package static let list = Role(number: 31, name: "list")
    package static let listItem = Role(number: 32, name: "list item")
    package static let alert = Role(number: 2, name: "alert")
    package static let dialog = Role(number: 16, name: "dialog")
    package static let menu = Role(number: 33, name: "menu")
    package static let menuItem = Role(number: 35, name: "menu item")
    package static let window = Role(number: 69, name: "window")
  }

  /// The role of `view`: a popup window (a menu's) is a window, any other window a frame; a text
  /// field an entry, a text view text, a table or collection view a list and its cells list items, an alert an alert, a
  /// sheet's container a dialog, an edit or context menu a menu and its buttons menu items, another
  /// container a panel; otherwise its strongest trait decides (a toggle button before a button; a
  /// plain element is a label).
  static func role(of view: View) -> Role {
    if view is PopupWindow { return .window }
    if view is Window { return .frame }
    if view is TextField { return .entry }
    if view is TextView { return .text }
    if view is TableView || view is CollectionView { return .list }
    if view is TableViewCell || view is CollectionViewCell { return .listItem }
    if view is AlertView { return .alert }
    if let container = view as? PresentationContainerView, !container.presentsAlert { return .dialog }
    if isMenu(view) { return .menu }
    let traits = view.accessibilityTraits
    if traits.contains(.toggleButton) { return .toggleButton }
    if traits.contains(.button) { return isMenu(view.accessibilityContainer) ? .menuItem : .pushButton }
    if traits.contains(.adjustable) { return .slider }
    if traits.contains(.link) { return .link }
    if traits.contains(.header) { return .heading }
    if traits.contains(.image) { return .image }
    if view.isAccessibilityElement { return .label }
    return .panel
  }

  /// Whether `view` is an edit menu or a context menu.
  private static func isMenu(_ view: View?) -> Bool { view is EditMenuView || view is ContextMenuView }

  /// AT-SPI2 state numbers.
  package enum State: UInt32, Sendable {
    case active = 1
    case checked = 4
    case editable = 7
    case enabled = 8
    case focusable = 11
    case focused = 12
    case modal = 16
    case multiLine = 17
    case multiselectable = 18
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case singleLine = 26
    case visible = 30
    case checkable = 41
  }

  /// Whether the state set `words` (of ``states(of:)``) holds `state`.
  static func contains(_ words: [UInt32], _ state: State) -> Bool {
    words[Int(state.rawValue / 32)] & (1 << (state.rawValue % 32)) != 0
  }

  /// The states of `view`, as the two 32-bit words of AT-SPI2's state set.
  static func states(of view: View) -> [UInt32] {
    var states: [State] = [.visible, .showing]
    let traits = view.accessibilityTraits
    if !traits.contains(.notEnabled) { states += [.enabled, .sensitive] }
    if traits.contains(.selected) { states.append(.selected) }
    if traits.contains(.toggleButton) {
      states.append(.checkable)
      if view.accessibilityValue == "1" { states.append(.checked) }
    }
    if view is TextField { states += [.editable, .singleLine] }
    if let textView = view as? TextView {
      states += textView.isEditable ? [.editable, .multiLine] : [.multiLine]
    }
    if view.canBecomeFirstResponder { states.append(.focusable) }
    if view.isFirstResponder { states.append(.focused) }
    if let window = view as? Window, window.isKeyWindow { states.append(.active) }
    if view.accessibilityViewIsModal { states.append(.modal) }
    if let table = view as? TableView, table.allowsMultipleSelection { states.append(.multiselectable) }
    if let table = view.superview as? TableView, view is TableViewCell, table.allowsSelection {
      states.append(.selectable)
    }
    if view is CollectionViewCell, view.superview is CollectionView { states.append(.selectable) }
    var words: [UInt32] = [0, 0]
    for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
    return words
  }

  /// The names of `view`'s actions, in AT-SPI2's order: "click" for a control that can be activated
  /// (not an adjustable one) and a table's or collection view's cell, "increment" and "decrement" for an adjustable one, then
  /// its custom actions.
  static func actionNames(of view: View) -> [String] {
    var names: [String] = []
    if view.accessibilityTraits.contains(.adjustable) {
      names += ["increment", "decrement"]
    } else if view is Control || view is TableViewCell || view is CollectionViewCell {
      names.append("click")
    }
    return names + view.accessibilityCustomActions.map(\.name)
  }

  /// Runs `view`'s action at `index` (of ``actionNames(of:)``).
  ///
  /// - Returns: Whether there was such an action and it did something.
  static func performAction(_ index: Int, of view: View) -> Bool {
    let names = actionNames(of: view)
    guard index >= 0, index < names.count else { return false }
    let builtIn = names.count - view.accessibilityCustomActions.count
    if index >= builtIn { return view.accessibilityCustomActions[index - builtIn].perform() }
    switch names[index] {
    case "increment": view.accessibilityIncrement()
    case "decrement": view.accessibilityDecrement()
    default: return view.accessibilityActivate()
    }
    return true
  }
}
