import TactileCore
import TactileGeometry
import TactileRaster

/// S15 through the real damage path: S14's items as views of a core ``TactileCore/Window``, a 64×64 view
/// moving over them, and each frame drawn as a host draws it — the window's damage taken in pixels
/// (``TactileCore/ViewTreeRenderer/takeDamage(of:scale:pixelWidth:pixelHeight:)``), then only that region
/// repainted, with views outside it not visited.
@MainActor
final class DamageScene {
  /// One S14 item as a view whose bounds are the item's rectangle, so it draws in scene coordinates.
  final class ItemView: View {
    let item: UIScene.Item

    init(_ item: UIScene.Item) {
      self.item = item
      super.init(frame: item.bounds)
      bounds = item.bounds
    }

    override func draw(in canvas: Canvas) {
      UIScene.draw(item, on: canvas)
    }
  }

  nonisolated static let moverColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.9)

  let window: Window
  let mover = View(frame: UIScene.viewRect(frame: 0))

  init() {
    window = Window(
      frame: Rect(x: 0, y: 0, width: SceneContent.width, height: SceneContent.height),
      application: Application(scheduler: ManualScheduler()))
    for item in UIScene.items { window.addSubview(ItemView(item)) }
    mover.backgroundColor = Self.moverColor
    mover.cornerRadius = 12
    window.addSubview(mover)
  }

  private var layers: [ViewTreeRenderer.Layer] {
    [ViewTreeRenderer.Layer(window: window, frame: window.bounds)]
  }

  /// Puts the view back at frame 0 and draws the whole scene (untimed).
  func reset(on canvas: Canvas) {
    mover.frame = UIScene.viewRect(frame: 0)
    _ = window.takeDamage()
    let everything = DamageRegion(Rect(x: 0, y: 0, width: SceneContent.width, height: SceneContent.height))
    ViewTreeRenderer.repaint(everything, of: layers, in: canvas, scale: 1, clearColor: UIScene.background)
  }

  /// Moves the view to frame `f` and repaints what that damaged.
  func draw(frame f: Int, on canvas: Canvas) {
    mover.frame = UIScene.viewRect(frame: f)
    let damage = ViewTreeRenderer.takeDamage(
      of: layers, scale: 1, pixelWidth: canvas.pixmap.width, pixelHeight: canvas.pixmap.height)
    ViewTreeRenderer.repaint(damage, of: layers, in: canvas, scale: 1, clearColor: UIScene.background)
  }
}
