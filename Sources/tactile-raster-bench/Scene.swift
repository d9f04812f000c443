import CCairo
import TactileGeometry
import TactileRaster

/// One benchmark scene: the same picture drawn by Tactile's canvas, by cairo, and by the references whose
/// API can draw it (Blend2D, ThorVG).
struct Scene {
  var name: String
  var summary: String
  var width = 1920
  var height = 1080
  /// Pixels the scene paints (the sum of its shapes' bounding boxes), for Mpx/s.
  var paintedPixels: Double
  /// Whether glyph caches are emptied before every run (cold-cache text).
  var coldFonts = false
  /// Draws once (timed), after the harness cleared the target. Runs `frames` times for animations.
  var ours: (Canvas) -> Void
  var cairo: (OpaquePointer) -> Void
  /// Untimed drawing before each timed run (the frame an animation starts from).
  var oursSetup: ((Canvas) -> Void)? = nil
  var cairoSetup: ((OpaquePointer) -> Void)? = nil
  /// The content as lines of Blend2D's replay protocol (``Blend2DReplay``), when blend2d-py can draw it.
  var blend2d: [String]? = nil
  /// Adds the scene's paints to ThorVG's canvas (untimed, every round), when ThorVG can draw it.
  var thorvg: ((ThorVG) -> Void)? = nil
}

/// Fixed-seed content shared by several scenes.
enum SceneContent {
  static let width = 1920.0
  static let height = 1080.0

  static func rects(count: Int, seed: UInt64, sizes: ClosedRange<Double>, whole: Bool, alpha: Double)
    -> [ColoredRect]
  {
    var random = SceneRandom(seed: seed)
    return (0..<count).map { _ in
      ColoredRect(
        rect: random.rect(sizes: sizes, width: width, height: height, whole: whole),
        color: random.color(alpha: alpha))
    }
  }

  static func area(_ rects: [ColoredRect]) -> Double {
    rects.reduce(0) { $0 + $1.rect.width * $1.rect.height }
  }

  /// A 64×64 icon: a translucent disc with a gradient ring, premultiplied.
  static let icon: Image = {
    var image = try! Image(width: 64, height: 64)
    image.withPixmap { pixmap in
      let canvas = Canvas(pixmap: pixmap)
      canvas.fillEllipse(
        in: Rect(x: 4, y: 4, width: 56, height: 56),
        with: .color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)))
      canvas.strokeEllipse(in: Rect(x: 8, y: 8, width: 48, height: 48), width: 4, with: .color(.white))
      canvas.fill(
        RoundedRect(rect: Rect(x: 24, y: 20, width: 16, height: 24), cornerRadius: 4), with: .color(.black))
    }
    return image
  }()

  static let words = [
    "Settings", "Wi-Fi", "Bluetooth", "Battery", "Display", "Sound", "Privacy", "General", "Mail",
    "Calendar", "Photos", "Camera", "Notes", "Reminders", "Weather", "Clock", "Maps", "Music",
  ]

  static func label(_ random: inout SceneRandom) -> String {
    words[random.int(0...(words.count - 1))] + " " + words[random.int(0...(words.count - 1))]
  }
}
