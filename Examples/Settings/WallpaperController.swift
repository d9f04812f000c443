import Tactile

/// A grid of colour swatches in rows that reflow with the window's width; a tap picks one.
@MainActor final class WallpaperController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
  private static let swatchCount = 24
  private let grid = CollectionView(frame: .zero)

  override init() {
    super.init()
    title = "Wallpaper"
  }

  override func loadView() {
    var layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 80, height: 80)
    layout.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    grid.collectionViewLayout = layout
    grid.backgroundColor = .white
    grid.dataSource = self
    grid.delegate = self
    view = grid
  }

  override func viewDidAppear(_ animated: Bool) {
    report("screen=Wallpaper")
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    Self.swatchCount
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
    let hue = Double(indexPath.item) / Double(Self.swatchCount)
    cell.contentView.backgroundColor = Color(red: hue, green: 0.6, blue: 1 - hue)
    cell.contentView.cornerRadius = 12
    // A swatch shows no text: assistive technology reads this name.
    cell.accessibilityLabel = "Wallpaper \(indexPath.item + 1)"
    return cell
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    report("wallpaper=\(indexPath.item)")
  }
}
