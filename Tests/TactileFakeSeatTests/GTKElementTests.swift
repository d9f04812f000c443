import TactileTesting
import Testing

/// A GTK 4 program (a real AT-SPI2 peer nobody here wrote) tested by its elements, as a Tactile app's
/// tests are: GTK finds the session's private accessibility bus by `AT_SPI_BUS_ADDRESS`, and the test
/// reads its tree over AT-SPI2 and taps through the fake seat.
@Suite struct GTKElementTests {
  /// A label and a button that changes it. Without `GtkApplication`: GTK 4.8's AT-SPI2 root takes
  /// its object paths from the application's session-bus path, and with no session bus (as here) it
  /// crashes on the first `GetChildren`; a plain window's root uses a fixed path.
  static let source = """
    #include <gtk/gtk.h>
    #include <stdio.h>
    static void clicked(GtkButton *button, gpointer label) {
      gtk_label_set_text(GTK_LABEL(label), "Pressed");
      printf("clicked\\n");
      fflush(stdout);
    }
    int main(int argc, char **argv) {
      gtk_init();
      GtkWidget *window = gtk_window_new();
      gtk_window_set_title(GTK_WINDOW(window), "tactile-gtk-elements");
      gtk_window_set_default_size(GTK_WINDOW(window), 240, 160);
      GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
      GtkWidget *label = gtk_label_new("Not pressed");
      GtkWidget *button = gtk_button_new_with_label("Press");
      g_signal_connect(button, "clicked", G_CALLBACK(clicked), label);
      gtk_box_append(GTK_BOX(box), label);
      gtk_box_append(GTK_BOX(box), button);
      gtk_window_set_child(GTK_WINDOW(window), box);
      gtk_window_present(GTK_WINDOW(window));
      while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0) g_main_context_iteration(NULL, TRUE);
      return 0;
    }
    """

  @Test func aGTK4ButtonFoundByItsLabelIsTappedThroughTheSeat() throws {
    let session = try FakeSeatSession()
    let program = try GTKClientTests.build(Self.source, named: "gtk-elements", in: session)
    try session.startAccessibilityBus()
    let process = try session.launch(
      [program], environment: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland"])
    let app = try session.accessibleApplication(process)
    try app.staticTexts["Not pressed"].waitForExistence(timeoutMilliseconds: 30_000)
    try app.buttons["Press"].tap()
    try app.staticTexts["Pressed"].waitForExistence()
    #expect(session.log(of: program).contains("clicked"))
    #expect(try app.windows["tactile-gtk-elements"].exists)
  }
}
