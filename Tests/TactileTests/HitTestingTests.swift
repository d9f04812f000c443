import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Views that log every hitTest / point(inside:) call, for checking the traversal order.
@MainActor
private final class TracingView: View {
  let name: String
  let log: EventLog

  init(_ name: String, frame: Rect, log: EventLog) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    log.record("hitTest \(name)")
    return super.hitTest(point, with: event)
  }

  override func point(inside point: Point, with event: Event?) -> Bool {
    let inside = super.point(inside: point, with: event)
    log.record("pointInside \(name) \(inside)")
    return inside
  }
}

@MainActor
@Suite struct HitTestingTests {
  /// Hit-testing returns the touched view: A contains B and C; C contains D and E; a touch in E finds E
  /// after ruling out B and D.
  @Test func seedArticle0FindsViewEThroughAAndC() {
    let a = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let b = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    let c = View(frame: Rect(x: 0, y: 100, width: 300, height: 200))
    let d = View(frame: Rect(x: 0, y: 0, width: 150, height: 200))
    let e = View(frame: Rect(x: 150, y: 0, width: 150, height: 200))
    a.addSubview(b)
    a.addSubview(c)
    c.addSubview(d)
    c.addSubview(e)
    #expect(a.hitTest(Point(x: 200, y: 150), with: nil) === e)
    #expect(a.hitTest(Point(x: 10, y: 150), with: nil) === d)
    #expect(a.hitTest(Point(x: 10, y: 10), with: nil) === b)
    #expect(a.hitTest(Point(x: 10, y: 400), with: nil) == nil)
  }

