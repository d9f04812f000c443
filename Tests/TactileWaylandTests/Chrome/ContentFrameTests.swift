import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileWayland

/// ``HostedWindow/contentFrame``: where the app's content lies on the surface, which the interop
/// scenario reports as its `inset` line.
@MainActor @Suite struct ContentFrameTests {
  @Test func theContentFrameIsTheSurfaceMinusTheClientSideFrame() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.decorationMode = .unsupported
    let app = try SeatHarness(configuration: configuration, size: Size(width: 344, height: 180))
    #expect(app.host.contentFrame == Rect(x: 8, y: 52, width: 344, height: 180))
  }

  @Test func withoutAClientSideFrameTheContentFrameIsTheWholeSurface() throws {
    let app = try SeatHarness(size: Size(width: 360, height: 240))
    #expect(app.host.contentFrame == Rect(x: 0, y: 0, width: 360, height: 240))
  }
}
