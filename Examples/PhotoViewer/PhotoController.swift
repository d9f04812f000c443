import Foundation
import Tactile

/// One photo that can be panned, pinched and rotated at the same time, zoomed by a double tap (1× ↔ 2×),
/// and that keeps gliding after a fling (inertia, slowed 10 % per 16 ms frame).
///
/// After each gesture ends (and when a glide stops) it prints
/// `center=X,Y scale=S rotation=DEG`, which the tests read.
@MainActor final class PhotoController: ViewController, GestureRecognizerDelegate {
  let photo = PhotoView(frame: Rect(x: 200, y: 150, width: 240, height: 180))
  private var scale = 1.0
  private var rotation = 0.0
  private var glide: TimerToken?
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
      scale *= pinch.scale
      pinch.scale = 1
      applyTransform(ended: pinch.state == .ended)
    }
    rotate.addAction { [unowned self] _ in
      rotation += rotate.rotation
      rotate.rotation = 0
      applyTransform(ended: rotate.state == .ended)
    }
    // Step 2: a double tap toggles the zoom between 1× and 2×.
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    doubleTap.addAction { [unowned self] _ in
      scale = scale < 1.5 ? 2 : 1
      applyTransform(ended: true)
    }
    view.addGestureRecognizer(doubleTap)
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }

  // Step 3: panning moves the photo; a release with speed starts a glide.
  private func panned(_ pan: PanGestureRecognizer) {
    if pan.state == .began {
      glide?.cancel()
      panStart = photo.center
    }
    let moved = pan.translation(in: view)
    photo.center = Point(x: panStart.x + moved.x, y: panStart.y + moved.y)
    guard pan.state == .ended else { return }
    let velocity = pan.velocity(in: view)
    if abs(velocity.x) + abs(velocity.y) > 50 { coast(velocity) } else { report() }
  }

  /// Moves the photo by `velocity` (points per second) for one 16 ms frame, then slows it down.
  private func coast(_ velocity: Point) {
    guard abs(velocity.x) + abs(velocity.y) > 20 else {
      glide = nil
      return report()
    }
    photo.center = Point(x: photo.center.x + velocity.x * 0.016, y: photo.center.y + velocity.y * 0.016)
    glide = view.window?.application.scheduler.schedule(after: 0.016) { [unowned self] in
      coast(Point(x: velocity.x * 0.9, y: velocity.y * 0.9))
    }
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
