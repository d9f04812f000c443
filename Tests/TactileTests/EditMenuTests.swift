import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

extension Action {
  fileprivate static let define: Action = "define"
}

/// The edit menu of issue 10: which commands it shows in each case, and where the chosen one goes.
@MainActor
@Suite struct EditMenuTests {
  @MainActor
  private struct Setup {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 20, y: 300, width: 300, height: 40))
    let pasteboard = MemoryPasteboard()

    init(text: String = "hello world", clipboard: String? = nil) {
      app.rootView.addSubview(field)
      field.text = text
      pasteboard.string = clipboard
      app.application.pasteboard = pasteboard
    }

    /// Shows the field's menu (the long press's single call) and returns the commands' titles.
    func present() -> PopupWindow? {
      field.editMenuInteraction?.presentEditMenu(at: Point(x: 40, y: 10))
    }

    func titles() -> [String] {
      guard let popup = present() else { return [] }
      defer { popup.dismiss() }
      return menuView(of: popup)?.commands.map(\.title) ?? []
    }

    func menuView(of popup: PopupWindow) -> EditMenuView? {
      popup.subviews.first as? EditMenuView
    }

    /// Taps the button titled `title` in `popup`.
    func choose(_ title: String, in popup: PopupWindow) {
      popup.frameDidStart(at: 0)
      guard let menu = menuView(of: popup),
        let button = menu.buttons.first(where: { $0.currentTitle == title })
      else {
        Issue.record("no \(title) button")
        return
      }
      TouchScript(window: popup).tap(at: button.convert(button.bounds.center, to: popup))
    }
  }

  @Test func withoutSelectionOrClipboardOnlySelectAllIsShown() {
    let setup = Setup()
    #expect(setup.titles() == ["Select All"])
  }

  @Test func aSelectionAddsCutAndCopy() {
    let setup = Setup()
    setup.field.becomeFirstResponder()
    setup.field.select(0..<5)
    #expect(setup.titles() == ["Cut", "Copy", "Select All"])
  }

  @Test func pasteIsShownOnlyWhenTheClipboardHasText() {
    let setup = Setup(clipboard: "pasted")
    #expect(setup.titles() == ["Paste", "Select All"])
    setup.pasteboard.string = nil
    #expect(setup.titles() == ["Select All"])
  }

  @Test func anEmptyFieldWithAnEmptyClipboardShowsNoMenu() {
    let setup = Setup(text: "")
    #expect(setup.present() == nil)
    #expect(setup.app.window.presentedPopup == nil)
  }

  @Test func anAppCommandIsShownWhenTheViewControllerHandlesIt() {
    let setup = Setup()
    let log = EventLog()
    setup.field.editMenuInteraction?.additionalCommands = [EditMenuCommand(title: "Define", action: .define)]
    #expect(setup.titles() == ["Select All"])
    setup.app.rootViewController.setHandler(
      { sender, _ in log.record("controller define, sender is menu: \(sender is EditMenu)") }, for: .define)
    #expect(setup.titles() == ["Select All", "Define"])
    let popup = setup.present()!
    setup.choose("Define", in: popup)
    #expect(log.entries == ["controller define, sender is menu: true"])
    #expect(popup.isDismissed)
  }

  @Test func theChosenCommandReachesTheFieldThatImplementsIt() {
    let setup = Setup()
    setup.field.becomeFirstResponder()
    setup.field.select(6..<11)
    let popup = setup.present()!
    setup.choose("Cut", in: popup)
    #expect(setup.pasteboard.string == "world")
    #expect(setup.field.text == "hello ")
    #expect(setup.app.window.presentedPopup == nil)
  }

  @Test func aCommandTheViewCannotPerformGoesToTheFirstResponderUpTheChainThatCan() {
    let app = TestApplication()
    let log = EventLog()
    let child = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    app.rootView.addSubview(child)
    child.editMenuInteraction = EditMenuInteraction(view: child)
    app.rootView.setHandler({ _, _ in log.record("root view copy") }, for: .copy)
    app.rootViewController.setHandler({ _, _ in log.record("controller copy") }, for: .copy)
    let popup = child.editMenuInteraction!.presentEditMenu(at: Point(x: 50, y: 50))!
    let menu = popup.subviews.first as! EditMenuView
    #expect(menu.commands == [.copy])
    popup.frameDidStart(at: 0)
    TouchScript(window: popup).tap(at: menu.buttons[0].convert(menu.buttons[0].bounds.center, to: popup))
    #expect(log.entries == ["root view copy"])
  }

  @Test func aTapOutsideDismissesTheMenuAndReachesNoView() {
    let setup = Setup()
    let log = EventLog()
    let other = RecordingView("other", frame: Rect(x: 0, y: 0, width: 375, height: 200), log: log)
    setup.app.rootView.addSubview(other)
    let popup = setup.present()!
    TouchScript(window: setup.app.window).tap(at: Point(x: 100, y: 100))
    #expect(popup.isDismissed)
    #expect(popup.isClosed)
    #expect(log.entries.isEmpty)
    TouchScript(window: setup.app.window, time: 5).tap(at: Point(x: 100, y: 100))
    #expect(log.entries == ["other.began(1)", "other.ended(1)"])
  }

  @Test func theMenuSitsAboveThePointAndFlipsBelowAtTheTopEdge() {
    let setup = Setup()
    let popup = setup.present()!
    let point = Point(x: 60, y: 310)
    #expect(popup.frame.maxY == point.y - EditMenuInteraction.gap)
    popup.dismiss()
    setup.field.frame.origin = Point(x: 20, y: 10)
    let flipped = setup.present()!
    #expect(flipped.frame.minY == 20 + 1 + EditMenuInteraction.gap)
  }

  @Test func menuButtonsAreSizedForFingers() {
    let setup = Setup(clipboard: "x")
    setup.field.becomeFirstResponder()
    setup.field.select(0..<1)
    let popup = setup.present()!
    popup.frameDidStart(at: 0)
    let buttons = setup.menuView(of: popup)!.buttons
    #expect(buttons.count == 4)
    for button in buttons {
      #expect(button.bounds.width >= 44 && button.bounds.height >= 44)
    }
  }

  @Test func ctrlCSendsTheSameCommandToAnyResponderThatHandlesIt() {
    let app = TestApplication()
    let log = EventLog()
    let view = FocusableView(log: log)
    app.rootView.addSubview(view)
    view.setHandler({ sender, _ in log.record("copy from window: \(sender is Window)") }, for: .copy)
    #expect(view.becomeFirstResponder())
    let key = Key(keyCode: 46, name: .character("c"), characters: "\u{3}", modifierFlags: .control)
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 2))
    #expect(log.entries == ["copy from window: true"])
    view.setHandler(nil, for: .copy)
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 3))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 4))
    #expect(log.entries == ["copy from window: true", "pressesBegan", "pressesEnded"])
  }

  @Test func shortcutsMapToTheEditCommandsByKeyName() {
    let commands = ["x", "c", "v", "a", "z", "y", "Z"].map { letter in
      Action.editCommand(
        forShortcut: Key(
          keyCode: 0, name: .character(Character(letter)), characters: "",
          modifierFlags: letter == "Z" ? [.control, .shift] : .control))
    }
    #expect(commands == [.cut, .copy, .paste, .selectAll, .undo, .redo, .redo])
    #expect(Action.editCommand(forShortcut: Key(keyCode: 0, name: .character("c"), characters: "c")) == nil)
    let altC = Key(keyCode: 0, name: .character("c"), characters: "", modifierFlags: [.control, .alternate])
    #expect(Action.editCommand(forShortcut: altC) == nil)
  }
}

