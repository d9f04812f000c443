// ListScroll: the Tactile side of the list-scroll benchmark (`tactile-bench list`, Benchmarks/gtk-list.c
// is the GTK 4 side). One window filled by a table of N self-sizing rows labelled "Row i" (the first
// argument, default 1,000), the same rows as the dispatch benchmark's list-scroll scenes.
import Tactile

/// The program: `@main` starts it; `WindowApp` shows the window ``build(_:)`` filled and runs until it
/// is closed.
@main struct ListScrollApp: WindowApp {
  static let name = "ListScroll"
  static let appID = "dev.tactile.ListScroll"

  func build(_ window: Window) throws {
    let arguments = CommandLine.arguments
    guard let rows = arguments.count > 1 ? Int(arguments[1]) : 1_000, rows >= 0 else {
      throw ListScrollError.usage(arguments.dropFirst().joined(separator: " "))
    }
    window.rootViewController = RowsController(rows: rows)
  }
}

/// Why ListScroll did not start.
enum ListScrollError: Error, CustomStringConvertible {
  case usage(String)

  var description: String {
    switch self {
    case .usage(let given): "ListScroll takes one argument, the number of rows, not \"\(given)\""
    }
  }
}

/// A table of `rows` rows in one section.
@MainActor final class RowsController: ViewController, TableViewDataSource {
  private let rows: Int

  init(rows: Int) {
    self.rows = rows
    super.init()
  }

  override func loadView() {
    let table = TableView(frame: .zero)
    table.dataSource = self
    view = table
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row")
    cell.textLabel.text = "Row \(indexPath.row)"
    return cell
  }
}