  /// Window → RootView → View2 (View4, View3 on top... asked last-added first); the log of
  /// hitTest/pointInside calls follows that order and stops once View3 is found.
  @Test func seedArticle2TraversalOrderWhenView3IsTouched() {
    let log = EventLog()
    let root = TracingView("RootView", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
    let view1 = TracingView("View1", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let view2 = TracingView("View2", frame: Rect(x: 0, y: 150, width: 300, height: 150), log: log)
    let view3 = TracingView("View3", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let view4 = TracingView("View4", frame: Rect(x: 150, y: 0, width: 100, height: 100), log: log)
    root.addSubview(view1)
    root.addSubview(view2)
    view2.addSubview(view3)
    view2.addSubview(view4)
    #expect(root.hitTest(Point(x: 50, y: 200), with: nil) === view3)
    #expect(
      log.entries == [
        "hitTest RootView", "pointInside RootView true", "hitTest View2", "pointInside View2 true",
        "hitTest View4", "pointInside View4 false", "hitTest View3", "pointInside View3 true",
      ])
  }

  /// window → myview → view1, view2 overlapping; the later-added (top) view wins.
  @Test func seedArticle1TopmostOverlappingSubviewWins() {
    let myview = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let view1 = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view2 = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    myview.addSubview(view1)
    myview.addSubview(view2)
    #expect(myview.hitTest(Point(x: 75, y: 75), with: nil) === view2)
    myview.bringSubviewToFront(view1)
    #expect(myview.hitTest(Point(x: 75, y: 75), with: nil) === view1)
  }

  /// A custom hitTest: a button below an overlapping scroll view; the container returns the button when
  /// the point is in the overlap (a common listing of this recipe returns too early; this is its intent).
  @Test func seedArticle1ContainerReturnsTheButtonBelowTheScrollView() {
    final class Container: View {
      override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isIgnoredByHitTesting, self.point(inside: point, with: event) else { return nil }
        for index in subviews.indices.reversed() {
          let view = subviews[index]
          if view.hitTest(convert(point, to: view), with: event) != nil {
            return index > 0 ? subviews[index - 1] : view
          }
        }
        return self
      }
    }
    let container = Container(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let button = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let scrollView = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
    container.addSubview(button)
    container.addSubview(scrollView)
    #expect(container.hitTest(Point(x: 60, y: 60), with: nil) === button)
    #expect(container.defaultHitTest(Point(x: 60, y: 60), with: nil) === scrollView)
  }

  @Test func hiddenTransparentAndDisabledViewsAreSkippedWithTheirSubtrees() {
    let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    root.addSubview(parent)
    parent.addSubview(child)
    let point = Point(x: 10, y: 10)
    #expect(root.hitTest(point, with: nil) === child)
    parent.isHidden = true
    #expect(root.hitTest(point, with: nil) === root)
    parent.isHidden = false
    parent.alpha = 0.009
    #expect(root.hitTest(point, with: nil) === root)
    parent.alpha = 0.01
    #expect(root.hitTest(point, with: nil) === child)
    parent.isUserInteractionEnabled = false
    #expect(root.hitTest(point, with: nil) === root)
  }

  @Test func minimumEdgesAreInsideAndMaximumEdgesAreNot() {
    let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let left = View(frame: Rect(x: 0, y: 0, width: 50, height: 100))
    let right = View(frame: Rect(x: 50, y: 0, width: 50, height: 100))
    root.addSubview(right)
    root.addSubview(left)
    #expect(root.hitTest(Point(x: 50, y: 10), with: nil) === right)
    #expect(root.hitTest(Point(x: 0, y: 0), with: nil) === left)
    #expect(root.hitTest(Point(x: 100, y: 10), with: nil) == nil)
    #expect(root.hitTest(Point(x: 99.999, y: 99.999), with: nil) === right)
  }

  /// A subview sticking out of its parent cannot be touched outside the parent, whatever clipsToBounds
  /// says.
  @Test func subviewOutsideItsParentIsNotTouchableThereEvenWithoutClipping() {
    let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    root.addSubview(parent)
    parent.addSubview(child)
    parent.clipsToBounds = false
    #expect(root.hitTest(Point(x: 75, y: 75), with: nil) === child)
    #expect(root.hitTest(Point(x: 125, y: 125), with: nil) === root)
  }

  @Test func hitTestingRespectsBoundsOriginAndTransforms() {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let content = View(frame: Rect(x: 0, y: 150, width: 100, height: 50))
    root.addSubview(scroller)
    scroller.addSubview(content)
    #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === scroller)
    scroller.bounds.origin = Point(x: 0, y: 150)
    #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === content)

    let scaled = View(frame: Rect(x: 200, y: 200, width: 100, height: 100))
    root.addSubview(scaled)
    scaled.transform = AffineTransform(scaleX: 2, y: 2)
    #expect(scaled.frame == Rect(x: 150, y: 150, width: 200, height: 200))
    #expect(root.hitTest(Point(x: 160, y: 160), with: nil) === scaled)
    #expect(root.hitTest(Point(x: 345, y: 345), with: nil) === scaled)

    scaled.transform = AffineTransform(scaleX: 0, y: 0)
    #expect(root.hitTest(Point(x: 250, y: 250), with: nil) === root)
  }

  /// A view that remembers the points `point(inside:with:)` was asked about.
  final class RecordingView: View {
    var asked: [Point] = []
    override func point(inside point: Point, with event: Event?) -> Bool {
      asked.append(point)
      return super.point(inside: point, with: event)
    }
  }

  @Test func eachSubviewIsAskedWithThePointInItsOwnCoordinates() {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let moved = RecordingView(frame: Rect(x: 10.25, y: 20.5, width: 100.75, height: 80))
    moved.bounds.origin = Point(x: -3.5, y: 7.125)
    let rotated = RecordingView(frame: Rect(x: 150, y: 150, width: 60, height: 40))
    rotated.transform = AffineTransform(rotationAngle: 0.3)
    let nested = RecordingView(frame: Rect(x: 5.5, y: 6.5, width: 20, height: 20))
    root.addSubview(moved)
    root.addSubview(rotated)
    moved.addSubview(nested)
    let points = [Point(x: 30.3, y: 40.7), Point(x: 170.1, y: 165.9), Point(x: 399.9, y: 0.1)]
    for point in points { _ = root.hitTest(point, with: nil) }

    // The rotated view is on top and asked every time; it takes the second point, so the view below
    // is asked about the first and third, and its subview only about the first (the third is outside).
    let near = { (a: [Point], b: [Point]) in
      a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }
    #expect(near(rotated.asked, points.map { rotated.convert($0, from: root) }))
    #expect(near(moved.asked, [points[0], points[2]].map { moved.convert($0, from: root) }))
    #expect(near(nested.asked, [nested.convert(points[0], from: root)]))
  }

  /// Enlarging a view's touch area (hitTest version): a 20×20 button whose touch area grows by 10 on
  /// every side.
  @Test func seedArticle0ButtonEnlargedByTenThroughHitTest() {
    final class EnlargedButton: View {
      override func hitTest(_ point: Point, with event: Event?) -> View? {
        if !isUserInteractionEnabled || isHidden || alpha <= 0.01 { return nil }
        let responseRect = bounds.insetBy(dx: -10, dy: -10)
        guard responseRect.contains(point) else { return nil }
        for subview in subviews.reversed() {
          if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
      }
    }
    checkEnlargedButton(EnlargedButton(frame: Rect(x: 100, y: 100, width: 20, height: 20)))
  }

  /// Enlarging a view's touch area (pointInside version).
  @Test func seedArticle0ButtonEnlargedByTenThroughPointInside() {
    final class EnlargedButton: View {
      override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -10, dy: -10).contains(point)
      }
    }
    checkEnlargedButton(EnlargedButton(frame: Rect(x: 100, y: 100, width: 20, height: 20)))
  }

  private func checkEnlargedButton(_ button: View) {
    let app = TestApplication()
    app.rootView.addSubview(button)
    #expect(app.window.hitTest(Point(x: 90, y: 90), with: nil) === button)
    #expect(app.window.hitTest(Point(x: 129.9, y: 129.9), with: nil) === button)
    #expect(app.window.hitTest(Point(x: 89.9, y: 110), with: nil) === app.rootView)
    #expect(app.window.hitTest(Point(x: 130, y: 110), with: nil) === app.rootView)
  }

  /// Click-through: View2 covers View1; with View2's user interaction disabled, a touch on the overlap
  /// reaches View1.
  @Test func seedArticle2ClickThroughWithUserInteractionDisabled() {
    let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let view1 = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view2 = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(view1)
    root.addSubview(view2)
    #expect(root.hitTest(Point(x: 50, y: 50), with: nil) === view2)
    view2.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 50, y: 50), with: nil) === view1)
  }

  /// Restricting the touch area: a circle view only accepts touches within its radius.
  @Test func seedArticle2CircleAcceptsOnlyPointsWithinItsRadius() {
    final class CircleView: View {
      override func point(inside point: Point, with event: Event?) -> Bool {
        let radius = frame.size.width / 2
        let distance = ((point.x - radius) * (point.x - radius) + (point.y - radius) * (point.y - radius))
          .squareRoot()
        return distance <= radius
      }
    }
    let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let circle = CircleView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(circle)
    #expect(root.hitTest(Point(x: 50, y: 50), with: nil) === circle)
    #expect(root.hitTest(Point(x: 50, y: 0), with: nil) === circle)
    #expect(root.hitTest(Point(x: 5, y: 5), with: nil) === root)
    #expect(root.hitTest(Point(x: 90, y: 90), with: nil) === root)
  }

  /// Passing touches to a sibling: view C returns nil for itself (touches on C reach B below) while D and
  /// E inside C still work.
  @Test func seedArticle0SiblingCLetsTouchesThroughToB() {
    final class PassThroughView: View {
      override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
      }
    }
    let a = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let b = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    let c = PassThroughView(frame: Rect(x: 0, y: 100, width: 300, height: 200))
    let d = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    let e = View(frame: Rect(x: 200, y: 0, width: 100, height: 50))
    a.addSubview(b)
    a.addSubview(c)
    c.addSubview(d)
    c.addSubview(e)
    #expect(a.hitTest(Point(x: 150, y: 120), with: nil) === b)
    #expect(a.hitTest(Point(x: 150, y: 250), with: nil) === a)
    #expect(a.hitTest(Point(x: 10, y: 110), with: nil) === d)
    #expect(a.hitTest(Point(x: 250, y: 110), with: nil) === e)
  }

  /// Passing touches to a subview outside its parent: a banner cell narrowed to half its width, cell and
  /// scroll view not clipping; a touch right of the cell, over the scroll view's overflowing part,
  /// reaches the scroll view once the cell's hitTest returns it.
  @Test func seedArticle0NarrowedCellStillGivesTouchesOutsideItToItsScrollView() {
    final class BannerCell: View {
      let scrollView = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
      var redirects = true
      override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = false
        scrollView.clipsToBounds = false
        addSubview(scrollView)
      }
      override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit == nil && redirects ? scrollView : hit
      }
    }
    let collection = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
    let cell = BannerCell(frame: Rect(x: 0, y: 0, width: 150, height: 100))
    collection.addSubview(cell)
    #expect(collection.hitTest(Point(x: 50, y: 50), with: nil) === cell.scrollView)
    #expect(collection.hitTest(Point(x: 250, y: 50), with: nil) === cell.scrollView)
    cell.redirects = false
    #expect(collection.hitTest(Point(x: 250, y: 50), with: nil) === collection)
  }
}
