import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import Testing

/// `wp_presentation` over the wire: each content update is presented at the next tick of the virtual
/// refresh (or at once), or discarded.
@Suite struct PresentationFeedbackTests {
  /// A compositor on a manual clock at 1,000 ms with a 50 Hz virtual refresh (ticks every 20 ms), and a
  /// mapped window whose client bound `wl_output` and `wp_presentation`.
  private func rig(_ timing: PresentationTiming = .refresh(millihertz: 50_000)) throws -> (
    FakeCompositor, WireClient, WireWindow, OpaquePointer
  ) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    configuration.presentation = timing
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    _ = client.bind("wl_output", tactile_iface_wl_output(), version: 4)
    let presentation = client.bind("wp_presentation", tactile_iface_wp_presentation(), version: 1)
    wp_presentation_add_listener(presentation, &WireClient.presentationListener, client.userData)
    let window = client.makeWindow()
    window.map()
    client.events = []
    return (compositor, client, window, presentation)
  }

  /// Asks for feedback on the window's next commit, then commits a new buffer.
  private func commitWithFeedback(_ client: WireClient, _ window: WireWindow, _ presentation: OpaquePointer) {
    let feedback = wp_presentation_feedback(presentation, window.surface)
    wp_presentation_feedback_add_listener(feedback, &WireClient.feedbackListener, client.userData)
    wl_surface_attach(window.surface, window.makeBuffer(width: 100, height: 80, argb: 0xFF00_FF00), 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
  }

  @Test func theClockIsAnnouncedOnBind() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let presentation = client.bind("wp_presentation", tactile_iface_wp_presentation(), version: 1)
    wp_presentation_add_listener(presentation, &WireClient.presentationListener, client.userData)
    client.roundtrip()
    #expect(client.events == ["presentation.clock_id \(CLOCK_MONOTONIC)"])
  }

  @Test func aCommitIsPresentedAtTheNextTickOfTheVirtualRefresh() throws {
    let (compositor, client, window, presentation) = try rig()
    compositor.advanceClock(milliseconds: 5)
    commitWithFeedback(client, window, presentation)
    #expect(client.events.isEmpty, "not shown before the tick at 1,020 ms")
    compositor.advanceClock(milliseconds: 10)
    client.roundtrip()
    #expect(client.events.isEmpty)
    compositor.advanceClock(milliseconds: 10)
    client.roundtrip()
    #expect(
      client.events == [
        "feedback.sync_output", "feedback.presented 1020000000 refresh 20000000 seq 51 flags 1",
      ])
    #expect(compositor.pendingPresentationFeedbackCount == 0)
  }

  @Test func aNewBufferBeforeTheTickDiscardsTheEarlierUpdate() throws {
    let (compositor, client, window, presentation) = try rig()
    compositor.advanceClock(milliseconds: 5)
    commitWithFeedback(client, window, presentation)
    commitWithFeedback(client, window, presentation)
    #expect(client.events == ["feedback.discarded"])
    compositor.advanceClock(milliseconds: 15)
    client.roundtrip()
    #expect(client.events.last == "feedback.presented 1020000000 refresh 20000000 seq 51 flags 1")
  }

  @Test func immediatePresentationAnswersWhileTheCommitIsHandled() throws {
    let (compositor, client, window, presentation) = try rig(.immediate)
    compositor.advanceClock(milliseconds: 7)
    commitWithFeedback(client, window, presentation)
    #expect(
      client.events == ["feedback.sync_output", "feedback.presented 1007000000 refresh 0 seq 0 flags 0"])
  }

  @Test func feedbackOfASurfaceDestroyedBeforeItsCommitIsDiscarded() throws {
    let (compositor, client, window, presentation) = try rig()
    let feedback = wp_presentation_feedback(presentation, window.surface)
    wp_presentation_feedback_add_listener(feedback, &WireClient.feedbackListener, client.userData)
    client.destroy(window.toplevel, with: xdg_toplevel_destroy)
    client.destroy(window.xdgSurface, with: xdg_surface_destroy)
    client.destroy(window.surface, with: wl_surface_destroy)
    client.roundtrip()
    client.roundtrip()
    #expect(client.events == ["feedback.discarded"])
    #expect(compositor.pendingPresentationFeedbackCount == 0)
  }

  @Test func anUnmappedSurfaceDiscardsItsUpdateAtTheTick() throws {
    let (compositor, client, window, presentation) = try rig()
    let feedback = wp_presentation_feedback(presentation, window.surface)
    wp_presentation_feedback_add_listener(feedback, &WireClient.feedbackListener, client.userData)
    wl_surface_attach(window.surface, nil, 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
    compositor.advanceClock(milliseconds: 20)
    client.roundtrip()
    #expect(client.events == ["feedback.discarded"])
  }

  @Test func theOutputModeAnnouncesTheVirtualRefreshRate() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.presentation = .refresh(millihertz: 144_000)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    let output = client.bind("wl_output", tactile_iface_wl_output(), version: 4)
    wl_output_add_listener(output, &WireClient.outputRefreshListener, client.userData)
    client.roundtrip()
    #expect(client.events == ["output.refresh 144000"])
  }
}
