import Tactile

/// One page of the strip: a scroll view that zooms its photo from 1× to 4× — by a pinch anchored under
/// the fingers, or by a double tap (into the tapped quarter, or back out to 1×). It does not bounce, so a
/// zoomed photo dragged to its edge hands the rest of the drag to the pager, which turns the page.
@MainActor final class ZoomingPage: ScrollView, ScrollViewDelegate {
  let photo: PagePhoto
  /// Told after every zoom change, with the new scale.
  var onZoom: (Double) -> Void = { _ in }

  init(frame: Rect, number: Int) {
    photo = PagePhoto(frame: Rect(origin: .zero, size: frame.size), number: number)
    super.init(frame: frame)
    contentSize = frame.size
    maximumZoomScale = 4
    bounces = false
    addSubview(photo)
    delegate = self
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    doubleTap.addAction { [unowned self] recognizer in
      if zoomScale > 1 {
        setZoomScale(1, animated: true)
      } else {
        let point = photo.convert(recognizer.location(in: self), from: self)
        let size = Size(width: bounds.width / 2, height: bounds.height / 2)
        zoom(
          to: Rect(origin: Point(x: point.x - size.width / 2, y: point.y - size.height / 2), size: size),
          animated: true)
      }
    }
    addGestureRecognizer(doubleTap)
  }

  func viewForZooming(in scrollView: ScrollView) -> View? { photo }

  func scrollViewDidZoom(_ scrollView: ScrollView) { onZoom(zoomScale) }
}

/// A drawn picture with its page number, so the example needs no image file: a coloured field with
/// rings and the number in the middle.
@MainActor final class PagePhoto: View {
  static let colors = [
    Color(red8: 0x2E, green8: 0x86, blue8: 0xAB), Color(red8: 0xA2, green8: 0x3B, blue8: 0x72),
    Color(red8: 0xF1, green8: 0x8F, blue8: 0x01), Color(red8: 0x3B, green8: 0x8E, blue8: 0x5A),
  ]
  let number: Int

  init(frame: Rect, number: Int) {
    self.number = number
    super.init(frame: frame)
    backgroundColor = Self.colors[number % Self.colors.count]
    let label = Label(frame: bounds)
    label.text = "\(number + 1)"
    label.font = .system(size: 64)
    label.textColor = .white
    label.textAlignment = .center
    addSubview(label)
  }

  override func draw(in canvas: Canvas) {
    let centre = Point(x: bounds.midX, y: bounds.midY)
    for ring in 1...4 {
      let radius = Double(ring) * 40
      canvas.strokeEllipse(
        in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius), width: 3,
        with: .color(Color(white: 1, alpha: 0.3)))
    }
  }
}
