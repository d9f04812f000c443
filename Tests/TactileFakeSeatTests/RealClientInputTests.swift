import Foundation
import TactileFakeSeat
import TactileTesting
import Testing

/// Programs nobody here wrote, driven under the fake seat and checked by what they did: a command a
/// terminal ran, the text a GTK 4 entry holds, the wheel steps Qt 6 read, a window GTK 4 moved.
@Suite struct RealClientInputTests {
  /// The centre of the first window, in output pixels.
  func centre(of window: SurfaceInfo) -> (Int32, Int32) {
    (window.x! + window.width / 2, window.y! + window.height / 2)
  }

  /// Waits until a file holds `text` (a terminal's shell writes it some time after the keys arrived).
  func waitForFile(_ path: String, toHold text: String, in harness: FakeSeatSession) throws {
    try harness.compositor.pump(until: "\(path) to hold \(text)", timeoutMilliseconds: 15_000) {
      (try? String(contentsOfFile: path, encoding: .utf8)) == text + "\n"
    }
  }

  /// The `wl_seat` version a client bound, from its `WAYLAND_DEBUG=client` output.
  func boundSeatVersion(in log: String) throws -> Int {
    try #require(log.firstMatch(of: /bind\(\d+, "wl_seat", (\d+),/).map { Int($0.1)! })
  }

  @Test func westonEventdemoReadsTwoWheelNotchesAsTwoDiscreteStepsAndGetsKeysAfterAClick() throws {
    let harness = try FakeSeatSession()
    // stdbuf: eventdemo's printf output is block-buffered into the log file otherwise.
    try harness.launch(
      ["stdbuf", "-oL", "weston-eventdemo", "--log-axis", "--log-key", "--log-button"],
      environment: ["WAYLAND_DEBUG": "client"])
    let (x, y) = centre(of: try harness.waitForWindow())
    try harness.run("wait drawn\nclick \(x) \(y)\nkey a\nscroll 0 2\nwait drawn")
    try harness.compositor.pump(until: "eventdemo's axis log", timeoutMilliseconds: 10_000) {
      harness.log(of: "stdbuf").contains("axis time:")
    }
    let log = harness.log(of: "stdbuf")
    #expect(try boundSeatVersion(in: log) < 8)
    #expect(log.contains("axis discrete axis: 0 value: 2"))
    #expect(log.contains("key key: 30, unicode: 97, state: pressed"))
  }

