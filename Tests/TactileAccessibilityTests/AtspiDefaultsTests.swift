import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileAccessibility
@testable import TactileCore

/// The roles and states of the presented and popup views: alerts, sheets, the edit menu and context
/// menus.
@MainActor
@Suite struct AtspiDefaultsTests {
  private func roles(_ views: [View]) -> [String] {
    views.map { "\(AtspiMapping.role(of: $0).name) \($0.accessibilityLabel ?? "-")" }
  }

  @Test func anAlertIsReadAloneAsAnAlertNamedByItsTitleWithItsTextAndButtons() throws {
    let app = TestApplication()
    let behind = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    behind.setTitle("Behind", for: .normal)
    app.rootView.addSubview(behind)
    let alert = AlertController(
      title: "Delete photo?", message: "It cannot be undone.", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Delete", style: .destructive))
    app.rootViewController.present(alert, animated: false)
    app.window.layoutIfNeeded()
    let children = app.window.accessibilityChildren
    #expect(roles(children) == ["alert Delete photo?"])
    #expect(
      roles(children.first?.accessibilityChildren ?? []) == [
        "label Delete photo?", "label It cannot be undone.", "push button Delete", "push button Cancel",
      ])
    let container = try #require(alert.alertView.superview)
    #expect(AtspiMapping.contains(AtspiMapping.states(of: container), .modal))
  }

  @Test func aSheetIsAModalDialogNamedByItsControllersTitleOverWhatItCovers() throws {
    let app = TestApplication()
    let behind = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    app.rootView.addSubview(behind)
    let sheet = ViewController()
    sheet.title = "Details"
    let done = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    done.setTitle("Done", for: .normal)
    sheet.view.addSubview(done)
    app.rootViewController.present(sheet, animated: false)
    app.window.layoutIfNeeded()
    let children = app.window.accessibilityChildren
    #expect(roles(children) == ["dialog Details"])
    #expect(roles(children.first?.accessibilityChildren ?? []) == ["push button Done"])
    #expect(AtspiMapping.contains(AtspiMapping.states(of: try #require(children.first)), .modal))
  }

  @Test func theEditMenuIsAMenuOfMenuItemsNamedByTheirCommands() {
    let menu = EditMenuView(commands: [.copy, .paste])
    #expect(roles([menu]) == ["menu -"])
    #expect(roles(menu.accessibilityChildren) == ["menu item Copy", "menu item Paste"])
  }

  @Test func aContextMenuIsAMenuOfItsActions() {
    let menu = ContextMenuView(preview: nil, actions: [ClosureAction(title: "Share") { _ in }])
    #expect(roles([menu]) == ["menu -"])
    #expect(roles(menu.accessibilityChildren) == ["menu item Share"])
  }

  @Test func aPopupWindowIsAWindowAndAnAppWindowAFrame() {
    let app = TestApplication()
    let popup = PopupWindow(
      placement: PopupPlacement(
        anchorRect: Rect(x: 100, y: 100, width: 50, height: 20), size: Size(width: 80, height: 40),
        anchor: .bottom, gravity: .bottom),
      parent: app.window)
    #expect(AtspiMapping.role(of: popup).name == "window")
    #expect(AtspiMapping.role(of: app.window).name == "frame")
  }

  @Test func aTablesCellIsSelectableAndClickedAndAMultipleSelectionTableMultiselectable() {
    let app = TestApplication()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
    table.allowsMultipleSelection = true
    let cell = TableViewCell(reuseIdentifier: nil)
    table.addSubview(cell)
    app.rootView.addSubview(table)
    #expect(AtspiMapping.contains(AtspiMapping.states(of: cell), .selectable))
    #expect(AtspiMapping.contains(AtspiMapping.states(of: table), .multiselectable))
    #expect(AtspiMapping.actionNames(of: cell) == ["click"])
  }
}
