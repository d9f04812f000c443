import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileTesting
import Testing

/// text-input version 1 over the wire, and weston-editor, which speaks it.
@Suite struct TextInputV1Tests {
  @Test func anActivatedInputGetsTheOnScreenKeyboardsTextWithItsStateSerial() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let seat = client.bindSeat()
    let window = client.makeWindow()
    window.map()
    let manager = client.bind(
      "zwp_text_input_manager_v1", tactile_iface_zwp_text_input_manager_v1(), version: 1)
    let input = client.own(zwp_text_input_manager_v1_create_text_input(manager))
    zwp_text_input_v1_add_listener(input, &WireClient.textInputV1Listener, client.userData)
    client.roundtrip()
    client.events = []
    #expect(compositor.textInputCommit("before") == 0, "not active: nothing sent")
    zwp_text_input_v1_activate(input, seat, window.surface)
    zwp_text_input_v1_commit_state(input, 7)
    client.roundtrip()
    #expect(compositor.textInputV1Surfaces == [compositor.windows[0].id])
    try ScriptRunner(compositor: compositor).run(Script(parsing: "osk preedit hel\nosk commit hello"))
    compositor.textInputDone(deleteBefore: 2, deleteAfter: 1)
    zwp_text_input_v1_deactivate(input, seat)
    client.roundtrip()
    #expect(
      client.events.filter { $0.hasPrefix("text1.") } == [
        "text1.enter", "text1.preedit_cursor 3", "text1.preedit 7 hel", "text1.commit 7 hello",
        "text1.delete -2 3",
        "text1.leave",
      ])
    #expect(compositor.textInputV1Surfaces.isEmpty)
  }

  @Test func westonEditorRunsAndTakesTheOnScreenKeyboardsText() throws {
    let harness = try FakeSeatSession()
    let editor = try harness.launch(["weston-editor"])
    let window = try harness.waitForWindow()
    // The surface has a 32-pixel shadow around its window geometry: 100,100 into it is in the first entry.
    let (x, y) = (window.x! + 132, window.y! + 132)
    try harness.run("wait drawn\nclick \(x) \(y)\nwait drawn")
    try harness.compositor.pump(until: "weston-editor to activate its text input") {
      !harness.compositor.textInputV1Surfaces.isEmpty
    }
    let before = harness.compositor.screenshot()
    try harness.run("osk commit hello\nwait drawn")
    #expect(editor.exitStatus == nil, "still running")
    #expect(harness.compositor.screenshot() != before, "it drew the committed text")
    try harness.run("click \(x) \(y + 100)\nwait drawn")
    #expect(harness.compositor.textInputV1Surfaces.count == 1, "the second entry's input replaced the first")
  }
}
