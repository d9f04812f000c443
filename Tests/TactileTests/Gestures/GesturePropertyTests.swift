import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A view that handles touches and records, per touch, the phases it received.
@MainActor
private final class PhaseView: View {
  var phases: [ObjectIdentifier: [String]]
  var touches: Set<Touch> = []
  private let book: PhaseBook

  init(frame: Rect, book: PhaseBook) {
    self.book = book
    phases = [:]
    super.init(frame: frame)
    isMultipleTouchEnabled = true
  }

  private func record(_ touches: Set<Touch>, _ phase: String) {
    for touch in touches { book.record(touch, phase, self) }
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(touches, "began") }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(touches, "moved") }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(touches, "ended") }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record(touches, "cancelled") }
}

/// Every phase every view received, per touch.
@MainActor
private final class PhaseBook {
  var log: [ObjectIdentifier: [(view: ObjectIdentifier, phase: String)]] = [:]
  var keep: Set<Touch> = []

  func record(_ touch: Touch, _ phase: String, _ view: View) {
    keep.insert(touch)
    log[ObjectIdentifier(touch), default: []].append((ObjectIdentifier(view), phase))
  }
}

@MainActor
private final class AnyTogether: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }
}

@MainActor
@Suite struct GesturePropertyTests {
  /// Issue 5's invariant, over random trees of views with random recognizers and random input (fingers,
  /// system cancels, clock advances, views removed, recognizers disabled from their own actions): each
  /// touch a view received is ended or cancelled exactly once, after its one `touchesBegan`, and every
  /// recognizer's state path is legal.
  @Test(arguments: 0..<60)
  func everyDeliveredTouchEndsOnceAndStatePathsAreLegal(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) &+ 0x5EED)
    let book = PhaseBook()
    let app = TestApplication(size: Size(width: 300, height: 300))
    let paths = GestureStatePaths()
    app.window.gestureDiagnostics = { paths.record($0) }
    var kinds: [String: GestureRecognizer.Kind] = [:]
    let together = AnyTogether()
    let views = makeTree(in: app.rootView, book: book, random: &random)
    var recognizers: [GestureRecognizer] = []
    for (index, view) in views.enumerated() where Int.random(in: 0..<3, using: &random) > 0 {
      let recognizer = makeRecognizer(random: &random)
      recognizer.name = "r\(index)"
      kinds["r\(index)"] = recognizer.kind
      if Int.random(in: 0..<4, using: &random) == 0 { recognizer.delegate = together }
      if let other = recognizers.randomElement(using: &random), Int.random(in: 0..<4, using: &random) == 0 {
        recognizer.require(toFail: other)
      }
      if Int.random(in: 0..<6, using: &random) == 0 {
        recognizer.addAction { $0.isEnabled = $0.state != .began }
      }
      view.addGestureRecognizer(recognizer)
      recognizers.append(recognizer)
    }
    let script = TouchScript(window: app.window)
    var down: Set<Int> = []
    for _ in 0..<200 {
      step(script, app: app, views: views, down: &down, random: &random)
    }
    for id in down.sorted() { script.up(id) }
    app.scheduler.advance(by: 5)
    #expect(book.log.count + paths.decisions.count >= 5, "too little happened to prove anything")
    check(book)
    #expect(paths.illegalSteps(kinds: kinds) == [])
    for recognizer in recognizers {
      #expect(recognizer.state == .possible, "\(recognizer.name!) reset once every finger lifted")
    }
  }

  private func step(
    _ script: TouchScript, app: TestApplication, views: [PhaseView], down: inout Set<Int>,
    random: inout SeededGenerator
  ) {
    let point = Point(
      x: Double.random(in: 0..<300, using: &random), y: Double.random(in: 0..<300, using: &random))
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<20:
      let id = Int.random(in: 0..<3, using: &random)
      script.down(id, at: point)
      down.insert(id)
    case 20..<60:
      if let id = down.sorted().randomElement(using: &random) {
        let jitter = Point(
          x: Double.random(in: -30..<30, using: &random), y: Double.random(in: -30..<30, using: &random))
        script.move(id, to: point * 0.1 + jitter + Point(x: 135, y: 135))
      }
    case 60..<78:
      if let id = down.sorted().randomElement(using: &random) {
        script.up(id)
        down.remove(id)
      }
    case 78..<81:
      script.cancelAll()
      down = []
    case 81..<95:
      app.scheduler.advance(by: Double.random(in: 0..<0.6, using: &random))
    case 95..<97:
      views.dropFirst().randomElement(using: &random)!.removeFromSuperview()
    default:
      let view = views.dropFirst().randomElement(using: &random)!
      views.randomElement(using: &random)!.addSubview(view)
    }
  }

  private func makeTree(in root: View, book: PhaseBook, random: inout SeededGenerator) -> [PhaseView] {
    let background = PhaseView(frame: root.bounds, book: book)
    root.addSubview(background)
    var views: [PhaseView] = [background]
    for _ in 0..<6 {
      let frame = Rect(
        x: Double.random(in: 0..<150, using: &random), y: Double.random(in: 0..<150, using: &random),
        width: Double.random(in: 80..<300, using: &random),
        height: Double.random(in: 80..<300, using: &random))
      let view = PhaseView(frame: frame, book: book)
      (Bool.random(using: &random) ? background : views.randomElement(using: &random)!).addSubview(view)
      views.append(view)
    }
    return views
  }

  private func makeRecognizer(random: inout SeededGenerator) -> GestureRecognizer {
    let recognizer: GestureRecognizer
    switch Int.random(in: 0..<7, using: &random) {
    case 0: recognizer = TapGestureRecognizer()
    case 1:
      let tap = TapGestureRecognizer()
      tap.numberOfTapsRequired = 2
      recognizer = tap
    case 2: recognizer = LongPressGestureRecognizer()
    case 3: recognizer = PanGestureRecognizer()
    case 4: recognizer = PinchGestureRecognizer()
    case 5: recognizer = SwipeGestureRecognizer()
    default: recognizer = RotationGestureRecognizer()
    }
    recognizer.cancelsTouchesInView = Bool.random(using: &random)
    recognizer.delaysTouchesBegan = Bool.random(using: &random)
    recognizer.delaysTouchesEnded = Bool.random(using: &random)
    return recognizer
  }

  private func check(_ book: PhaseBook) {
    for (_, log) in book.log {
      #expect(Set(log.map(\.view)).count == 1, "a touch reached more than one view")
      let phases = log.map(\.phase)
      #expect(phases.first == "began", "phases: \(phases)")
      #expect(phases.filter { $0 == "began" }.count == 1, "phases: \(phases)")
      #expect(phases.filter { $0 == "ended" || $0 == "cancelled" }.count == 1, "phases: \(phases)")
      #expect(phases.last == "ended" || phases.last == "cancelled", "phases: \(phases)")
    }
  }
}
