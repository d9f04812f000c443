/// What a ``CollectionView`` shows: its sections, items and cells, like `UICollectionViewDataSource`.
///
/// The collection view asks for counts when it reloads (``CollectionView/reloadData()``) and for a cell
/// each time an item comes into view.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections. Default 1.
  func numberOfSections(in collectionView: CollectionView) -> Int

  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

  /// The cell for the item at `indexPath`, configured: usually one the collection view hands back from
  /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// Told about a ``CollectionView``'s selection, like `UICollectionViewDelegate`; set it as the
/// collection view's ``ScrollView/delegate`` (it is also told about scrolling).
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// The user selected the item by a tap. Default: nothing.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}
