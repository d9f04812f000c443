import TactileCore
import TactileGeometry

/// The in-memory scenes whose instruction counts `tactile-bench dispatch` measures under callgrind.
///
/// Each scene is built and warmed up (``warmUpRounds`` rounds) outside the measured region; then
/// ``measureRounds(_:_:)`` runs the rounds, and only instructions executed inside it are counted
/// (`--toggle-collect`).
public enum DispatchScene: String, CaseIterable, Sendable {
  /// A drag through a 20-deep view tree with five recognizers: down, 8 motions of 4 points, up.
  case drag
  /// A tap on the same tree: down, up.
  case tap
  /// One `hitTest` in a 10,000-view grid: 100 rows of 100 cells (10,101 views).
  case hitTestGrid = "hit-test-grid"
  /// One `hitTest` among 10,000 sibling views.
  case hitTestFlat = "hit-test-flat"

  /// Rounds run before the measured ones (caches, lazy allocations).
  public static let warmUpRounds = 50

  /// What the table says about the scene.
  public var summary: String {
    switch self {
    case .drag: "touch drag (down, 8 moves, up), 20-deep tree, 5 recognizers"
    case .tap: "touch tap (down, up), 20-deep tree, 5 recognizers"
    case .hitTestGrid: "hitTest, 10,000 cells in 100 rows"
    case .hitTestFlat: "hitTest, 10,000 siblings"
    }
  }

  /// Events (touch points delivered, or hit tests) per round.
  public var eventsPerRound: Int {
    switch self {
    case .drag: 10
    case .tap: 2
    case .hitTestGrid, .hitTestFlat: 1
    }
  }

  /// Builds the scene and returns its round: a closure that runs round *n*.
  @MainActor public func makeRound() -> @MainActor (Int) -> Void {
    switch self {
    case .drag, .tap: return touchRound(moves: self == .drag ? 8 : 0)
    case .hitTestGrid: return hitTestRound(rows: 100, columns: 100, grouped: true)
    case .hitTestFlat: return hitTestRound(rows: 100, columns: 100, grouped: false)
    }
  }

  /// A window 1000 points square holding a chain of 20 nested views (each 10 points inside its parent),
  /// with a pinch, swipe, long press, pan and tap recognizer on the 1st, 5th, 10th, 15th and 20th. The
  /// touch lands on the innermost view, whose default handlers pass it up the whole responder chain.
  @MainActor private func touchRound(moves: Int) -> @MainActor (Int) -> Void {
    let window = Window(
      frame: Rect(x: 0, y: 0, width: 1000, height: 1000),
      application: Application(scheduler: ManualScheduler()))
    window.makeKey()
    var parent: View = window
    let recognizers: [Int: GestureRecognizer] = [
      0: PinchGestureRecognizer(), 4: SwipeGestureRecognizer(), 9: LongPressGestureRecognizer(),
      14: PanGestureRecognizer(), 19: TapGestureRecognizer(),
    ]
    for depth in 0..<20 {
      let inset = Double(depth == 0 ? 0 : 10)
      let view = View(
        frame: Rect(
          x: inset, y: inset, width: parent.bounds.width - 2 * inset, height: parent.bounds.height - 2 * inset
        ))
      if let recognizer = recognizers[depth] { view.addGestureRecognizer(recognizer) }
      parent.addSubview(view)
      parent = view
    }
    return { round in
      let start = Double(round) * 10
      var point = TouchPoint(id: 1, phase: .down, location: Point(x: 480, y: 500), timestamp: start)
      window.deliver(touchFrame: [point])
      point.phase = .motion
      for _ in 0..<moves {
        point.location.x += 4
        point.timestamp += 0.008
        window.deliver(touchFrame: [point])
      }
      point.phase = .up
      point.timestamp += 0.008
      window.deliver(touchFrame: [point])
    }
  }

  /// `rows × columns` cells of 10 points; grouped puts each row in a row view, else all cells are
  /// siblings. Round *n* hit-tests the centre of a cell picked by a fixed stride over the grid.
  @MainActor private func hitTestRound(rows: Int, columns: Int, grouped: Bool) -> @MainActor (Int) -> Void {
    let root = View(frame: Rect(x: 0, y: 0, width: Double(columns * 10), height: Double(rows * 10)))
    for row in 0..<rows {
      let container =
        grouped ? View(frame: Rect(x: 0, y: Double(row * 10), width: root.bounds.width, height: 10)) : root
      if grouped { root.addSubview(container) }
      for column in 0..<columns {
        let y = grouped ? 0 : Double(row * 10)
        container.addSubview(View(frame: Rect(x: Double(column * 10), y: y, width: 10, height: 10)))
      }
    }
    let cells = rows * columns
    return { round in
      let cell = (round &* 7919) % cells
      let point = Point(x: Double(cell % columns * 10 + 5), y: Double(cell / columns * 10 + 5))
      precondition(root.hitTest(point, with: nil) != nil, "every cell is hit")
    }
  }
}

/// Runs `rounds` rounds of a scene: the only function whose instructions callgrind counts
/// (`--toggle-collect=*benchMeasuredRounds*`). Never inlined, so the symbol exists.
@inline(never) @MainActor public func benchMeasuredRounds(_ rounds: Int, _ round: @MainActor (Int) -> Void) {
  for index in 0..<rounds { round(index) }
}
