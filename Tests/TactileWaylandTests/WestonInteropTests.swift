import CWaylandProtocols
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileWayland

/// Tactile against a real compositor: a private headless weston 10 per test.
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonInteropTests {
  let first: [PremultipliedColor] = [
    Color.red.premultiplied, Color.green.premultiplied, Color.blue.premultiplied,
    Color.white.premultiplied,
  ]
  let second: [PremultipliedColor] = [
    Color(red8: 0x12, green8: 0x34, blue8: 0x56).premultiplied, Color.black.premultiplied,
    Color(red8: 0xFE, green8: 0xCA, blue8: 0x57).premultiplied, Color.red.premultiplied,
  ]

  func expectQuadrants(_ image: Image, _ colors: [PremultipliedColor]) {
    let (w, h) = (image.width, image.height)
    let probes: [(Int, Int, Int)] = [
      (0, 0, 0), (w / 4, h / 4, 0), (w / 2 - 1, h / 2 - 1, 0),
      (w / 2, 0, 1), (w - 1, 0, 1), (3 * w / 4, h / 4, 1),
      (0, h - 1, 2), (w / 4, 3 * h / 4, 2),
      (w - 1, h - 1, 3), (w / 2, h / 2, 3),
    ]
    for (x, y, quadrant) in probes {
      #expect(image[x, y] == colors[quadrant], "pixel (\(x), \(y))")
    }
  }

  @Test func aFullscreenWindowShowsItsPatternAndRedrawsOnlyWhenChanged() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    let window = WaylandWindow(
      display: display,
      options: .init(title: "interop", appID: "dev.tactile.test", fullscreen: true))
    let pattern = Pattern(colors: first)
    window.onDraw = { fillQuadrants($0.pixmap, pattern.colors) }

    // Configure → ack → draw → frame callback.
    #expect(try run(display) { window.framesCommitted == 1 && !window.pacer.waitingForFrame })
    #expect(window.isFullscreen)
    let shot = try screenshot(weston, display)
    #expect(shot.width == window.size?.width && shot.height == window.size?.height)
    expectQuadrants(shot, first)
    #expect(window.framesCommitted == 1, "nothing changed, so nothing was drawn again")

    pattern.colors = second
    window.setNeedsDisplay()
    #expect(try run(display) { window.framesCommitted == 2 && !window.pacer.waitingForFrame })
    expectQuadrants(try screenshot(weston, display), second)
    #expect((window.pool?.count ?? 0) <= 2)
    window.close()
    #expect(try run(display) { true })
  }

  @Test func onAScale2OutputTheWindowDrawsTwiceTheLogicalSizeInPixels() async throws {
    let weston = try await Weston(arguments: ["--scale=2"])
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    let window = WaylandWindow(
      display: display, options: .init(title: "t", appID: "t", fullscreen: true))
    window.onDraw = { fillQuadrants($0.pixmap, first) }
    #expect(window.scale == .integer(2), "the only output's scale, before the surface enters it")
    #expect(try run(display) { window.framesCommitted >= 1 && !window.pacer.waitingForFrame })
    #expect(window.framesCommitted == 1, "the first frame was already drawn at 2×")
    let size = try #require(window.size)
    // Headless weston's --width/--height are logical: the output is 1024×640 units, 2048×1280 pixels.
    #expect(size == .init(width: 1024, height: 640))
    #expect(window.pool?.size == BufferLedger.PixelSize(width: 2048, height: 1280))
    let shot = try screenshot(weston, display)
    #expect(shot.width == 2048 && shot.height == 1280)
    expectQuadrants(shot, first)
  }

  @Test func aMaximizedWindowTakesTheCompositorsSizeOverItsMaximum() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    let window = WaylandWindow(
      display: display,
      options: .init(
        title: "t", appID: "t", maximumSize: Size(width: 300, height: 200), maximized: true))
    window.onDraw = { $0.pixmap.fill(Color.blue.premultiplied) }
    #expect(try run(display) { window.framesCommitted == 1 })
    #expect(window.isMaximized)
    // The 1024×640 output, minus desktop-shell's panel if the shell client has placed it already.
    let size = try #require(window.size)
    #expect(size.width == 1024 && size.height > 300 && size.height <= 640)
  }

  @Test func losingTheCompositorMidRunIsAConnectionLostError() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    let window = WaylandWindow(display: display, options: .init(title: "t", appID: "t"))
    window.onDraw = { $0.pixmap.fill(Color.blue.premultiplied) }
    #expect(try run(display) { window.framesCommitted == 1 })
    weston.kill()
    do {
      _ = try run(display) { false }
      Issue.record("the loop did not notice that the compositor died")
    } catch {
      guard case .connectionLost = error else {
        Issue.record("expected connectionLost, got \(error)")
        return
      }
    }
  }

  @Test func aProtocolErrorIsSurfacedWithInterfaceObjectCodeAndMessage() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    // Provoke an error on purpose: an xdg_positioner may not have a size of 0×0.
    let positioner = xdg_wm_base_create_positioner(display.wmBase)
    let objectID = wl_proxy_get_id(positioner)
    xdg_positioner_set_size(positioner, 0, 0)
    do {
      _ = try run(display) { false }
      Issue.record("the loop did not report the protocol error")
    } catch {
      guard case .protocolError(let interface, let id, let code, let message) = error else {
        Issue.record("expected protocolError, got \(error)")
        return
      }
      #expect(interface == "xdg_positioner")
      #expect(id == objectID)
      #expect(code == XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue)
      #expect(!message.isEmpty && message != "(the compositor sent no message)", "\(message)")
    }
    withExtendedLifetime(display) { xdg_positioner_destroy(positioner) }
  }

  @Test func headlessWestonOffersNoFractionalScaleSoTheWindowUsesIntegerScaleOne() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let display = try WaylandDisplay(environment: weston.environment)
    #expect(display.fractionalScaleManager == nil)
    #expect(display.outputs.count == 1)
    let window = WaylandWindow(display: display, options: .init(title: "t", appID: "t"))
    window.onDraw = { $0.pixmap.fill(Color.green.premultiplied) }
    #expect(try run(display) { window.framesCommitted == 1 && !window.pacer.waitingForFrame })
    #expect(window.scale == .integer(1))
    #expect(window.decorations == .clientSide)
    #expect(!window.showsClientFrame, "a window that draws itself gets no frame")
    #expect(window.size == .init(width: 640, height: 480))
  }
}

@MainActor final class Pattern {
  var colors: [PremultipliedColor]

  init(colors: [PremultipliedColor]) {
    self.colors = colors
  }
}