/// A view that can be first responder and records the presses it gets.
@MainActor
private final class FocusableView: View {
  let log: EventLog
  init(log: EventLog) {
    self.log = log
    super.init(frame: Rect(x: 0, y: 0, width: 50, height: 50))
  }
  override var canBecomeFirstResponder: Bool { true }
  override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log.record("pressesBegan") }
  override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log.record("pressesEnded") }
}

/// The two triggers: a long press (touch) and a secondary click (pointer).
@MainActor
@Suite struct EditMenuTriggerTests {
  @Test func aLongPressOnATextFieldShowsItsMenu() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 20, y: 300, width: 300, height: 40))
    field.text = "hello"
    app.rootView.addSubview(field)
    let script = TouchScript(window: app.window)
    script.down(0, at: Point(x: 60, y: 320))
    #expect(app.window.presentedPopup == nil)
    app.scheduler.advance(by: 1)
    let popup = app.window.presentedPopup
    #expect((popup?.subviews.first as? EditMenuView)?.commands == [.selectAll])
    #expect(field.isFirstResponder)
    #expect(popup?.frame.maxY == 320 - EditMenuInteraction.gap)
  }

  @Test func aSecondaryClickShowsTheMenuOfTheNearestViewThatAsksForOne() {
    let app = TestApplication()
    let field = TextField(frame: Rect(x: 20, y: 300, width: 300, height: 40))
    field.text = "hello"
    let inner = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    field.addSubview(inner)
    app.rootView.addSubview(field)
    app.window.deliver(secondaryClick: Point(x: 100, y: 100))
    #expect(app.window.presentedPopup == nil)
    app.window.deliver(secondaryClick: Point(x: 25, y: 305))
    #expect(app.window.presentedPopup != nil)
    app.window.deliver(secondaryClick: Point(x: 25, y: 305))
    #expect(app.window.presentedPopup == nil)
  }
}
