/// A window's gate between touches and their views: it decides, for every planned view delivery, whether
/// the view gets it now, later or never, and it alone changes each touch's ``Touch/delivery``
/// (`TouchDelivery`, whose table lists every legal step).
///
/// The rules (the gesture recognizers' side is on `GestureCoordinator+Delivery.swift`):
/// - `touchesBegan` is held while a recognizer of the touch that ``GestureRecognizer/delaysTouchesBegan``
///   is undecided, and withheld for good when a recognizer refuses to let the view begin it (a scroll
///   view's ``ScrollView/touchesShouldBegin(_:with:in:)``).
/// - `touchesEnded` is held while a recognizer that ``GestureRecognizer/delaysTouchesEnded`` is
///   undecided. When the holding recognizers have failed, what was held is delivered (began, then ended),
///   in the order the touches began.
/// - A recognition with ``GestureRecognizer/cancelsTouchesInView`` cuts the gesture's touches
///   (``cut(_:)``): a view that got `touchesBegan` gets `touchesCancelled`; a touch whose `touchesBegan`
///   was still held or not yet sent is withheld.
/// - A touch the system cancels (its view left the window, the window closed, the platform cancelled
///   every touch) is owed its `touchesCancelled`, delivered as soon as no view is handling a touch.
@MainActor
final class TouchGate {
  unowned let window: Window
  /// Touches with recognizers whose view delivery is not final yet, in the order they were first
  /// planned (the order held deliveries are released in).
  private var tracked: [Touch] = []
  /// Touches cancelled by the system whose `touchesCancelled` (to recognizers and view) is still owed.
  private(set) var owedCancellations: [Touch] = []
  /// Running while a view handles a touch: owed cancellations wait for it.
  let viewDelivery = ReentrancyScope()
  private let releasing = ReentrancyScope()

  init(window: Window) {
    self.window = window
  }

  /// The one place a touch's delivery state changes; an illegal step stops the program at the caller.
  func advance(
    _ touch: Touch, _ step: TouchDelivery.Step, file: StaticString = #fileID, line: UInt = #line
  ) {
    touch.delivery = touch.delivery.after(step, file: file, line: line)
  }

  // MARK: Deciding

  /// Whether the view of `touch` gets it in `phase` now (asked once for every planned delivery of an
  /// event); holds, withholds or, for a final phase, commits the delivery as the rules say.
  func viewReceives(_ touch: Touch, phase: Touch.Phase) -> Bool {
    if touch.hasGestureRecognizers, !touch.delivery.isFinal { tracked.appendIfAbsent(touch) }
    switch (phase, touch.delivery) {
    case (.began, .unsent):
      if holdsBegan(touch) {
        advance(touch, .holdBegan)
        return false
      }
      return admitsBegan(touch)
    case (.moved, .began), (.stationary, .began):
      return true
    case (.ended, .beganHeld):
      advance(touch, .holdEnd)
      return false
    case (.ended, .began):
      advance(touch, holdsEnded(touch) ? .holdEnd : .sendEnded)
      return touch.delivery == .ended
    case (.cancelled, .began):
      advance(touch, .sendCancelled)
      return true
    case (.ended, .unsent), (.cancelled, .unsent), (.cancelled, .beganHeld), (.cancelled, .beganAndEndHeld):
      advance(touch, .withhold)
      return false
    default:
      return false
    }
  }

  /// Whether a delivery planned for `touch` in `phase` is still due when its view's turn comes (a view
  /// handled earlier in the same event may have cut or cancelled it).
  func isDue(_ touch: Touch, phase: Touch.Phase) -> Bool {
    switch phase {
    case .began: touch.delivery == .unsent
    case .moved, .stationary: touch.delivery == .began
    case .ended: touch.delivery == .ended
    case .cancelled: touch.delivery == .cancelled
    }
  }

