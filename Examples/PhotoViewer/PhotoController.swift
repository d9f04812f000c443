import Foundation
import Tactile

/// One photo that can be panned, pinched and rotated at the same time, zoomed by a double tap (1× ↔ 2×,
/// animated), and that keeps gliding after a fling (a critically damped spring that starts at the
/// finger's speed and comes to rest 0.16 s of that speed further on).
///
/// After each gesture ends (and when a glide stops) it prints
/// `center=X,Y scale=S rotation=DEG`, which the tests read.
@MainActor final class PhotoController: ViewController, GestureRecognizerDelegate {
  let photo = PhotoView(frame: Rect(x: 200, y: 150, width: 240, height: 180))
  private var scale = 1.0
  private var rotation = 0.0
  private var glide: PropertyAnimator?
  private var zoom: PropertyAnimator?
  /// The photo's centre when the current pan began.
  private var panStart = Point.zero

  override func loadView() {
    let stage = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
    stage.backgroundColor = Color(white: 0.15)
    stage.addSubview(photo)
    view = stage
  }

  override func viewDidLoad() {
    // Step 1: the three continuous recognizers on the stage, allowed to run together (delegate).
    let pan = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotate = RotationGestureRecognizer()
    for recognizer in [pan, pinch, rotate] as [GestureRecognizer] {
      recognizer.delegate = self
      view.addGestureRecognizer(recognizer)
    }
    pan.addAction { [unowned self] _ in panned(pan) }
    pinch.addAction { [unowned self] _ in
      zoom?.stopAnimation(true)
      scale *= pinch.scale
      pinch.scale = 1
      applyTransform(ended: pinch.state == .ended)
    }
    rotate.addAction { [unowned self] _ in
      zoom?.stopAnimation(true)
      rotation += rotate.rotation
      rotate.rotation = 0
      applyTransform(ended: rotate.state == .ended)
    }
    // Step 2: a double tap toggles the zoom between 1× and 2×, animated.
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    doubleTap.addAction { [unowned self] _ in
      scale = scale < 1.5 ? 2 : 1
      let animator = PropertyAnimator(duration: 0.25) { [unowned self] in applyTransform(ended: false) }
      animator.addCompletion { [unowned self] position in if position == .end { report() } }
      zoom = animator
      animator.startAnimation()
    }
    view.addGestureRecognizer(doubleTap)
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }

  // Step 3: panning moves the photo; a release with speed starts a glide.
  private func panned(_ pan: PanGestureRecognizer) {
    if pan.state == .began {
      glide?.stopAnimation(true)
      panStart = photo.center
    }
    let moved = pan.translation(in: view)
    photo.center = Point(x: panStart.x + moved.x, y: panStart.y + moved.y)
    guard pan.state == .ended else { return }
    let velocity = pan.velocity(in: view)
    if abs(velocity.x) + abs(velocity.y) > 50 { coast(velocity) } else { report() }
  }

  /// Glides the photo 0.16 s of `velocity` (points per second) further, starting at that speed: the
  /// spring's initial velocity is in whole distances per second, so 1 / 0.16.
  private func coast(_ velocity: Point) {
    let end = Point(x: photo.center.x + velocity.x * 0.16, y: photo.center.y + velocity.y * 0.16)
    let animator = PropertyAnimator(duration: 0.6, curve: .spring(dampingRatio: 1, initialVelocity: 1 / 0.16))
    {
      [unowned self] in photo.center = end
    }
    animator.addCompletion { [unowned self] position in if position == .end { report() } }
    glide = animator
    animator.startAnimation()
  }

  private func applyTransform(ended: Bool) {
    photo.transform = AffineTransform(rotationAngle: rotation).scaledBy(x: scale, y: scale)
    if ended { report() }
  }

  private func report() {
    let degrees = (rotation * 180 / .pi).rounded()
    let line = String(
      format: "center=%.0f,%.0f scale=%.2f rotation=%.0f\n", photo.center.x, photo.center.y, scale, degrees)
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}
