"""weston 10, headless with the pixman renderer; input through the project's weston module
(Tests/Support/weston-input), screenshots through weston-screenshooter (which needs --debug)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..build import build
from ..images import Image, read_png
from ..injector import LineInjector
from ..lane import OUTPUT_HEIGHT, OUTPUT_WIDTH, Dirs, Lane, base_env, wait_for_wayland_socket
from ..processes import Processes, wait_until

SOCKET = "tactile-weston"


class WestonLane(Lane):
    name = "weston"
    title = "weston 10"
    package = "weston"
    scales = (1, 2)  # --width and --height are units: at --scale=2 the output has twice the pixels
    expected_decoration = "client_side"  # weston 10 offers no xdg-decoration manager: Tactile draws the frame

    def required_commands(self) -> list[str]:
        return ["weston", "weston-screenshooter"]

    def required_files(self) -> list[str]:
        return ["/usr/include/libweston-10/libweston/libweston.h"]

    def start(self, processes: Processes, dirs: Dirs) -> None:
        self.dirs = dirs
        module = build("weston-input")
        input_socket = dirs.runtime / "input.sock"
        env = base_env(dirs) | {"TACTILE_WESTON_INPUT": str(input_socket)}
        compositor = processes.start("compositor", [
            "weston", "--backend=headless-backend.so", "--use-pixman", "--debug", "--no-config",
            f"--socket={SOCKET}", f"--width={OUTPUT_WIDTH}", f"--height={OUTPUT_HEIGHT}", f"--scale={self.scale}",
            "--idle-time=0",
            f"--modules={module}"], env)
        wait_for_wayland_socket(dirs.runtime / SOCKET, processes, compositor)
        wait_until(input_socket.exists, 10, "the weston input module's socket")
        self.wayland_display = SOCKET
        self.injector = LineInjector.over_socket(str(input_socket))

    def screenshot(self, stem: Path) -> Image:
        shots = self.dirs.work / "screenshooter"
        shots.mkdir(exist_ok=True)
        for old in shots.glob("*.png"):
            old.unlink()
        subprocess.run(["weston-screenshooter"], env=self.client_env(), cwd=shots, check=True, timeout=20,
                       capture_output=True)
        (taken,) = shots.glob("*.png")
        path = stem.with_suffix(".png")
        taken.replace(path)
        return read_png(path.read_bytes())
