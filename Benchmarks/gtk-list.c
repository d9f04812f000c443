/* The GTK 4 peer of Tactile's list app (Benchmarks/ListScroll) for the list-scroll benchmark: one window
 * filled by a GtkListView of N rows (the first argument, default 1,000), each a label "Row i", in a
 * scrolled window with classic (not overlay) scrollbars, so no indicator fades in or out while the
 * benchmark drags the list. Rows are created by a GtkSignalListItemFactory and recycled by the view.
 * Built by Benchmarks/run with `cc gtk-list.c $(pkg-config --cflags --libs gtk4)`; run with
 * GSK_RENDERER=cairo under the fake seat. */
#include <gtk/gtk.h>
#include <stdlib.h>

static guint row_count = 1000;

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_widget_set_margin_start(label, 16);
  gtk_widget_set_margin_top(label, 12);
  gtk_widget_set_margin_bottom(label, 12);
  gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkStringObject *string = gtk_list_item_get_item(item);
  gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

static void activate(GtkApplication *app, gpointer data) {
  GtkStringList *strings = gtk_string_list_new(NULL);
  char text[32];
  for (guint i = 0; i < row_count; i++) {
    g_snprintf(text, sizeof text, "Row %u", i);
    gtk_string_list_append(strings, text);
  }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
  GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings))), factory);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scrolled), FALSE);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "gtk-list");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  if (argc > 1) row_count = (guint)strtoul(argv[1], NULL, 10);
  GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  char *arguments[] = {argv[0], NULL};
  return g_application_run(G_APPLICATION(app), 1, arguments);
}
