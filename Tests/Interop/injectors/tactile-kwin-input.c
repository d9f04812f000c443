/*
 * tactile-kwin-input: injects touch, pointer and keys into KWin 5.27 through its org_kde_kwin_fake_input
 * protocol (client code generated at build time from plasma-wayland-protocols' fake-input.xml). KWin
 * accepts it only when started with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (or an allow-listing .desktop
 * file), and forgets the devices when this connection closes: keep the process running for the whole test.
 * Reads line commands on standard input (see line-command.h).
 */
#include <stdlib.h>
#include <string.h>

#include <wayland-client.h>

#include "fake-input-client-protocol.h"
#include "line-command.h"

struct injector {
    struct org_kde_kwin_fake_input *fake_input;
    uint32_t version;
};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct injector *in = data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) != 0 || in->fake_input) return;
    in->version = version < 4 ? version : 4;
    in->fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, in->version);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

struct injector *injector_open(struct wl_display *display, int argc, char **argv, const char **reason) {
    (void)argc, (void)argv;
    static struct injector in;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &in);
    wl_display_roundtrip(display);
    if (!in.fake_input) {
        *reason = "the compositor offers no org_kde_kwin_fake_input";
        return NULL;
    }
    if (in.version < 4) {
        *reason = "org_kde_kwin_fake_input older than version 4 (needs touch, absolute motion and keys)";
        return NULL;
    }
    org_kde_kwin_fake_input_authenticate(in.fake_input, "tactile-kwin-input", "Tactile interop tests");
    return &in;
}

const char *injector_run(struct injector *in, const struct command *c) {
    struct org_kde_kwin_fake_input *f = in->fake_input;
    switch (c->kind) {
    case TOUCH_DOWN: org_kde_kwin_fake_input_touch_down(f, (uint32_t)c->id, wl_fixed_from_double(c->x),
        wl_fixed_from_double(c->y)); break;
    case TOUCH_MOTION: org_kde_kwin_fake_input_touch_motion(f, (uint32_t)c->id, wl_fixed_from_double(c->x),
        wl_fixed_from_double(c->y)); break;
    case TOUCH_UP: org_kde_kwin_fake_input_touch_up(f, (uint32_t)c->id); break;
    case TOUCH_FRAME: org_kde_kwin_fake_input_touch_frame(f); break;
    case TOUCH_CANCEL: org_kde_kwin_fake_input_touch_cancel(f); break;
    case POINTER_MOTION: org_kde_kwin_fake_input_pointer_motion_absolute(f, wl_fixed_from_double(c->x),
        wl_fixed_from_double(c->y)); break;
    case POINTER_BUTTON: org_kde_kwin_fake_input_button(f, c->code, c->pressed ? WL_POINTER_BUTTON_STATE_PRESSED
        : WL_POINTER_BUTTON_STATE_RELEASED); break;
    case POINTER_AXIS: org_kde_kwin_fake_input_axis(f, c->vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL
        : WL_POINTER_AXIS_HORIZONTAL_SCROLL, wl_fixed_from_double(c->value)); break;
    case POINTER_FRAME: break; /* fake_input has no frame request: KWin frames each pointer event itself */
    case KEY: org_kde_kwin_fake_input_keyboard_key(f, c->code, c->pressed ? WL_KEYBOARD_KEY_STATE_PRESSED
        : WL_KEYBOARD_KEY_STATE_RELEASED); break;
    }
    return NULL;
}
