/// How far the delivery of one ``Touch`` to its view has come: the state machine of the touch gate
/// (`TouchGate`), which alone changes it.
///
/// | from | step | to |
/// |---|---|---|
/// | `unsent` | `holdBegan` | `beganHeld` |
/// | `unsent`, `beganHeld` | `sendBegan` | `began` |
/// | `beganHeld` | `holdEnd` | `beganAndEndHeld` |
/// | `beganAndEndHeld` | `sendBegan` | `endHeld` |
/// | `began` | `sendMoved` | `began` |
/// | `began` | `holdEnd` | `endHeld` |
/// | `began`, `endHeld` | `sendEnded` | `ended` |
/// | `began`, `endHeld` | `sendCancelled` | `cancelled` |
/// | `unsent`, `beganHeld`, `beganAndEndHeld` | `withhold` | `withheld` |
///
/// `ended`, `cancelled` and `withheld` are final. A view that got `touchesBegan` (``began``,
/// ``endHeld``) gets exactly one `touchesEnded` or `touchesCancelled`; a withheld touch gets nothing.
/// Any other step is a bug in the toolkit: ``after(_:file:line:)`` stops the program at the caller.
enum TouchDelivery: Sendable, Hashable {
  /// The view has received nothing yet.
  case unsent
  /// `touchesBegan` is held for a recognizer that delays it (``GestureRecognizer/delaysTouchesBegan``).
  case beganHeld
  /// `touchesBegan` is held and the touch has already lifted: both wait.
  case beganAndEndHeld
  /// The view got `touchesBegan`; `touchesMoved` goes through.
  case began
  /// The view got `touchesBegan`; `touchesEnded` is held for an undecided recognizer
  /// (``GestureRecognizer/delaysTouchesEnded``).
  case endHeld
  /// The view got `touchesEnded`. Final.
  case ended
  /// The view got `touchesCancelled`. Final.
  case cancelled
  /// The view never gets the touch: a recognizer cut it before `touchesBegan`, a scroll view refused
  /// it, the touch ended while nothing had been delivered, or it has no view. Final.
  case withheld

  /// What the gate does with a touch's view delivery.
  enum Step: Sendable, Hashable, CaseIterable {
    /// Holds `touchesBegan`.
    case holdBegan
    /// Holds the end (`touchesEnded`) that arrived.
    case holdEnd
    /// Gives the view `touchesBegan` (now, or released from a hold).
    case sendBegan
    /// Gives the view `touchesMoved`.
    case sendMoved
    /// Gives the view `touchesEnded` (now, or released from a hold).
    case sendEnded
    /// Gives the view `touchesCancelled`.
    case sendCancelled
    /// Decides that the view never sees the touch.
    case withhold
  }

  /// Every state, for tests that walk the whole table.
  static let all: [TouchDelivery] = [
    .unsent, .beganHeld, .beganAndEndHeld, .began, .endHeld, .ended, .cancelled, .withheld,
  ]

  /// The state after `step`, or `nil` when `step` is illegal from this state.
  func next(after step: Step) -> TouchDelivery? {
    switch (self, step) {
    case (.unsent, .holdBegan): .beganHeld
    case (.beganHeld, .holdEnd): .beganAndEndHeld
    case (.began, .holdEnd): .endHeld
    case (.unsent, .sendBegan), (.beganHeld, .sendBegan), (.began, .sendMoved): .began
    case (.beganAndEndHeld, .sendBegan): .endHeld
    case (.began, .sendEnded), (.endHeld, .sendEnded): .ended
    case (.began, .sendCancelled), (.endHeld, .sendCancelled): .cancelled
    case (.unsent, .withhold), (.beganHeld, .withhold), (.beganAndEndHeld, .withhold): .withheld
    default: nil
    }
  }

  /// The state after `step`; an illegal step stops the program, naming the caller's line.
  func after(_ step: Step, file: StaticString = #fileID, line: UInt = #line) -> TouchDelivery {
    guard let next = next(after: step) else {
      preconditionFailure("illegal touch delivery step \(step) from \(self)", file: file, line: line)
    }
    return next
  }

  /// Whether the view got `touchesBegan` (so it gets, or got, exactly one end).
  var viewGotBegan: Bool {
    switch self {
    case .began, .endHeld, .ended, .cancelled: true
    case .unsent, .beganHeld, .beganAndEndHeld, .withheld: false
    }
  }

  /// Whether a delivery is being held.
  var isHeld: Bool { self == .beganHeld || self == .beganAndEndHeld || self == .endHeld }

  /// Whether nothing more goes to the view.
  var isFinal: Bool { self == .ended || self == .cancelled || self == .withheld }
}
