/*
 * tactile-weston-input: a weston 10 module that gives headless weston a seat with a touchscreen, a pointer
 * and a keyboard, driven from outside — so Tactile's tests get input from a real compositor's own seat
 * code (headless weston has no seat at all).
 *
 * Load it with `weston --modules=/path/tactile-weston-input.so` and set TACTILE_WESTON_INPUT to a socket
 * path. The module listens there (one client at a time) for line commands and answers each with "ok" or
 * "error <reason>", after weston has processed it (so a test can wait for the answer, then roundtrip):
 *
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   pointer motion X Y | pointer button CODE pressed|released
 *   pointer axis vertical|horizontal VALUE [NOTCHES]  (with NOTCHES: a wheel, axis_discrete and source)
 *   pointer frame | key CODE pressed|released
 *
 * X and Y are global compositor coordinates; CODE is a Linux evdev code (BTN_LEFT = 272, KEY_A = 30).
 * Touches carry no frame unless asked for, as weston's real touch input after the last up. Event times are
 * on weston's presentation clock (CLOCK_MONOTONIC), as libinput's are.
 *
 * The functions below are exported by libweston-10 but declared only in its uninstalled headers; the
 * prototypes are those of weston 10.0 and must be checked again for another major version.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <libweston/libweston.h>
#include <wayland-server.h>

void weston_compositor_read_presentation_clock(const struct weston_compositor *compositor, struct timespec *ts);
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
int weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch,
    const char *syspath, void *backend_data, const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
    int touch_id, double x, double y, const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
    enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time, struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
    enum wl_keyboard_key_state state, enum weston_key_state_update update_state);

int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]);

struct input {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch;
    struct wl_event_source *listen_source;
    struct wl_event_source *client_source;
    struct wl_listener destroy_listener;
    int listen_fd;
    int client_fd;
    char line[512];
    size_t length;
    char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
};

static bool parse_state(const char *word, bool *pressed) {
    if (strcmp(word, "pressed") == 0) { *pressed = true; return true; }
    if (strcmp(word, "released") == 0) { *pressed = false; return true; }
    return false;
}

/* Runs one command; returns NULL on success or a reason. */
static const char *run_touch(struct input *in, const struct timespec *now, const char *verb, const char *args) {
    int id;
    double x, y;
    if (strcmp(verb, "down") == 0 || strcmp(verb, "motion") == 0) {
        if (sscanf(args, "%d %lf %lf", &id, &x, &y) != 3) return "expected: touch down|motion ID X Y";
        notify_touch_normalized(in->touch, now, id, x, y, NULL,
            verb[0] == 'd' ? WL_TOUCH_DOWN : WL_TOUCH_MOTION);
    } else if (strcmp(verb, "up") == 0) {
        if (sscanf(args, "%d", &id) != 1) return "expected: touch up ID";
        notify_touch_normalized(in->touch, now, id, 0, 0, NULL, WL_TOUCH_UP);
    } else if (strcmp(verb, "frame") == 0) {
        notify_touch_frame(in->touch);
    } else if (strcmp(verb, "cancel") == 0) {
        notify_touch_cancel(in->touch);
    } else {
        return "unknown touch command";
    }
    return NULL;
}

