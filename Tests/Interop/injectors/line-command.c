/* Parsing of the injectors' line commands (grammar in line-command.h) and the loop that runs them. */
#include "line-command.h"

#include <stdio.h>
#include <string.h>

#include <wayland-client.h>

static bool parse_state(const char *word, bool *pressed) {
    *pressed = strcmp(word, "pressed") == 0;
    return *pressed || strcmp(word, "released") == 0;
}

static const char *parse_touch(const char *verb, const char *args, struct command *c) {
    if (strcmp(verb, "down") == 0 || strcmp(verb, "motion") == 0) {
        c->kind = verb[0] == 'd' ? TOUCH_DOWN : TOUCH_MOTION;
        return sscanf(args, "%d %lf %lf", &c->id, &c->x, &c->y) == 3 ? NULL : "expected: touch down|motion ID X Y";
    }
    if (strcmp(verb, "up") == 0) {
        c->kind = TOUCH_UP;
        return sscanf(args, "%d", &c->id) == 1 ? NULL : "expected: touch up ID";
    }
    if (strcmp(verb, "frame") == 0) c->kind = TOUCH_FRAME;
    else if (strcmp(verb, "cancel") == 0) c->kind = TOUCH_CANCEL;
    else return "unknown touch command";
    return NULL;
}

static const char *parse_pointer(const char *verb, const char *args, struct command *c) {
    char word[32];
    if (strcmp(verb, "motion") == 0) {
        c->kind = POINTER_MOTION;
        return sscanf(args, "%lf %lf", &c->x, &c->y) == 2 ? NULL : "expected: pointer motion X Y";
    }
    if (strcmp(verb, "button") == 0) {
        c->kind = POINTER_BUTTON;
        if (sscanf(args, "%u %31s", &c->code, word) == 2 && parse_state(word, &c->pressed)) return NULL;
        return "expected: pointer button CODE pressed|released";
    }
    if (strcmp(verb, "axis") == 0) {
        c->kind = POINTER_AXIS;
        if (sscanf(args, "%31s %lf", word, &c->value) != 2) return "expected: pointer axis vertical|horizontal VALUE";
        c->vertical = strcmp(word, "vertical") == 0;
        return c->vertical || strcmp(word, "horizontal") == 0 ? NULL : "axis must be vertical or horizontal";
    }
    if (strcmp(verb, "frame") != 0) return "unknown pointer command";
    c->kind = POINTER_FRAME;
    return NULL;
}

const char *command_parse(const char *line, struct command *c) {
    char device[16], verb[16], word[16];
    int consumed = 0;
    memset(c, 0, sizeof *c);
    if (sscanf(line, "%15s %15s %n", device, verb, &consumed) < 2) return "expected: DEVICE VERB ...";
    const char *args = line + consumed;
    if (strcmp(device, "touch") == 0) return parse_touch(verb, args, c);
    if (strcmp(device, "pointer") == 0) return parse_pointer(verb, args, c);
    if (strcmp(device, "key") == 0) {
        c->kind = KEY;
        if (sscanf(verb, "%u", &c->code) == 1 && sscanf(args, "%15s", word) == 1 && parse_state(word, &c->pressed))
            return NULL;
        return "expected: key CODE pressed|released";
    }
    return "unknown device (touch, pointer or key)";
}

/* Connects to $WAYLAND_DISPLAY, opens the injector, prints "ready" (or "error <reason>" and exits 1), then
 * answers each line of standard input after a roundtrip, so the compositor has handled it. */
int main(int argc, char **argv) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        printf("error cannot connect to the Wayland display\n");
        return 1;
    }
    const char *reason = NULL;
    struct injector *injector = injector_open(display, argc, argv, &reason);
    if (!injector) {
        printf("error %s\n", reason);
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        struct command command;
        const char *error = command_parse(line, &command);
        if (!error) error = injector_run(injector, &command);
        if (wl_display_roundtrip(display) < 0) error = "lost the Wayland connection";
        if (error) printf("error %s\n", error);
        else printf("ok\n");
        fflush(stdout);
        if (wl_display_get_error(display)) return 1;
    }
    wl_display_disconnect(display);
    return 0;
}
