import TactileAccessibility

/// A kind of element, as a query names it (XCUITest's element types): the AT-SPI2 roles that count as
/// it, so that a query reads the same for a Tactile, a GTK 4 or a Qt app.
public struct ElementType: Hashable, Sendable, CustomStringConvertible {
  /// AT-SPI2 role names (`GetRoleName`), any of which matches.
  public var roles: Set<String>
  /// The name a failure message uses.
  public var name: String

  public init(_ name: String, roles: Set<String>) {
    self.name = name
    self.roles = roles
  }

  public var description: String { name }

  /// Every element.
  public static let any = ElementType("element", roles: [])
  /// A push button (GTK 4.8 names its role "button").
  public static let button = ElementType("button", roles: [AtspiMapping.Role.pushButton.name, "button"])
  /// A switch or toggle button (GTK 4's check buttons too).
  public static let `switch` = ElementType(
    "switch", roles: [AtspiMapping.Role.toggleButton.name, "switch", "check box"])
  public static let slider = ElementType("slider", roles: [AtspiMapping.Role.slider.name])
  /// A text field (GTK 4's text boxes are "text").
  public static let textField = ElementType(
    "text field", roles: [AtspiMapping.Role.entry.name, "text", "password text"])
  public static let staticText = ElementType("static text", roles: [AtspiMapping.Role.label.name, "static"])
  public static let header = ElementType("header", roles: [AtspiMapping.Role.heading.name])
  public static let link = ElementType("link", roles: [AtspiMapping.Role.link.name])
  public static let image = ElementType("image", roles: [AtspiMapping.Role.image.name])
  /// A row of a list or a table (a Tactile table's cell is a list item).
  public static let cell = ElementType(
    "cell", roles: [AtspiMapping.Role.listItem.name, "table cell", "list box item"])
  public static let window = ElementType("window", roles: [AtspiMapping.Role.frame.name, "window", "dialog"])

  /// Whether a node of AT-SPI2 role `role` is of this type.
  func matches(role: String) -> Bool { roles.isEmpty || roles.contains(role) }
}
