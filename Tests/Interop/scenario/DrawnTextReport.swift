import Foundation
import Tactile

/// What a text field or view shows as drawn, for the IME steps: one state line
/// `drew NAME "TEXT"` — followed, while an input method composes, by
/// ` marked "MARKED" width W rect X Y W H` — each time a frame draws it differently from the last line.
/// `TEXT` is the committed text, `MARKED` the pre-edit text (UIKit's marked text) and `W` its advance in
/// the view's font, `X Y W H` the rectangle the input method is told about
/// (``EditableTextInput/editingRect``) in window coordinates. Reported from `draw(in:)`, so each line
/// describes a frame the window renders; nothing is reported before the view first shows text.
@MainActor struct DrawnTextReport {
  let name: String
  let report: (String) -> Void
  private var last: String?

  init(name: String, report: @escaping (String) -> Void) {
    self.name = name
    self.report = report
  }

  /// Reports what `view` draws if it differs from the last report.
  mutating func drawing(_ view: some EditableTextInput, font: Font) {
    var line = "drew \(name) \"\(view.text)\""
    if let marked = view.markedText, !marked.isEmpty {
      let width = FontSystem.shared.advance(of: marked, font: font)
      line += " marked \"\(marked)\" width \(String(format: "%.1f", width))"
      if let editingRect = view.editingRect {
        let rect = view.convert(editingRect, to: view.window)
        line += String(
          format: " rect %.1f %.1f %.1f %.1f", rect.minX, rect.minY, rect.width, rect.height)
      }
    }
    guard line != last, last != nil || line != "drew \(name) \"\"" else { return }
    last = line
    report(line)
  }
}

/// The scenario's text field: a ``TextField`` that reports what it draws (``DrawnTextReport``).
final class ScenarioTextField: TextField {
  private var drawn: DrawnTextReport

  init(frame: Rect, report: @escaping (String) -> Void) {
    drawn = DrawnTextReport(name: "field", report: report)
    super.init(frame: frame)
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    drawn.drawing(self, font: font)
  }
}

/// The scenario's text view: a ``TextView`` that reports what it draws (``DrawnTextReport``).
final class ScenarioTextView: TextView {
  private var drawn: DrawnTextReport

  init(frame: Rect, report: @escaping (String) -> Void) {
    drawn = DrawnTextReport(name: "view", report: report)
    super.init(frame: frame)
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    drawn.drawing(self, font: font)
  }
}
