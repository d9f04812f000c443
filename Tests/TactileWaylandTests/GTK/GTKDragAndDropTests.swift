import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Drag and drop between a Tactile app and a real GTK 4 app on the fake seat, both ways.
@MainActor @Suite struct GTKDragAndDropTests {
  /// A 200×160 GTK 4 window whose top half takes dropped text (`GtkDropTarget`, copy or move) and
  /// prints `dropped <action> <text>`, and whose bottom half drags the text `from gtk`
  /// (`GtkDragSource`) and prints `drag ended <action>` when its drag is over.
  static let peer = """
    #include <gtk/gtk.h>
    #include <stdio.h>

    static gboolean dropped(GtkDropTarget *target, const GValue *value, double x, double y, gpointer data) {
      GdkDrop *drop = gtk_drop_target_get_current_drop(target);
      GdkDragAction action = drop ? gdk_drop_get_actions(drop) : 0;
      printf("dropped %s %s\\n", action & GDK_ACTION_MOVE ? "move" : "copy", g_value_get_string(value));
      fflush(stdout);
      return TRUE;
    }

    static GdkContentProvider *prepare(GtkDragSource *source, double x, double y, gpointer data) {
      return gdk_content_provider_new_typed(G_TYPE_STRING, "from gtk");
    }

    static void drag_end(GtkDragSource *source, GdkDrag *drag, gboolean delete_data, gpointer data) {
      printf("drag ended %s\\n", delete_data ? "move" : "copy");
      fflush(stdout);
    }

    static void activate(GtkApplication *app, gpointer data) {
      GtkWidget *window = gtk_application_window_new(app);
      gtk_window_set_title(GTK_WINDOW(window), "tactile-gtk-dnd");
      gtk_window_set_default_size(GTK_WINDOW(window), 200, 160);
      GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
      gtk_box_set_homogeneous(GTK_BOX(box), TRUE);
      GtkWidget *drop_here = gtk_label_new("drop here");
      gtk_widget_set_vexpand(drop_here, TRUE);
      GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
      g_signal_connect(target, "drop", G_CALLBACK(dropped), NULL);
      gtk_widget_add_controller(drop_here, GTK_EVENT_CONTROLLER(target));
      GtkWidget *drag_me = gtk_label_new("drag me");
      gtk_widget_set_vexpand(drag_me, TRUE);
      GtkDragSource *source = gtk_drag_source_new();
      gtk_drag_source_set_actions(source, GDK_ACTION_COPY);
      g_signal_connect(source, "prepare", G_CALLBACK(prepare), NULL);
      g_signal_connect(source, "drag-end", G_CALLBACK(drag_end), NULL);
      gtk_widget_add_controller(drag_me, GTK_EVENT_CONTROLLER(source));
      gtk_box_append(GTK_BOX(box), drop_here);
      gtk_box_append(GTK_BOX(box), drag_me);
      gtk_window_set_child(GTK_WINDOW(window), box);
      gtk_window_present(GTK_WINDOW(window));
    }

    int main(int argc, char **argv) {
      GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
      g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
      return g_application_run(G_APPLICATION(app), argc, argv);
    }
    """

