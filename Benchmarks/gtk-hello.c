/* The GTK 4 peer of Tactile's Hello for the startup and memory benchmark: one 640×480 window filled
 * with one colour. Built by Benchmarks/run with `cc gtk-hello.c $(pkg-config --cflags --libs gtk4)`;
 * run with GSK_RENDERER=cairo under the fake seat. */
#include <gtk/gtk.h>

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  cairo_set_source_rgb(cr, 0x2E / 255.0, 0x86 / 255.0, 0xDE / 255.0);
  cairo_paint(cr);
}

static void activate(GtkApplication *app, gpointer data) {
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "gtk-hello");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  GtkWidget *area = gtk_drawing_area_new();
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
  gtk_window_set_child(GTK_WINDOW(window), area);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  return g_application_run(G_APPLICATION(app), argc, argv);
}
