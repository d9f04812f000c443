import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileAccessibility

/// How the core's accessibility reads in AT-SPI2: roles, states, actions and values.
@MainActor
@Suite struct AtspiMappingTests {
  private func words(_ states: [AtspiMapping.State]) -> [UInt32] {
    var words: [UInt32] = [0, 0]
    for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
    return words
  }

  @Test func eachKindOfViewHasItsRole() {
    let app = TestApplication()
    let heading = Label()
    heading.accessibilityTraits = [.staticText, .header]
    let link = Button()
    link.accessibilityTraits = .link
    let image = ImageView()
    image.isAccessibilityElement = true
    let roles = [
      (app.window, "frame"), (TextField(), "entry"), (Switch(), "toggle button"), (Button(), "push button"),
      (Slider(), "slider"), (PageControl(), "slider"), (Label(), "label"), (heading, "heading"),
      (link, "link"), (image, "image"), (View(), "panel"), (TableView(frame: .zero), "list"),
      (TableViewCell(reuseIdentifier: nil), "list item"),
    ]
    for (view, name) in roles {
      #expect(AtspiMapping.role(of: view).name == name, "\(type(of: view))")
    }
  }

  @Test func anEnabledElementIsEnabledSensitiveVisibleAndShowingAndADisabledOneOnlyShown() {
    let button = Button()
    #expect(AtspiMapping.states(of: button) == words([.visible, .showing, .enabled, .sensitive]))
    button.isEnabled = false
    #expect(AtspiMapping.states(of: button) == words([.visible, .showing]))
  }

  @Test func aSwitchIsCheckableAndCheckedWhenOn() {
    let toggle = Switch()
    toggle.isOn = true
    #expect(
      AtspiMapping.states(of: toggle)
        == words([.visible, .showing, .enabled, .sensitive, .checkable, .checked]))
  }

  @Test func aFocusedFieldIsEditableSingleLineFocusableAndFocused() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.rootView.addSubview(field)
    field.becomeFirstResponder()
    #expect(
      AtspiMapping.states(of: field)
        == words([.visible, .showing, .enabled, .sensitive, .editable, .singleLine, .focusable, .focused]))
    #expect(
      AtspiMapping.states(of: app.window) == words([.visible, .showing, .enabled, .sensitive, .active]))
  }

  @Test func controlsAreClickedAdjustableOnesIncrementedAndCustomActionsFollow() {
    let slider = Slider()
    slider.accessibilityCustomActions = [AccessibilityCustomAction(name: "Reset") { _ in true }]
    #expect(AtspiMapping.actionNames(of: Button()) == ["click"])
    #expect(AtspiMapping.actionNames(of: slider) == ["increment", "decrement", "Reset"])
    #expect(AtspiMapping.actionNames(of: Label()).isEmpty)
  }

  @Test func performingAnActionRunsItAndAnUnknownIndexFails() {
    let app = TestApplication()
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.rootView.addSubview(slider)
    var reset = false
    slider.accessibilityCustomActions = [
      AccessibilityCustomAction(name: "Reset") { _ in
        reset = true
        return true
      }
    ]
    #expect(AtspiMapping.performAction(0, of: slider))
    #expect(abs(slider.value - 0.1) < 1e-9)
    #expect(AtspiMapping.performAction(2, of: slider) && reset)
    #expect(!AtspiMapping.performAction(3, of: slider))
    #expect(!AtspiMapping.performAction(-1, of: slider))
  }

  @Test func theValueInterfaceCoversSlidersPageControlsAndSwitchesOnly() {
    let slider = Slider()
    slider.maximumValue = 20
    let value = AtspiValue(slider)
    #expect(value?.range == 0...20 && value?.step == 2)
    let pages = PageControl()
    pages.numberOfPages = 4
    #expect(AtspiValue(pages)?.range == 0...3)
    #expect(AtspiValue(Switch())?.current == 0)
    #expect(AtspiValue(Button()) == nil)
  }

  @Test func settingAValueChangesItAsTheUserWouldAndNotWhileDisabled() {
    let app = TestApplication()
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
    app.rootView.addSubview(toggle)
    AtspiValue(toggle)?.set(1)
    #expect(toggle.isOn)
    toggle.isEnabled = false
    AtspiValue(toggle)?.set(0)
    #expect(toggle.isOn)
  }
}
