import TactileGeometry

/// One measurement of a ``StackView``'s visible arranged views, in axis terms ("along" the stack's axis
/// and "across" it), and the frames that follow from it (rules on ``StackView``).
@MainActor
struct StackArrangement {
  /// A visible arranged view and its natural size in axis terms.
  private struct Item {
    let view: View
    let along: Double
    let cross: Double
    /// Whether the view has no intrinsic length along the axis (it takes ``StackView/Distribution/fill``'s
    /// extra length first).
    let isFlexible: Bool
    /// The baseline's distance from the top, or the height when the view has none (horizontal stacks).
    let baseline: Double
  }

  private let items: [Item]
  private let axis: StackView.Axis
  private let spacing: Double
  private let alignment: StackView.Alignment
  private let distribution: StackView.Distribution

  init(_ stack: StackView) {
    axis = stack.axis
    spacing = stack.spacing
    alignment = stack.axis == .vertical && stack.alignment == .firstBaseline ? .leading : stack.alignment
    distribution = stack.distribution
    let horizontal = stack.axis == .horizontal
    items = stack.arrangedSubviews.filter { !$0.isHidden }.map { view in
      let intrinsic = view.intrinsicContentSize
      let width = intrinsic.width >= 0 ? intrinsic.width : view.bounds.width
      let height = intrinsic.height >= 0 ? intrinsic.height : view.bounds.height
      return Item(
        view: view, along: horizontal ? width : height, cross: horizontal ? height : width,
        isFlexible: (horizontal ? intrinsic.width : intrinsic.height) < 0,
        baseline: view.firstBaselineOffset ?? height)
    }
  }

  /// The total spacing between the visible views.
  private var totalSpacing: Double { spacing * Double(max(items.count - 1, 0)) }

  /// The least length and breadth that fit the views at their natural sizes.
  var naturalSize: (along: Double, cross: Double) {
    guard !items.isEmpty else { return (0, 0) }
    let along: Double
    switch distribution {
    case .fill, .fillProportionally, .equalSpacing:
      along = items.reduce(0) { $0 + $1.along } + totalSpacing
    case .fillEqually:
      along = (items.map(\.along).max() ?? 0) * Double(items.count) + totalSpacing
    case .equalCentering:
      let pitch = leastCentrePitch
      along = items[0].along / 2 + pitch * Double(items.count - 1) + items[items.count - 1].along / 2
    }
    if alignment == .firstBaseline {
      let above = items.map(\.baseline).max() ?? 0
      let below = items.map { $0.cross - $0.baseline }.max() ?? 0
      return (along, above + below)
    }
    return (along, items.map(\.cross).max() ?? 0)
  }

  /// The least distance between neighbouring centres that keeps every gap at least ``spacing``.
  private var leastCentrePitch: Double {
    zip(items, items.dropFirst()).map { spacing + ($0.along + $1.along) / 2 }.max() ?? 0
  }

  /// Sets each visible view's frame inside `area` (the stack's bounds less its active margins).
  func place(in area: Rect) {
    guard !items.isEmpty else { return }
    let horizontal = axis == .horizontal
    let length = max(horizontal ? area.width : area.height, 0)
    let breadth = max(horizontal ? area.height : area.width, 0)
    let spans = alongSpans(length: length)
    var baselines = items.map(\.baseline)
    if alignment == .firstBaseline {
      // A baseline may depend on the height (a one-line label centres its text), so it is read at the
      // size the view is given.
      for (item, span) in zip(items, spans) {
        item.view.bounds.size = Size(width: span.length, height: item.cross)
      }
      baselines = items.map { $0.view.firstBaselineOffset ?? $0.cross }
    }
    let lowestBaseline = baselines.max() ?? 0
    for (index, (item, span)) in zip(items, spans).enumerated() {
      var crossStart = 0.0
      var crossLength = item.cross
      switch alignment {
      case .fill: crossLength = breadth
      case .leading: break
      case .center: crossStart = (breadth - item.cross) / 2
      case .trailing: crossStart = breadth - item.cross
      case .firstBaseline: crossStart = lowestBaseline - baselines[index]
      }
      item.view.frame =
        horizontal
        ? Rect(x: area.minX + span.start, y: area.minY + crossStart, width: span.length, height: crossLength)
        : Rect(x: area.minX + crossStart, y: area.minY + span.start, width: crossLength, height: span.length)
    }
  }

  /// Where each view starts along the axis and how long it is, for a stack `length` long.
  private func alongSpans(length: Double) -> [(start: Double, length: Double)] {
    let count = Double(items.count)
    let natural = items.map(\.along)
    let naturalTotal = natural.reduce(0, +)
    switch distribution {
    case .fill:
      return packed(filled(natural, into: length - totalSpacing), gap: spacing)
    case .fillEqually:
      let each = max(length - totalSpacing, 0) / count
      return packed(Array(repeating: each, count: items.count), gap: spacing)
    case .fillProportionally:
      let available = max(length - totalSpacing, 0)
      let lengths = natural.map { naturalTotal > 0 ? available * $0 / naturalTotal : available / count }
      return packed(lengths, gap: spacing)
    case .equalSpacing:
      let free = length - naturalTotal
      guard items.count > 1, free >= totalSpacing else {
        return packed(filled(natural, into: length - totalSpacing), gap: spacing)
      }
      return packed(natural, gap: free / (count - 1))
    case .equalCentering:
      guard items.count > 1 else { return packed(natural, gap: 0) }
      let spread = (length - natural[0] / 2 - natural[items.count - 1] / 2) / (count - 1)
      let pitch = max(spread, leastCentrePitch)
      let firstCentre = natural[0] / 2
      return natural.enumerated().map { index, along in
        (firstCentre + pitch * Double(index) - along / 2, along)
      }
    }
  }

  /// `natural` lengths adjusted to add up to `available`: extra goes to the flexible view (the last with
  /// no intrinsic length, else the last view); a shortfall is taken from all, in proportion.
  private func filled(_ natural: [Double], into available: Double) -> [Double] {
    let total = natural.reduce(0, +)
    var lengths = natural
    if available >= total {
      let index = items.lastIndex(where: \.isFlexible) ?? items.count - 1
      lengths[index] += available - total
    } else {
      let scale = total > 0 ? max(available, 0) / total : 0
      lengths = natural.map { $0 * scale }
    }
    return lengths
  }

  /// Consecutive spans of `lengths` from 0 with `gap` between neighbours.
  private func packed(_ lengths: [Double], gap: Double) -> [(start: Double, length: Double)] {
    var start = 0.0
    return lengths.map { length in
      defer { start += length + gap }
      return (start, length)
    }
  }
}
