import Testing

@testable import TactileWayland

@Suite struct BufferStateTests {
  @Test func followsFreeAttachedReleasedFree() {
    var state = BufferState.free
    state.apply(.attach, buffer: 0)
    #expect(state == .attached)
    state.apply(.release, buffer: 0)
    #expect(state == .released)
    state.apply(.recycle, buffer: 0)
    #expect(state == .free)
  }

  @Test func allowsNoOtherTransition() {
    let all: [BufferState] = [.free, .attached, .released]
    let events: [BufferState.Event] = [.attach, .release, .recycle]
    let allowed: Set<String> = ["free-attach", "attached-release", "released-recycle"]
    for state in all {
      for event in events {
        let possible = state.next(on: event) != nil
        #expect(possible == allowed.contains("\(state)-\(event)"), "\(state) on \(event)")
      }
    }
  }

  @Test func attachingABufferTheCompositorHoldsTraps() async {
    await #expect(processExitsWith: .failure) {
      var state = BufferState.attached
      state.apply(.attach, buffer: 7)
    }
  }
}
