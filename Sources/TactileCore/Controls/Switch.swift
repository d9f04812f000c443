import TactileGeometry
import TactileRaster

/// An on/off control, like `UISwitch`: a tap (touch up inside) toggles ``isOn`` and sends
/// ``Control/Events/valueChanged`` then ``Control/Events/primaryActionTriggered``. Setting ``isOn`` in
/// code sends nothing, as in UIKit. It draws a rounded track (green when on, grey when off) with a white
/// round thumb at the right (on) or left (off) end.
@MainActor
open class Switch: Control {
  /// Whether the switch is on.
  public var isOn = false {
    didSet {
      guard isOn != oldValue else { return }
      setNeedsDisplay()
      postAccessibilityEvent(.valueChanged(self))
    }
  }

  /// Sets ``isOn`` (the animation flag is accepted for porting; the change is immediate).
  public func setOn(_ on: Bool, animated: Bool) {
    isOn = on
  }

  /// UISwitch's size: 51 × 31 points.
  open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }

  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  open override func draw(in canvas: Canvas) {
    let track = bounds
    let on = Color(red: 0.2, green: 0.78, blue: 0.35)
    canvas.fill(
      RoundedRect(rect: track, cornerRadius: track.height / 2),
      with: .color(isOn ? on : Color(white: 0.85)))
    let diameter = max(0, track.height - 4)
    let x = isOn ? track.maxX - 2 - diameter : track.minX + 2
    canvas.fillEllipse(
      in: Rect(x: x, y: track.minY + 2, width: diameter, height: diameter), with: .color(.white))
  }

  /// UIKit's value for a switch: "1" when on, "0" when off.
  override var defaultAccessibilityValue: String? { isOn ? "1" : "0" }

  override var defaultAccessibilityTraits: AccessibilityTraits {
    super.defaultAccessibilityTraits.union([.button, .toggleButton])
  }

  open override func touchUpInsideDidHappen(with event: Event?) {
    isOn.toggle()
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }
}
