#pragma once
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>

/// wl_resource_post_error is variadic (printf-style), which Swift cannot call: this posts `message` as is.
static inline void tactile_resource_post_error(struct wl_resource *resource, uint32_t code,
                                               const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

/// wl_client_post_implementation_error is variadic too: this posts `message` as is.
static inline void tactile_client_post_implementation_error(struct wl_client *client, const char *message) {
    wl_client_post_implementation_error(client, "%s", message);
}
