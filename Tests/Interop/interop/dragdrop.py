"""The drag-and-drop steps of the scenario: a second Tactile app (the scenario binary with
TACTILE_INTEROP_ROLE=drag-source, Tests/Interop/scenario/DragSourceController.swift) shows a small teal window
whose white chip is dragged by a finger, then by the pointer (each step with a source app of its own), onto the
scenario's window, which takes the text dropped on it. The drag leaves the source's window, so Tactile hands it to the compositor (`wl_data_device`
`start_drag` with the press's serial); the compositor must offer it to the scenario's window, negotiate copy,
deliver the drop and pass the text through its pipe.

A lane whose compositor cannot finish a touch drag says so in `touch_drag` (a documented "no"): the step then
checks that outcome — the finger's drag starts in the source and never reaches the target — instead of
skipping."""

from __future__ import annotations

import subprocess
from contextlib import contextmanager

from .images import Rect
from .injector import BTN_LEFT
from .outcomes import CheckFailed, Result, StepSkipped
from .processes import wait_until
from .state import StateLog

SOURCE_ROOT = (0, 128, 128)     # DragSourceController.rootColor
CHIP_CENTER = (100, 75)         # the chip (40, 35, 120×80) of the source's content
DRAGGED_TEXT = "dragged across the compositor"
SOURCE_MARGIN = (20, 60)        # around the source's content (sideways; above and below), its frame or title bar: no drop point there
ENTER_TIMEOUT_S = 5.0           # the drag's offer reaching the target, while the input wiggles over it
SOURCE_START_TIMEOUT_S = 30.0   # a debug build's first frame, on a loaded 2-core machine
LIFT_TIMEOUT_S = 5.0            # a finger lifts after 0.5 s of real time
DRAG_MOTIONS = 8


