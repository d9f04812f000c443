"""What every compositor lane provides to the scenario: a running compositor with an injector, a screenshot
route, and the environment a client needs to connect to it."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from .images import Image
from .injector import LineInjector
from .processes import Processes, wait_until

OUTPUT_WIDTH, OUTPUT_HEIGHT = 800, 600
START_TIMEOUT_S = 30.0


class LaneSkipped(Exception):
    """The compositor cannot run on this machine (a package is missing, or it cannot start); the message
    says why."""


@dataclass(frozen=True)
class Dirs:
    """A lane's private directories: `runtime` (XDG_RUNTIME_DIR, 0700, sockets), `home` (HOME and the XDG
    config/data/cache dirs, so no user configuration leaks in) and `work` (logs, screenshots, state file,
    kept after the run)."""

    runtime: Path
    home: Path
    work: Path


class Lane(ABC):
    name: str            # short key: weston, mutter, kwin, sway
    title: str           # as in the compatibility table
    touch_route = True   # False when the compositor has no way to inject touch
    touch_cancel_route = True  # False when touch can be injected but not cancelled
    expected_decoration: str  # what the app should report: server_side or client_side (Tactile draws it)
    warm_up: list[str] = []   # commands sent before the app starts, so every device kind exists
    scales = (1,)             # the output scales the lane runs at (each one a row of the table)
    tiles = False             # True when a second window takes space from the first (sway)
    drag_steps = ""           # why the drag steps do not run on this lane yet ("" when they run)
    touch_drag = True         # False when the compositor cannot finish a touch drag (a documented "no")
    touch_drag_end = "cancel" # then: how the source's session ends when the finger lifts
    steps: frozenset[str] | None = None  # the only steps this lane runs (None: all that apply)
    input_method = None       # the running input method (`inputmethod.Fcitx5`), for the IME steps

    def __init__(self, scale: float = 1):
        """A lane whose output is OUTPUT_WIDTH×OUTPUT_HEIGHT units at `scale` pixels per unit: screenshots
        are in pixels, positions and sizes in units."""
        self.scale = scale
        self.injector: LineInjector | None = None
        self.wayland_display = ""
        self.dirs: Dirs | None = None

    @property
    def key(self) -> str:
        """The lane's name, with its scale unless 1: where its logs and screenshots go."""
        return self.name if self.scale == 1 else f"{self.name}-x{self.scale:g}"

    @property
    def label(self) -> str:
        """The lane's title, with its scale unless 1, as in the compatibility table."""
        return self.title if self.scale == 1 else f"{self.title}, scale {self.scale:g}"

    def missing(self) -> str | None:
        """Why this lane cannot run here (a program or file that is not installed), or None."""
        absent = [c for c in self.required_commands() if not shutil.which(c)]
        absent += [p for p in self.required_files() if not Path(p).exists()]
        if absent:
            return f"not installed: {', '.join(absent)} (run .ci/install-interop-packages)"
        return None

    def required_commands(self) -> list[str]:
        return []

    def required_files(self) -> list[str]:
        return []

    package: str         # the Debian package of the compositor

    def version(self) -> str:
        """The installed version of the compositor's Debian package."""
        return first_line(["dpkg-query", "-W", "-f", "${Version}\n", self.package])

    @abstractmethod
    def start(self, processes: Processes, dirs: Dirs) -> None:
        """Starts the compositor and whatever it needs, waits until it accepts clients, and opens
        `self.injector`. Raises: LaneSkipped when the compositor cannot start here; TimeoutError,
        InjectorError, BuildError when it started but does not work."""

    @abstractmethod
    def screenshot(self, stem: Path) -> Image:
        """Captures the whole output into the file `stem` + the route's own extension (.png or .ppm) and
        returns its pixels."""

    def app_env(self) -> dict[str, str]:
        """What the scenario app's environment adds to `client_env`."""
        return {}

    def client_env(self) -> dict[str, str]:
        """The environment for a client of this compositor."""
        return base_env(self.dirs) | {"WAYLAND_DISPLAY": self.wayland_display}


def base_env(dirs: Dirs) -> dict[str, str]:
    """A clean environment over the private directories (nothing of the caller's session leaks in)."""
    return {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": str(dirs.home),
        "XDG_RUNTIME_DIR": str(dirs.runtime),
        "XDG_CONFIG_HOME": str(dirs.home / "config"),
        "XDG_DATA_HOME": str(dirs.home / "data"),
        "XDG_CACHE_HOME": str(dirs.home / "cache"),
        "XDG_STATE_HOME": str(dirs.home / "state"),
    }


def ensure_running(processes: Processes, compositor: subprocess.Popen) -> None:
    """Raises: LaneSkipped with the end of the compositor's log when it has exited (it cannot run here)."""
    if compositor.poll() is None:
        return
    log = processes.log_dir / "compositor.log"
    tail = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
    raise LaneSkipped(f"the compositor exited with status {compositor.returncode}: {' / '.join(tail)}")


def wait_for_wayland_socket(path: Path, processes: Processes, compositor: subprocess.Popen) -> None:
    """Waits until `path` accepts connections. Raises: LaneSkipped when the compositor exits first,
    TimeoutError when it never listens."""

    def accepting() -> bool:
        ensure_running(processes, compositor)
        with socket.socket(socket.AF_UNIX) as probe:
            return probe.connect_ex(str(path)) == 0

    wait_until(accepting, START_TIMEOUT_S, f"a Wayland socket at {path}")


def first_line(argv: list[str]) -> str:
    """The first line a command prints (versions), or what went wrong."""
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"unknown ({error})"
    return ((result.stdout or result.stderr).strip().splitlines() or ["unknown"])[0]
