import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class ZoomDelegate: ScrollViewDelegate {
  let view: View
  var zooms = 0
  init(_ view: View) { self.view = view }
  func viewForZooming(in scrollView: ScrollView) -> View? { view }
  func scrollViewDidZoom(_ scrollView: ScrollView) { zooms += 1 }
}

@MainActor
@Suite struct ScrollViewZoomingTests {
  /// A 200×200 scroll view zooming a 200×200 content view, 1× to 4×.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let content = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let delegate: ZoomDelegate
    let script: TouchScript

    init() {
      delegate = ZoomDelegate(content)
      scrollView.delegate = delegate
      scrollView.contentSize = Size(width: 200, height: 200)
      scrollView.maximumZoomScale = 4
      scrollView.addSubview(content)
      app.rootView.addSubview(scrollView)
      script = TouchScript(window: app.window)
    }

    /// Puts two fingers down at `points` (window coordinates).
    func down(_ points: (Point, Point)) {
      script.frame {
        script.down(1, at: points.0)
        script.down(2, at: points.1)
      }
    }

    /// Moves the two fingers from `start` to `end` in `steps` frames.
    func move(from start: (Point, Point), to end: (Point, Point), steps: Int = 6) {
      for index in 1...steps {
        let t = Double(index) / Double(steps)
        script.frame {
          script.move(1, to: start.0 + (end.0 - start.0) * t)
          script.move(2, to: start.1 + (end.1 - start.1) * t)
        }
      }
    }

    /// Two fingers down at `start`, moved to `end`, still down.
    func pinch(from start: (Point, Point), to end: (Point, Point)) {
      down(start)
      move(from: start, to: end)
    }

    func lift() {
      script.frame {
        script.up(1)
        script.up(2)
      }
    }

    /// Where the content's point `point` is shown, in window coordinates.
    func shown(_ point: Point) -> Point { content.convert(point, to: nil) }
  }

  private func within(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    a.distance(to: b) <= tolerance
  }

  @Test func theZoomScaleScalesTheZoomViewAndTheContentSizeFollows() {
    let scene = Scene()
    scene.scrollView.zoomScale = 2
    #expect(scene.content.frame == Rect(x: 0, y: 0, width: 400, height: 400))
    #expect(scene.scrollView.contentSize == Size(width: 400, height: 400))
    #expect(scene.scrollView.contentOffset == Point(x: 100, y: 100), "zoomed about the centre")
    #expect(scene.delegate.zooms == 1)
    scene.scrollView.zoomScale = 9
    #expect(scene.scrollView.zoomScale == 4, "clamped to the maximum")
    scene.scrollView.zoomScale = 0.1
    #expect(scene.scrollView.zoomScale == 1)
    #expect(scene.scrollView.contentSize == Size(width: 200, height: 200))
  }

  @Test func aPinchKeepsTheContentUnderTheFingersCentroidWithinAPixel() {
    let scene = Scene()
    scene.pinch(
      from: (Point(x: 60, y: 100), Point(x: 100, y: 100)), to: (Point(x: 30, y: 100), Point(x: 130, y: 100)))
    #expect(scene.scrollView.isZooming)
    #expect(abs(scene.scrollView.zoomScale - 2.5) < 1e-9, "the fingers are 2.5 times as far apart")
    #expect(within(scene.shown(Point(x: 80, y: 100)), Point(x: 80, y: 100), 1))
    #expect(scene.scrollView.contentSize == Size(width: 500, height: 500))
  }

  @Test func zoomingAndPanningTogetherKeepTheAnchorUnderTheMovingFingers() {
    let scene = Scene()
    let spread = (Point(x: 60, y: 100), Point(x: 140, y: 100))
    scene.pinch(from: (Point(x: 80, y: 100), Point(x: 120, y: 100)), to: spread)
    scene.move(from: spread, to: (Point(x: 30, y: 70), Point(x: 110, y: 70)))
    #expect(abs(scene.scrollView.zoomScale - 2) < 1e-9)
    #expect(within(scene.shown(Point(x: 100, y: 100)), Point(x: 70, y: 70), 1))
  }

  @Test func aPinchPastTheMaximumResistsAndSpringsBackWhenTheFingersLift() {
    let scene = Scene()
    scene.pinch(
      from: (Point(x: 90, y: 100), Point(x: 110, y: 100)), to: (Point(x: 20, y: 100), Point(x: 180, y: 100)))
    #expect(abs(scene.scrollView.zoomScale - 4 * 2.0.squareRoot()) < 1e-9, "raw 8× shows as 4·√2")
    scene.lift()
    #expect(!scene.scrollView.isZooming)
    scene.app.scheduler.advance(by: 0.25)
    #expect(scene.scrollView.zoomScale == 4)
    #expect(scene.scrollView.contentSize == Size(width: 800, height: 800))
    #expect(within(scene.shown(Point(x: 100, y: 100)), Point(x: 100, y: 100), 1))
    #expect(scene.app.scheduler.pendingCount == 1, "only the scroll indicators' fade is left")
    scene.app.scheduler.advance(by: 0.75)
    #expect(scene.app.scheduler.pendingCount == 0)
  }

  @Test func aPinchBelowTheMinimumWithoutBouncingStopsAtTheLimit() {
    let scene = Scene()
    scene.scrollView.bouncesZoom = false
    scene.scrollView.zoomScale = 2
    scene.pinch(
      from: (Point(x: 50, y: 100), Point(x: 150, y: 100)), to: (Point(x: 90, y: 100), Point(x: 110, y: 100)))
    #expect(scene.scrollView.zoomScale == 1)
  }

  @Test func zoomToARectFillsTheBoundsWithItAnimated() {
    let scene = Scene()
    scene.scrollView.zoom(to: Rect(x: 50, y: 50, width: 50, height: 50), animated: true)
    #expect(scene.scrollView.zoomScale == 4)
    #expect(scene.content.transform.a == 1, "the zoom view starts from where it was")
    scene.app.scheduler.advance(by: 0.15)
    #expect(abs(scene.content.transform.a - 2.5) < 1e-9, "half way along the ease-in-out curve")
    scene.app.scheduler.advance(by: 0.15)
    #expect(scene.content.transform.a == 4)
    #expect(scene.scrollView.contentOffset == Point(x: 200, y: 200))
    #expect(
      scene.content.convert(Rect(x: 50, y: 50, width: 50, height: 50), to: scene.scrollView).size.width == 200
    )
  }
}
