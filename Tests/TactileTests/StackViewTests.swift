import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A view with a fixed natural size (`nil` in a dimension: no intrinsic metric).
@MainActor
private final class SizedView: View {
  let natural: (width: Double?, height: Double?)

  init(width: Double?, height: Double?, frame: Rect = .zero) {
    natural = (width, height)
    super.init(frame: frame)
  }

  override var intrinsicContentSize: Size {
    Size(width: natural.width ?? View.noIntrinsicMetric, height: natural.height ?? View.noIntrinsicMetric)
  }
}

/// A stack that counts its layout passes.
@MainActor
private final class CountingStack: StackView {
  var layouts = 0
  override func layoutSubviews() {
    layouts += 1
    super.layoutSubviews()
  }
}

@MainActor
@Suite struct StackViewTests {
  private func stack(
    _ views: [View], axis: StackView.Axis = .horizontal, spacing: Double = 0,
    distribution: StackView.Distribution = .fill, size: Size
  ) -> StackView {
    let stack = StackView(arrangedSubviews: views)
    stack.axis = axis
    stack.spacing = spacing
    stack.distribution = distribution
    stack.frame = Rect(origin: .zero, size: size)
    stack.layoutIfNeeded()
    return stack
  }

  private func xs(_ views: [View]) -> [Double] { views.map(\.frame.minX) }
  private func widths(_ views: [View]) -> [Double] { views.map(\.frame.width) }

