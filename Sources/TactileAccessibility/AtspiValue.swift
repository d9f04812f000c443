import TactileCore

/// AT-SPI2's Value interface for the views that have one: a slider's value in its range, a page
/// control's page (0 to the last), a switch's 0 or 1.
@MainActor
struct AtspiValue {
  let view: Control

  /// The value interface of `view`, or `nil` when it has none.
  init?(_ view: View) {
    guard view is Slider || view is PageControl || view is Switch, let control = view as? Control else {
      return nil
    }
    self.view = control
  }

  var range: ClosedRange<Double> {
    switch view {
    case let slider as Slider:
      min(
        slider.minimumValue, slider.maximumValue)...max(
          slider.minimumValue, slider.maximumValue)
    case let pages as PageControl: 0...Double(max(pages.numberOfPages - 1, 0))
    default: 0...1
    }
  }

  var current: Double {
    switch view {
    case let slider as Slider: slider.value
    case let pages as PageControl: Double(pages.currentPage)
    case let toggle as Switch: toggle.isOn ? 1 : 0
    default: 0
    }
  }

  /// The step of ``/TactileCore/View/accessibilityIncrement()``: a tenth of a slider's range, one page;
  /// 1 for a switch.
  var step: Double {
    view is Slider ? (range.upperBound - range.lowerBound) / 10 : 1
  }

  /// Sets the value as the user would (a switch turns on above one half), sending
  /// ``/TactileCore/Control/Events/valueChanged`` when it changed; nothing while disabled.
  func set(_ number: Double) {
    guard view.isEnabled, number.isFinite, number != current else { return }
    switch view {
    case let slider as Slider: slider.value = number
    case let pages as PageControl: pages.currentPage = Int(number.rounded())
    case let toggle as Switch: toggle.isOn = number >= 0.5
    default: return
    }
    view.sendActions(for: .valueChanged)
  }
}
