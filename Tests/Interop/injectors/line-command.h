/*
 * The line commands every Tactile injector understands, one per line, answered with "ok" or
 * "error <reason>" once the compositor has processed them. They are the grammar of the weston module
 * Tests/Support/weston-input/tactile-weston-input.c, so the interop driver speaks one language to every
 * compositor:
 *
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   pointer motion X Y | pointer button CODE pressed|released | pointer axis vertical|horizontal VALUE
 *   pointer frame | key CODE pressed|released
 *
 * X and Y are global compositor coordinates; CODE is a Linux evdev code (BTN_LEFT = 272, KEY_A = 30).
 */
#ifndef TACTILE_LINE_COMMAND_H
#define TACTILE_LINE_COMMAND_H

#include <stdbool.h>
#include <stdint.h>

struct wl_display;

enum command_kind {
    TOUCH_DOWN, TOUCH_MOTION, TOUCH_UP, TOUCH_FRAME, TOUCH_CANCEL,
    POINTER_MOTION, POINTER_BUTTON, POINTER_AXIS, POINTER_FRAME, KEY
};

struct command {
    enum command_kind kind;
    int32_t id;        /* touch point id */
    double x, y;       /* global coordinates */
    uint32_t code;     /* evdev button or key code */
    bool pressed;      /* button or key state */
    bool vertical;     /* axis */
    double value;      /* axis value */
};

/* Parses one line (without its newline). Returns NULL on success, or the reason it is malformed. */
const char *command_parse(const char *line, struct command *command);

/* Implemented by each injector: what it needs from the compositor, and how it runs one command.
 * injector_open returns NULL and sets *reason when the compositor does not offer the route. */
struct injector;
struct injector *injector_open(struct wl_display *display, int argc, char **argv, const char **reason);
const char *injector_run(struct injector *injector, const struct command *command);

#endif
