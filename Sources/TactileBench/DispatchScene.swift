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
  /// One scroll frame of a 1,000-row table: a new content offset, then the frame's layout pass.
  case listScroll1k = "list-scroll-1k"
  /// The same scroll frame, over the same offsets, of a 100,000-row table.
  case listScroll100k = "list-scroll-100k"

  /// Rounds run before the measured ones (caches, lazy allocations).
  public static let warmUpRounds = 50

  /// What the table says about the scene.
  public var summary: String {
    switch self {
    case .drag: "touch drag (down, 8 moves, up), 20-deep tree, 5 recognizers"
    case .tap: "touch tap (down, up), 20-deep tree, 5 recognizers"
    case .hitTestGrid: "hitTest, 10,000 cells in 100 rows"
    case .hitTestFlat: "hitTest, 10,000 siblings"
    case .listScroll1k: "list scroll frame, 1,000 rows"
    case .listScroll100k: "list scroll frame, 100,000 rows"
    }
  }

  /// Events (touch points delivered, or hit tests) per round.
  public var eventsPerRound: Int {
    switch self {
    case .drag: 10
    case .tap: 2
    case .hitTestGrid, .hitTestFlat, .listScroll1k, .listScroll100k: 1
    }
  }

  /// Builds the scene and returns its round: a closure that runs round *n*.
  @MainActor public func makeRound() -> @MainActor (Int) -> Void {
    switch self {
    case .drag, .tap: return touchRound(moves: self == .drag ? 8 : 0)
    case .hitTestGrid: return hitTestRound(rows: 100, columns: 100, grouped: true)
    case .hitTestFlat: return hitTestRound(rows: 100, columns: 100, grouped: false)
    case .listScroll1k: return listScrollRound(rows: 1_000)
    case .listScroll100k: return listScrollRound(rows: 100_000)
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

/// The rows of a list-scroll scene: one section of `rows` labelled cells.
@MainActor private final class BenchRows: TableViewDataSource {
  let rows: Int
  init(rows: Int) { self.rows = rows }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row")
    cell.textLabel.text = "Row \(indexPath.row)"
    return cell
  }
}

extension DispatchScene {
  /// A 375×667 window filled by a table of `rows` self-sizing rows. Round *n* moves the content offset
  /// 37 points further down (over the first 40,000 points, the same offsets for every row count, so both
  /// scenes show the same rows) and runs the frame's layout pass: the rows that scrolled out are
  /// recycled, those that came in are dequeued, configured and measured.
  @MainActor fileprivate func listScrollRound(rows: Int) -> @MainActor (Int) -> Void {
    let window = Window(
      frame: Rect(x: 0, y: 0, width: 375, height: 667), application: Application(scheduler: ManualScheduler())
    )
    let table = TableView(frame: window.bounds)
    let source = BenchRows(rows: rows)
    table.dataSource = source
    window.addSubview(table)
    window.frameDidStart(at: 0)
    return { round in
      _ = source
      table.contentOffset = Point(x: 0, y: Double((round &* 37) % 40_000))
      window.frameDidStart(at: Double(round) / 60)
    }
  }
}

/// Runs `rounds` rounds of a scene: the only function whose instructions callgrind counts
/// (`--toggle-collect=*benchMeasuredRounds*`). Never inlined, so the symbol exists.
@inline(never) @MainActor public func benchMeasuredRounds(_ rounds: Int, _ round: @MainActor (Int) -> Void) {
  for index in 0..<rounds { round(index) }
}
