/*
 * tactile-wlr-input: injects pointer and keys into wlroots compositors (sway 1.7) through the
 * zwlr_virtual_pointer_manager_v1 and zwp_virtual_keyboard_manager_v1 protocols. No Debian package ships
 * their XML (wlroots builds it in), so the few requests used are declared here by hand from the protocol
 * texts: the opcodes and signatures below must match wlr-virtual-pointer-unstable-v1 (version 1) and
 * virtual-keyboard-unstable-v1 (version 1). wlroots offers no touch route: touch commands are refused.
 *
 * Usage: tactile-wlr-input WIDTHxHEIGHT   (the size of the output layout, which absolute motion spans)
 * Reads line commands on standard input (see line-command.h).
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "line-command.h"

/* zwlr_virtual_pointer_v1 requests, in protocol order. */
enum { POINTER_MOTION_ABSOLUTE_OP = 1, POINTER_BUTTON_OP = 2, POINTER_AXIS_OP = 3, POINTER_FRAME_OP = 4 };
static const struct wl_message virtual_pointer_requests[] = {
    {"motion", "uff", NULL}, {"motion_absolute", "uuuuu", NULL}, {"button", "uuu", NULL}, {"axis", "uuf", NULL},
    {"frame", "", NULL}, {"axis_source", "u", NULL}, {"axis_stop", "uu", NULL}, {"axis_discrete", "uufi", NULL},
    {"destroy", "", NULL},
};
static const struct wl_interface virtual_pointer_interface = {"zwlr_virtual_pointer_v1", 1, 9,
    virtual_pointer_requests, 0, NULL};
static const struct wl_interface *create_pointer_types[] = {&wl_seat_interface, &virtual_pointer_interface};
static const struct wl_message pointer_manager_requests[] = {{"create_virtual_pointer", "?on", create_pointer_types}};
static const struct wl_interface pointer_manager_interface = {"zwlr_virtual_pointer_manager_v1", 1, 1,
    pointer_manager_requests, 0, NULL};

/* zwp_virtual_keyboard_v1 requests, in protocol order. */
enum { KEYBOARD_KEYMAP_OP = 0, KEYBOARD_KEY_OP = 1, KEYBOARD_MODIFIERS_OP = 2 };
static const struct wl_message virtual_keyboard_requests[] = {
    {"keymap", "uhu", NULL}, {"key", "uuu", NULL}, {"modifiers", "uuuu", NULL}, {"destroy", "", NULL},
};
static const struct wl_interface virtual_keyboard_interface = {"zwp_virtual_keyboard_v1", 1, 4,
    virtual_keyboard_requests, 0, NULL};
static const struct wl_interface *create_keyboard_types[] = {&wl_seat_interface, &virtual_keyboard_interface};
static const struct wl_message keyboard_manager_requests[] = {{"create_virtual_keyboard", "on", create_keyboard_types}};
static const struct wl_interface keyboard_manager_interface = {"zwp_virtual_keyboard_manager_v1", 1, 1,
    keyboard_manager_requests, 0, NULL};

enum { SUBPIXELS = 256 }; /* absolute motion takes integers: scale the extent for sub-pixel positions */

