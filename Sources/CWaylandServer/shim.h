#pragma once
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>

/// wl_resource_post_error is variadic (printf-style), which Swift cannot call: this posts `message` as is.
static inline void tactile_resource_post_error(struct wl_resource *resource, uint32_t code,
                                               const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
