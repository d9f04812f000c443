/// What a ``TableView`` shows: its sections, rows and cells, like `UITableViewDataSource`.
///
/// The table asks for counts and titles when it reloads (``TableView/reloadData()``) and for a cell each
/// time a row comes into view; the answers must stay consistent with the table's updates
/// (``TableView/insertRows(at:animated:)`` and the others are called after the data changed).
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of sections. Default 1.
  func numberOfSections(in tableView: TableView) -> Int

  /// The number of rows in `section`.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for the row at `indexPath`, configured: usually one the table hands back from
  /// ``TableView/dequeueReusableCell(withIdentifier:)``.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

  /// The title of `section`'s header, or `nil` (the default) for a section without one.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Told about a ``TableView``'s selection and asked for row heights, like `UITableViewDelegate`; set it
/// as the table's ``ScrollView/delegate`` (it is also told about scrolling). Every method has a default.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The height of the row at `indexPath`, or `nil` (the default) for the height the cell asks for
  /// (``TableViewCell/sizeThatFits(_:)``, self-sizing).
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double?

  /// Whether a finger on the row highlights it and may select it. Default `true`.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool

  /// The user selected the row: by a tap, or by an arrow key.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)

  /// The user's selection of another row (or a second tap, with multiple selection) deselected this one.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)

  /// The row's primary action: a tap on it, or Return while it is selected — where a settings list
  /// pushes the row's screen.
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { nil }
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {}
}
