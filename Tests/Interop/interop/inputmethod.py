"""fcitx5 as the input method of a wlroots compositor's seat: its Wayland frontend ("waylandim") over
`zwp_input_method_v2`, pinyin active by default, a private configuration, and its own wire log (fcitx5
runs with WAYLAND_DEBUG=client), which says when it holds the seat's input method and when it grabbed the
keyboard of a text input the compositor activated."""

from __future__ import annotations

import os
import pwd
import re
import subprocess
from pathlib import Path

from .bus import start_session_bus
from .processes import Processes, wait_until

START_TIMEOUT_S = 30.0    # pinyin's language model loads in ~1.5 s on an idle machine
GRAB_TIMEOUT_S = 10.0
LOG_TAIL = 12
# Only what a headless Wayland seat needs: no X11 (xcb, xim), no desktop (dbus, notifications, tray,
# classicui's panel), no cloud pinyin.
ADDONS = "wayland,waylandim,keyboard,pinyin,punctuation"
PROFILE = """[Groups/0]
Name=Default
Default Layout=us
DefaultIM=pinyin

[Groups/0/Items/0]
Name=keyboard-us
Layout=

[Groups/0/Items/1]
Name=pinyin
Layout=

[GroupOrder]
0=Default
"""
CONFIG = """[Behavior]
ActiveByDefault=True
"""


class InputMethodError(Exception):
    """fcitx5 exited or did not get where it should in time; the message ends with its log."""


class Fcitx5:
    """A running fcitx5, read through its log."""

    def __init__(self, process: subprocess.Popen, log: Path):
        self.process = process
        self.log = log

    @classmethod
    def start(cls, processes: Processes, env: dict[str, str], home: Path, runtime: Path, user: str) -> Fcitx5:
        """Writes the configuration under `home`'s XDG_CONFIG_HOME (`env`), starts a session bus and
        fcitx5 as `user` (the compositor's, whose XDG_RUNTIME_DIR it shares), and waits until it asked
        the compositor for the seat's input method and pinyin is loaded.
        Raises: InputMethodError (with the end of fcitx5's log), TimeoutError of the bus."""
        config = Path(env["XDG_CONFIG_HOME"]) / "fcitx5"
        config.mkdir(parents=True, exist_ok=True)
        (config / "profile").write_text(PROFILE)
        (config / "config").write_text(CONFIG)
        account = pwd.getpwnam(user)
        for directory, _, files in os.walk(home):
            for name in [directory] + [os.path.join(directory, f) for f in files]:
                os.chown(name, account.pw_uid, account.pw_gid)
        bus = start_session_bus(processes, env, runtime, user=user)
        argv = ["fcitx5", "--disable=all", f"--enable={ADDONS}", "--verbose=default=4,waylandim=5"]
        process = processes.start("fcitx5", argv, env | {"DBUS_SESSION_BUS_ADDRESS": bus,
                                                         "WAYLAND_DEBUG": "client"}, user=user)
        fcitx5 = cls(process, processes.log_dir / "fcitx5.log")
        fcitx5.wait_for([r"-> zwp_input_method_manager_v2@\d+\.get_input_method\(",
                         r"Loaded addon pinyin"], START_TIMEOUT_S, "its input method and pinyin")
        return fcitx5

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def offset(self) -> int:
        """Where the log ends now: `wait_for` after it sees only what fcitx5 logs later."""
        return len(self.text())

    def wait_for(self, patterns: list[str], timeout_s: float, what: str, after: int = 0) -> str:
        """Waits until the log past `after` matches each pattern in order; returns the log past `after`.
        Raises: InputMethodError when fcitx5 exits or the time passes first."""
        regexes = [re.compile(p) for p in patterns]

        def matched() -> str | None:
            if self.process.poll() is not None:
                raise InputMethodError(f"fcitx5 exited with status {self.process.returncode}; {self.tail()}")
            text = self.text()[after:]
            position = 0
            for regex in regexes:
                found = regex.search(text, position)
                if found is None:
                    return None
                position = found.end()
            return text
        try:
            return wait_until(matched, timeout_s, f"fcitx5 to log {what}", 0.05)
        except TimeoutError as error:
            raise InputMethodError(f"{error}; {self.tail()}") from None

    def wait_for_grab(self, after: int) -> None:
        """Waits until, past `after`, the compositor activated the input method and fcitx5 holds a
        keyboard grab that got the keymap (keys go to fcitx5 from then on).
        Raises: InputMethodError."""
        self.wait_for([r"zwp_input_method_v2@\d+\.activate\(\)", r"zwp_input_method_v2@\d+\.done\(\)",
                       r"zwp_input_method_keyboard_grab_v2@\d+\.(keymap|modifiers)\("],
                      GRAB_TIMEOUT_S, "an activation and its keyboard grab", after)

    def tail(self) -> str:
        lines = self.text().strip().splitlines()[-LOG_TAIL:]
        return "the end of its log: " + " / ".join(lines)
