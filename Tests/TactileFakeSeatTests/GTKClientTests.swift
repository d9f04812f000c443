import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// A GTK 4 window (a tiny C program built against libgtk-4-dev in the test) maps and gets a click.
@Suite struct GTKClientTests {
  static let source = """
    #include <gtk/gtk.h>
    #include <stdio.h>
    #include <stdlib.h>
    static void clicked(GtkButton *button, gpointer data) {
      printf("clicked\\n");
      fflush(stdout);
      exit(7);
    }
    static void activate(GtkApplication *app, gpointer data) {
      GtkWidget *window = gtk_application_window_new(app);
      gtk_window_set_title(GTK_WINDOW(window), "tactile-gtk-probe");
      gtk_window_set_default_size(GTK_WINDOW(window), 200, 120);
      GtkWidget *button = gtk_button_new_with_label("Press");
      g_signal_connect(button, "clicked", G_CALLBACK(clicked), NULL);
      gtk_window_set_child(GTK_WINDOW(window), button);
      gtk_window_present(GTK_WINDOW(window));
    }
    int main(int argc, char **argv) {
      GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
      g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
      return g_application_run(G_APPLICATION(app), argc, argv);
    }
    """

  /// A drawing area that is red, and blue from the first click on: GTK draws the change at its next
  /// frame callback, after it has answered any ping.
  static let paintSource = """
    #include <gtk/gtk.h>
    static int clicks;
    static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
      if (clicks) cairo_set_source_rgb(cr, 0, 0, 1); else cairo_set_source_rgb(cr, 1, 0, 0);
      cairo_paint(cr);
    }
    static void pressed(GtkGestureClick *gesture, int n, double x, double y, gpointer area) {
      clicks++;
      gtk_widget_queue_draw(GTK_WIDGET(area));
    }
    static void activate(GtkApplication *app, gpointer data) {
      GtkWidget *window = gtk_application_window_new(app);
      gtk_window_set_title(GTK_WINDOW(window), "tactile-gtk-paint");
      gtk_window_set_default_size(GTK_WINDOW(window), 200, 120);
      GtkWidget *area = gtk_drawing_area_new();
      gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
      GtkGesture *click = gtk_gesture_click_new();
      g_signal_connect(click, "pressed", G_CALLBACK(pressed), area);
      gtk_widget_add_controller(area, GTK_EVENT_CONTROLLER(click));
      gtk_window_set_child(GTK_WINDOW(window), area);
      gtk_window_present(GTK_WINDOW(window));
    }
    int main(int argc, char **argv) {
      GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
      g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
      return g_application_run(G_APPLICATION(app), argc, argv);
    }
    """

  /// Compiles a GTK 4 program in the session's directory.
  ///
  /// - Returns: The program's path.
  static func build(_ source: String, named name: String, in harness: FakeSeatSession) throws -> String {
    let program = harness.directory + "/" + name
    try source.write(toFile: program + ".c", atomically: true, encoding: .utf8)
    let build = try harness.launch([
      "sh", "-c", "cc -o '\(program)' '\(program).c' $(pkg-config --cflags --libs gtk4)",
    ])
    try harness.compositor.pump(until: "the GTK program to compile", timeoutMilliseconds: 120_000) {
      build.exitStatus != nil
    }
    try #require(build.exitStatus == 0, "cc failed: \(harness.log(of: "sh"))")
    return program
  }

  static let environment = ["GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1"]

  /// Compiles and starts a GTK 4 program and waits until its window titled `title` has drawn.
  ///
  /// - Returns: The program's process and its window.
  static func start(_ source: String, named name: String, title: String, in harness: FakeSeatSession) throws
    -> (ClientProcess, SurfaceInfo)
  {
    let program = try build(source, named: name, in: harness)
    let process = try harness.launch([program], environment: environment)
    try harness.compositor.pump(until: "the GTK window", timeoutMilliseconds: 30_000) {
      harness.compositor.windows.contains { $0.title == title && $0.commitCount >= 2 }
    }
    return (process, try #require(harness.compositor.windows.first { $0.title == title }))
  }

  @Test func waitDrawnWaitsForWhatAFramePacedGTK4ClientDrawsAtItsNextFrame() throws {
    let harness = try FakeSeatSession()
    _ = try Self.start(Self.paintSource, named: "gtk-paint", title: "tactile-gtk-paint", in: harness)
    try harness.run("wait drawn")
    let window = try #require(harness.compositor.windows.first { $0.title == "tactile-gtk-paint" })
    let (x, y) = (Int(window.x! + window.width / 2), Int(window.y! + window.height / 2))
    #expect(harness.compositor.screenshot()[x, y] == PremultipliedColor(argb: 0xFFFF_0000))
    // Each round: a click, then at once the screenshot — no fixed wait anywhere.
    for round in 0..<5 {
      try harness.run("click \(x) \(y)\nwait drawn")
      let blue = PremultipliedColor(argb: 0xFF00_00FF)
      #expect(harness.compositor.screenshot()[x, y] == blue, "round \(round)")
    }
  }

  @Test func aGTK4WindowMapsAndReceivesAnInjectedClick() throws {
    let harness = try FakeSeatSession()
    let (app, window) = try Self.start(
      Self.source, named: "gtk-probe", title: "tactile-gtk-probe", in: harness)
    let x = Double(window.x! + window.width / 2)
    let y = Double(window.y! + window.height / 2)
    let runner = ScriptRunner(compositor: harness.compositor)
    try runner.run(Script(parsing: "click \(x) \(y)"))
    try harness.compositor.pump(until: "the GTK probe to exit after the click") { app.exitStatus != nil }
    #expect(app.exitStatus == 7)
    #expect(harness.log(of: "gtk-probe").contains("clicked"))
  }
}
