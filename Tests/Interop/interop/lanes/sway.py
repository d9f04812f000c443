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
from ..inputmethod import Fcitx5
from ..lane import (OUTPUT_HEIGHT, OUTPUT_WIDTH, START_TIMEOUT_S, Dirs, Lane, base_env, ensure_running,
                    first_line, wait_for_wayland_socket)
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


class SwayImeLane(SwayLane):
    """The IME lane: sway 1.7 hosting fcitx5's pinyin over `zwp_input_method_v2` for the app's
    `zwp_text_input_v3` (`inputmethod.py`). Part of `run sway`; only the window's and the input method's
    steps run, since pinyin takes every key the other steps type. The app logs its wire
    (WAYLAND_DEBUG=client), so the steps read the cursor rectangle it sent."""

    title = "sway 1.7 + fcitx5 pinyin"
    steps = frozenset({"screenshot", "decorations", "ime-field", "ime-view"})
    input_method: Fcitx5 | None = None

    @property
    def key(self) -> str:
        return "sway-ime" if self.scale == 1 else f"sway-ime-x{self.scale:g}"

    def required_commands(self) -> list[str]:
        return super().required_commands() + ["fcitx5", "dbus-daemon"]

    def required_files(self) -> list[str]:
        return super().required_files() + ["/usr/share/fcitx5/addon/pinyin.conf",
                                           "/usr/share/libime/sc.dict"]

    def version(self) -> str:
        fcitx5 = first_line(["dpkg-query", "-W", "-f", "${Version}\n", "fcitx5-chinese-addons"])
        return f"{super().version()}, fcitx5-chinese-addons {fcitx5}"

    def start(self, processes: Processes, dirs: Dirs) -> None:
        super().start(processes, dirs)
        self.input_method = Fcitx5.start(processes, self.client_env(), dirs.home, dirs.runtime, USER)

    def app_env(self) -> dict[str, str]:
        return {"WAYLAND_DEBUG": "client"}
