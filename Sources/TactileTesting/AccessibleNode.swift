import TactileAccessibility
import TactileGeometry

/// What an app's accessibility tree said about one object and its subtree at one moment, read over
/// AT-SPI2 (``AccessibleApplication/snapshot()``): the same for a Tactile, GTK 4 or Qt app.
///
/// Its ``description`` is the indented tree, one object a line, as failures print it:
/// `push button "Copy" id=copy (360,16 96×40) [enabled focusable]`.
public struct AccessibleNode: Sendable, CustomStringConvertible {
  public var reference: AccessibleReference
  /// AT-SPI2's role name: "push button", "toggle button", "entry", "label", "frame"…
  public var role: String
  /// The accessible name (a Tactile view's `accessibilityLabel`).
  public var label: String
  /// The accessible id (a Tactile view's `accessibilityIdentifier`; GTK 4 sets none).
  public var identifier: String
  /// The accessible description (a Tactile view's `accessibilityHint`).
  public var hint: String
  /// The text of an editable text, or the number of a Value (a slider's, a switch's 0 or 1); `nil`
  /// for an object with neither.
  public var value: String?
  /// The extents in window coordinates (Wayland clients know no others), `nil` without Component.
  public var frame: Rect?
  /// AT-SPI2's state set: bit `n` of the 64 is state number `n` (`AtspiStateType`).
  public var states: UInt64
  public var children: [AccessibleNode]

  func has(_ state: AtspiMapping.State) -> Bool { states & (1 << UInt64(state.rawValue)) != 0 }

  public var isEnabled: Bool { has(.enabled) }
  public var isFocused: Bool { has(.focused) }
  public var isChecked: Bool { has(.checked) }
  public var isSelected: Bool { has(.selected) }
  public var isShowing: Bool { has(.showing) }
  /// For a window: whether it is the active (key) one.
  public var isActive: Bool { has(.active) }

  /// This node, then its descendants depth first, each with the path of nodes from this one down to
  /// it (itself last).
  func walk(_ visit: ([AccessibleNode]) -> Bool) {
    var stack: [[AccessibleNode]] = [[self]]
    while let path = stack.popLast() {
      guard visit(path) else { return }
      stack += path.last!.children.reversed().map { path + [$0] }
    }
  }

  /// The one line describing this node (without its children).
  public var summary: String {
    var line = "\(role) \"\(label)\""
    if !identifier.isEmpty { line += " id=\(identifier)" }
    if let value { line += " value=\"\(value)\"" }
    if let frame {
      line += " (\(Int(frame.minX)),\(Int(frame.minY)) \(Int(frame.width))×\(Int(frame.height)))"
    }
    let names: [(AtspiMapping.State, String)] = [
      (.active, "active"), (.enabled, "enabled"), (.focused, "focused"), (.checked, "checked"),
      (.selected, "selected"),
    ]
    let set = names.filter { has($0.0) }.map(\.1)
    if !set.isEmpty { line += " [\(set.joined(separator: " "))]" }
    return line
  }

  public var description: String {
    var lines: [String] = []
    walk { path in
      lines.append(String(repeating: "  ", count: path.count - 1) + path.last!.summary)
      return true
    }
    return lines.joined(separator: "\n")
  }
}
