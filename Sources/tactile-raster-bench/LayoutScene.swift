import TactileCore
import TactileGeometry
import TactileRaster

/// L1: one full layout pass over 1,000 arranged views — a column of 50 rows, each a horizontal stack of
/// 20 labels — in a core ``TactileCore/Window``. Each run changes the column's width (1920 ↔ 1900
/// points), which resizes every row, so every stack measures its labels and sets every frame again. Nothing
/// is drawn: the time compares with S14's (drawing the UI frame) in the same run. The cairo column has
/// no counterpart and draws nothing.
@MainActor
final class LayoutScene {
  let window: Window
  let column = StackView()
  private var wide = true

  init() {
    window = Window(
      frame: Rect(x: 0, y: 0, width: SceneContent.width, height: SceneContent.height),
      application: Application(scheduler: ManualScheduler()))
    column.axis = .vertical
    column.spacing = 2
    column.frame = window.bounds
    for row in 0..<50 {
      let stack = StackView()
      stack.spacing = 4
      stack.alignment = .firstBaseline
      for index in 0..<20 {
        let label = Label()
        label.font = .system(size: 12)
        label.text = SceneContent.words[(row * 20 + index) % SceneContent.words.count]
        stack.addArrangedSubview(label)
      }
      column.addArrangedSubview(stack)
    }
    window.addSubview(column)
    window.layoutIfNeeded()
  }

  /// Resizes the column and runs the layout pass it causes.
  func layOut() {
    wide.toggle()
    column.frame.size.width = wide ? SceneContent.width : SceneContent.width - 20
    window.layoutIfNeeded()
  }

  @MainActor static func scenes() -> [Scene] {
    let scene = LayoutScene()
    return [
      Scene(
        name: "L1", summary: "layout pass: 50 stacks of 20 labels in a stack (no drawing; cairo: none)",
        paintedPixels: 0, ours: { _ in scene.layOut() }, cairo: { _ in })
    ]
  }
}