  /// Records that the view of `touches` receives them in `phase` (called by the one `touches…` call
  /// site, ``Window/send(_:phase:to:with:)``).
  func recordSend(_ touches: Set<Touch>, phase: Touch.Phase) {
    for touch in touches {
      switch phase {
      case .began: advance(touch, .sendBegan)
      case .moved, .stationary: advance(touch, .sendMoved)
      case .ended: precondition(touch.delivery == .ended, "touchesEnded for a touch in \(touch.delivery)")
      case .cancelled:
        precondition(touch.delivery == .cancelled, "touchesCancelled for a touch in \(touch.delivery)")
      }
    }
  }

  /// Whether every recognizer lets the view begin the touch (a scroll view's `touchesShouldBegin`); a
  /// refused touch is withheld.
  private func admitsBegan(_ touch: Touch) -> Bool {
    guard !touch.anyGestureRecognizer({ !$0.allowsViewToBegin(touch) }) else {
      advance(touch, .withhold)
      return false
    }
    return true
  }

  private func holdsBegan(_ touch: Touch) -> Bool {
    touch.anyGestureRecognizer { isUndecided($0, about: touch) && $0.holdsTouchesBegan }
  }

  private func holdsEnded(_ touch: Touch) -> Bool {
    touch.anyGestureRecognizer { isUndecided($0, about: touch) && $0.delaysTouchesEnded }
  }

  private func isUndecided(_ recognizer: GestureRecognizer, about touch: Touch) -> Bool {
    recognizer.isEnabled && recognizer.state == .possible
      && recognizer.sequenceTouches.containsIdentical(touch)
  }

  // MARK: Cutting and releasing

  /// `cancelsTouchesInView`: the views get `touchesCancelled` for those of `touches` they began (grouped
  /// by view, in the order of `touches`); the others are withheld.
  func cut(_ touches: [Touch]) {
    var groups: [(view: View, touches: [Touch])] = []
    for touch in touches {
      switch touch.delivery {
      case .unsent, .beganHeld, .beganAndEndHeld:
        advance(touch, .withhold)
      case .began, .endHeld:
        advance(touch, .sendCancelled)
        guard let view = touch.view else { continue }
        var group = 0
        while group < groups.count, groups[group].view !== view { group += 1 }
        if group < groups.count {
          groups[group].touches.append(touch)
        } else {
          groups.append((view, [touch]))
        }
      case .ended, .cancelled, .withheld:
        continue
      }
    }
    for group in groups { window.deliverToView(group.touches, phase: .cancelled, view: group.view) }
  }

  /// Delivers what is held and no longer needs to be, in the order the touches began. Not re-entered:
  /// a release caused by a released delivery is left to the running one.
  func releaseHolds() {
    releasing.runUnlessActive {
      var index = 0
      while index < tracked.count {
        let touch = tracked[index]
        index += 1
        if touch.delivery == .beganHeld || touch.delivery == .beganAndEndHeld, !holdsBegan(touch) {
          if admitsBegan(touch) {
            if let view = touch.view {
              window.deliverToView([touch], phase: .began, view: view)
            } else {
              advance(touch, .withhold)
            }
          }
        }
        if touch.delivery == .endHeld, !holdsEnded(touch) {
          advance(touch, .sendEnded)
          if let view = touch.view { window.deliverToView([touch], phase: .ended, view: view) }
        }
      }
      index = 0
      while index < tracked.count {
        if tracked[index].delivery.isFinal { tracked.remove(at: index) } else { index += 1 }
      }
    }
  }

  // MARK: System cancellation

  /// Owes `touch`, just cancelled by the system, its `touchesCancelled` when its view got `touchesBegan`
  /// or recognizers receive it (its view's `touchesBegan` may still be held).
  func oweCancellation(of touch: Touch) {
    if touch.delivery.viewGotBegan || !touch.gestureRecognizers.isEmpty { owedCancellations.append(touch) }
  }

  /// Hands over the owed cancellations, unless a view is handling a touch (they wait for it to return).
  func takeOwedCancellations() -> [Touch] {
    guard !viewDelivery.isActive else { return [] }
    defer { owedCancellations = [] }
    return owedCancellations
  }
}