  @Test func fillGivesTheExtraLengthToTheLastViewWithNoIntrinsicLength() {
    let views = [
      SizedView(width: 50, height: 20),
      SizedView(width: nil, height: nil, frame: Rect(x: 0, y: 0, width: 40, height: 10)),
      SizedView(width: 60, height: 30),
    ]
    _ = stack(views, spacing: 10, size: Size(width: 300, height: 50))
    #expect(xs(views) == [0, 60, 240])
    #expect(widths(views) == [50, 170, 60])
    #expect(
      views.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 50 }, "alignment fill stretches across")
  }

  @Test func fillShrinksEveryViewInProportionWhenTheyDoNotFit() {
    let views = [SizedView(width: 100, height: 10), SizedView(width: 50, height: 10)]
    _ = stack(views, spacing: 10, size: Size(width: 100, height: 10))
    #expect(widths(views) == [60, 30])
    #expect(xs(views) == [0, 70])
  }

  @Test func fillEquallyMakesEveryViewTheSameLength() {
    let views = [
      SizedView(width: 10, height: 10), SizedView(width: 90, height: 10), SizedView(width: 30, height: 10),
    ]
    let stack = stack(views, spacing: 10, distribution: .fillEqually, size: Size(width: 320, height: 10))
    #expect(widths(views) == [100, 100, 100])
    #expect(xs(views) == [0, 110, 220])
    #expect(stack.intrinsicContentSize == Size(width: 290, height: 10), "three times the widest plus spacing")
  }

  @Test func fillProportionallySharesTheLengthByNaturalLength() {
    let views = [SizedView(width: 10, height: 10), SizedView(width: 30, height: 10)]
    _ = stack(views, spacing: 20, distribution: .fillProportionally, size: Size(width: 320, height: 10))
    #expect(widths(views) == [75, 225])
    #expect(xs(views) == [0, 95])
  }

  @Test func equalSpacingMakesTheGapsEqualAndNoSmallerThanTheSpacing() {
    let views = [
      SizedView(width: 50, height: 10), SizedView(width: 60, height: 10), SizedView(width: 40, height: 10),
    ]
    let stack = stack(views, spacing: 10, distribution: .equalSpacing, size: Size(width: 300, height: 10))
    #expect(xs(views) == [0, 125, 260])
    #expect(widths(views) == [50, 60, 40])
    stack.frame.size.width = 170
    stack.layoutIfNeeded()
    #expect(xs(views) == [0, 60, 130], "the gaps cannot shrink below the spacing")
  }

  @Test func equalCenteringSpacesTheCentresEvenlyFromEdgeToEdge() {
    let views = [
      SizedView(width: 40, height: 10), SizedView(width: 60, height: 10), SizedView(width: 20, height: 10),
    ]
    let stack = stack(views, spacing: 10, distribution: .equalCentering, size: Size(width: 300, height: 10))
    #expect(views.map(\.frame.midX) == [20, 155, 290])
    #expect(stack.intrinsicContentSize.width == 150, "centres 60 apart keep both gaps at least 10")
  }

  @Test func alignmentPlacesViewsAcrossAVerticalStack() {
    let view = SizedView(width: 40, height: 20)
    let stack = stack([view], axis: .vertical, size: Size(width: 100, height: 20))
    let expected: [(StackView.Alignment, Double, Double)] = [
      (.fill, 0, 100), (.leading, 0, 40), (.center, 30, 40), (.trailing, 60, 40), (.firstBaseline, 0, 40),
    ]
    for (alignment, x, width) in expected {
      stack.alignment = alignment
      stack.layoutIfNeeded()
      #expect(view.frame == Rect(x: x, y: 0, width: width, height: 20), "\(alignment)")
    }
  }

  @Test func firstBaselineAlignmentPutsLabelsOfDifferentSizesOnOneLine() {
    let small = Label()
    small.text = "small"
    small.font = .system(size: 12)
    let large = Label()
    large.text = "Large"
    large.font = .system(size: 36)
    let box = SizedView(width: 20, height: 10)
    let stack = StackView(arrangedSubviews: [small, large, box])
    stack.alignment = .firstBaseline
    stack.sizeToFit()
    stack.layoutIfNeeded()
    let baselines = [small, large].map { $0.frame.minY + $0.firstBaselineOffset! }
    #expect(abs(baselines[0] - baselines[1]) < 1e-9)
    #expect(large.frame.minY == 0)
    #expect(abs(box.frame.maxY - baselines[1]) < 1e-9, "a view with no baseline stands on the line")
    #expect(stack.firstBaselineOffset.map { abs($0 - baselines[1]) < 1e-9 } == true)
  }

  @Test func hiddenArrangedViewsCollapseWithTheirSpacing() {
    let views = [
      SizedView(width: 50, height: 10), SizedView(width: 30, height: 10), SizedView(width: 20, height: 10),
    ]
    let stack = stack(views, spacing: 10, distribution: .equalSpacing, size: Size(width: 200, height: 10))
    #expect(stack.intrinsicContentSize.width == 120)
    views[1].isHidden = true
    #expect(stack.needsLayout)
    #expect(stack.intrinsicContentSize.width == 80)
    stack.layoutIfNeeded()
    #expect(xs([views[0], views[2]]) == [0, 180])
    views[1].isHidden = false
    stack.layoutIfNeeded()
    #expect(xs(views) == [0, 100, 180])
  }

  @Test func layoutMarginsInsetTheArrangementOnlyWhenRelativeToThem() {
    let view = SizedView(width: 20, height: 20)
    let stack = stack([view], size: Size(width: 100, height: 40))
    stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    stack.layoutIfNeeded()
    #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 40))
    stack.isLayoutMarginsRelativeArrangement = true
    stack.layoutIfNeeded()
    #expect(view.frame == Rect(x: 10, y: 5, width: 80, height: 30))
    #expect(stack.intrinsicContentSize == Size(width: 40, height: 30))
  }

  @Test func nestedStacksPassTheirNaturalSizeUp() {
    let rows = (0..<2).map { _ in
      let row = StackView(arrangedSubviews: [
        SizedView(width: 30, height: 10), SizedView(width: 20, height: 15),
      ])
      row.spacing = 5
      return row
    }
    let column = StackView(arrangedSubviews: rows)
    column.axis = .vertical
    column.spacing = 4
    column.alignment = .leading
    #expect(column.intrinsicContentSize == Size(width: 55, height: 34))
    column.sizeToFit()
    column.layoutIfNeeded()
    #expect(rows[1].frame == Rect(x: 0, y: 19, width: 55, height: 15))
    #expect(rows[1].arrangedSubviews[1].frame == Rect(x: 35, y: 0, width: 20, height: 15))
  }

  @Test func aChangeToOneViewLaysOutAgainOnlyItsStackAndItsAncestors() {
    let app = TestApplication()
    let labels = [Label(), Label()]
    let inner = labels.map { label in
      label.text = "before"
      return CountingStack(arrangedSubviews: [label, SizedView(width: 10, height: 10)])
    }
    let outer = CountingStack(arrangedSubviews: inner)
    outer.axis = .vertical
    outer.alignment = .leading
    outer.frame = Rect(x: 0, y: 0, width: 300, height: 200)
    app.rootView.addSubview(outer)
    app.window.frameDidStart(at: 0)
    let widthBefore = inner[0].frame.width
    for stack in [outer] + inner { stack.layouts = 0 }
    labels[0].text = "after, and longer"
    app.window.frameDidStart(at: 1.0 / 60)
    #expect(inner[0].layouts == 1)
    #expect(outer.layouts == 1)
    #expect(inner[1].layouts == 0)
    #expect(inner[0].frame.width > widthBefore)
  }

  @Test func layoutRunsOncePerFrameHoweverOftenItIsRequested() {
    let app = TestApplication()
    let stack = CountingStack(arrangedSubviews: [SizedView(width: 10, height: 10)])
    app.rootView.addSubview(stack)
    app.window.frameDidStart(at: 0)
    stack.layouts = 0
    stack.spacing = 3
    stack.setNeedsLayout()
    stack.distribution = .fillEqually
    #expect(stack.layouts == 0, "layout waits for the frame")
    app.window.frameDidStart(at: 1.0 / 60)
    app.window.frameDidStart(at: 2.0 / 60)
    #expect(stack.layouts == 1)
  }

  @Test func aViewRemovedFromItsStackStaysASubviewAndOneRemovedFromTheStackIsNoLongerArranged() {
    let first = SizedView(width: 10, height: 10)
    let second = SizedView(width: 10, height: 10)
    let stack = StackView(arrangedSubviews: [first, second])
    stack.removeArrangedSubview(first)
    #expect(stack.arrangedSubviews.count == 1 && first.superview === stack)
    second.removeFromSuperview()
    #expect(stack.arrangedSubviews.isEmpty)
    stack.insertArrangedSubview(second, at: 5)
    stack.insertArrangedSubview(first, at: 0)
    #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
  }
}
