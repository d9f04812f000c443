import Tactile

/// The sheet "About" presents: a title and a line of text. Drag it down, or press Escape, to dismiss it.
@MainActor final class AboutController: ViewController {
  override func loadView() {
    let root = View(frame: .zero)
    root.backgroundColor = .white
    let heading = Label()
    heading.text = "Tactile Settings"
    heading.font = .boldSystem(size: 20)
    heading.frame = Rect(x: 20, y: 24, width: 360, height: 28)
    let body = Label()
    body.text = "Drag this sheet down to close it."
    body.textColor = Color(white: 0.4)
    body.frame = Rect(x: 20, y: 60, width: 360, height: 24)
    root.addSubview(heading)
    root.addSubview(body)
    view = root
  }
}
