/* The GTK 4 peer of Tactile's FingerPaint for the latency benchmark: one window whose drawing area
 * strokes every drag as an 8-pixel black polyline with round caps and joins on white, redrawing the
 * whole stroke list on every frame as FingerPaint does. Built by Benchmarks/run with
 * `cc gtk-paint.c $(pkg-config --cflags --libs gtk4)`; run with GSK_RENDERER=cairo under the fake seat. */
#include <gtk/gtk.h>

static GArray *points;   /* graphene_point_t of every stroke, separated by NAN points */
static double start_x, start_y;

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 8);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  gboolean starting = TRUE;
  for (guint i = 0; i < points->len; i++) {
    graphene_point_t p = g_array_index(points, graphene_point_t, i);
    if (isnan(p.x)) {
      starting = TRUE;
    } else if (starting) {
      cairo_move_to(cr, p.x, p.y);
      cairo_line_to(cr, p.x, p.y); /* a dot for a stroke of one point */
      starting = FALSE;
    } else {
      cairo_line_to(cr, p.x, p.y);
    }
  }
  cairo_stroke(cr);
}

static void add_point(GtkWidget *area, double x, double y) {
  graphene_point_t p = GRAPHENE_POINT_INIT(x, y);
  g_array_append_val(points, p);
  gtk_widget_queue_draw(area);
}

static void drag_begin(GtkGestureDrag *gesture, double x, double y, GtkWidget *area) {
  graphene_point_t separator = GRAPHENE_POINT_INIT(NAN, NAN);
  g_array_append_val(points, separator);
  start_x = x;
  start_y = y;
  add_point(area, x, y);
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, GtkWidget *area) {
  add_point(area, start_x + dx, start_y + dy);
}

static void activate(GtkApplication *app, gpointer data) {
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "gtk-paint");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  GtkWidget *area = gtk_drawing_area_new();
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
  GtkGesture *drag = gtk_gesture_drag_new();
  g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), area);
  g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), area);
  gtk_widget_add_controller(area, GTK_EVENT_CONTROLLER(drag));
  gtk_window_set_child(GTK_WINDOW(window), area);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  points = g_array_new(FALSE, FALSE, sizeof(graphene_point_t));
  GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  return g_application_run(G_APPLICATION(app), argc, argv);
}