class DragSteps:
    """Mixed into `Scenario`, whose `lane`, `state`, `window`, `processes`, `app`, `shoot`, `at` and
    `check_screenshot` it uses."""

    source: Rect | None = None        # the source's content, global coordinates
    source_state: StateLog | None = None
    source_process: subprocess.Popen | None = None
    drop_point: tuple[float, float] | None = None

    def start_drag_source(self) -> None:
        """Starts the source app (each drag step starts its own: KWin 5.27 raises the window a drag hovers,
        so after a drop the scenario's window covers the source's chip), then locates both windows and
        picks a point of the scenario's content away from the source's window to drop on."""
        if self.source is not None:
            return
        path = self.lane.dirs.work / "state-drag-source"
        self.state.mark()
        self.source_process = self.processes.start("drag-source", [str(self.app)], self.lane.client_env() | {
            "TACTILE_INTEROP_STATE": str(path), "TACTILE_INTEROP_ROLE": "drag-source"})
        self.source_state = StateLog(path)
        ready = self.source_state.wait_for(r"ready (\d+) (\d+)", timeout_s=SOURCE_START_TIMEOUT_S)
        if self.lane.tiles:
            self.state.wait_for(r"size \d+ \d+")   # the scenario's window gave the source half the screen
        self.shots += 1

        def located() -> Rect | None:
            sizes = [l.split()[1:] for l in self.source_state.since_mark() if l.startswith(("ready ", "size "))]
            rect = self.shoot("source").bounds_of(SOURCE_ROOT)
            if rect is None:
                return None
            scale = self.lane.scale
            rect = Rect(*(round(v / scale) for v in (rect.x, rect.y, rect.width, rect.height)))
            return rect if [str(rect.width), str(rect.height)] == sizes[-1] else None
        self.source = wait_until(located, 10.0, f"the drag source's window ({ready[0]!r})", 0.1)
        self.check_screenshot()   # the scenario's window again: it may have moved or been resized
        self.drop_point = self.point_away_from_source()
        if self.drop_point is None:
            raise CheckFailed(f"the source's window {self.source} covers the scenario's content {self.window}")

    def stop_drag_source(self) -> None:
        """Ends the source app after a drag step, waits until its window is gone (and, where windows
        tile, the scenario's has its space back), and locates the scenario's window again for the next
        steps."""
        if self.source_process is None:
            return
        self.state.mark()
        self.processes.stop(self.source_process)
        self.source_process = None
        self.source = None
        self.shots += 1
        wait_until(lambda: self.shoot("source-gone").bounds_of(SOURCE_ROOT) is None, 10.0,
                   "the drag source's window to go away", 0.1)
        if self.lane.tiles:
            self.state.wait_for(r"size \d+ \d+")
        self.check_screenshot()

    def point_away_from_source(self) -> tuple[float, float] | None:
        """The content point of the scenario's window nearest its centre that is outside the source's window
        and its frame, or None."""
        mx, my = SOURCE_MARGIN
        s = self.source
        candidates = [(x, y) for x in range(20, self.window.width - 19, 20) for y in range(20, self.window.height - 19, 20)]
        free = [(x, y) for x, y in candidates
                if not (s.x - mx <= self.window.x + x <= s.x + s.width + mx
                        and s.y - my <= self.window.y + y <= s.y + s.height + my)]
        cx, cy = self.window.width / 2, self.window.height / 2
        return min(free, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2, default=None)

    def source_at(self, x: float, y: float) -> tuple[float, float]:
        return self.source.x + x, self.source.y + y

    def path(self, move: str) -> list[str]:
        """`move` (a format of one motion's commands, with {x} {y}) from the chip to the drop point."""
        (sx, sy), (ex, ey) = self.source_at(*CHIP_CENTER), (self.window.x + self.drop_point[0],
                                                            self.window.y + self.drop_point[1])
        commands = []
        for k in range(1, DRAG_MOTIONS + 1):
            commands += move.format(x=f"{sx + (ex - sx) * k / DRAG_MOTIONS:.1f}",
                                    y=f"{sy + (ey - sy) * k / DRAG_MOTIONS:.1f}").split(";")
        return commands

    def wiggle_until_entered(self, move: str) -> int:
        """Moves by a pixel to and fro over the drop point until the target reports `drop entered` (the
        compositor takes the drag only once the source's `start_drag` reached it, after some motions).
        Returns: how many wiggles it took. Raises: TimeoutError when the target never heard the drag."""
        x, y = self.window.x + self.drop_point[0], self.window.y + self.drop_point[1]
        wiggles = [0]

        def entered() -> bool:
            if any(l == "drop entered" for l in self.state.since_mark()):
                return True
            wiggles[0] += 1
            self.lane.injector.send_all(move.format(x=f"{x + wiggles[0] % 2:.1f}", y=f"{y:.1f}").split(";"))
            return False
        wait_until(entered, ENTER_TIMEOUT_S, "the scenario's window to hear the drag (drop entered)", 0.05)
        return wiggles[0]

    def finish_drop(self, device: str, wiggles: int) -> str:
        """After the release: the text arrived in the target and the source heard a copy."""
        dropped = self.state.wait_for(r'dropped "(.*)"')
        ended = self.source_state.wait_for(r"drag ended (\w+)")
        if dropped[1] != DRAGGED_TEXT or ended[1] != "copy":
            raise CheckFailed(f"the target reported {dropped[0]!r}, the source {ended[0]!r}")
        return (f"{device}: the target heard the drag after {wiggles} wiggles, {dropped[0]!r}, the source "
                f"{ended[0]!r}")

    def check_drop(self) -> str:
        """The pointer presses on the chip, moves out of the source's window (lifting at 4 pt) to the
        scenario's window and releases there. The source app ends after it."""
        try:
            return self.pointer_drop()
        finally:
            self.stop_drag_source()

    def pointer_drop(self) -> str:
        """Press, drag and release; the button is released also when a wait fails, so a failed drag
        leaves no button held (and no compositor drag grab) for the steps after it."""
        self.drag_preconditions()
        self.state.mark()
        self.source_state.mark()
        sx, sy = self.source_at(*CHIP_CENTER)
        move = "pointer motion {x} {y};pointer frame"
        release = [f"pointer button {BTN_LEFT} released", "pointer frame"]
        self.lane.injector.send_all([f"pointer motion {sx:.1f} {sy:.1f}", "pointer frame",
                                     f"pointer button {BTN_LEFT} pressed", "pointer frame"])
        with self.held(release):
            self.lane.injector.send_all(self.path(move))
            self.source_state.wait_for("drag began")
            wiggles = self.wiggle_until_entered(move)
        return self.finish_drop("pointer", wiggles)

    @contextmanager
    def held(self, release: list[str]):
        """Sends `release` (a button's release, a finger's up) when the block ends, whether it returned or
        raised: no step leaves a button held or a finger down for the next one."""
        try:
            yield
        finally:
            self.lane.injector.send_all(release)

    def check_touch_drop(self) -> str | Result:
        """A finger held on the chip lifts it (real time), moves to the scenario's window and lifts there, also
        when a wait fails. On a lane whose `touch_drag` is False the drag must start in the source and never
        reach the target. The source app ends after it."""
        try:
            return self.touch_drop()
        finally:
            self.stop_drag_source()

    def touch_drop(self) -> str | Result:
        self.drag_preconditions()
        self.state.mark()
        self.source_state.mark()
        sx, sy = self.source_at(*CHIP_CENTER)
        move = "touch motion 1 {x} {y};touch frame"
        self.lane.injector.send_all([f"touch down 1 {sx:.1f} {sy:.1f}", "touch frame"])
        with self.held(["touch up 1", "touch frame"]):
            self.source_state.wait_for("drag began", timeout_s=LIFT_TIMEOUT_S)
            self.lane.injector.send_all(self.path(move))
            if not self.lane.touch_drag:
                wiggles = self.wiggles_if_entered(move)
            else:
                wiggles = self.wiggle_until_entered(move)
        if not self.lane.touch_drag:
            return self.check_touch_drag_refused(wiggles)
        return self.finish_drop("finger", wiggles)

    def wiggles_if_entered(self, move: str) -> int | None:
        """How many wiggles the target took to hear the drag, or None when it never did."""
        try:
            return self.wiggle_until_entered(move)
        except TimeoutError:
            return None

    def check_touch_drag_refused(self, wiggles: int | None) -> Result:
        """The documented "no", after the finger lifted: the target never heard the finger's drag, and the
        source's session ended as the lane's `touch_drag_end` says."""
        if wiggles is not None:
            raise CheckFailed(f"{self.lane.title} is documented as finishing no touch drag, but the target heard "
                              f"this one after {wiggles} wiggles: update the lane's touch_drag")
        ended = self.source_state.wait_for(r"drag ended (\w+)")
        if ended[1] != self.lane.touch_drag_end:
            raise CheckFailed(f"the source reported {ended[0]!r}, expected drag ended {self.lane.touch_drag_end}")
        return Result("passed", f"no, as documented: the target never heard the finger's drag; the source "
                                f"{ended[0]!r}", mark="no")

    def drag_preconditions(self) -> None:
        if self.lane.drag_steps:
            raise StepSkipped(f"not run yet: {self.lane.drag_steps}")
        if self.lane.scale != 1:
            raise StepSkipped("the drag steps run at scale 1 only")
        self.start_drag_source()

