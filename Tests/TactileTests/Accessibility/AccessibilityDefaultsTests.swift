import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Each view's accessibility defaults, and that what the app sets wins.
@MainActor
@Suite struct AccessibilityDefaultsTests {
  @Test func aPlainViewIsNoElementAndHasNoTraits() {
    let view = View(frame: .zero)
    #expect(!view.isAccessibilityElement)
    #expect(view.accessibilityLabel == nil && view.accessibilityValue == nil)
    #expect(view.accessibilityTraits == .none)
  }

  @Test func aLabelIsStaticTextNamedByItsText() {
    let label = Label()
    label.text = "Volume"
    #expect(label.isAccessibilityElement)
    #expect(label.accessibilityLabel == "Volume")
    #expect(label.accessibilityTraits == .staticText)
    label.text = "Level"
    #expect(label.accessibilityLabel == "Level")
  }

  @Test func aButtonIsNamedByItsCurrentTitleAndIsDimmedWhileDisabled() {
    let button = Button()
    button.setTitle("Save", for: .normal)
    button.setTitle("Saving", for: .selected)
    #expect(button.isAccessibilityElement)
    #expect(button.accessibilityLabel == "Save")
    #expect(button.accessibilityTraits == .button)
    button.isSelected = true
    #expect(button.accessibilityLabel == "Saving")
    #expect(button.accessibilityTraits == [.button, .selected])
    button.isEnabled = false
    #expect(button.accessibilityTraits == [.button, .selected, .notEnabled])
  }

  @Test func aLabelTheAppSetWinsOverTheTitleUntilItIsSetToNil() {
    let button = Button()
    button.setTitle("\u{00D7}", for: .normal)
    button.accessibilityLabel = "Close"
    #expect(button.accessibilityLabel == "Close")
    button.accessibilityLabel = nil
    #expect(button.accessibilityLabel == "\u{00D7}")
  }

  @Test func traitsTheAppSetsReplaceTheDefaults() {
    let button = Button()
    button.accessibilityTraits = [.link]
    button.isEnabled = false
    #expect(button.accessibilityTraits == .link)
  }

  @Test func aSwitchIsAToggleButtonWhoseValueIsOneOrZero() {
    let toggle = Switch()
    #expect(toggle.isAccessibilityElement)
    #expect(toggle.accessibilityTraits == [.button, .toggleButton])
    #expect(toggle.accessibilityValue == "0")
    toggle.isOn = true
    #expect(toggle.accessibilityValue == "1")
  }

  @Test func aSliderIsAdjustableAndItsValueIsAPercentageOfItsRange() {
    let slider = Slider()
    slider.minimumValue = 10
    slider.maximumValue = 20
    slider.value = 12.5
    #expect(slider.accessibilityTraits == .adjustable)
    #expect(slider.accessibilityValue == "25%")
  }

  @Test func aPageControlIsAdjustableAndTellsItsPage() {
    let pages = PageControl()
    pages.numberOfPages = 5
    pages.currentPage = 1
    #expect(pages.accessibilityTraits == .adjustable)
    #expect(pages.accessibilityValue == "page 2 of 5")
  }

  @Test func aTextFieldIsNamedByItsPlaceholderAndItsValueIsItsText() {
    let field = TextField()
    field.placeholder = "Name"
    field.text = "Ada"
    #expect(field.isAccessibilityElement)
    #expect(field.accessibilityLabel == "Name")
    #expect(field.accessibilityValue == "Ada")
    #expect(field.accessibilityTraits == .none)
  }

  @Test func anImageViewIsNoElementUntilMadeOneAndThenAnImage() {
    let image = ImageView()
    #expect(!image.isAccessibilityElement)
    image.isAccessibilityElement = true
    #expect(image.accessibilityTraits == .image)
  }

  @Test func aWindowIsNamedByItsTitle() {
    let app = TestApplication()
    #expect(app.window.accessibilityLabel == nil)
    app.window.title = "Notes"
    #expect(app.window.accessibilityLabel == "Notes")
  }

  @Test func theWindowFramesButtonsAreNamedAndItsTitleIsAHeader() {
    let frame = DecorationView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    frame.title = "Notes"
    #expect(frame.minimizeButton.accessibilityLabel == "Minimize")
    #expect(frame.maximizeButton.accessibilityLabel == "Maximize")
    #expect(frame.closeButton.accessibilityLabel == "Close")
    #expect(frame.closeButton.accessibilityTraits == .button)
    #expect(frame.titleLabel.accessibilityLabel == "Notes")
    #expect(frame.titleLabel.accessibilityTraits == [.staticText, .header])
    frame.states = [.activated, .maximized]
    #expect(frame.maximizeButton.accessibilityLabel == "Restore")
  }

  @Test func theEditMenusButtonsAreButtonsNamedByTheirCommands() {
    let menu = EditMenuView(commands: [.cut, .copy, .paste])
    menu.layoutIfNeeded()
    #expect(menu.buttons.map(\.accessibilityLabel) == ["Cut", "Copy", "Paste"])
    #expect(menu.buttons.allSatisfy { $0.isAccessibilityElement && $0.accessibilityTraits == .button })
    // Read left to right, as laid out.
    #expect(menu.accessibilityChildren.map(\.accessibilityLabel) == ["Cut", "Copy", "Paste"])
  }

  @Test func hintAndIdentifierAreOnlyWhatTheAppSets() {
    let button = Button()
    #expect(button.accessibilityHint == nil && button.accessibilityIdentifier == nil)
    button.accessibilityHint = "Saves the drawing"
    button.accessibilityIdentifier = "save"
    #expect(button.accessibilityHint == "Saves the drawing")
    #expect(button.accessibilityIdentifier == "save")
  }

  @Test func aTableIsAContainerOfTheHeadersAndRowsInViewTopToBottom() {
    let scene = TableScene(TestRows([2, 30], titles: ["Fruit", "Vegetables"]))
    #expect(scene.table.isAccessibilityContainer)
    let children = scene.table.accessibilityChildren
    #expect(children.map(\.accessibilityLabel).prefix(5) == ["FRUIT", "0.0", "0.1", "VEGETABLES", "1.0"])
    #expect(children.first?.accessibilityTraits == .header)
    // Only what is in view: the rows scrolled past have no cell.
    #expect(children.count < 32)
    #expect(children.allSatisfy { $0.accessibilityContainer === scene.table })
  }

  @Test func aRowIsOneElementNamedByItsLabelsAndSelectedWhileSelected() {
    let scene = TableScene(TestRows([3]))
    let cell = scene.table.visibleCells[1]
    cell.detailTextLabel.text = "On"
    #expect(cell.isAccessibilityElement)
    #expect(cell.accessibilityLabel == "0.1, On")
    #expect(cell.accessibilityChildren.isEmpty)
    #expect(!cell.accessibilityTraits.contains(.selected))
    scene.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    #expect(cell.accessibilityTraits.contains(.selected))
  }

  @Test func theNavigationBarsTitleIsAHeaderAndItsBackButtonIsNamedByThePreviousTitle() {
    let first = ViewController()
    first.title = "Settings"
    let second = ViewController()
    second.title = "Wi-Fi"
    let navigation = NavigationController(rootViewController: first)
    navigation.pushViewController(second, animated: false)
    let bar = navigation.navigationBar
    #expect(bar.titleLabel.accessibilityLabel == "Wi-Fi")
    #expect(bar.titleLabel.accessibilityTraits == [.staticText, .header])
    #expect(bar.backButton.accessibilityLabel == "Settings")
    #expect(bar.backButton.accessibilityTraits == .button)
  }
}