static const char *run_pointer(struct input *in, const struct timespec *now, const char *verb, const char *args) {
    double x, y;
    int code;
    char word[32];
    bool pressed;
    if (strcmp(verb, "motion") == 0) {
        if (sscanf(args, "%lf %lf", &x, &y) != 2) return "expected: pointer motion X Y";
        notify_motion_absolute(&in->seat, now, x, y);
    } else if (strcmp(verb, "button") == 0) {
        if (sscanf(args, "%d %31s", &code, word) != 2 || !parse_state(word, &pressed))
            return "expected: pointer button CODE pressed|released";
        notify_button(&in->seat, now, code,
            pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    } else if (strcmp(verb, "axis") == 0) {
        struct weston_pointer_axis_event event = {0};
        int fields = sscanf(args, "%31s %lf %d", word, &x, &code);
        if (fields < 2) return "expected: pointer axis vertical|horizontal VALUE [NOTCHES]";
        if (strcmp(word, "vertical") == 0) event.axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
        else if (strcmp(word, "horizontal") == 0) event.axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
        else return "axis must be vertical or horizontal";
        event.value = x;
        if (fields == 3) {
            /* A wheel: weston sends the notches as axis_discrete (seat v5-7) with the wheel source. */
            notify_axis_source(&in->seat, WL_POINTER_AXIS_SOURCE_WHEEL);
            event.has_discrete = true;
            event.discrete = code;
        }
        notify_axis(&in->seat, now, &event);
    } else if (strcmp(verb, "frame") == 0) {
        notify_pointer_frame(&in->seat);
    } else {
        return "unknown pointer command";
    }
    return NULL;
}

static const char *run_line(struct input *in, char *line) {
    char device[16], verb[16];
    int consumed = 0;
    struct timespec now;
    if (sscanf(line, "%15s %15s %n", device, verb, &consumed) < 2) return "expected: DEVICE VERB ...";
    // Input is stamped on the presentation clock, as libinput's CLOCK_MONOTONIC event times are on a
    // DRM weston (weston_compositor_get_time would read CLOCK_REALTIME), so a client can compare its
    // input times with its frames' presentation times.
    weston_compositor_read_presentation_clock(in->compositor, &now);
    const char *args = line + consumed;
    if (strcmp(device, "touch") == 0) return run_touch(in, &now, verb, args);
    if (strcmp(device, "pointer") == 0) return run_pointer(in, &now, verb, args);
    if (strcmp(device, "key") == 0) {
        bool pressed;
        char *end;
        long code = strtol(verb, &end, 10);
        char word[16];
        if (*end != '\0' || sscanf(args, "%15s", word) != 1 || !parse_state(word, &pressed))
            return "expected: key CODE pressed|released";
        notify_key(&in->seat, &now, (uint32_t)code,
            pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED, STATE_UPDATE_AUTOMATIC);
        return NULL;
    }
    return "unknown device (touch, pointer or key)";
}

static void close_client(struct input *in) {
    if (in->client_source) wl_event_source_remove(in->client_source);
    if (in->client_fd >= 0) close(in->client_fd);
    in->client_source = NULL;
    in->client_fd = -1;
    in->length = 0;
}

static void reply(struct input *in, const char *error) {
    char answer[600];
    int n = error ? snprintf(answer, sizeof answer, "error %s\n", error) : snprintf(answer, sizeof answer, "ok\n");
    if (write(in->client_fd, answer, (size_t)n) != n) close_client(in);
}

static int on_client_data(int fd, uint32_t mask, void *data) {
    struct input *in = data;
    ssize_t n = read(fd, in->line + in->length, sizeof in->line - 1 - in->length);
    if (n <= 0 || (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR))) {
        if (!(n < 0 && errno == EAGAIN)) close_client(in);
        return 0;
    }
    in->length += (size_t)n;
    char *newline;
    while (in->client_fd >= 0 && (newline = memchr(in->line, '\n', in->length))) {
        *newline = '\0';
        reply(in, run_line(in, in->line));
        if (in->client_fd < 0) break;
        size_t rest = in->length - (size_t)(newline + 1 - in->line);
        memmove(in->line, newline + 1, rest);
        in->length = rest;
    }
    if (in->client_fd >= 0 && in->length == sizeof in->line - 1) {
        reply(in, "line too long");
        close_client(in);
    }
    return 0;
}

static int on_connection(int fd, uint32_t mask, void *data) {
    (void)mask;
    struct input *in = data;
    int client = accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (client < 0) return 0;
    close_client(in);
    in->client_fd = client;
    struct wl_event_loop *loop = wl_display_get_event_loop(in->compositor->wl_display);
    in->client_source = wl_event_loop_add_fd(loop, client, WL_EVENT_READABLE, on_client_data, in);
    return 0;
}

static void on_compositor_destroy(struct wl_listener *listener, void *data) {
    (void)data;
    struct input *in = wl_container_of(listener, in, destroy_listener);
    close_client(in);
    if (in->listen_source) wl_event_source_remove(in->listen_source);
    close(in->listen_fd);
    unlink(in->path);
    weston_touch_device_destroy(in->touch);
    weston_seat_release(&in->seat);
    free(in);
}

/* Binds and listens under a temporary name, then renames it to `path`: the socket file appears only once
 * it accepts connections, so a test that polls for the file never connects between bind() and listen()
 * (ECONNREFUSED, seen under load). */
static int listen_on(const char *path) {
    static const char suffix[] = ".binding";
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) + sizeof suffix > sizeof address.sun_path) return -1;
    strcpy(address.sun_path, path);
    strcat(address.sun_path, suffix);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    unlink(address.sun_path);
    unlink(path);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 4) < 0 ||
        rename(address.sun_path, path) < 0) {
        unlink(address.sun_path);
        close(fd);
        return -1;
    }
    return fd;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    (void)argc;
    (void)argv;
    const char *path = getenv("TACTILE_WESTON_INPUT");
    if (!path || !*path) {
        weston_log("tactile-weston-input: TACTILE_WESTON_INPUT (a socket path) is not set\n");
        return -1;
    }
    struct input *in = calloc(1, sizeof *in);
    if (!in) return -1;
    in->compositor = compositor;
    in->client_fd = -1;
    snprintf(in->path, sizeof in->path, "%s", path);
    in->listen_fd = listen_on(path);
    if (in->listen_fd < 0) {
        weston_log("tactile-weston-input: cannot listen on %s: %s\n", path, strerror(errno));
        free(in);
        return -1;
    }
    weston_seat_init(&in->seat, compositor, "tactile");
    if (weston_seat_init_pointer(&in->seat) < 0 || weston_seat_init_keyboard(&in->seat, NULL) < 0 ||
        weston_seat_init_touch(&in->seat) < 0) {
        weston_log("tactile-weston-input: cannot create the seat's devices\n");
        return -1;
    }
    in->touch = weston_touch_create_touch_device(in->seat.touch_state, "tactile-touch", NULL, NULL);
    struct wl_event_loop *loop = wl_display_get_event_loop(compositor->wl_display);
    in->listen_source = wl_event_loop_add_fd(loop, in->listen_fd, WL_EVENT_READABLE, on_connection, in);
    in->destroy_listener.notify = on_compositor_destroy;
    wl_signal_add(&compositor->destroy_signal, &in->destroy_listener);
    weston_log("tactile-weston-input: seat 'tactile' listening on %s\n", path);
    return 0;
}
