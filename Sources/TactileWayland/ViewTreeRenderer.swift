import Tactile
import TactileGeometry
import TactileRaster

/// Draws a whole view tree into a canvas, back to front, as a ``HostedWindow`` does on each frame.
///
/// For each view that is visible (not hidden, alpha ≥ 0.01): the canvas's transform is set to map the
/// view's bounds (its center, transform and bounds origin, as ``Tactile/View/convert(_:to:)`` does); the
/// background is filled and the border stroked inside the bounds with the view's corner radius; ``Tactile/View/draw(in:)``
/// draws its content; with `clipsToBounds` its subviews are clipped to its (rounded) bounds; then the
/// subviews are drawn in order.
///
/// Alpha multiplies down the tree per view (overlapping translucent subviews blend one by one, not as a
/// group as Core Animation's group opacity would).
@MainActor
enum ViewTreeRenderer {
  /// Draws `view` and its subtree; `canvas`'s state is unchanged afterwards.
  static func draw(_ view: View, in canvas: Canvas) {
    guard !view.isHidden, view.alpha >= 0.01 else { return }
    canvas.withSavedState {
      canvas.globalAlpha *= view.alpha
      drawOwnContent(of: view, in: canvas)
      if view.clipsToBounds {
        canvas.clip(to: RoundedRect(rect: view.bounds, cornerRadius: view.cornerRadius))
      }
      for subview in view.subviews {
        canvas.withSavedState {
          canvas.concatenate(placement(of: subview))
          draw(subview, in: canvas)
        }
      }
    }
  }

  /// The transform from `view`'s bounds coordinates to its superview's.
  static func placement(of view: View) -> AffineTransform {
    let middle = view.bounds.center
    return AffineTransform(translationX: -middle.x, y: -middle.y)
      .concatenating(view.transform)
      .concatenating(AffineTransform(translationX: view.center.x, y: view.center.y))
  }

  private static func drawOwnContent(of view: View, in canvas: Canvas) {
    let shape = RoundedRect(rect: view.bounds, cornerRadius: view.cornerRadius)
    if let background = view.backgroundColor {
      canvas.fill(shape, with: .color(background))
    }
    if view.borderWidth > 0 {
      let half = view.borderWidth / 2
      let inner = RoundedRect(
        rect: view.bounds.insetBy(dx: half, dy: half), cornerRadius: max(0, view.cornerRadius - half))
      canvas.stroke(inner, width: view.borderWidth, with: .color(view.borderColor))
    }
    view.draw(in: canvas)
  }
}
