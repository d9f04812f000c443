#pragma once
// libwayland reports some failures only through its log handler (printf-style, with a va_list that Swift
// cannot format). These route each message, formatted, to a plain C callback.
//
// The rest of this target is generated at build time by WaylandScannerPlugin: the interface tables of
// every extension protocol, their client and server headers, and a module map with two modules over them,
// `CWaylandProtocols` (client) and `CWaylandServerProtocols` (server).

/// Receives one formatted libwayland log message (without a guarantee of a trailing newline).
typedef void (*tactile_wayland_log_sink)(const char *message);

/// Sends libwayland-client's log messages to `sink`.
void tactile_wayland_set_client_log_sink(tactile_wayland_log_sink sink);

/// Sends libwayland-server's log messages to `sink`.
void tactile_wayland_set_server_log_sink(tactile_wayland_log_sink sink);
