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

    init() throws {
      let session = try FakeSeatSession()
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
    try scene.compositor.touchDown(id: 1, at: .output(x: 40, y: 40))
    scene.compositor.touchFrame()
    try scene.app.settle()
    scene.app.scheduler.advance(by: 0.6)
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 40))
    scene.compositor.touchFrame()
    #expect(try scene.serve { scene.compositor.drag != nil })
    let drop = scene.gtkPoint(top: true)
    for step in 0...4 {
      try scene.compositor.touchMotion(id: 1, to: .output(x: drop.x - Double(step), y: drop.y))
      scene.compositor.touchFrame()
      _ = try scene.serve(forAtMost: 0.2) { false }
    }
    #expect(try scene.serve { scene.compositor.drag?.acceptedMimeType != nil }, "GTK accepted a type")
    try scene.compositor.touchUp(id: 1)
    scene.compositor.touchFrame()
    #expect(try scene.serve { scene.session.log(of: "gtk-dnd-peer").contains("dropped") })
    #expect(scene.session.log(of: "gtk-dnd-peer").contains("dropped copy from tactile"))
    #expect(try scene.serve { !scene.source.ends.isEmpty })
    #expect(scene.source.ends == [.copy])
  }

  @Test func textDraggedFromGTK4IsDroppedIntoATactileApp() throws {
    let scene = try Scene()
    let start = scene.gtkPoint(top: false)
    try scene.compositor.pointerMotion(to: .output(x: start.x, y: start.y))
    scene.compositor.pointerFrame()
    try scene.compositor.pointerButton(0x110, pressed: true)
    scene.compositor.pointerFrame()
    _ = try scene.serve(forAtMost: 0.2) { false }
    var x = start.x
    while scene.compositor.drag == nil, x > start.x - 100 {
      x -= 5
      try scene.compositor.pointerMotion(to: .output(x: x, y: start.y))
      scene.compositor.pointerFrame()
      _ = try scene.serve(forAtMost: 0.1) { scene.compositor.drag != nil }
    }
    #expect(scene.compositor.drag?.device == .pointer, "GTK started a drag with its button press")
    for point in [(150.0, 150.0), (100, 150), (101, 151)] {
      try scene.compositor.pointerMotion(to: .output(x: point.0, y: point.1))
      scene.compositor.pointerFrame()
      _ = try scene.serve(forAtMost: 0.2) { false }
    }
    #expect(scene.compositor.drag?.acceptedMimeType != nil, "Tactile accepted a type")
    try scene.compositor.pointerButton(0x110, pressed: false)
    scene.compositor.pointerFrame()
    #expect(try scene.serve { !scene.target.received.isEmpty })
    #expect(scene.target.received == ["from gtk"])
    #expect(scene.target.fromOtherApps == 1)
    #expect(try scene.serve { scene.session.log(of: "gtk-dnd-peer").contains("drag ended") })
  }
}
