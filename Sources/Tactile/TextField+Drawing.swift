import TactileGeometry
import TactileRaster

/// Drawing a ``TextField`` — text or placeholder, selection, caret — and mapping positions to characters,
/// with the same font measurements.
extension TextField {
  /// Space between the bounds' left edge and the text, in points.
  static let textInset = 4.0

  /// The caret's rectangle in the field's coordinates: 2 points wide, one line high, at the selection's
  /// start; `nil` while the field is not first responder or has a non-empty selection.
  public var caretRect: Rect? {
    guard isFirstResponder, selectedRange.isEmpty else { return nil }
    let line = lineBox()
    return Rect(
      x: xOffset(ofCharacter: selectedRange.lowerBound) - 1, y: line.minY, width: 2, height: line.height)
  }

  /// The character boundary (0...text.count) nearest to `x`, in the field's coordinates.
  public func characterIndex(at x: Double) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for index in 0...text.count {
      let distance = abs(xOffset(ofCharacter: index) - x)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }

  /// The x coordinate of the boundary before character `index`.
  func xOffset(ofCharacter index: Int) -> Double {
    bounds.minX + Self.textInset + FontSystem.shared.advance(of: String(text.prefix(index)), font: font)
  }

  /// One line of text, centred vertically in the bounds.
  private func lineBox() -> Rect {
    let height = FontSystem.shared.metrics(of: font).lineHeight
    return Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
  }

  func drawContent(in canvas: Canvas) {
    let line = lineBox()
    let ascent = canvas.fonts.metrics(of: font).ascent
    let origin = Point(x: bounds.minX + Self.textInset, y: line.minY + ascent)
    if !selectedRange.isEmpty, isFirstResponder {
      let start = xOffset(ofCharacter: selectedRange.lowerBound)
      let end = xOffset(ofCharacter: selectedRange.upperBound)
      canvas.fill(
        Rect(x: start, y: line.minY, width: end - start, height: line.height),
        with: .color(Color(red: 0.7, green: 0.82, blue: 1)))
    }
    if text.isEmpty, let placeholder {
      canvas.draw(
        placeholder, at: origin, font: font, with: .color(textColor.withAlpha(textColor.alpha * 0.4)))
    } else {
      canvas.draw(text, at: origin, font: font, with: .color(textColor))
    }
    if let caret = caretRect { canvas.fill(caret, with: .color(textColor)) }
  }
}
