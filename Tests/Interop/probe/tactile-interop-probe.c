/*
 * tactile-interop-probe: a plain libwayland client that stands in for the Tactile test app until the toolkit
 * can run the scenario itself. It opens one xdg_toplevel filled with a colour, asks for server-side
 * decorations, and writes every input event it receives as one line to the file named by
 * TACTILE_INTEROP_STATE (the same hook a Tactile test app will use; see Tests/Interop/README.md):
 *
 *   ready W H                     first buffer of W×H committed (after the first configure)
 *   size W H                      a later configure changed the size to W×H
 *   decoration server_side|client_side|unavailable
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   pointer enter X Y | pointer leave | pointer motion X Y | pointer button CODE pressed|released
 *   pointer axis vertical|horizontal VALUE
 *   keyboard enter | keyboard leave | key CODE pressed|released
 *   seat CAPABILITIES             the bitmask of wl_seat.capabilities (1 pointer, 2 keyboard, 4 touch)
 *
 * X, Y are surface-local; CODE is the evdev code. The colour tells a screenshot what happened last:
 * magenta at start, green after a touch down, blue after a pointer button press, yellow after a key press.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>

#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

enum { COLOR_IDLE = 0xffff00ff, COLOR_TOUCH = 0xff00ff00, COLOR_BUTTON = 0xff0000ff, COLOR_KEY = 0xffffff00 };

struct probe {
    struct wl_display *display;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct zxdg_decoration_manager_v1 *decoration_manager;
    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    struct wl_touch *touch;
    FILE *state;
    int32_t width, height, pending_width, pending_height;
    uint32_t color;
    int configured, closed;
};

static void report(struct probe *p, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vfprintf(p->state, format, args);
    va_end(args);
    fputc('\n', p->state);
    fflush(p->state);
}

static void fail(const char *what) {
    fprintf(stderr, "tactile-interop-probe: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void buffer_release(void *data, struct wl_buffer *buffer) {
    (void)data;
    wl_buffer_destroy(buffer);
}
static const struct wl_buffer_listener buffer_listener = {.release = buffer_release};

/* Fills a fresh XRGB8888 buffer with the current colour and commits it (a new buffer per frame keeps the
 * probe free of buffer bookkeeping; each one is destroyed on release). */
static void draw(struct probe *p) {
    int32_t stride = p->width * 4, size = stride * p->height;
    int fd = memfd_create("tactile-interop-probe", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) < 0) fail("cannot create a shm buffer");
    uint32_t *pixels = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) fail("cannot map a shm buffer");
    for (int32_t i = 0; i < p->width * p->height; i++) pixels[i] = p->color;
    munmap(pixels, (size_t)size);
    struct wl_shm_pool *pool = wl_shm_create_pool(p->shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, p->width, p->height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(buffer, &buffer_listener, p);
    wl_surface_attach(p->surface, buffer, 0, 0);
    wl_surface_damage_buffer(p->surface, 0, 0, p->width, p->height);
    wl_surface_commit(p->surface);
}

static void repaint(struct probe *p, uint32_t color) {
    p->color = color;
    if (p->configured) draw(p);
}

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
    int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)t, (void)serial, (void)time, (void)s;
    report(data, "touch down %d %.2f %.2f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
    repaint(data, COLOR_TOUCH);
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    (void)t, (void)serial, (void)time;
    report(data, "touch up %d", id);
}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)t, (void)time;
    report(data, "touch motion %d %.2f %.2f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_frame(void *data, struct wl_touch *t) {
    (void)t;
    report(data, "touch frame");
}
static void touch_cancel(void *data, struct wl_touch *t) {
    (void)t;
    report(data, "touch cancel");
}
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {
    (void)data, (void)t, (void)id, (void)major, (void)minor;
}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {
    (void)data, (void)t, (void)id, (void)orientation;
}
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion, touch_frame,
    touch_cancel, touch_shape, touch_orientation};

