import TactileGeometry
import TactileRaster

/// A context menu's content: the preview (if any) above the actions, on a light rounded panel sized to
/// the wider of the two.
@MainActor
public final class ContextMenuView: View {
  /// The space between the preview and the actions, in points.
  public static let spacing = 8.0

  /// The preview, if the configuration gave one.
  public let preview: View?
  /// The actions.
  public let actionList: ActionListView

  init(preview: View?, actions: [ClosureAction]) {
    self.preview = preview
    actionList = ActionListView(
      rows: actions.map { action in
        ActionListView.Row(
          title: action.title, style: action.attributes.contains(.destructive) ? .destructive : .default,
          isEnabled: !action.attributes.contains(.disabled))
      }, tint: .black)
    super.init(frame: .zero)
    actionList.backgroundColor = Color(white: 0.97)
    actionList.cornerRadius = 12
    actionList.clipsToBounds = true
    if let preview { addSubview(preview) }
    if !actions.isEmpty { addSubview(actionList) }
    sizeToFit()
  }

  /// The preview (when it is an element) and the actions' buttons: a context menu is a container (a
  /// menu of menu items, to an AT-SPI2 bridge), unless the app set its own list.
  public override var accessibilityElements: [View]? {
    get {
      let preview = preview.map { $0.isAccessibilityElement ? [$0] : $0.accessibilityChildren } ?? []
      return super.accessibilityElements ?? preview + actionList.buttons
    }
    set { super.accessibilityElements = newValue }
  }

  /// The preview's size above the list's natural size, as wide as the wider.
  public override func sizeThatFits(_ size: Size) -> Size {
    let list = actionList.superview === self ? actionList.sizeThatFits(size) : .zero
    let top = preview?.bounds.size ?? .zero
    let gap = preview != nil && list.height > 0 ? Self.spacing : 0
    return Size(width: max(list.width, top.width), height: top.height + gap + list.height)
  }

  public override func layoutSubviews() {
    var y = 0.0
    if let preview {
      preview.frame = Rect(origin: Point(x: 0, y: 0), size: preview.bounds.size)
      y = preview.bounds.height + Self.spacing
    }
    actionList.frame = Rect(x: 0, y: y, width: bounds.width, height: max(bounds.height - y, 0))
  }
}
