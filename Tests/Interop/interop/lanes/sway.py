"""sway 1.7, headless with the pixman renderer, run as `nobody` (it refuses root); pointer and keys through
the wlroots virtual pointer and keyboard protocols; screenshots with grim. No touch route exists."""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

from ..build import build
from ..images import Image, read_ppm
from ..injector import LineInjector
from ..lane import (OUTPUT_HEIGHT, OUTPUT_WIDTH, START_TIMEOUT_S, Dirs, Lane, base_env, ensure_running,
                    wait_for_wayland_socket)
from ..processes import Processes, wait_until

USER = "nobody"
# No wallpaper process (swaybg), no Xwayland: only the compositor runs.
CONFIG = """output * mode {width}x{height} scale {scale}
swaybg_command -
xwayland disable
"""


class SwayLane(Lane):
    name = "sway"
    title = "sway 1.7"
    package = "sway"
    touch_route = False
    tiles = True
    scales = (1, 2)  # the mode is in pixels, so scale 2 doubles it
    expected_decoration = "server_side"
    warm_up = ["pointer motion 0 0", "pointer frame", "key 42 pressed", "key 42 released"]

    def required_commands(self) -> list[str]:
        return ["sway", "grim"]

    def required_files(self) -> list[str]:
        return ["/usr/include/xkbcommon/xkbcommon.h"]

    def start(self, processes: Processes, dirs: Dirs) -> None:
        self.dirs = dirs
        injector = build("wlr-input")
        account = pwd.getpwnam(USER)
        for d in (dirs.runtime, dirs.home):
            os.chown(d, account.pw_uid, account.pw_gid)
        config = dirs.runtime / "config"
        config.write_text(CONFIG.format(width=OUTPUT_WIDTH * self.scale, height=OUTPUT_HEIGHT * self.scale,
                                        scale=self.scale))
        env = base_env(dirs) | {"WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"}
        compositor = processes.start("compositor", ["sway", "-c", str(config)], env, user=USER)
        # sway picks its socket's name itself (wayland-N): take the first one that appears.
        def find_socket() -> Path | None:
            ensure_running(processes, compositor)
            return next(iter(sorted(dirs.runtime.glob("wayland-[0-9]"))), None)

        socket_path = wait_until(find_socket, START_TIMEOUT_S, "sway's Wayland socket")
        wait_for_wayland_socket(socket_path, processes, compositor)
        self.wayland_display = socket_path.name
        self.injector = LineInjector.over_process(processes.start(
            "injector", [str(injector), f"{OUTPUT_WIDTH}x{OUTPUT_HEIGHT}"], self.client_env(), pipes=True))

    def screenshot(self, stem: Path) -> Image:
        path = stem.with_suffix(".ppm")
        subprocess.run(["grim", "-t", "ppm", str(path)], env=self.client_env(), check=True, timeout=20,
                       capture_output=True)
        return read_ppm(path.read_bytes())
