import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileRaster
import Testing

/// What a client's commit costs the compositor: a commit copies the damage the client declared, not the
/// whole buffer, and what the compositor shows stays exactly what the client drew.
@Suite struct DamageCopyTests {
  /// A 200×100 window mapped in one colour, and the compositor's id for its surface.
  private func mappedWindow(_ compositor: FakeCompositor) throws -> (WireClient, WireWindow, Int) {
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map(width: 200, height: 100, argb: 0xFF10_2030)
    return (client, window, try #require(compositor.windows.first).id)
  }

  private func uniform(_ argb: UInt32, _ count: Int = 200 * 100) -> [UInt32] {
    [UInt32](repeating: argb, count: count)
  }

  /// `pixels` with the rectangle at (`x`, `y`) of `width`×`height` set to `argb` (a 200-wide image).
  private func painting(
    _ pixels: [UInt32], _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ argb: UInt32
  ) -> [UInt32] {
    var painted = pixels
    for row in y..<(y + height) {
      for column in x..<(x + width) { painted[row * 200 + column] = argb }
    }
    return painted
  }

  @Test func aCommitWithSmallDamageCopiesOnlyTheDamagedPixels() throws {
    let compositor = try FakeCompositor()
    let (client, window, id) = try mappedWindow(compositor)
    #expect(compositor.copiedPixelBytes == 200 * 100 * 4)
    let expected = painting(
      [UInt32](repeating: 0xFF10_2030, count: 200 * 100), 10, 20, 30, 5, 0xFFFF_0000)
    wl_surface_attach(window.surface, window.makeBuffer(width: 200, height: 100, pixels: expected), 0, 0)
    wl_surface_damage_buffer(window.surface, 10, 20, 30, 5)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.copiedPixelBytes == 200 * 100 * 4 + 30 * 5 * 4)
    #expect(try compositor.contents(ofSurface: id) == Image(width: 200, height: 100, pixels: expected))
  }

  @Test func surfaceDamageIsCopiedAtTheBufferScale() throws {
    let compositor = try FakeCompositor()
    let (client, window, id) = try mappedWindow(compositor)
    wl_surface_set_buffer_scale(window.surface, 2)
    let expected = painting(
      [UInt32](repeating: 0xFF10_2030, count: 200 * 100), 10, 10, 20, 20, 0xFF00_FF00)
    wl_surface_attach(window.surface, window.makeBuffer(width: 200, height: 100, pixels: expected), 0, 0)
    wl_surface_damage(window.surface, 5, 5, 10, 10)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.copiedPixelBytes == 200 * 100 * 4 + 20 * 20 * 4)
    #expect(try compositor.contents(ofSurface: id) == Image(width: 200, height: 100, pixels: expected))
  }

  @Test func damageBeyondTheBufferIsClippedToIt() throws {
    let compositor = try FakeCompositor()
    let (client, window, _) = try mappedWindow(compositor)
    let buffer = window.makeBuffer(width: 200, height: 100, argb: 0xFFFF_FFFF)
    wl_surface_attach(window.surface, buffer, 0, 0)
    wl_surface_damage_buffer(window.surface, .min, .min, .max, .max)
    wl_surface_damage_buffer(window.surface, 190, 90, .max, .max)
    wl_surface_damage(window.surface, .max, .max, .max, .max)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(client.protocolError == nil)
    #expect(compositor.copiedPixelBytes == 200 * 100 * 4 + 10 * 10 * 4)
  }

  @Test func aCommitWithoutDamageOrWithTooManyRectanglesCopiesTheWholeBuffer() throws {
    let compositor = try FakeCompositor()
    let (client, window, id) = try mappedWindow(compositor)
    wl_surface_attach(window.surface, window.makeBuffer(width: 200, height: 100, argb: 0xFFFF_FFFF), 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.copiedPixelBytes == 2 * 200 * 100 * 4)
    #expect(
      try compositor.contents(ofSurface: id) == Image(width: 200, height: 100, pixels: uniform(0xFFFF_FFFF)))
    wl_surface_attach(window.surface, window.makeBuffer(width: 200, height: 100, argb: 0xFF00_0000), 0, 0)
    for index in 0..<1000 { wl_surface_damage_buffer(window.surface, Int32(index % 200), 0, 1, 1) }
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.copiedPixelBytes == 3 * 200 * 100 * 4)
    #expect(
      try compositor.contents(ofSurface: id) == Image(width: 200, height: 100, pixels: uniform(0xFF00_0000)))
  }

  @Test func aBufferOfAnotherSizeIsCopiedWhole() throws {
    let compositor = try FakeCompositor()
    let (client, window, id) = try mappedWindow(compositor)
    wl_surface_attach(window.surface, window.makeBuffer(width: 50, height: 40, argb: 0xFFFF_FFFF), 0, 0)
    wl_surface_damage_buffer(window.surface, 0, 0, 1, 1)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.copiedPixelBytes == 200 * 100 * 4 + 50 * 40 * 4)
    #expect(
      try compositor.contents(ofSurface: id)
        == Image(width: 50, height: 40, pixels: uniform(0xFFFF_FFFF, 50 * 40)))
  }

  @Test func screenshotsAfterManyDamagedCommitsShowExactlyWhatTheClientDrew() throws {
    let compositor = try FakeCompositor()
    let (client, window, id) = try mappedWindow(compositor)
    var drawn = [UInt32](repeating: 0xFF10_2030, count: 200 * 100)
    for step in 0..<20 {
      // Rectangles spread over the window, overlapping one another.
      let (x, y) = (step * 37 % 190, step * 23 % 90)
      let (width, height) = (1 + step % 10, 1 + step * 7 % 10)
      drawn = painting(drawn, x, y, width, height, 0xFF00_0000 | UInt32(step * 0x0A0B0C))
      wl_surface_attach(window.surface, window.makeBuffer(width: 200, height: 100, pixels: drawn), 0, 0)
      wl_surface_damage_buffer(window.surface, Int32(x), Int32(y), Int32(width), Int32(height))
      wl_surface_commit(window.surface)
      client.roundtrip()
    }
    let image = try Image(width: 200, height: 100, pixels: drawn)
    #expect(try compositor.contents(ofSurface: id) == image)
    let info = try #require(compositor.windows.first)
    let (left, top) = (Int(try #require(info.x)), Int(try #require(info.y)))
    let screenshot = compositor.screenshot()
    let shown = (0..<100).flatMap { y in (0..<200).map { x in screenshot[left + x, top + y].argb } }
    #expect(shown == drawn)
  }
}
