import Tactile

/// The first screen: two sections of rows. A tap on a row pushes its screen or presents its sheet or
/// alert; a long press on "Notifications" opens a context menu that can mute them all.
@MainActor
final class SettingsController: ViewController, TableViewDataSource, TableViewDelegate,
  ContextMenuInteractionDelegate, PresentationControllerDelegate
{
  private static let sections: [(title: String, rows: [String])] = [
    ("Display", ["Wallpaper", "Notifications"]),
    ("General", ["About", "Reset All Settings"]),
  ]
  private let table = TableView(frame: .zero)
  private var muted = false

  override init() {
    super.init()
    title = "Settings"
  }

  override func loadView() {
    table.dataSource = self
    table.delegate = self
    view = table
  }

  override func viewDidAppear(_ animated: Bool) {
    report("screen=Settings")
  }

  // Step 1: the rows.
  func numberOfSections(in tableView: TableView) -> Int { Self.sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Self.sections[section].rows.count
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    Self.sections[section].title
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "setting")
    let title = Self.sections[indexPath.section].rows[indexPath.row]
    cell.textLabel.text = title
    cell.detailTextLabel.text = title == "Notifications" ? (muted ? "Muted" : "On") : "›"
    cell.contextMenuInteraction = title == "Notifications" ? ContextMenuInteraction(delegate: self) : nil
    return cell
  }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { 44 }

  // Step 2: what a tap on a row does.
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    tableView.selectRow(at: nil, animated: false, scrollPosition: .none)
    switch Self.sections[indexPath.section].rows[indexPath.row] {
    case "Wallpaper": navigationController?.pushViewController(WallpaperController(), animated: true)
    case "Notifications": navigationController?.pushViewController(NotificationsController(), animated: true)
    case "About": presentAbout()
    default: presentReset()
    }
  }

  /// A sheet; its delegate (this controller) hears when a drag dismisses it.
  private func presentAbout() {
    let about = AboutController()
    about.presentationController?.delegate = self
    present(about, animated: true) { report("sheet=shown") }
  }

  func presentationControllerDidDismiss(_ presentationController: PresentationController) {
    report("sheet=gone")
  }

  /// An alert with a destructive action and a cancel action (Escape chooses it).
  private func presentReset() {
    let alert = AlertController(
      title: "Reset all settings?", message: "All settings return to defaults.",
      preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in report("reset=cancelled") })
    alert.addAction(
      AlertAction(title: "Reset", style: .destructive) { [weak self] _ in
        self?.muted = false
        self?.table.reloadData()
        report("reset=done")
      })
    present(alert, animated: true) { report("alert=shown") }
  }

  // Step 3: the context menu of "Notifications".
  func contextMenuInteraction(
    _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
  ) -> ContextMenuConfiguration? {
    ContextMenuConfiguration {
      let mute = ClosureAction(title: self.muted ? "Unmute All" : "Mute All") { [weak self] _ in
        guard let self else { return }
        self.muted.toggle()
        self.table.reloadData()
        report("muted=\(self.muted)")
      }
      return [mute]
    }
  }
}
