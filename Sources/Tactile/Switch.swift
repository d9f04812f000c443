/// An on/off control, like `UISwitch`: a tap (touch up inside) toggles ``isOn`` and sends
/// ``Control/Events/valueChanged`` then ``Control/Events/primaryActionTriggered``. Setting ``isOn`` in
/// code sends nothing, as in UIKit.
@MainActor
open class Switch: Control {
  /// Whether the switch is on.
  public var isOn = false {
    didSet { if isOn != oldValue { setNeedsDisplay() } }
  }

  /// Sets ``isOn`` (the animation flag is accepted for porting; the change is immediate).
  public func setOn(_ on: Bool, animated: Bool) {
    isOn = on
  }

  open override func touchUpInsideDidHappen(with event: Event?) {
    isOn.toggle()
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }
}
