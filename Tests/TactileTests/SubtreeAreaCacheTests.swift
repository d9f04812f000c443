import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

/// The areas each view caches for the renderer (its subviews' areas and its own `subtreeBounds`) stay
/// true whatever changes deep in the tree: every kind of change is followed by a comparison with the areas
/// computed afresh, and by a damage-only repaint compared with a tree built in the final state and drawn
/// once (a stale cache would skip a moved descendant in both the repaint and a full redraw of the same
/// tree, so that is not the reference).
@MainActor
@Suite struct SubtreeAreaCacheTests {
  /// Nested views: a container whose child's child can wander outside it, a clipping box, a free view.
  @MainActor struct Scene {
    let app = TestApplication(size: Size(width: 160, height: 120))
    let container = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
    let child = View(frame: Rect(x: 5, y: 5, width: 20, height: 20))
    let grandchild = View(frame: Rect(x: 2, y: 2, width: 8, height: 8))
    let clipper = View(frame: Rect(x: 90, y: 10, width: 50, height: 50))
    let inner = View(frame: Rect(x: 30, y: 30, width: 30, height: 12))
    let loose = View(frame: Rect(x: 20, y: 80, width: 24, height: 16))

    init() {
      container.backgroundColor = Color(red: 0.8, green: 0.85, blue: 0.95)
      child.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3)
      grandchild.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1)
      clipper.backgroundColor = Color(red: 0.95, green: 0.9, blue: 0.6)
      clipper.clipsToBounds = true
      inner.backgroundColor = Color(red: 0.3, green: 0.2, blue: 0.8)
      loose.backgroundColor = Color(red: 0.6, green: 0.3, blue: 0.1)
      child.addSubview(grandchild)
      container.addSubview(child)
      clipper.addSubview(inner)
      for view in [container, clipper, loose] { app.rootView.addSubview(view) }
      app.window.frameDidStart(at: 0)
    }

    var layers: [ViewTreeRenderer.Layer] {
      [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    }
  }

  /// The changes, applied in order; each is a kind of change the caches must notice.
  static let changes: [(name: String, apply: @MainActor (Scene) -> Void)] = [
    ("a grandchild moves outside its container", { $0.grandchild.center = Point(x: 70, y: 60) }),
    ("a child is resized", { $0.child.frame = Rect(x: 5, y: 5, width: 44, height: 30) }),
    ("a grandchild is rotated", { $0.grandchild.transform = AffineTransform(rotationAngle: 0.5) }),
    ("a container scrolls (bounds origin)", { $0.container.bounds.origin = Point(x: -7, y: 3) }),
    ("clipping is turned off", { $0.clipper.clipsToBounds = false }),
    ("an unclipped subview moves out", { $0.inner.center = Point(x: 10, y: 80) }),
    ("clipping is turned on again", { $0.clipper.clipsToBounds = true }),
    ("a grandchild is hidden", { $0.grandchild.isHidden = true }),
    ("a child becomes transparent", { $0.child.alpha = 0 }),
    (
      "the grandchild is shown and the child opaque",
      {
        $0.grandchild.isHidden = false
        $0.child.alpha = 1
      }
    ),
    ("a subtree moves to another parent", { $0.loose.addSubview($0.child) }),
    ("a subview is inserted below", { $0.loose.insertSubview($0.container, at: 0) }),
    ("subviews are reordered", { $0.loose.bringSubviewToFront($0.container) }),
    ("a subview is removed", { $0.child.removeFromSuperview() }),
    ("the free view is scaled", { $0.loose.transform = AffineTransform(scaleX: 1.5, y: 0.75) }),
  ]

  /// `view.subtreeBounds` by its definition, with nothing cached.
  private func freshArea(of view: View) -> Rect {
    var area = view.bounds
    guard !view.clipsToBounds else { return area }
    for subview in view.subviews { area = area.union(subview.convert(freshArea(of: subview), to: view)) }
    return area
  }

  private func expectCachedAreasAreFresh(in view: View, after change: String) {
    #expect(view.subtreeBounds == freshArea(of: view), "after \(change): a view's subtreeBounds is stale")
    for subview in view.subviews { expectCachedAreasAreFresh(in: subview, after: change) }
  }

  @Test func subtreeBoundsFollowEveryKindOfChangeInTheSubtree() {
    let scene = Scene()
    expectCachedAreasAreFresh(in: scene.app.window, after: "building")
    for change in Self.changes {
      change.apply(scene)
      expectCachedAreasAreFresh(in: scene.app.window, after: change.name)
    }
  }

  private func render(_ scene: Scene, _ region: DamageRegion, into image: inout Image) {
    image.withPixmap {
      ViewTreeRenderer.repaint(region, of: scene.layers, in: Canvas(pixmap: $0), scale: 1, clearColor: .white)
    }
  }

  @Test func aDamageRepaintAfterEachChangeEqualsATreeBuiltInThatStateAndDrawnOnce() throws {
    let scene = Scene()
    let everything = DamageRegion(Rect(x: 0, y: 0, width: 160, height: 120))
    var incremental = try Image(width: 160, height: 120)
    render(scene, everything, into: &incremental)
    _ = scene.app.window.takeDamage()
    for (step, change) in Self.changes.enumerated() {
      change.apply(scene)
      let damage = ViewTreeRenderer.takeDamage(of: scene.layers, scale: 1, pixelWidth: 160, pixelHeight: 120)
      render(scene, damage, into: &incremental)
      let fresh = Scene()
      for earlier in Self.changes[...step] { earlier.apply(fresh) }
      var reference = try Image(width: 160, height: 120)
      render(fresh, everything, into: &reference)
      let differing = zip(incremental.pixels, reference.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "after \(change.name): \(differing) pixels differ from a fresh tree")
    }
  }

  @Test func aGrandchildMovedOutsideItsContainerIsDrawnWhereItWent() throws {
    let scene = Scene()
    var image = try Image(width: 160, height: 120)
    render(scene, DamageRegion(Rect(x: 0, y: 0, width: 160, height: 120)), into: &image)
    _ = scene.app.window.takeDamage()
    // Container at (10, 10), child at (5, 5) in it: the grandchild's centre (70, 60) is (85, 75) in the
    // window, outside the container and the child.
    scene.grandchild.center = Point(x: 70, y: 60)
    let damage = ViewTreeRenderer.takeDamage(of: scene.layers, scale: 1, pixelWidth: 160, pixelHeight: 120)
    render(scene, damage, into: &image)
    #expect(image[85, 75] == Color(red: 0.9, green: 0.1, blue: 0.1).premultiplied)
    // Where it was (window 17–25), the child shows again.
    #expect(image[20, 20] == Color(red: 0.2, green: 0.6, blue: 0.3).premultiplied)
  }
}
