import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// xdg-output over the wire: the logical geometry, name and description, ended by the right `done` for
/// the object's version.
@Suite struct XdgOutputTests {
  private func describe(version: UInt32, outputScale: Int32 = 2) throws -> (FakeCompositor, WireClient) {
    var configuration = FakeCompositor.Configuration()
    configuration.outputScale = outputScale
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    let output = client.bind("wl_output", tactile_iface_wl_output(), version: 4)
    wl_output_add_listener(output, &WireClient.outputListener, client.userData)
    client.roundtrip()
    client.events = []
    let manager = client.bind(
      "zxdg_output_manager_v1", tactile_iface_zxdg_output_manager_v1(), version: version)
    let xdgOutput = client.own(zxdg_output_manager_v1_get_xdg_output(manager, output))
    zxdg_output_v1_add_listener(xdgOutput, &WireClient.xdgOutputListener, client.userData)
    client.roundtrip()
    return (compositor, client)
  }

  @Test func versionThreeEndsTheDescriptionWithTheOutputsDone() throws {
    let (compositor, client) = try describe(version: 3)
    #expect(
      client.events == [
        "xdg_output.logical_position 0,0", "xdg_output.logical_size 400x300", "xdg_output.name FAKE-1",
        "xdg_output.description Tactile fake headless output", "output.done",
      ])
    client.events = []
    compositor.setOutputScale(1)
    client.roundtrip()
    #expect(client.events.contains("xdg_output.logical_size 800x600"))
    #expect(client.events.last == "output.done")
    #expect(!client.events.contains("xdg_output.done"))
  }

  @Test func versionOneGetsTheGeometryAndItsOwnDone() throws {
    let (_, client) = try describe(version: 1, outputScale: 1)
    #expect(
      client.events == [
        "xdg_output.logical_position 0,0", "xdg_output.logical_size 800x600", "xdg_output.done",
      ])
  }

  @Test func versionTwoAddsTheNameAndDescription() throws {
    let (_, client) = try describe(version: 2, outputScale: 1)
    #expect(
      client.events == [
        "xdg_output.logical_position 0,0", "xdg_output.logical_size 800x600", "xdg_output.name FAKE-1",
        "xdg_output.description Tactile fake headless output", "xdg_output.done",
      ])
  }
}
