import Tactile

/// A view or button the lab can name in its log.
@MainActor protocol Named: AnyObject {
  var name: String { get }
}

/// A plain named view.
@MainActor final class NamedView: View, Named {
  let name: String

  init(_ name: String, frame: Rect, color: Color) {
    self.name = name
    super.init(frame: frame)
    backgroundColor = color
  }
}

/// A named button with a title and a grey background.
@MainActor class LabButton: Button, Named {
  let name: String

  init(_ name: String, frame: Rect) {
    self.name = name
    super.init(frame: frame)
    setTitle(name, for: .normal)
    backgroundColor = Color(white: 0.82)
  }
}

/// Situation 1: a small button whose touch area reaches `margin` points past its edges.
@MainActor final class EnlargedButton: LabButton {
  let margin = 20.0

  override func point(inside point: Point, with event: Event?) -> Bool {
    bounds.insetBy(dx: -margin, dy: -margin).contains(point)
  }
}

/// Situation 4: a round button that takes only touches inside its circle, not its square's corners.
@MainActor final class CircularButton: LabButton {
  override init(_ name: String, frame: Rect) {
    super.init(name, frame: frame)
    cornerRadius = frame.width / 2
  }

  override func point(inside point: Point, with event: Event?) -> Bool {
    let radius = bounds.width / 2
    let dx = point.x - bounds.midX
    let dy = point.y - bounds.midY
    return dx * dx + dy * dy <= radius * radius
  }
}

/// Situation 2: a translucent overlay that lets touches through to what is under it (its subviews
/// still take theirs).
@MainActor final class PassThroughOverlay: View, Named {
  let name = "overlay"

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let hit = super.hitTest(point, with: event)
    return hit === self ? nil : hit
  }
}

/// Situation 3: a parent whose child sticks out of its bounds and still gets touches there.
@MainActor final class OverflowParent: View, Named {
  let name = "parent"

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    guard !isHidden, isUserInteractionEnabled, alpha >= 0.01 else { return nil }
    for child in subviews.reversed() {
      if let hit = child.hitTest(convert(point, to: child), with: event) { return hit }
    }
    return super.hitTest(point, with: event)
  }
}
