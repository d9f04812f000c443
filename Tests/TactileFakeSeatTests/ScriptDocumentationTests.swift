import Foundation
import TactileFakeSeat
import Testing

/// Every script line the documentation shows parses, so the documentation and the parser cannot drift.
///
/// Example lines are: every line of the fenced blocks in ``Script``'s doc comment and of the fenced
/// `fake-seat` blocks of the script article, every line of the example apps' screenshot scripts, and
/// every inline code span of the script article and of TactileTesting's article that starts with a
/// command and holds no placeholder (a capital word such as `X`, `X1` or `NAME` — which leaves out
/// `key F1` too —, `…`, `|` or a `[…]` option).
@Suite struct ScriptDocumentationTests {
  static let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repository.appending(path: path), encoding: .utf8)
  }

  static let verbs: Set<String> = [
    "wait", "tap", "touch", "drag", "pinch", "rotate", "swipe", "move", "click", "scroll", "gesture", "focus",
    "key", "type", "osk", "capabilities", "seat", "scale", "screenshot", "replay", "dnd", "pen",
    "tablet", "pointer",
  ]

  /// The lines inside fences (```` ``` ```` lines, with `opening` as the opening fence) of `text`.
  static func fencedLines(_ lines: [String], opening: (String) -> Bool) -> [String] {
    var inside = false
    var found: [String] = []
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inside = !inside && opening(trimmed)
        continue
      }
      if inside { found.append(line) }
    }
    return found
  }

  /// The article's inline spans that are whole, concrete script lines.
  static func inlineExamples(_ text: String) -> [String] {
    let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    return spans.filter { span in
      let words = span.split(separator: " ").map(String.init)
      guard words.count >= 2, verbs.contains(words[0]) else { return false }
      return !words.contains { word in
        word.contains("…") || word.contains("|") || word.hasPrefix("[")
          || word.wholeMatch(of: /[A-Z]+[0-9]*/) != nil
      }
    }
  }

  func expectEachParses(_ lines: [String], in file: String) {
    #expect(!lines.isEmpty, "no example lines found in \(file)")
    for line in lines {
      #expect(throws: Never.self, "\(file): \(line)") { try Script(parsing: line) }
    }
  }

  @Test func everyLineOfTheScriptDocCommentParses() throws {
    let comment = try Self.text("Sources/TactileFakeSeat/Script.swift").split(separator: "\n")
      .filter { $0.hasPrefix("///") }.map { String($0.dropFirst(3)) }
    let lines = Self.fencedLines(comment) { $0 == "```" }
    #expect(lines.count > 30)
    expectEachParses(lines, in: "Script.swift")
  }

  @Test func everyLineOfThePenActionDocCommentParses() throws {
    let comment = try Self.text("Sources/TactileFakeSeat/PenScriptCommand.swift").split(separator: "\n")
      .filter { $0.hasPrefix("///") }.map { String($0.dropFirst(3)) }
    let lines = Self.fencedLines(comment) { $0 == "```" }
    #expect(lines.count >= 10)
    expectEachParses(lines, in: "PenScriptCommand.swift")
  }

  @Test func everyInlineExampleOfTheTestingArticleParses() throws {
    let article = try Self.text("Sources/TactileTesting/TactileTesting.docc/TestingYourApp.md")
    let inline = Self.inlineExamples(article)
    #expect(inline.contains("key ctrl+a"))
    expectEachParses(inline, in: "TestingYourApp.md inline")
  }

  @Test func everyExampleOfTheScriptArticleParses() throws {
    let article = try Self.text("Sources/TactileFakeSeat/TactileFakeSeat.docc/FakeSeatScripts.md")
    let blocks = Self.fencedLines(article.components(separatedBy: "\n")) { $0 == "```fake-seat" }
    let inline = Self.inlineExamples(article)
    #expect(inline.contains("key ctrl+a"))
    #expect(inline.contains("focus manual"))
    expectEachParses(blocks, in: "FakeSeatScripts.md blocks")
    expectEachParses(inline, in: "FakeSeatScripts.md inline")
  }

  @Test func everyExampleScreenshotScriptParses() throws {
    let directory = Self.repository.appending(path: "Examples/screenshot-scripts")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path())
    #expect(files.count >= 5)
    for file in files {
      #expect(throws: Never.self, "\(file)") {
        try Script(parsing: String(contentsOf: directory.appending(path: file), encoding: .utf8))
      }
    }
  }

  @Test func friendlyKeyNamesParseAndUnknownOnesAreAnErrorBeforeAnythingRuns() throws {
    let script = try Script(parsing: "key ctrl+a\nkey shift+Tab\nkey Return\nkey super\nkey down alt")
    #expect(
      script.lines.map(\.command) == [
        .key(names: ["ctrl", "a"]), .key(names: ["shift", "Tab"]), .key(names: ["Return"]),
        .key(names: ["super"]), .keyDown(name: "alt"),
      ])
    #expect(
      throws: ScriptError(
        line: 2,
        message: "unknown key name 'ctrll' (xkb names like Return or Control_L, or ctrl, shift, alt, super)")
    ) {
      try Script(parsing: "key a\nkey ctrll+a")
    }
  }
}
