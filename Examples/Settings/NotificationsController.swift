import Tactile

/// A list of apps whose rows a swipe toward the leading edge deletes (a full swipe, or the revealed
/// button).
@MainActor final class NotificationsController: ViewController, TableViewDataSource, TableViewDelegate {
  private var apps = ["Calendar", "Mail", "Maps", "Messages", "Music", "Photos"]
  private let table = TableView(frame: .zero)

  override init() {
    super.init()
    title = "Notifications"
  }

  override func loadView() {
    table.dataSource = self
    table.delegate = self
    view = table
  }

  override func viewDidAppear(_ animated: Bool) {
    report("screen=Notifications")
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { apps.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "app")
    cell.textLabel.text = apps[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { 44 }

  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, row in
      guard let self else { return }
      self.apps.remove(at: row.row)
      self.table.deleteRows(at: [row], animated: true)
      report("notifications=\(self.apps.count)")
    }
    return SwipeActionsConfiguration(actions: [delete])
  }
}
