/// Which elements of an app to find: a type, and optionally a label, an identifier or a value they
/// must have (XCUITest's `XCUIElementQuery`). Queries are descriptions: nothing is read until an
/// ``Element`` of one is used.
public struct ElementQuery: CustomStringConvertible {
  let application: AccessibleApplication
  var type: ElementType
  var label: String?
  var identifier: String?
  var value: String?
  /// From the subscript: the label or the identifier.
  var key: String?

  /// The element whose label or identifier is `key`, as `app.buttons["Save"]`.
  public subscript(_ key: String) -> Element {
    var query = self
    query.key = key
    return Element(query: query, index: 0)
  }

  /// The elements that also have this label, identifier and value (each when given).
  public func matching(label: String? = nil, identifier: String? = nil, value: String? = nil) -> ElementQuery
  {
    var query = self
    query.label = label ?? query.label
    query.identifier = identifier ?? query.identifier
    query.value = value ?? query.value
    return query
  }

  /// The first match, in the tree's order (depth first).
  public var firstMatch: Element { Element(query: self, index: 0) }

  /// The match at `index`, in the tree's order.
  public func element(boundBy index: Int) -> Element { Element(query: self, index: index) }

  /// How many elements match now.
  public var count: Int {
    get throws { matches(in: try application.snapshot()).count }
  }

  /// The matches in `tree`, each as its path from the root.
  func matches(in tree: AccessibleNode) -> [[AccessibleNode]] {
    var found: [[AccessibleNode]] = []
    tree.walk { path in
      if matches(path.last!) { found.append(path) }
      return true
    }
    return found
  }

  func matches(_ node: AccessibleNode) -> Bool {
    type.matches(role: node.role) && (label.map { node.label == $0 } ?? true)
      && (identifier.map { node.identifier == $0 } ?? true) && (value.map { node.value == $0 } ?? true)
      && (key.map { node.label == $0 || node.identifier == $0 } ?? true)
  }

  public var description: String {
    var text = type.name
    if let key { text += " labelled or identified \"\(key)\"" }
    if let label { text += " labelled \"\(label)\"" }
    if let identifier { text += " identified \"\(identifier)\"" }
    if let value { text += " with value \"\(value)\"" }
    return text
  }
}
