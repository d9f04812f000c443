import TactileGeometry
import Testing

@testable import TactileCore

/// The touch gate's state machine (``TouchDelivery``): its table, and that an illegal step stops the
/// program instead of delivering a touch twice or out of order.
@Suite struct TouchDeliveryStateTests {
  @Test func everyStepOutsideTheTableIsIllegal() {
    let legal: Set<String> = [
      "unsent.holdBegan→beganHeld", "unsent.sendBegan→began", "unsent.withhold→withheld",
      "beganHeld.holdEnd→beganAndEndHeld", "beganHeld.sendBegan→began", "beganHeld.withhold→withheld",
      "beganAndEndHeld.sendBegan→endHeld", "beganAndEndHeld.withhold→withheld",
      "began.sendMoved→began", "began.holdEnd→endHeld", "began.sendEnded→ended",
      "began.sendCancelled→cancelled", "endHeld.sendEnded→ended", "endHeld.sendCancelled→cancelled",
    ]
    var found: Set<String> = []
    for state in TouchDelivery.all {
      for step in TouchDelivery.Step.allCases {
        if let next = state.next(after: step) { found.insert("\(state).\(step)→\(next)") }
      }
    }
    #expect(found == legal)
  }

  @Test func aFinalStateTakesNoStep() {
    for state in TouchDelivery.all where state.isFinal {
      #expect(TouchDelivery.Step.allCases.allSatisfy { state.next(after: $0) == nil })
    }
  }

  @Test func onlyAViewThatGotBeganIsOwedAnEnd() {
    #expect(TouchDelivery.all.filter(\.viewGotBegan) == [.began, .endHeld, .ended, .cancelled])
  }

  @Test func anIllegalDeliveryStepStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = TouchDelivery.ended.after(.sendMoved)
    }
  }

  @Test func aSecondTouchesBeganForOneTouchStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let application = Application(scheduler: ManualScheduler())
        let window = Window(frame: .zero, application: application)
        let touch = Touch(
          window: window, view: window, location: .zero, timestamp: 0, type: .direct, tapCount: 1)
        window.touchGate.recordSend([touch], phase: .began)
        window.touchGate.recordSend([touch], phase: .began)
      }
    }
  }
}