static void pointer_enter(void *data, struct wl_pointer *ptr, uint32_t serial, struct wl_surface *s, wl_fixed_t x,
    wl_fixed_t y) {
    (void)ptr, (void)serial, (void)s;
    report(data, "pointer enter %.2f %.2f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void pointer_leave(void *data, struct wl_pointer *ptr, uint32_t serial, struct wl_surface *s) {
    (void)ptr, (void)serial, (void)s;
    report(data, "pointer leave");
}
static void pointer_motion(void *data, struct wl_pointer *ptr, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)ptr, (void)time;
    report(data, "pointer motion %.2f %.2f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void pointer_button(void *data, struct wl_pointer *ptr, uint32_t serial, uint32_t time, uint32_t button,
    uint32_t state) {
    (void)ptr, (void)serial, (void)time;
    int pressed = state == WL_POINTER_BUTTON_STATE_PRESSED;
    report(data, "pointer button %u %s", button, pressed ? "pressed" : "released");
    if (pressed) repaint(data, COLOR_BUTTON);
}
static void pointer_axis(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)ptr, (void)time;
    report(data, "pointer axis %s %.2f", axis == WL_POINTER_AXIS_VERTICAL_SCROLL ? "vertical" : "horizontal",
        wl_fixed_to_double(value));
}
static void pointer_frame(void *data, struct wl_pointer *ptr) { (void)data, (void)ptr; }
static void pointer_axis_source(void *data, struct wl_pointer *ptr, uint32_t source) {
    (void)data, (void)ptr, (void)source;
}
static void pointer_axis_stop(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis) {
    (void)data, (void)ptr, (void)time, (void)axis;
}
static void pointer_axis_discrete(void *data, struct wl_pointer *ptr, uint32_t axis, int32_t discrete) {
    (void)data, (void)ptr, (void)axis, (void)discrete;
}
/* Bound at version 5: axis_value120 (version 8) never comes. */
static const struct wl_pointer_listener pointer_listener = {.enter = pointer_enter, .leave = pointer_leave,
    .motion = pointer_motion, .button = pointer_button, .axis = pointer_axis, .frame = pointer_frame,
    .axis_source = pointer_axis_source, .axis_stop = pointer_axis_stop, .axis_discrete = pointer_axis_discrete};

static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)data, (void)k, (void)format, (void)size;
    close(fd);
}
static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s,
    struct wl_array *keys) {
    (void)k, (void)serial, (void)s, (void)keys;
    report(data, "keyboard enter");
}
static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    (void)k, (void)serial, (void)s;
    report(data, "keyboard leave");
}
static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
    uint32_t state) {
    (void)k, (void)serial, (void)time;
    int pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED;
    report(data, "key %u %s", key, pressed ? "pressed" : "released");
    if (pressed) repaint(data, COLOR_KEY);
}
static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
    uint32_t latched, uint32_t locked, uint32_t group) {
    (void)data, (void)k, (void)serial, (void)depressed, (void)latched, (void)locked, (void)group;
}
static void keyboard_repeat_info(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) {
    (void)data, (void)k, (void)rate, (void)delay;
}
static const struct wl_keyboard_listener keyboard_listener = {keyboard_keymap, keyboard_enter, keyboard_leave,
    keyboard_key, keyboard_modifiers, keyboard_repeat_info};

/* Devices come and go (mutter 43 adds each remote-desktop device on its first event and removes it when
 * the session ends): release a lost device's object, get a new one when it comes back. */
static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    struct probe *p = data;
    report(p, "seat %u", caps);
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !p->pointer) {
        p->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(p->pointer, &pointer_listener, p);
    } else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && p->pointer) {
        wl_pointer_release(p->pointer);
        p->pointer = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !p->keyboard) {
        p->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(p->keyboard, &keyboard_listener, p);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && p->keyboard) {
        wl_keyboard_release(p->keyboard);
        p->keyboard = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !p->touch) {
        p->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(p->touch, &touch_listener, p);
    } else if (!(caps & WL_SEAT_CAPABILITY_TOUCH) && p->touch) {
        wl_touch_release(p->touch);
        p->touch = NULL;
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) { (void)data, (void)seat, (void)name; }
static const struct wl_seat_listener seat_listener = {seat_capabilities, seat_name};

static void wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(base, serial);
}
static const struct xdg_wm_base_listener wm_base_listener = {wm_base_ping};

