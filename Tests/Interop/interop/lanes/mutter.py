"""mutter 43, headless with one virtual monitor, inside a private session bus with PipeWire and
WirePlumber; input and screenshots through the RemoteDesktop + ScreenCast session that
Tests/Interop/injectors/tactile-mutter-input.py holds open."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..build import INJECTORS
from ..bus import start_session_bus, wait_for_names
from ..images import Image, read_ppm
from ..injector import LineInjector
from ..lane import (OUTPUT_HEIGHT, OUTPUT_WIDTH, START_TIMEOUT_S, Dirs, Lane, base_env,
                    wait_for_wayland_socket)
from ..processes import Processes

SOCKET = "tactile-mutter"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, which has python3-dbus and python3-gi (a pyenv one may not)
PYTHON_MODULES = "import dbus, gi; gi.require_version('Gst', '1.0'); from gi.repository import Gst"


class MutterLane(Lane):
    name = "mutter"
    title = "mutter 43"
    package = "mutter"
    touch_cancel_route = False  # RemoteDesktop has no touch cancel
    # mutter 43.8 takes a start_drag with the touch down's serial but runs the drag off the pointer: the
    # finger's motions and up keep going to the source's surface, no window hears the drag. Tactile ends
    # such a drag as a cancel when the finger's up reaches it, destroying the source, which frees the pointer.
    touch_drag = False
    expected_decoration = "client_side"  # mutter offers no xdg-decoration manager: Tactile draws the frame
    # mutter 43 adds each remote-desktop device kind to its seat on that kind's first event.
    warm_up = ["pointer motion 0 0", "touch down 0 0 0", "touch up 0", "key 42 pressed", "key 42 released"]

    def required_commands(self) -> list[str]:
        return ["mutter", "dbus-daemon", "pipewire", "wireplumber", SYSTEM_PYTHON]

    def missing(self) -> str | None:
        reason = super().missing()
        if reason is None and subprocess.run([SYSTEM_PYTHON, "-c", PYTHON_MODULES], capture_output=True).returncode:
            reason = "not installed: python3-dbus, python3-gi or gir1.2-gstreamer-1.0 (run .ci/install-interop-packages)"
        return reason

    def start(self, processes: Processes, dirs: Dirs) -> None:
        self.dirs = dirs
        env = base_env(dirs) | {"GSETTINGS_BACKEND": "memory"}
        env["DBUS_SESSION_BUS_ADDRESS"] = start_session_bus(processes, env, dirs.runtime)
        processes.start("pipewire", ["pipewire"], env)
        processes.start("wireplumber", ["wireplumber"], env)
        compositor = processes.start("compositor", [
            "mutter", "--headless", "--wayland", "--no-x11", "--virtual-monitor", f"{OUTPUT_WIDTH}x{OUTPUT_HEIGHT}",
            "--wayland-display", SOCKET], env)
        wait_for_wayland_socket(dirs.runtime / SOCKET, processes, compositor)
        wait_for_names(env["DBUS_SESSION_BUS_ADDRESS"], ["org.gnome.Mutter.RemoteDesktop",
                                                         "org.gnome.Mutter.ScreenCast"], START_TIMEOUT_S)
        self.wayland_display = SOCKET
        self.env = env
        self.injector = LineInjector.over_process(processes.start(
            "injector", [SYSTEM_PYTHON, str(INJECTORS / "tactile-mutter-input.py")], env, pipes=True), START_TIMEOUT_S)

    def client_env(self) -> dict[str, str]:
        return self.env | {"WAYLAND_DISPLAY": self.wayland_display}

    def screenshot(self, stem: Path) -> Image:
        path = stem.with_suffix(".ppm")
        self.injector.send(f"screenshot {path}")
        return read_ppm(path.read_bytes())