  /// Gives one text item; logs how its drags ended.
  @MainActor final class Source: DragInteractionDelegate {
    var ends: [DropOperation] = []
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]
    {
      [DragItem(itemProvider: ItemProvider(text: "from tactile"))]
    }
    func dragInteraction(
      _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
    ) {
      ends.append(operation)
    }
  }

  /// Copies dropped text, keeping what it read.
  @MainActor final class Target: DropInteractionDelegate {
    var received: [String] = []
    var fromOtherApps = 0
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession)
      -> DropProposal
    {
      DropProposal(operation: .copy)
    }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
      if session.localDragSession == nil { fromOtherApps += 1 }
      for item in session.items {
        item.itemProvider.loadText { [self] in if case .success(let text) = $0 { received.append(text) } }
      }
    }
  }

  /// The fake seat with the GTK peer at 300,0 and a Tactile app at 0,0 whose view at 20,20 (60×40)
  /// drags text and whose lower half takes drops.
  @MainActor struct Scene {
    let session: FakeSeatSession
    let gtk: ClientProcess
    let gtkWindow: SurfaceInfo
    let app: SeatHarness
    let source = Source()
    let target = Target()

    /// - Parameter manualClock: Whether the compositor's event clock is manual (moved with the app's
    ///   scheduler by ``advance(by:)``), so that a session recording holds the pauses the test made.
    /// - Throws: A fake-seat, file or Wayland error when the peer cannot be built or a window not shown.
    init(manualClock: Bool = false) throws {
      var configuration = FakeSeatSession.defaultConfiguration
      if manualClock { configuration.clock = .manual(start: 10_000) }
      let session = try FakeSeatSession(configuration: configuration)
      self.session = session
      let program = session.directory + "/gtk-dnd-peer"
      try GTKDragAndDropTests.peer.write(toFile: program + ".c", atomically: true, encoding: .utf8)
      let build = try session.launch([
        "sh", "-c", "cc -o '\(program)' '\(program).c' $(pkg-config --cflags --libs gtk4)",
      ])
      try session.compositor.pump(until: "the GTK peer to compile", timeoutMilliseconds: 120_000) {
        build.exitStatus != nil
      }
      try #require(build.exitStatus == 0, "cc failed: \(session.log(of: "sh"))")
      let gtk = try session.launch(
        [program], environment: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1"])
      self.gtk = gtk
      try session.compositor.pump(until: "the GTK window", timeoutMilliseconds: 30_000) {
        session.compositor.windows.contains { $0.title == "tactile-gtk-dnd" && $0.commitCount >= 2 }
      }
      let gtkID = try #require(session.compositor.windows.first { $0.title == "tactile-gtk-dnd" }?.id)
      try session.compositor.moveWindow(gtkID, x: 300, y: 0)
      gtkWindow = try #require(session.compositor.windows.first { $0.id == gtkID })
      let app = try SeatHarness(size: Size(width: 200, height: 200), sharedCompositor: session.compositor)
      self.app = app
      try session.compositor.moveWindow(try app.surfaceID, x: 0, y: 0)
      let dragged = View(frame: Rect(x: 20, y: 20, width: 60, height: 40))
      dragged.backgroundColor = .red
      dragged.dragInteraction = DragInteraction(delegate: source)
      let dropArea = View(frame: Rect(x: 0, y: 100, width: 200, height: 100))
      dropArea.dropInteraction = DropInteraction(delegate: target)
      app.window.addSubview(dragged)
      app.window.addSubview(dropArea)
      try app.settle()
    }

    var compositor: FakeCompositor { session.compositor }

    /// The output point of GTK's top (drop) or bottom (drag) half; its surface includes the shadow
    /// GTK draws around its window, so the halves are found from the middle of the surface.
    func gtkPoint(top: Bool) -> (x: Double, y: Double) {
      let x = Double(gtkWindow.x!) + Double(gtkWindow.width) / 2
      let middle = Double(gtkWindow.y!) + Double(gtkWindow.height) / 2
      return (x, middle + (top ? -30 : 40))
    }

    /// Drags the app's text into GTK's top half with a finger held 0.6 s (on the app's scheduler, and
    /// on the compositor's clock when it is manual), expecting GTK to accept it before the finger lifts.
    func dragTactileTextIntoGTK() throws {
      try compositor.touchDown(id: 1, at: .output(x: 40, y: 40))
      compositor.touchFrame()
      try app.settle()
      app.scheduler.advance(by: 0.6)
      compositor.advanceClock(milliseconds: 600)
      try compositor.touchMotion(id: 1, to: .output(x: 250, y: 40))
      compositor.touchFrame()
      #expect(try serve { compositor.drag != nil })
      let drop = gtkPoint(top: true)
      for step in 0...4 {
        try compositor.touchMotion(id: 1, to: .output(x: drop.x - Double(step), y: drop.y))
        compositor.touchFrame()
        _ = try serve(forAtMost: 0.2) { false }
      }
      #expect(try serve { compositor.drag?.acceptedMimeType != nil }, "GTK accepted a type")
      try compositor.touchUp(id: 1)
      compositor.touchFrame()
    }

    /// Drags GTK's text with the pointer (press, then moves until GTK starts its drag) into the app's
    /// lower half, expecting the app to accept it before the button is released.
    func dragGTKTextIntoTactile() throws {
      let start = gtkPoint(top: false)
      try compositor.pointerMotion(to: .output(x: start.x, y: start.y))
      compositor.pointerFrame()
      try compositor.pointerButton(0x110, pressed: true)
      compositor.pointerFrame()
      _ = try serve(forAtMost: 0.2) { false }
      var x = start.x
      while compositor.drag == nil, x > start.x - 100 {
        x -= 5
        try compositor.pointerMotion(to: .output(x: x, y: start.y))
        compositor.pointerFrame()
        _ = try serve(forAtMost: 0.1) { compositor.drag != nil }
      }
      #expect(compositor.drag?.device == .pointer, "GTK started a drag with its button press")
      for point in [(150.0, 150.0), (100, 150), (101, 151)] {
        try compositor.pointerMotion(to: .output(x: point.0, y: point.1))
        compositor.pointerFrame()
        _ = try serve(forAtMost: 0.2) { false }
      }
      #expect(compositor.drag?.acceptedMimeType != nil, "Tactile accepted a type")
      try compositor.pointerButton(0x110, pressed: false)
      compositor.pointerFrame()
    }

    /// Whether GTK printed that it took the app's text, and the app heard the drag end as a copy.
    func tactileTextWasDroppedIntoGTK() throws -> Bool {
      try serve { session.log(of: "gtk-dnd-peer").contains("dropped") && !source.ends.isEmpty }
        && session.log(of: "gtk-dnd-peer").contains("dropped copy from tactile") && source.ends == [.copy]
    }

    /// Whether the app took GTK's text, once, from another app, and GTK heard its drag end.
    func gtkTextWasDroppedIntoTactile() throws -> Bool {
      try serve { !target.received.isEmpty && session.log(of: "gtk-dnd-peer").contains("drag ended") }
        && target.received == ["from gtk"] && target.fromOtherApps == 1
    }

    /// Runs recorded session lines as a script: each `wait` moves the app's scheduler with the
    /// compositor's clock, and both clients are served for a moment after every line, as the recording
    /// test served them between its steps.
    func replay(_ lines: [String]) throws {
      for line in try Script(parsing: lines.joined(separator: "\n")).lines {
        if case .wait(let milliseconds) = line.command {
          app.scheduler.advance(by: Double(milliseconds) / 1000)
        }
        try session.runner.execute(line.command)
        _ = try serve(forAtMost: 0.1) { false }
      }
    }

    /// Serves both clients (the Tactile app's loop and the compositor, which GTK talks to) until
    /// `done`, for at most `seconds` of real time: GTK is another process.
    func serve(forAtMost seconds: Double = 20, until done: () -> Bool) throws -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while !done(), Date() < deadline {
        try app.sync()
        compositor.pump(forMilliseconds: 10)
      }
      return done()
    }
  }

  @Test func textDraggedFromATactileAppIsDroppedIntoGTK4() throws {
    let scene = try Scene()
    try scene.dragTactileTextIntoGTK()
    #expect(try scene.tactileTextWasDroppedIntoGTK())
  }

  @Test func textDraggedFromGTK4IsDroppedIntoATactileApp() throws {
    let scene = try Scene()
    try scene.dragGTKTextIntoTactile()
    #expect(try scene.gtkTextWasDroppedIntoTactile())
  }

  /// Runs `drag` in a scene on a manual clock while the seat records the session.
  static func recordedSession(of drag: (Scene) throws -> Void, until dropped: (Scene) throws -> Bool) throws
    -> [String]
  {
    let scene = try Scene(manualClock: true)
    var lines: [String] = []
    scene.compositor.startRecordingSession { lines.append($0) }
    try drag(scene)
    #expect(try dropped(scene), "the recorded drag dropped")
    #expect(!lines.contains { $0.hasPrefix("#") }, "nothing was left out")
    return lines
  }

  @Test func aTouchDragFromATactileAppIntoGTK4RecordedAtTheSeatReplaysToTheSameDrop() throws {
    let lines = try Self.recordedSession(
      of: { try $0.dragTactileTextIntoGTK() }, until: { try $0.tactileTextWasDroppedIntoGTK() })
    #expect(lines.contains("wait 600ms"), "the long press's pause is in the recording")
    #expect(lines.filter { $0.hasPrefix("touch move 1") }.count == 6, "the drag's whole course over GTK")
    let scene = try Scene(manualClock: true)
    try scene.replay(lines)
    #expect(try scene.tactileTextWasDroppedIntoGTK())
  }

  @Test func aPointerDragFromGTK4IntoATactileAppRecordedAtTheSeatReplaysToTheSameDrop() throws {
    let lines = try Self.recordedSession(
      of: { try $0.dragGTKTextIntoTactile() }, until: { try $0.gtkTextWasDroppedIntoTactile() })
    #expect(lines.contains("pointer motion 101 151"), "the drag's course over the Tactile app")
    let scene = try Scene(manualClock: true)
    try scene.replay(lines)
    #expect(try scene.gtkTextWasDroppedIntoTactile())
  }
}
