import TactileGeometry
import TactileRaster

/// Group opacity: a translucent view with subviews fades as one picture.
///
/// Drawing each part with the view's alpha would let every overlapping part show through the one above
/// it (a 50 % card would show its own background through its opaque label). Instead the view and its
/// subtree are drawn at full opacity into an offscreen layer — an ``Image`` covering, in device pixels,
/// the view's ``View/subtreeBounds`` under the canvas's transform, rounded outwards and cut to the
/// canvas's clip (so a damage repaint makes a layer the size of the damage it touches) — which is then
/// composited onto the canvas once with the view's alpha, through the canvas's clip (a clipping
/// ancestor's rounded corners apply to the whole group). The layer's canvas has the canvas's transform
/// moved by the layer's origin, so scales, rotations and nested groups come out as they would in place.
extension ViewTreeRenderer {
  /// Draws `view` (translucent, with a drawn subview) and its subtree as a group, in a state the caller
  /// saved.
  static func drawGroup(_ view: View, in canvas: Canvas) {
    let clip = canvas.deviceClipBounds
    let area = canvas.transform.apply(to: view.subtreeBounds)
    let box =
      area.isFinite
      ? Rect(
        x: area.minX.rounded(.down), y: area.minY.rounded(.down),
        width: area.maxX.rounded(.up) - area.minX.rounded(.down),
        height: area.maxY.rounded(.up) - area.minY.rounded(.down)
      ).intersection(clip) : clip
    guard !box.isEmpty, var layer = try? Image(width: Int(box.width), height: Int(box.height)) else {
      return
    }
    layer.withPixmap { pixmap in
      let group = Canvas(pixmap: pixmap, fonts: canvas.fonts)
      group.transform = canvas.transform.concatenating(
        AffineTransform(translationX: -box.minX, y: -box.minY))
      drawContents(of: view, in: group)
    }
    canvas.transform = .identity
    canvas.globalAlpha *= view.alpha
    canvas.draw(layer, in: box, filter: .nearest)
  }
}
