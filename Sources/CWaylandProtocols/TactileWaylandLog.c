#include "TactileWaylandLog.h"
#include <stdarg.h>
#include <stdio.h>
#include <wayland-client-core.h>
#include <wayland-server-core.h>

static tactile_wayland_log_sink client_sink;
static tactile_wayland_log_sink server_sink;

static void forward(tactile_wayland_log_sink sink, const char *format, va_list args) {
    char message[1024];
    vsnprintf(message, sizeof message, format, args);
    if (sink) sink(message);
}

static void client_handler(const char *format, va_list args) { forward(client_sink, format, args); }
static void server_handler(const char *format, va_list args) { forward(server_sink, format, args); }

void tactile_wayland_set_client_log_sink(tactile_wayland_log_sink sink) {
    client_sink = sink;
    wl_log_set_handler_client(client_handler);
}

void tactile_wayland_set_server_log_sink(tactile_wayland_log_sink sink) {
    server_sink = sink;
    wl_log_set_handler_server(server_handler);
}
