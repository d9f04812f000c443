"""The proof each lane runs with a real client (the probe, until the Tactile test app exists): locate its
window in a screenshot, then inject touch, multi-touch, pointer, scroll and keys, check after each step
what the app reported and, where the step changes the window's colour, the pixels of a screenshot."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .images import Image, Rect
from .lane import Lane
from .processes import wait_until
from .state import StateLog

CAPABILITIES = ["touch", "multi-touch", "pointer", "scroll", "keys", "decorations", "screenshot"]
# The probe's colours (Tests/Interop/probe/tactile-interop-probe.c).
IDLE, TOUCHED, CLICKED, TYPED = (255, 0, 255), (0, 255, 0), (0, 0, 255), (255, 255, 0)
PIXEL_TIMEOUT_S = 10.0
# Where a step's colour is read: away from the injected positions, because compositors without a cursor
# plane (sway 1.7 headless) draw the pointer into their screenshots.
SAMPLE = (10, 10)
BTN_LEFT, KEY_A = 272, 30
NUMBER = r"(-?\d+(?:\.\d+)?)"


class CheckFailed(Exception):
    """A step's expectation did not hold; the message says what was seen instead."""


@dataclass
class Result:
    status: str  # passed, failed or skipped
    detail: str = ""


@dataclass
class Proof:
    """Runs the steps against one started lane and its running probe."""

    lane: Lane
    state: StateLog
    window: Rect | None = None
    shots: int = 0

    def screenshots(self, label: str):
        """A function taking screenshots into one numbered file per call of this (retries overwrite it)."""
        self.shots += 1
        stem = self.lane.dirs.work / f"{self.shots:02d}-{label}"
        return lambda: self.lane.screenshot(stem)

    def at(self, x: float, y: float) -> str:
        """Global coordinates of a window-local point, as command arguments."""
        return f"{self.window.x + x:g} {self.window.y + y:g}"

    def wait_for_color(self, color, label: str) -> None:
        """Takes screenshots until the window shows `color` at SAMPLE. Raises: TimeoutError."""
        shoot, (x, y) = self.screenshots(label), SAMPLE

        def shows() -> bool:
            return shoot().pixel(self.window.x + x, self.window.y + y) == color
        wait_until(shows, PIXEL_TIMEOUT_S, f"the screenshot to show {color} at window point ({x}, {y})", 0.05)

    def expect_point(self, kind: str, x: float, y: float) -> str:
        """Waits for `touch down|motion ID X Y` at (x, y) (within half a pixel); returns the ID."""
        return self.state.wait_for(rf"touch {kind} (-?\d+) {NUMBER} {NUMBER}", lambda m: _near(m, 2, x, y),
                                   f"touch {kind} at ({x}, {y})")[1]

    # -- the steps, in order; each raises on failure ------------------------------------------------------

    def check_screenshot(self) -> str:
        """Locates the window: the box of the probe's colour, once it has the probe's latest size (windows may
        animate in, and be resized after their first configure)."""
        shoot = self.screenshots("window")

        def located() -> Rect | None:
            rect = shoot().bounds_of(IDLE)
            return rect if rect and (rect.width, rect.height) == self.current_size() else None
        self.window = wait_until(located, PIXEL_TIMEOUT_S, "a window of the probe's colour and size", 0.1)
        return f"window found at ({self.window.x}, {self.window.y}), {self.window.width}x{self.window.height}"

    def check_touch(self) -> str:
        self.state.mark()
        self.lane.injector.send_all([f"touch down 1 {self.at(40, 30)}", "touch frame",
                                     f"touch motion 1 {self.at(48, 36)}", "touch frame", "touch up 1", "touch frame"])
        point = self.expect_point("down", 40, 30)
        self.expect_point("motion", 48, 36)
        self.state.wait_for(rf"touch up {point}")
        self.wait_for_color(TOUCHED, "touch")
        lines = self.state.since_mark()
        after_up = lines[lines.index(f"touch up {point}") + 1:]
        return f"id 1 arrived as {point}; " + ("a frame follows the up" if after_up[:1] == ["touch frame"]
                                                else "no frame after the up")

    def check_multi_touch(self) -> str:
        self.state.mark()
        self.lane.injector.send_all([
            f"touch down 11 {self.at(60, 50)}", f"touch down 12 {self.at(200, 150)}", "touch frame",
            f"touch motion 11 {self.at(70, 60)}", f"touch motion 12 {self.at(190, 140)}", "touch frame",
            "touch up 11", "touch up 12", "touch frame"])
        first, second = self.expect_point("down", 60, 50), self.expect_point("down", 200, 150)
        if first == second:
            raise CheckFailed(f"both points arrived with id {first}")
        self.expect_point("motion", 70, 60)
        self.expect_point("motion", 190, 140)
        self.state.wait_for(rf"touch up {first}")
        self.state.wait_for(rf"touch up {second}")
        return f"ids 11, 12 arrived as {first}, {second}"

    def check_pointer(self) -> str:
        self.state.mark()
        self.lane.injector.send_all([f"pointer motion {self.at(120, 90)}", "pointer frame",
                                     f"pointer button {BTN_LEFT} pressed", "pointer frame",
                                     f"pointer button {BTN_LEFT} released", "pointer frame"])
        position = self.state.wait_for(rf"pointer (?:enter|motion) {NUMBER} {NUMBER}", lambda m: _near(m, 1, 120, 90),
                                       "pointer enter or motion at (120, 90)")
        self.state.wait_for(rf"pointer button {BTN_LEFT} pressed")
        self.state.wait_for(rf"pointer button {BTN_LEFT} released")
        self.wait_for_color(CLICKED, "click")
        return f"position reported by {position[0]!r}"

    def check_scroll(self) -> str:
        self.state.mark()
        self.lane.injector.send_all(["pointer axis vertical 15", "pointer frame"])
        axis = self.state.wait_for(rf"pointer axis vertical {NUMBER}")
        if float(axis[1]) <= 0:
            raise CheckFailed(f"injected +15 arrived as {axis[0]!r}")
        return f"+15 arrived as {float(axis[1]):g}"

    def check_keys(self) -> str:
        self.state.mark()
        self.lane.injector.send_all([f"key {KEY_A} pressed", f"key {KEY_A} released"])
        self.state.wait_for(rf"key {KEY_A} pressed")
        self.state.wait_for(rf"key {KEY_A} released")
        self.wait_for_color(TYPED, "key")
        return "KEY_A pressed and released"

    def check_decorations(self, desktop: Image) -> str:
        mode = next((l.split()[1] for l in self.state.lines if l.startswith("decoration ")), "not reported")
        if mode != self.lane.expected_decoration:
            raise CheckFailed(f"the probe reported {mode}, expected {self.lane.expected_decoration}")
        if mode != "server_side":
            return f"{mode}: the client draws its own"
        # A server-side title bar shows as pixels above the window that the empty desktop did not have.
        above = self.window.y - 4
        shot = self.screenshots("decorated")()
        changed = above >= 0 and any(shot.pixel(x, above) != desktop.pixel(x, above)
                                     for x in range(self.window.x, self.window.x + self.window.width))
        if not changed:
            raise CheckFailed("server_side negotiated, but nothing is drawn above the window")
        return "server_side, drawn above the window"

    def current_size(self) -> tuple[int, int]:
        """The probe's latest buffer size (its first `ready`, then any `size` line)."""
        self.state.since_mark()
        sizes = [l.split()[1:] for l in self.state.lines if l.startswith(("ready ", "size "))]
        return int(sizes[-1][0]), int(sizes[-1][1])


def _near(match: re.Match, group: int, x: float, y: float) -> bool:
    return abs(float(match[group]) - x) < 0.5 and abs(float(match[group + 1]) - y) < 0.5
