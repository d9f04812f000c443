import Foundation
import TactileFakeSeat
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

  @Test func aGTK4WindowMapsAndReceivesAnInjectedClick() throws {
    let harness = try FakeSeatSession()
    let program = harness.directory + "/gtk-probe"
    try Self.source.write(toFile: program + ".c", atomically: true, encoding: .utf8)
    let build = try harness.launch([
      "sh", "-c", "cc -o '\(program)' '\(program).c' $(pkg-config --cflags --libs gtk4)",
    ])
    try harness.compositor.pump(until: "the GTK probe to compile", timeoutMilliseconds: 120_000) {
      build.exitStatus != nil
    }
    try #require(build.exitStatus == 0, "cc failed: \(harness.log(of: "sh"))")
    let app = try harness.launch(
      [program], environment: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1"])
    try harness.compositor.pump(until: "the GTK window", timeoutMilliseconds: 30_000) {
      harness.compositor.windows.contains { $0.title == "tactile-gtk-probe" && $0.commitCount >= 2 }
    }
    let window = try #require(harness.compositor.windows.first { $0.title == "tactile-gtk-probe" })
    let x = Double(window.x! + window.width / 2)
    let y = Double(window.y! + window.height / 2)
    let runner = ScriptRunner(compositor: harness.compositor)
    try runner.run(Script(parsing: "click \(x) \(y)"))
    try harness.compositor.pump(until: "the GTK probe to exit after the click") { app.exitStatus != nil }
    #expect(app.exitStatus == 7)
    #expect(harness.log(of: program).contains("clicked"))
  }
}