struct injector {
    struct wl_seat *seat;
    struct wl_proxy *pointer_manager, *keyboard_manager, *pointer, *keyboard;
    uint32_t width, height;
    /* The virtual keyboard's own modifier state: a virtual keyboard reports its modifiers itself (sway 1.7
     * applies none from its keys), so Shift reaches clients only through the modifiers request. */
    struct xkb_state *state;
};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)version;
    struct injector *in = data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !in->seat)
        in->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, pointer_manager_interface.name) == 0)
        in->pointer_manager = wl_registry_bind(registry, name, &pointer_manager_interface, 1);
    else if (strcmp(interface, keyboard_manager_interface.name) == 0)
        in->keyboard_manager = wl_registry_bind(registry, name, &keyboard_manager_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

/* Gives the virtual keyboard xkbcommon's default keymap (evdev rules, us layout unless XKB_DEFAULT_* say
 * otherwise): wlroots refuses key requests before a keymap. Keeps the keymap and a state over it. */
static const char *send_keymap(struct injector *in) {
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, NULL, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    in->state = keymap ? xkb_state_new(keymap) : NULL;
    char *text = in->state ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
    const char *error = text ? NULL : "cannot compile the default xkb keymap";
    size_t size = text ? strlen(text) + 1 : 0;
    int fd = text ? memfd_create("tactile-wlr-input-keymap", MFD_CLOEXEC) : -1;
    if (text && (fd < 0 || write(fd, text, size) != (ssize_t)size)) error = "cannot write the keymap to a memfd";
    if (!error) wl_proxy_marshal(in->keyboard, KEYBOARD_KEYMAP_OP, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
    if (fd >= 0) close(fd);
    free(text);
    xkb_keymap_unref(keymap); /* the state holds its own reference */
    xkb_context_unref(context);
    return error;
}

/* Sends the key, then the modifiers when the key changed them (the order of a real wl_keyboard). */
static void send_key(struct injector *in, uint32_t code, bool pressed) {
    wl_proxy_marshal(in->keyboard, KEYBOARD_KEY_OP, now_ms(), code,
        pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    if (!xkb_state_update_key(in->state, code + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)) return;
    wl_proxy_marshal(in->keyboard, KEYBOARD_MODIFIERS_OP,
        xkb_state_serialize_mods(in->state, XKB_STATE_MODS_DEPRESSED),
        xkb_state_serialize_mods(in->state, XKB_STATE_MODS_LATCHED),
        xkb_state_serialize_mods(in->state, XKB_STATE_MODS_LOCKED),
        xkb_state_serialize_layout(in->state, XKB_STATE_LAYOUT_EFFECTIVE));
}

struct injector *injector_open(struct wl_display *display, int argc, char **argv, const char **reason) {
    static struct injector in;
    if (argc != 2 || sscanf(argv[1], "%ux%u", &in.width, &in.height) != 2 || !in.width || !in.height) {
        *reason = "usage: tactile-wlr-input WIDTHxHEIGHT (the output layout's size)";
        return NULL;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &in);
    wl_display_roundtrip(display);
    if (!in.seat || !in.pointer_manager || !in.keyboard_manager) {
        *reason = "the compositor lacks wl_seat, zwlr_virtual_pointer_manager_v1 or zwp_virtual_keyboard_manager_v1";
        return NULL;
    }
    in.pointer = wl_proxy_marshal_constructor(in.pointer_manager, 0, &virtual_pointer_interface, in.seat, NULL);
    in.keyboard = wl_proxy_marshal_constructor(in.keyboard_manager, 0, &virtual_keyboard_interface, in.seat, NULL);
    if ((*reason = send_keymap(&in))) return NULL;
    return &in;
}

const char *injector_run(struct injector *in, const struct command *c) {
    switch (c->kind) {
    case POINTER_MOTION:
        if (c->x < 0 || c->y < 0 || c->x > in->width || c->y > in->height) return "position outside the output layout";
        wl_proxy_marshal(in->pointer, POINTER_MOTION_ABSOLUTE_OP, now_ms(), (uint32_t)(c->x * SUBPIXELS + 0.5),
            (uint32_t)(c->y * SUBPIXELS + 0.5), in->width * SUBPIXELS, in->height * SUBPIXELS);
        return NULL;
    case POINTER_BUTTON:
        wl_proxy_marshal(in->pointer, POINTER_BUTTON_OP, now_ms(), c->code,
            c->pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        return NULL;
    case POINTER_AXIS:
        wl_proxy_marshal(in->pointer, POINTER_AXIS_OP, now_ms(),
            c->vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL : WL_POINTER_AXIS_HORIZONTAL_SCROLL,
            wl_fixed_from_double(c->value));
        return NULL;
    case POINTER_FRAME:
        wl_proxy_marshal(in->pointer, POINTER_FRAME_OP);
        return NULL;
    case KEY:
        send_key(in, c->code, c->pressed);
        return NULL;
    default:
        return "no touch route: wlroots has no virtual touch protocol";
    }
}
