#!/usr/bin/env python3
"""tactile-mutter-input: injects touch, pointer and keys into mutter 43, and takes its screenshots.

Mutter's seat starts with no devices; this program opens an org.gnome.Mutter.RemoteDesktop session linked to
an org.gnome.Mutter.ScreenCast RecordMonitor stream of the primary monitor (absolute and touch positions are
given in that stream's space, and touch needs the PipeWire stream running), then reads the line commands of
Tests/Interop/injectors/line-command.h on standard input, answering "ok" or "error <reason>" once mutter has
answered the D-Bus call. Each device kind appears in mutter's seat only on its first event: the driver sends
a warm-up event of each kind before the app starts. One more command, `screenshot PATH`, writes the stream's latest frame to PATH as a
binary PPM (read with GStreamer's pipewiresrc, which needs wireplumber). The session lives only while this
process stays connected to the bus: keep it running for the whole test.

Needs DBUS_SESSION_BUS_ADDRESS (mutter's bus) and XDG_RUNTIME_DIR (PipeWire's socket).
"""

import sys
import time

import dbus
import dbus.mainloop.glib
import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"
SCREEN_CAST = "org.gnome.Mutter.ScreenCast"
FIRST_FRAME_TIMEOUT_S = 10


class MutterInput:
    """One RemoteDesktop session with its ScreenCast stream and a GStreamer pipeline that keeps its last frame."""

    def __init__(self, bus: dbus.Bus):
        remote = bus.get_object(REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop")
        session_path = remote.CreateSession(dbus_interface=REMOTE_DESKTOP)
        session_object = bus.get_object(REMOTE_DESKTOP, session_path)
        self.session = dbus.Interface(session_object, REMOTE_DESKTOP + ".Session")
        session_id = session_object.Get(REMOTE_DESKTOP + ".Session", "SessionId",
                                        dbus_interface="org.freedesktop.DBus.Properties")
        cast = bus.get_object(SCREEN_CAST, "/org/gnome/Mutter/ScreenCast")
        cast_path = cast.CreateSession({"remote-desktop-session-id": session_id}, dbus_interface=SCREEN_CAST)
        cast_session = dbus.Interface(bus.get_object(SCREEN_CAST, cast_path), SCREEN_CAST + ".Session")
        self.stream = cast_session.RecordMonitor("", {"cursor-mode": dbus.UInt32(0)})
        self.node = None
        self.frame = None
        bus.add_signal_receiver(self._stream_added, "PipeWireStreamAdded", SCREEN_CAST + ".Stream",
                                path=self.stream)
        self.session.Start()
        self._run_until(lambda: self.node is not None, "the ScreenCast stream never reached PipeWire")
        self._start_pipeline()

    def _stream_added(self, node: int):
        self.node = int(node)

    def _run_until(self, condition, failure: str, timeout_s: float = FIRST_FRAME_TIMEOUT_S):
        context = GLib.MainContext.default()
        deadline = GLib.get_monotonic_time() + int(timeout_s * 1e6)
        while not condition():
            if GLib.get_monotonic_time() > deadline:
                raise RuntimeError(failure)
            if not context.iteration(False):
                time.sleep(0.01)

    def _start_pipeline(self):
        Gst.init(None)
        self.pipeline = Gst.parse_launch(
            f"pipewiresrc path={self.node} always-copy=true ! videoconvert ! video/x-raw,format=RGB ! "
            "appsink name=sink emit-signals=true max-buffers=1 drop=true sync=false")
        self.pipeline.get_by_name("sink").connect("new-sample", self._new_sample)
        self.pipeline.set_state(Gst.State.PLAYING)
        self._run_until(lambda: self.frame is not None, "no frame came from the ScreenCast stream")

    def _new_sample(self, sink) -> Gst.FlowReturn:
        sample = sink.emit("pull-sample")
        structure = sample.get_caps().get_structure(0)
        self.frame = (structure.get_value("width"), structure.get_value("height"),
                      sample.get_buffer().extract_dup(0, sample.get_buffer().get_size()))
        return Gst.FlowReturn.OK

    def screenshot(self, path: str):
        width, height, data = self.frame
        stride = (width * 3 + 3) // 4 * 4
        rows = b"".join(data[y * stride:y * stride + width * 3] for y in range(height))
        with open(path, "wb") as out:
            out.write(b"P6\n%d %d\n255\n" % (width, height) + rows)

    def run(self, line: str):
        """Runs one command; raises ValueError for a malformed one, dbus.DBusException for mutter's refusal."""
        words = line.split()
        s = self.session
        match words:
            case ["screenshot", path]:
                self.screenshot(path)
            case ["touch", "down" | "motion" as verb, slot, x, y]:
                notify = s.NotifyTouchDown if verb == "down" else s.NotifyTouchMotion
                notify(self.stream, dbus.UInt32(int(slot)), float(x), float(y))
            case ["touch", "up", slot]:
                s.NotifyTouchUp(dbus.UInt32(int(slot)))
            case ["touch" | "pointer", "frame"]:
                pass  # mutter frames remote-desktop events itself
            case ["pointer", "motion", x, y]:
                s.NotifyPointerMotionAbsolute(self.stream, float(x), float(y))
            case ["pointer", "button", code, "pressed" | "released" as state]:
                s.NotifyPointerButton(dbus.Int32(int(code)), state == "pressed")
            case ["pointer", "axis", "vertical" | "horizontal" as axis, value]:
                dx, dy = (0.0, float(value)) if axis == "vertical" else (float(value), 0.0)
                s.NotifyPointerAxis(dx, dy, dbus.UInt32(0))
            case ["key", code, "pressed" | "released" as state]:
                s.NotifyKeyboardKeycode(dbus.UInt32(int(code)), state == "pressed")
            case _:
                raise ValueError("unknown or malformed command (touch cancel has no RemoteDesktop route)")


def main() -> int:
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    try:
        injector = MutterInput(dbus.SessionBus())
    except (dbus.DBusException, RuntimeError) as error:
        print(f"error {error}", flush=True)
        return 1
    print("ready", flush=True)
    for line in sys.stdin:
        try:
            injector.run(line.strip())
            print("ok", flush=True)
        except (ValueError, dbus.DBusException) as error:
            print(f"error {error}".replace("\n", " "), flush=True)
    injector.session.Stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