static void xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    struct probe *p = data;
    xdg_surface_ack_configure(surface, serial);
    int first = !p->configured;
    int32_t width = p->pending_width > 0 ? p->pending_width : 320;
    int32_t height = p->pending_height > 0 ? p->pending_height : 240;
    int resized = width != p->width || height != p->height;
    p->width = width;
    p->height = height;
    p->configured = 1;
    draw(p);
    if (first) report(p, "ready %d %d", width, height);
    else if (resized) report(p, "size %d %d", width, height);
}
static const struct xdg_surface_listener xdg_surface_listener = {xdg_surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
    (void)t, (void)states;
    struct probe *p = data;
    p->pending_width = w;
    p->pending_height = h;
}
static void toplevel_close(void *data, struct xdg_toplevel *t) {
    (void)t;
    ((struct probe *)data)->closed = 1;
}
/* xdg_wm_base is bound at version 1: configure_bounds and wm_capabilities never come. */
static const struct xdg_toplevel_listener toplevel_listener = {.configure = toplevel_configure,
    .close = toplevel_close};

static void decoration_configure(void *data, struct zxdg_toplevel_decoration_v1 *d, uint32_t mode) {
    (void)d;
    report(data, "decoration %s",
        mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE ? "server_side" : "client_side");
}
static const struct zxdg_toplevel_decoration_v1_listener decoration_listener = {decoration_configure};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct probe *p = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0)
        p->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
    else if (strcmp(interface, wl_shm_interface.name) == 0)
        p->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    else if (strcmp(interface, xdg_wm_base_interface.name) == 0)
        p->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    else if (strcmp(interface, wl_seat_interface.name) == 0 && !p->seat)
        p->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
    else if (strcmp(interface, zxdg_decoration_manager_v1_interface.name) == 0)
        p->decoration_manager = wl_registry_bind(registry, name, &zxdg_decoration_manager_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static void create_window(struct probe *p) {
    p->surface = wl_compositor_create_surface(p->compositor);
    p->xdg_surface = xdg_wm_base_get_xdg_surface(p->wm_base, p->surface);
    xdg_surface_add_listener(p->xdg_surface, &xdg_surface_listener, p);
    p->toplevel = xdg_surface_get_toplevel(p->xdg_surface);
    xdg_toplevel_add_listener(p->toplevel, &toplevel_listener, p);
    xdg_toplevel_set_title(p->toplevel, "tactile-interop-probe");
    xdg_toplevel_set_app_id(p->toplevel, "tactile-interop-probe");
    if (p->decoration_manager) {
        struct zxdg_toplevel_decoration_v1 *d =
            zxdg_decoration_manager_v1_get_toplevel_decoration(p->decoration_manager, p->toplevel);
        zxdg_toplevel_decoration_v1_add_listener(d, &decoration_listener, p);
        zxdg_toplevel_decoration_v1_set_mode(d, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
    } else {
        report(p, "decoration unavailable");
    }
    wl_surface_commit(p->surface);
}

int main(void) {
    struct probe p = {.color = COLOR_IDLE};
    const char *path = getenv("TACTILE_INTEROP_STATE");
    if (!path || !*path) {
        fprintf(stderr, "tactile-interop-probe: set TACTILE_INTEROP_STATE to the state file's path\n");
        return 2;
    }
    if (!(p.state = fopen(path, "a"))) fail("cannot open the state file");
    if (!(p.display = wl_display_connect(NULL))) fail("cannot connect to the Wayland display");
    struct wl_registry *registry = wl_display_get_registry(p.display);
    wl_registry_add_listener(registry, &registry_listener, &p);
    wl_display_roundtrip(p.display);
    if (!p.compositor || !p.shm || !p.wm_base) {
        fprintf(stderr, "tactile-interop-probe: the compositor lacks wl_compositor, wl_shm or xdg_wm_base\n");
        return 1;
    }
    xdg_wm_base_add_listener(p.wm_base, &wm_base_listener, &p);
    if (p.seat) wl_seat_add_listener(p.seat, &seat_listener, &p);
    create_window(&p);
    while (!p.closed && wl_display_dispatch(p.display) >= 0) {
    }
    if (!p.closed) fail("lost the Wayland connection");
    return 0;
}
