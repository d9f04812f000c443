import TactileRaster

extension TextViewLayout {
  /// The lines of the paragraphs of a text view's latest layout, by paragraph text, so that laying out
  /// again after an edit breaks and shapes only the paragraphs that changed (``TextViewLayout/init(_:font:width:fonts:paragraphs:)``).
  ///
  /// The entries are those of the latest layout: a layout keeps the paragraphs it used and drops the
  /// rest, so the cache holds no more than the text it last laid out. A layout in another font or at
  /// another width starts it afresh.
  final class ParagraphCache {
    private var font: Font?
    private var width = 0.0
    /// The paragraphs of the previous layout.
    private var previous: [String: [Line]] = [:]
    /// The paragraphs of the layout in progress.
    private var current: [String: [Line]] = [:]
    /// How many paragraphs were laid out rather than found, over the cache's life (for tests).
    private(set) var paragraphsLaidOut = 0

    init() {}

    /// Starts a layout of paragraphs in `font` at `width`.
    func begin(font: Font, width: Double) {
      if font != self.font || width != self.width { previous = [:] }
      self.font = font
      self.width = width
      current = [:]
    }

    /// The lines of `paragraph`: those of the previous layout or this one, else what `layOut` makes.
    func lines(of paragraph: String, layOut: (String) -> [Line]) -> [Line] {
      if let lines = current[paragraph] { return lines }
      let lines: [Line]
      if let kept = previous[paragraph] {
        lines = kept
      } else {
        lines = layOut(paragraph)
        paragraphsLaidOut += 1
      }
      current[paragraph] = lines
      return lines
    }

    /// Ends the layout: its paragraphs are what the next one finds.
    func end() {
      previous = current
      current = [:]
    }
  }
}
