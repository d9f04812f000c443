import TactileGeometry

/// What an app set of a view's accessibility; each `nil` means "the view's default"
/// (``View/isAccessibilityElement`` and the other properties read through it).
struct AccessibilityAttributes {
  var isElement: Bool?
  var label: String?
  var value: String?
  var hint: String?
  var identifier: String?
  var traits: AccessibilityTraits?
  var frame: Rect?
  var elements: [View]?
  var elementsHidden = false
  var isModal: Bool?
  var labelledBy: [Weak<View>] = []
  var customActions: [AccessibilityCustomAction] = []
}
