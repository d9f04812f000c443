import TactileGeometry
import Testing

@testable import TactileWayland

@Suite struct ConfigureSizeTests {
  let preferred = Size(width: 640, height: 480)

  func resolve(
    _ width: Int32, _ height: Int32, minimum: Size? = nil, maximum: Size? = nil,
    constrained: Bool = false
  ) -> ConfigureSize.LogicalSize {
    ConfigureSize.resolve(
      width: width, height: height, preferred: preferred, minimum: minimum, maximum: maximum,
      constrained: constrained)
  }

  @Test func zeroByZeroMeansThePreferredSize() {
    #expect(resolve(0, 0) == .init(width: 640, height: 480))
  }

  @Test func aZeroSideTakesOnlyThatSideFromThePreferredSize() {
    #expect(resolve(800, 0) == .init(width: 800, height: 480))
  }

  @Test func absurdSizesAreClampedToTheMaximumLength() {
    #expect(resolve(100_000, 100_000) == .init(width: 4096, height: 4096))
    #expect(resolve(Int32.max, 5) == .init(width: 4096, height: 5))
  }

  @Test func negativeSizesBecomeOneUnit() {
    #expect(resolve(-20, -1) == .init(width: 1, height: 1))
  }

  @Test func theAppsLimitsApplyToAFloatingWindow() {
    let limited = resolve(
      100, 2000, minimum: Size(width: 200, height: 100), maximum: Size(width: 1000, height: 1000))
    #expect(limited == .init(width: 200, height: 1000))
  }

  @Test func theCompositorsSizeWinsOverTheAppsLimitsWhenFullscreenOrMaximized() {
    let fullscreen = resolve(
      1920, 1080, maximum: Size(width: 1000, height: 1000), constrained: true)
    #expect(fullscreen == .init(width: 1920, height: 1080))
  }

  @Test func nonFinitePreferredSizesDoNotTrap() {
    let size = ConfigureSize.resolve(
      width: 0, height: 0, preferred: Size(width: .nan, height: .infinity), minimum: nil,
      maximum: nil, constrained: false)
    #expect(size == .init(width: 1, height: 1))
  }
}
