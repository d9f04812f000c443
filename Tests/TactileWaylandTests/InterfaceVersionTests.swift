import Testing

@testable import TactileWayland

@Suite struct InterfaceVersionTests {
  let output = InterfaceVersion(name: "wl_output", minimum: 2, implemented: 4)

  @Test func bindsTheAdvertisedVersionWhenItIsBelowTheImplementedOne() throws {
    #expect(try output.bindVersion(advertised: 3) == 3)
  }

  @Test func bindsTheImplementedVersionWhenTheCompositorAdvertisesANewerOne() throws {
    #expect(try output.bindVersion(advertised: 4) == 4)
    #expect(try output.bindVersion(advertised: 9) == 4)
  }

  @Test func refusesAVersionBelowTheMinimumWithTheNamesAndVersions() {
    #expect(throws: WaylandError.unsupportedVersion(name: "wl_output", required: 2, available: 1)) {
      try output.bindVersion(advertised: 1)
    }
  }

  @Test func theCompositorCapNeedsDamageBufferAndStopsAtTheGeneratedHeaders() throws {
    #expect(InterfaceVersion.compositor.minimum == 4)
    #expect(try InterfaceVersion.compositor.bindVersion(advertised: 6) == 5)
    #expect(try InterfaceVersion.wmBase.bindVersion(advertised: 6) == 5)
  }
}
