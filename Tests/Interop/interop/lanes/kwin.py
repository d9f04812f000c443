"""KWin 5.27 with its virtual backend (OpenGL on llvmpipe), inside a private session bus; input through
org_kde_kwin_fake_input (Tests/Interop/injectors/tactile-kwin-input.c), screenshots through the
org.kde.KWin.ScreenShot2 D-Bus API. Both are unlocked by environment variables KWin reads."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

from ..build import PLASMA_PROTOCOLS, build
from ..bus import start_session_bus, wait_for_names
from ..images import Image, ImageError, from_rows
from ..injector import LineInjector
from ..lane import (OUTPUT_HEIGHT, OUTPUT_WIDTH, START_TIMEOUT_S, Dirs, Lane, base_env,
                    wait_for_wayland_socket)
from ..processes import Processes

SOCKET = "tactile-kwin"
KWIN = "/usr/bin/kwin_wayland"
# QImage formats KWin 5.27 sends: RGB32, ARGB32, ARGB32_Premultiplied, all 0xAARRGGBB words (BGRA bytes here).
QIMAGE_WORD_FORMATS = {4, 5, 6}


class KWinLane(Lane):
    name = "kwin"
    title = "KWin 5.27"
    package = "kwin-wayland"
    scales = (1, 2, 1.5)
    # The drag steps pass; KWin 5.27 raises the window a drag hovers (the drop target then covers the
    # source's chip), so each drag step starts a source app of its own (dragdrop.py).
    expected_decoration = "server_side"
    # The fake-input devices appear when the injector binds, the touch device only on its first event, and
    # events sent before a client bound a device are lost: warm up before the app starts.
    warm_up = ["pointer motion 0 0", "touch down 0 0 0", "touch frame", "touch up 0", "touch frame",
               "key 42 pressed", "key 42 released"]

    def required_commands(self) -> list[str]:
        return [KWIN, "dbus-daemon"]

    def required_files(self) -> list[str]:
        return [str(PLASMA_PROTOCOLS / "fake-input.xml")]

    def start(self, processes: Processes, dirs: Dirs) -> None:
        self.dirs = dirs
        injector = build("kwin-input")
        env = base_env(dirs)
        env["DBUS_SESSION_BUS_ADDRESS"] = start_session_bus(processes, env, dirs.runtime)
        compositor = processes.start("compositor", [
            self._kwin_copy(dirs.home), "--virtual", "--width", str(OUTPUT_WIDTH), "--height", str(OUTPUT_HEIGHT),
            "--scale", f"{self.scale:g}",
            "--socket", SOCKET, "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"],
            env | {"KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1"})
        wait_for_wayland_socket(dirs.runtime / SOCKET, processes, compositor)
        wait_for_names(env["DBUS_SESSION_BUS_ADDRESS"], ["org.kde.KWin.ScreenShot2"], START_TIMEOUT_S)
        self.wayland_display = SOCKET
        self.bus_address = env["DBUS_SESSION_BUS_ADDRESS"]
        self.injector = LineInjector.over_process(processes.start(
            "injector", [str(injector)], self.client_env(), pipes=True))

    @staticmethod
    def _kwin_copy(directory: Path) -> str:
        """The installed kwin_wayland carries a file capability (cap_sys_resource) that a container cannot
        grant, so exec fails with EPERM; a copy carries none."""
        copy = directory / "kwin_wayland"
        if not copy.exists():
            shutil.copy(KWIN, copy)
        return str(copy)

    def screenshot(self, stem: Path) -> Image:
        import dbus
        import dbus.bus

        bus = dbus.bus.BusConnection(self.bus_address)
        read_end, write_end = os.pipe()
        chunks: list[bytes] = []
        reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(read_end, 1 << 20), b"")))
        reader.start()
        try:
            shooter = bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2")
            meta = shooter.CaptureArea(0, 0, dbus.UInt32(OUTPUT_WIDTH), dbus.UInt32(OUTPUT_HEIGHT),
                                       {"native-resolution": True}, dbus.types.UnixFd(write_end),
                                       dbus_interface="org.kde.KWin.ScreenShot2")
        finally:
            os.close(write_end)
            reader.join(20)
            os.close(read_end)
            bus.close()
        if meta.get("type") != "raw" or int(meta.get("format", -1)) not in QIMAGE_WORD_FORMATS:
            raise ImageError(f"unexpected ScreenShot2 answer {dict(meta)}")
        image = from_rows(int(meta["width"]), int(meta["height"]), int(meta["stride"]), b"".join(chunks), "BGRx")
        stem.with_suffix(".ppm").write_bytes(image.ppm())
        return image
