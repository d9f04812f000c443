import TactileFakeSeat

/// An app under the fake seat as assistive technology sees it: the root of its AT-SPI2 tree, from which
/// tests find elements and act on them through the seat, as XCUITest's `XCUIApplication` does.
///
/// ```swift
/// let session = try FakeSeatSession()
/// try session.startAccessibilityBus()
/// let app = try session.accessibleApplication(session.launch([path]))
/// try app.buttons["Copy"].tap()
/// try app.switches["On or off"].wait(until: "checked") { $0.isChecked }
/// ```
///
/// Every query reads the tree afresh, so an element is found wherever it is when the step runs.
/// It works for any AT-SPI2 app: Tactile's, GTK 4's, Qt's.
public final class AccessibleApplication {
  /// The session whose seat the elements are touched through.
  public let session: FakeSeatSession
  /// The application object on the bus.
  public let reference: AccessibleReference
  let connection: AtspiConnection

  init(session: FakeSeatSession, connection: AtspiConnection, root: AccessibleReference) {
    self.session = session
    self.connection = connection
    reference = root
  }

  /// Reads the whole tree now.
  ///
  /// - Throws: ``AccessibilityTestError``: the app does not answer, or the bus has gone.
  public func snapshot() throws -> AccessibleNode {
    try connection.snapshot(of: reference)
  }

  /// The elements of `type` anywhere in the tree.
  public func descendants(matching type: ElementType) -> ElementQuery {
    ElementQuery(application: self, type: type)
  }

  public var buttons: ElementQuery { descendants(matching: .button) }
  public var switches: ElementQuery { descendants(matching: .switch) }
  public var sliders: ElementQuery { descendants(matching: .slider) }
  public var textFields: ElementQuery { descendants(matching: .textField) }
  public var staticTexts: ElementQuery { descendants(matching: .staticText) }
  public var windows: ElementQuery { descendants(matching: .window) }
  public var cells: ElementQuery { descendants(matching: .cell) }
}
