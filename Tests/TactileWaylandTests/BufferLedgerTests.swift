import Testing

@testable import TactileWayland

@Suite struct BufferLedgerTests {
  typealias PixelSize = BufferLedger.PixelSize
  let small = PixelSize(width: 10, height: 10)
  let large = PixelSize(width: 20, height: 10)

  @Test func createsANewBufferWhenNoneIsFree() {
    var ledger = BufferLedger(size: small)
    #expect(ledger.acquire() == .create(0, small))
    ledger.attach(0, frame: 1)
    #expect(ledger.acquire() == .create(1, small))
    #expect(ledger.count == 2)
  }

  @Test func growsInsteadOfWaitingWhileTheCompositorHoldsEveryBuffer() {
    var ledger = BufferLedger(size: small)
    for identifier in 0..<3 {
      #expect(ledger.acquire() == .create(identifier, small))
      ledger.attach(identifier, frame: identifier + 1)
    }
    #expect(ledger.count == 3)
  }

  @Test func reusesAReleasedBufferOfTheCurrentSize() {
    var ledger = BufferLedger(size: small)
    _ = ledger.acquire()
    ledger.attach(0, frame: 1)
    #expect(ledger.release(0) == .recycled)
    #expect(ledger.state(of: 0) == .free)
    #expect(ledger.acquire() == .reuse(0))
  }

  @Test func neverHandsOutABufferTheCompositorHolds() {
    var ledger = BufferLedger(size: small)
    _ = ledger.acquire()
    ledger.attach(0, frame: 1)
    _ = ledger.acquire()
    ledger.attach(1, frame: 2)
    #expect(ledger.release(1) == .recycled)
    #expect(ledger.acquire() == .reuse(1))
    #expect(ledger.state(of: 0) == .attached)
  }

  @Test func eachBufferRemembersTheFrameItLastShowed() {
    var ledger = BufferLedger(size: small)
    _ = ledger.acquire()
    #expect(ledger.frame(of: 0) == nil, "a new buffer showed nothing")
    ledger.attach(0, frame: 1)
    _ = ledger.acquire()
    ledger.attach(1, frame: 2)
    _ = ledger.release(0)
    #expect(ledger.acquire() == .reuse(0))
    #expect(ledger.frame(of: 0) == 1 && ledger.frame(of: 1) == 2)
    ledger.attach(0, frame: 3)
    #expect(ledger.frame(of: 0) == 3)
  }

  @Test func resizeDestroysFreeBuffersOfTheOldSizeAtOnce() {
    var ledger = BufferLedger(size: small)
    _ = ledger.acquire()
    #expect(ledger.resize(to: large) == [0])
    #expect(ledger.count == 0)
    #expect(ledger.acquire() == .create(1, large))
  }

  @Test func resizeRetiresAttachedBuffersOfTheOldSizeWhenReleased() {
    var ledger = BufferLedger(size: small)
    _ = ledger.acquire()
    ledger.attach(0, frame: 1)
    #expect(ledger.resize(to: large) == [])
    #expect(ledger.release(0) == .retired)
    #expect(ledger.state(of: 0) == nil)
    #expect(ledger.acquire() == .create(1, large))
  }

  @Test func releasingABufferTheCompositorDoesNotHoldTraps() async {
    await #expect(processExitsWith: .failure) {
      var ledger = BufferLedger(size: BufferLedger.PixelSize(width: 1, height: 1))
      _ = ledger.acquire()
      _ = ledger.release(0)
    }
  }
}