  @Test func westonTerminalRunsACommandTypedAfterATapOnItsWindow() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["weston-terminal", "--shell=/bin/sh"], environment: ["SHELL": "/bin/sh"])
    let (x, y) = centre(of: try harness.waitForWindow(commits: 2))
    let file = harness.directory + "/weston-terminal.out"
    // No `focus` line: the tap gives the terminal the keyboard focus, as on a desktop.
    try harness.run("wait drawn\ntap \(x) \(y)\ntype echo typed-in-weston-terminal > \(file)\nkey Return")
    try waitForFile(file, toHold: "typed-in-weston-terminal", in: harness)
  }

  @Test func footRunsACommandTypedAfterAClickOnItsWindow() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["foot", "/bin/sh"], environment: ["SHELL": "/bin/sh"])
    let (x, y) = centre(of: try harness.waitForWindow(commits: 1, timeoutMilliseconds: 20_000))
    let file = harness.directory + "/foot.out"
    try harness.run("wait drawn\nclick \(x) \(y)\ntype echo typed-in-foot > \(file)\nkey enter")
    try waitForFile(file, toHold: "typed-in-foot", in: harness)
  }

  /// A GTK 4 entry that prints its text whenever it changes.
  static let entrySource = """
    #include <gtk/gtk.h>
    #include <stdio.h>
    static void changed(GtkEditable *editable, gpointer data) {
      printf("text: %s\\n", gtk_editable_get_text(editable));
      fflush(stdout);
    }
    static void activate(GtkApplication *app, gpointer data) {
      GtkWidget *window = gtk_application_window_new(app);
      gtk_window_set_title(GTK_WINDOW(window), "tactile-gtk-entry");
      gtk_window_set_default_size(GTK_WINDOW(window), 240, 80);
      GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *button = gtk_button_new_with_label("first");
      GtkWidget *entry = gtk_entry_new();
      g_signal_connect(entry, "changed", G_CALLBACK(changed), NULL);
      gtk_box_append(GTK_BOX(box), button);
      gtk_box_append(GTK_BOX(box), entry);
      gtk_widget_set_vexpand(entry, TRUE);
      gtk_window_set_child(GTK_WINDOW(window), box);
      gtk_window_present(GTK_WINDOW(window));
      gtk_widget_grab_focus(button);
    }
    int main(int argc, char **argv) {
      GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
      g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
      return g_application_run(G_APPLICATION(app), argc, argv);
    }
    """

  @Test func aGTK4EntryHoldsTheTextTypedAfterATapOnIt() throws {
    let harness = try FakeSeatSession()
    let (_, window) = try GTKClientTests.start(
      Self.entrySource, named: "gtk-entry", title: "tactile-gtk-entry", in: harness)
    // The lower half of the window is the entry.
    let (x, y) = (window.x! + window.width / 2, window.y! + window.height * 3 / 4)
    try harness.run("wait drawn\ntap \(x) \(y)\nwait drawn\ntype hello gtk\nwait drawn")
    try harness.compositor.pump(until: "the entry's text", timeoutMilliseconds: 10_000) {
      harness.log(of: "gtk-entry").contains("text: hello gtk\n")
    }
  }

  /// A Qt Quick window that logs the wheel's angle delta of each wheel event it gets.
  static let wheelQML = """
    import QtQuick
    Window {
      width: 200; height: 150; visible: true; title: "tactile-qml-wheel"
      MouseArea {
        anchors.fill: parent
        onWheel: (wheel) => console.log("wheel " + wheel.angleDelta.y)
      }
    }
    """

  @Test func qt6ReadsTwoWheelNotchesAsTwoThroughAxisDiscrete() throws {
    let harness = try FakeSeatSession()
    let file = harness.directory + "/wheel.qml"
    try Self.wheelQML.write(toFile: file, atomically: true, encoding: .utf8)
    let qml = "/usr/lib/qt6/bin/qml"
    try harness.launch(
      [qml, file],
      environment: [
        "QT_QPA_PLATFORM": "wayland", "WAYLAND_DEBUG": "client", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1",
      ])
    let (x, y) = centre(of: try harness.waitForWindow(commits: 1, timeoutMilliseconds: 30_000))
    try harness.run("wait drawn\nmove \(x) \(y)\nscroll 0 2\nwait drawn")
    try harness.compositor.pump(until: "Qt's wheel events", timeoutMilliseconds: 10_000) {
      harness.log(of: qml).contains("wheel ")
    }
    try harness.run("wait 200ms\nwait drawn")
    let log = harness.log(of: qml)
    // Qt 6.4 binds wl_seat below version 8, so the notches came as axis_discrete.
    #expect(try boundSeatVersion(in: log) < 8)
    let deltas = log.matches(of: /qml: wheel (-?\d+)/).map { Int($0.1)! }
    #expect(deltas.reduce(0, +) == -240, "\(deltas)")
  }

  /// A Qt Quick text input that logs taps on it, its text as it changes, and a pinch's scale.
  static let appQML = """
    import QtQuick
    Window {
      width: 240; height: 160; visible: true; title: "tactile-qml"
      TextInput {
        anchors.fill: parent
        onTextChanged: console.log("text " + text)
        TapHandler {
          onTapped: (point) => console.log(
            "tapped " + Math.round(point.position.x) + "," + Math.round(point.position.y))
        }
      }
      PinchHandler { target: null; onActiveScaleChanged: console.log("scale " + activeScale.toFixed(2)) }
    }
    """

  @Test func aQt6QuickAppGetsATapWhereItLandsTextTypedAfterItAndATwoFingerPinch() throws {
    let harness = try FakeSeatSession()
    let file = harness.directory + "/app.qml"
    try Self.appQML.write(toFile: file, atomically: true, encoding: .utf8)
    let qml = "/usr/lib/qt6/bin/qml"
    try harness.launch(
      [qml, file], environment: ["QT_QPA_PLATFORM": "wayland", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"])
    let window = try harness.waitForWindow(commits: 1, timeoutMilliseconds: 30_000)
    let (x, y) = (window.x! + 50, window.y! + 40)
    let (cx, cy) = centre(of: window)
    try harness.run(
      "wait drawn\ntap \(x) \(y)\nwait drawn\ntype hi qt\nwait drawn\npinch \(cx) \(cy) 40 120 300ms")
    try harness.compositor.pump(until: "Qt's log of the pinch", timeoutMilliseconds: 10_000) {
      harness.log(of: qml).contains("text hi qt\n") && harness.log(of: qml).contains("scale ")
    }
    try harness.run("wait 200ms\nwait drawn")
    let log = harness.log(of: qml)
    #expect(log.contains("qml: tapped 50,40\n"))
    let scales = log.matches(of: /qml: scale (\d+\.\d+)/).map { Double($0.1)! }
    #expect((scales.last ?? 0) > 1.2, "\(scales)")
  }

  @Test func gtk4MovesItsWindowWhenItsHeaderBarIsDragged() throws {
    var configuration = FakeSeatSession.defaultConfiguration
    configuration.decorationMode = .clientSide
    let harness = try FakeSeatSession(configuration: configuration)
    let (_, window) = try GTKClientTests.start(
      GTKClientTests.source, named: "gtk-probe", title: "tactile-gtk-probe", in: harness)
    try harness.run("wait drawn")
    let compositor = harness.compositor
    // The header bar is the top of the window geometry (placed at 0,0): press on it and drag right.
    let (x, y) = (Double(window.width / 2), 12.0)
    try compositor.pointerMotion(to: .output(x: x, y: y))
    compositor.pointerFrame()
    try compositor.pointerButton(0x110, pressed: true)
    compositor.pointerFrame()
    var step = 0.0
    try compositor.pump(until: "GTK's xdg_toplevel.move", timeoutMilliseconds: 10_000) {
      if step < 40 {
        step += 4
        try compositor.pointerMotion(to: .output(x: x + step, y: y + step / 2))
        compositor.pointerFrame()
      }
      return compositor.requestLog.contains { if case .move = $0.kind { true } else { false } }
    }
    try compositor.pointerMotion(to: .output(x: x + 200, y: y + 100))
    try compositor.pointerButton(0x110, pressed: false)
    compositor.pointerFrame()
    let moved = try #require(compositor.surfaceInfos.first { $0.id == window.id })
    let geometryOrigin = (moved.x! - window.x!, moved.y! - window.y!)
    #expect(geometryOrigin.0 >= 160 && geometryOrigin.0 <= 200, "\(geometryOrigin)")
    #expect(geometryOrigin.1 >= 80 && geometryOrigin.1 <= 100, "\(geometryOrigin)")
  }
}
