import TactileGeometry
import TactileRaster

/// A control that picks a value from a continuous range by dragging, like `UISlider`.
///
/// The value maps linearly to the horizontal position across the bounds: ``minimumValue`` at the left
/// edge, ``maximumValue`` at the right. A touch sets the value at its position when it goes down and as
/// it moves (anywhere on the track, which is simpler than UIKit's thumb hit area); with ``isContinuous``
/// each change sends ``Control/Events/valueChanged`` at once, otherwise one is sent when the touch ends
/// if the value changed. Values are clamped to the range; NaN is ignored. It draws a 4-point track across
/// the middle, blue up to the value and grey after, and a round thumb at the value. Everything it draws
/// stays inside its bounds: the thumb's centre is kept half a thumb from each end, so at the ends of
/// the range the thumb touches the edge instead of hanging over it (which a redraw of the slider's
/// bounds alone would leave behind).
@MainActor
open class Slider: Control {
  /// The lower end of the range. Default 0.
  public var minimumValue: Double = 0 {
    didSet { value = clamped(value) }
  }

  /// The upper end of the range. Default 1.
  public var maximumValue: Double = 1 {
    didSet { value = clamped(value) }
  }

  /// The current value, within the range.
  public var value: Double = 0 {
    didSet {
      if value.isNaN { value = oldValue }
      value = clamped(value)
      guard value != oldValue else { return }
      setNeedsDisplay()
      postAccessibilityEvent(.valueChanged(self))
    }
  }

  /// Whether value changes are sent while dragging (`true`, the default) or once at the end.
  public var isContinuous = true

  private var valueAtTrackingStart: Double = 0

  /// Sets ``value`` (the animation flag is accepted for porting; the change is immediate).
  public func setValue(_ value: Double, animated: Bool) {
    self.value = value
  }

  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    valueAtTrackingStart = value
    return true
  }

  /// Jumps to the touch's position after ``Control/Events/touchDown`` was sent.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    let wasTracking = isTracking
    super.touchesBegan(touches, with: event)
    if !wasTracking, isTracking, let touch = touches.first { follow(touch, with: event) }
  }

  open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    follow(touch, with: event)
    return true
  }

  open override func endTracking(_ touch: Touch?, with event: Event?) {
    if !isContinuous, value != valueAtTrackingStart { sendActions(for: .valueChanged, with: event) }
  }

  open override func draw(in canvas: Canvas) {
    let span = maximumValue - minimumValue
    let fraction = span == 0 ? 0 : (value - minimumValue) / span
    let x = bounds.minX + fraction * bounds.width
    let track = Rect(x: bounds.minX, y: bounds.midY - 2, width: bounds.width, height: 4)
    canvas.fill(RoundedRect(rect: track, cornerRadius: 2), with: .color(Color(white: 0.8)))
    canvas.fill(
      RoundedRect(
        rect: Rect(x: track.minX, y: track.minY, width: x - track.minX, height: 4), cornerRadius: 2),
      with: .color(Color(red: 0, green: 0.48, blue: 1)))
    let diameter = min(bounds.height, 28, bounds.width)
    let thumbX = min(max(x, bounds.minX + diameter / 2), bounds.maxX - diameter / 2)
    canvas.fillEllipse(
      in: Rect(x: thumbX - diameter / 2, y: bounds.midY - diameter / 2, width: diameter, height: diameter),
      with: .color(.white))
  }

  // MARK: Accessibility

  /// The value as a whole percentage of the range ("50%").
  override var defaultAccessibilityValue: String? {
    let span = maximumValue - minimumValue
    let fraction = span == 0 ? 0 : (value - minimumValue) / span
    return "\(Int((fraction * 100).rounded()))%"
  }

  override var defaultAccessibilityTraits: AccessibilityTraits {
    super.defaultAccessibilityTraits.union(.adjustable)
  }

  /// A slider is adjusted, not activated: does nothing and returns `false`.
  open override func accessibilityActivate() -> Bool { false }

  /// Moves the value up by a tenth of the range (clamped), sending ``Control/Events/valueChanged`` when
  /// it changed; nothing while disabled.
  open override func accessibilityIncrement() { step(by: 0.1) }

  /// Moves the value down by a tenth of the range, as ``accessibilityIncrement()`` does up.
  open override func accessibilityDecrement() { step(by: -0.1) }

  private func step(by fraction: Double) {
    guard isEnabled else { return }
    let old = value
    value += fraction * (maximumValue - minimumValue)
    if value != old { sendActions(for: .valueChanged) }
  }

  private func follow(_ touch: Touch, with event: Event?) {
    let x = touch.location(in: self).x
    let fraction = bounds.width > 0 ? (x - bounds.minX) / bounds.width : 0
    let old = value
    value = minimumValue + min(max(fraction, 0), 1) * (maximumValue - minimumValue)
    if isContinuous, value != old { sendActions(for: .valueChanged, with: event) }
  }

  private func clamped(_ value: Double) -> Double {
    let low = min(minimumValue, maximumValue)
    let high = max(minimumValue, maximumValue)
    return min(max(value, low), high)
  }
}
