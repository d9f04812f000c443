"""The Tactile scenario each lane runs (the app: Tests/Interop/scenario): locate the window in a screenshot,
check its decorations, then tap, drag, pinch and rotate, long-press, click, type and scroll through the
lane's injector, drag text from a second Tactile app onto it (`dragdrop.py`), compose Chinese through an input
method where one runs (`ime.py`), checking after each step the state lines the app reported and the pixels of a screenshot.

Every position is a point of the app's content (its root view, the #FF00FF box found in the screenshot),
so the steps work whether the window has a client-side frame or not."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pathlib import Path

from .dragdrop import DragSteps
from .ime import ImeSteps
from .images import Image, Rect
from .injector import BTN_LEFT, BTN_RIGHT
from .lane import Lane
from .outcomes import CheckFailed, Result, StepSkipped
from .processes import Processes, wait_until
from .state import StateLog

CAPABILITIES = ["touch", "multi-touch", "pointer", "scroll", "keys", "decorations", "screenshot", "pointer drag",
                "touch drag", "IME (fcitx5 pinyin)"]
# The steps in run order, and the capability of the compatibility table each one proves.
STEPS = {"screenshot": "screenshot", "decorations": "decorations", "tap": "touch", "drag": "touch",
         "pinch-rotate": "multi-touch", "long-press": "touch", "click": "pointer", "text": "keys",
         "key-repeat": "keys", "menu": "pointer", "touch-menu": "touch", "touch-drop": "touch drag",
         "drop": "pointer drag", "touch-cancel": "touch", "scroll": "scroll", "maximize": "decorations",
         "ime-field": "IME (fcitx5 pinyin)", "ime-view": "IME (fcitx5 pinyin)"}
TOUCH_STEPS = {step for step, capability in STEPS.items() if capability in ("touch", "multi-touch", "touch drag")}

# The app's layout and colours (Tests/Interop/scenario/ScenarioController.swift), in content coordinates.
ROOT = (255, 0, 255)
TOUCHED, CLICKED, PRESSED = (0, 192, 0), (0, 0, 255), (255, 128, 0)
STAGE, TILE = (32, 32, 32), (255, 208, 0)
SCROLL_REST = (0, 255, 255)
BUTTON, PAD, FIELD, SCROLLER = Rect(20, 20, 140, 60), Rect(20, 100, 140, 60), Rect(20, 180, 140, 40), Rect(20, 240, 140, 100)
NOTES = Rect(20, 350, 440, 60)   # the text view
ASIDE = (170, 5)             # the root's colour, between the button and the stage
TILE_CENTER = (320, 180)     # the stage's origin (180, 20) + the tile's centre in it (140, 160)
DRAG = (60, 50)
PINCH_SCALE, PINCH_ROTATION, PINCH_RADIUS = 1.5, math.pi / 6, 30
MOTION_STEPS = 6
MENU = (41, 41, 41)          # the edit menu's background (EditMenuView: white 0.16)
MENU_BAND = Rect(0, 100, 480, 78)   # above the field, where the menu opens for a point in the field
MENU_GAP = 8
MENU_MINIMUM = (40, 20)      # its buttons are at least 48×48; at least this much of it shows in the band
KEY_LEFTSHIFT = 42
# KEY_A, KEY_B, then KEY_C with Shift held: the compositor's modifiers must reach the app.
TEXT, KEYS = "abC", [[30], [48], [KEY_LEFTSHIFT, 46]]
KEY_X, KEY_Y, REPEATS = 45, 21, 3
REPEAT_TIMEOUT_S = 5.0       # every compositor here repeats after at most 0.6 s
SCROLL = 15
PIXEL_TIMEOUT_S = 10.0
LONG_PRESS_TIMEOUT_S = 5.0   # the recognizer fires after 0.5 s of real time
NUMBER = r"(-?\d+(?:\.\d+)?)"


@dataclass
class Scenario(DragSteps, ImeSteps):
    """Runs the steps against one started lane and the running app (`app`, started by `processes`, which
    also start the drag steps' second app)."""

    lane: Lane
    state: StateLog
    desktop: Image
    processes: Processes
    app: Path
    window: Rect | None = None  # the app's content, in global (output) coordinates
    shots: int = 0

    # -- helpers ------------------------------------------------------------------------------------------

    def shoot(self, label: str) -> Image:
        """A screenshot into a numbered file (retries of one wait overwrite theirs)."""
        return self.lane.screenshot(self.lane.dirs.work / f"{self.shots:02d}-{label}")

    def at(self, x: float, y: float) -> str:
        """Global coordinates of a content point, as command arguments."""
        return f"{self.window.x + x:.1f} {self.window.y + y:.1f}"

    def wait_for_pixels(self, label: str, expected: list[tuple[tuple[int, int], tuple[int, int, int]]]) -> None:
        """Takes screenshots until each content point shows its colour (within 8 per channel).
        Raises: TimeoutError with the colours of the last screenshot."""
        self.shots += 1
        seen = []

        def shows() -> bool:
            image = self.shoot(label)
            seen[:] = [self.pixel(image, x, y) for (x, y), _ in expected]
            return all(_close(c, color) for c, (_, color) in zip(seen, expected))
        try:
            wait_until(shows, PIXEL_TIMEOUT_S, f"the screenshot to show {expected}", 0.05)
        except TimeoutError as error:
            raise TimeoutError(f"{error}; the last one showed {seen}") from None

    def pixel(self, image: Image, x: float, y: float) -> tuple[int, int, int]:
        """The colour of a content point in a screenshot (whose pixels are the lane's scale per unit)."""
        scale = self.lane.scale
        return image.pixel(int((self.window.x + x) * scale), int((self.window.y + y) * scale))

    def touch_path(self, touch_id: int, start: tuple[float, float], end: tuple[float, float]) -> list[str]:
        """Down at `start`, MOTION_STEPS motions to `end`, up; each followed by a frame."""
        commands = [f"touch down {touch_id} {self.at(*start)}", "touch frame"]
        for k in range(1, MOTION_STEPS + 1):
            x, y = (start[i] + (end[i] - start[i]) * k / MOTION_STEPS for i in (0, 1))
            commands += [f"touch motion {touch_id} {self.at(x, y)}", "touch frame"]
        return commands + [f"touch up {touch_id}", "touch frame"]

    def ink_extent(self, image: Image) -> float:
        """The width of the dark pixels in the text field (`ink_extent`), in units."""
        scale = self.lane.scale
        window = Rect(round(self.window.x * scale), round(self.window.y * scale), 0, 0)
        field = Rect(*(round(v * scale) for v in (FIELD.x, FIELD.y, FIELD.width, FIELD.height)))
        return ink_extent(image, window, field) / scale

    def click(self, point: tuple[float, float]) -> None:
        self.lane.injector.send_all([f"pointer motion {self.at(*point)}", "pointer frame",
                                     f"pointer button {BTN_LEFT} pressed", "pointer frame",
                                     f"pointer button {BTN_LEFT} released", "pointer frame"])

    def current_size(self) -> tuple[int, int]:
        """The app's latest content size (its `ready` line, then any `size` line)."""
        self.state.since_mark()
        sizes = [l.split()[1:] for l in self.state.lines if l.startswith(("ready ", "size "))]
        return int(sizes[-1][0]), int(sizes[-1][1])

    def last(self, word: str) -> str:
        """The rest of the app's latest line starting with `word`, or "not reported"."""
        self.state.since_mark()
        return next((l.split(" ", 1)[1] for l in reversed(self.state.lines) if l.startswith(word + " ")),
                    "not reported")

    # -- the steps, in order; each raises on failure and returns what it saw -------------------------------

    def check_screenshot(self) -> str:
        """Locates the content: the box of the root's colour, once it has the app's latest content size
        (windows may animate in, and be resized after their first configure)."""
        self.shots += 1

        def located() -> Rect | None:
            rect = self.shoot("window").bounds_of(ROOT)
            if rect is None:
                return None
            scale = self.lane.scale   # screenshots are in pixels, the app's sizes and injections in units
            rect = Rect(*(round(v / scale) for v in (rect.x, rect.y, rect.width, rect.height)))
            return rect if (rect.width, rect.height) == self.current_size() else None
        self.window = wait_until(located, PIXEL_TIMEOUT_S, "a window of the app's colour and size", 0.1)
        # The app must draw at the output's scale: its buffer then has the pixels of the box found.
        self.state.wait_for(f"scale {self.lane.scale:g}", from_start=True)
        return (f"content found at ({self.window.x}, {self.window.y}), {self.window.width}x{self.window.height} "
                f"at scale {self.lane.scale}; inset {self.last('inset')}")

    def check_decorations(self) -> str:
        """The mode the app reports must be the lane's, and a title bar (the compositor's or Tactile's) must
        show above the content: pixels the empty desktop did not have."""
        mode = self.last("decoration")
        if mode != self.lane.expected_decoration:
            raise CheckFailed(f"the app reported {mode}, expected {self.lane.expected_decoration}")
        self.shots += 1
        shot = self.shoot("decorated")
        if self.window.y < 4 or all(self.pixel(shot, x, -4) == self.pixel(self.desktop, x, -4)
                                    for x in range(self.window.width)):
            raise CheckFailed(f"{mode}, but nothing is drawn above the content")
        return f"{mode}, a title bar above the content (inset {self.last('inset')})"

    def check_tap(self) -> str:
        self.state.mark()
        x, y = BUTTON.center()
        self.lane.injector.send_all([f"touch down 1 {self.at(x, y)}", "touch frame", "touch up 1", "touch frame"])
        line = self.state.wait_for(r"button tapped \d+ (\w+)")
        if line[1] != "touch":
            raise CheckFailed(f"the app reported {line[0]!r}")
        self.wait_for_pixels("tap", [((BUTTON.x + 8, BUTTON.y + 8), TOUCHED)])
        return f"{line[0]!r}, the button turned green"

    def check_drag(self) -> str:
        self.state.mark()
        end = (TILE_CENTER[0] + DRAG[0], TILE_CENTER[1] + DRAG[1])
        self.lane.injector.send_all(self.touch_path(1, TILE_CENTER, end))
        line = self.state.wait_for(rf"pan ended {NUMBER} {NUMBER}")
        if abs(float(line[1]) - DRAG[0]) > 1 or abs(float(line[2]) - DRAG[1]) > 1:
            raise CheckFailed(f"dragged by {DRAG}, the app reported {line[0]!r}")
        self.wait_for_pixels("drag", [(end, TILE), (TILE_CENTER, STAGE)])
        return f"{line[0]!r}, the tile moved in the screenshot"

    def check_pinch_rotate(self) -> str:
        """Two fingers on either side of the tile spread to PINCH_SCALE times their distance while turning
        by PINCH_ROTATION about the tile's centre."""
        self.state.mark()
        cx, cy = TILE_CENTER[0] + DRAG[0], TILE_CENTER[1] + DRAG[1]

        def fingers(k: int) -> tuple[tuple[float, float], tuple[float, float]]:
            r = PINCH_RADIUS * (1 + (PINCH_SCALE - 1) * k / MOTION_STEPS)
            angle = PINCH_ROTATION * k / MOTION_STEPS
            dx, dy = r * math.cos(angle), r * math.sin(angle)
            return (cx - dx, cy - dy), (cx + dx, cy + dy)

        a, b = fingers(0)
        commands = [f"touch down 11 {self.at(*a)}", f"touch down 12 {self.at(*b)}", "touch frame"]
        for k in range(1, MOTION_STEPS + 1):
            a, b = fingers(k)
            commands += [f"touch motion 11 {self.at(*a)}", f"touch motion 12 {self.at(*b)}", "touch frame"]
        self.lane.injector.send_all(commands + ["touch up 11", "touch up 12", "touch frame"])
        scale = self.state.wait_for(rf"pinch ended {NUMBER}")
        rotation = self.state.wait_for(rf"rotation ended {NUMBER}")
        if abs(float(scale[1]) - PINCH_SCALE) > 0.05 or abs(float(rotation[1]) - PINCH_ROTATION) > 0.05:
            raise CheckFailed(f"pinched to {PINCH_SCALE} and turned by {PINCH_ROTATION:.3f} rad, the app reported "
                              f"{scale[0]!r}, {rotation[0]!r}")
        # 52 px right of the centre is outside the 80 px tile and inside it once it is 1.5 times as large.
        self.wait_for_pixels("pinch", [((cx + 52, cy), TILE)])
        return f"{scale[0]!r}, {rotation[0]!r}, the tile grew in the screenshot"

    def check_long_press(self) -> str:
        self.state.mark()
        x, y = PAD.center()
        self.lane.injector.send_all([f"touch down 1 {self.at(x, y)}", "touch frame"])
        self.state.wait_for("longpress began", timeout_s=LONG_PRESS_TIMEOUT_S)
        self.wait_for_pixels("long-press", [((PAD.x + 8, PAD.y + 8), PRESSED)])
        self.lane.injector.send_all(["touch up 1", "touch frame"])
        self.state.wait_for("longpress ended")
        return "began while held (real time), ended at the up; the pad turned orange"

    def check_touch_cancel(self) -> str:
        """The compositor cancels a finger that is dragging: the pan is cancelled, and the next tap works (no
        touch was left behind). KWin sends `wl_touch.cancel`; weston 10 sends nothing and reuses the id for
        the next touch, whose `down` makes Tactile cancel the stale point (`TouchFrameAssembler`)."""
        if not self.lane.touch_cancel_route:
            raise StepSkipped(f"{self.lane.title}'s injection route has no touch cancel")
        self.state.mark()
        start, end = (220, 40), (260, 40)   # on the stage, above the tile
        self.lane.injector.send_all(self.touch_path(1, start, end)[:-2] + ["touch cancel"])
        x, y = BUTTON.center()
        self.lane.injector.send_all([f"touch down 1 {self.at(x, y)}", "touch frame", "touch up 1", "touch frame"])
        self.state.wait_for("pan cancelled")
        line = self.state.wait_for(r"button tapped \d+ touch")
        return f"pan cancelled; then {line[0]!r}"

    def check_click(self) -> str:
        self.state.mark()
        self.click(BUTTON.center())
        line = self.state.wait_for(r"button tapped \d+ (\w+)")
        if line[1] != "pointer":
            raise CheckFailed(f"the app reported {line[0]!r}")
        self.wait_for_pixels("click", [((BUTTON.x + 8, BUTTON.y + 8), CLICKED)])
        return f"{line[0]!r}, the button turned blue"

    def check_menu(self) -> str:
        """A right click on the field opens its edit menu, an `xdg_popup` grabbing with the click's serial,
        placed by the compositor above the point: found in a screenshot by its colour above the field, where
        it must be centred above the point (also with a client-side frame, which moves the content on the
        surface). A click on its last command ("Mark", the app's) performs it and closes the popup."""
        self.state.mark()
        x, y = FIELD.center()
        self.lane.injector.send_all([f"pointer motion {self.at(x, y)}", "pointer frame",
                                     f"pointer button {BTN_RIGHT} pressed", "pointer frame",
                                     f"pointer button {BTN_RIGHT} released", "pointer frame"])
        self.shots += 1
        menu = wait_until(lambda: self.find_menu(self.shoot("menu")), PIXEL_TIMEOUT_S,
                          "the edit menu above the field", 0.05)
        # Its bottom edge centred on the point, MENU_GAP above it (EditMenuInteraction), 48 high.
        top = y - MENU_GAP - 48
        if abs(menu.x + menu.width / 2 - x) > 3 or abs(menu.y - top) > 2:
            raise CheckFailed(f"the menu for the point ({x}, {y}) shows at ({menu.x}, {menu.y}), {menu.width} wide; "
                              f"expected centred on x {x}, top {top}")
        self.click((menu.x + menu.width - 12, menu.y + menu.height - 10))
        self.state.wait_for("menu chose mark")
        self.lane.injector.send_all([f"pointer motion {self.at(*ASIDE)}", "pointer frame"])  # the cursor is no menu
        self.shots += 1
        wait_until(lambda: self.find_menu(self.shoot("menu-closed")) is None, PIXEL_TIMEOUT_S,
                   "the edit menu to close", 0.05)
        return f"the popup opened at ({menu.x}, {menu.y}) of the content, {menu.width} wide; its command ran"

    def check_touch_menu(self) -> str:
        """A long press on the field opens the same menu, grabbing with the touch's serial; a tap on its last
        command runs it. (Before touch-cancel: after a cancel, weston 10 keeps its touch focus on the
        window, so a tap on a popup would not reach it.)"""
        self.state.mark()
        x, y = FIELD.x + FIELD.width - 20, FIELD.center()[1]
        self.lane.injector.send_all([f"touch down 1 {self.at(x, y)}", "touch frame"])
        self.shots += 1
        menu = wait_until(lambda: self.find_menu(self.shoot("touch-menu")), LONG_PRESS_TIMEOUT_S,
                          "the edit menu while the finger is held (real time)", 0.05)
        self.lane.injector.send_all(["touch up 1", "touch frame"])
        command = self.at(menu.x + menu.width - 12, menu.y + menu.height - 10)
        self.lane.injector.send_all([f"touch down 2 {command}", "touch frame", "touch up 2", "touch frame"])
        self.state.wait_for("menu chose mark")
        self.shots += 1
        wait_until(lambda: self.find_menu(self.shoot("touch-menu-closed")) is None, PIXEL_TIMEOUT_S,
                   "the edit menu to close", 0.05)
        return f"the popup opened at ({menu.x}, {menu.y}) of the content, {menu.width} wide; a tap ran its command"

    def find_menu(self, image: Image) -> Rect | None:
        """The part of the edit menu inside MENU_BAND, in content units, or None."""
        scale = self.lane.scale
        band = Rect(*(round(v) for v in ((self.window.x + MENU_BAND.x) * scale, (self.window.y + MENU_BAND.y) * scale,
                                         MENU_BAND.width * scale, MENU_BAND.height * scale)))
        found = image.crop(band).bounds_of(MENU, tolerance=2)
        if found is None or found.width < MENU_MINIMUM[0] * scale or found.height < MENU_MINIMUM[1] * scale:
            return None   # no menu, or a few pixels of its colour (a pointer's edge, anti-aliased text)
        return Rect(MENU_BAND.x + round(found.x / scale), MENU_BAND.y + round(found.y / scale),
                    round(found.width / scale), round(found.height / scale))

    def check_text(self) -> str:
        """A click focuses the field; then the keys type TEXT, which must show as dark pixels across at least
        the width the app reports for it (the placeholder is grey; the caret, blinking, is one column at the
        text's end, so an older frame with less text is narrower)."""
        self.state.mark()
        self.click(FIELD.center())
        self.state.wait_for("text focused")
        # Away from the field: weston, mutter and sway draw the pointer into their screenshots.
        self.lane.injector.send_all([f"pointer motion {self.at(*ASIDE)}", "pointer frame"])
        for chord in KEYS:
            self.lane.injector.send_all([f"key {code} pressed" for code in chord] +
                                        [f"key {code} released" for code in reversed(chord)])
        width = float(self.state.wait_for(rf'text "{TEXT}" width {NUMBER}')[1])
        self.shots += 1
        extent = []

        def typed() -> bool:
            extent[:] = [self.ink_extent(self.shoot("typed"))]
            return extent[0] >= width - 2
        try:
            wait_until(typed, PIXEL_TIMEOUT_S, f"dark pixels across {width - 2:g} px of the field", 0.05)
        except TimeoutError as error:
            raise TimeoutError(f"{error}; the last screenshot had them across {extent} px") from None
        return f'text "{TEXT}" reported, {width:g} px wide; ink across {extent[0]:g} px of the field'

    def check_key_repeat(self) -> str:
        """Held, a key repeats at the compositor's rate (`wl_keyboard.repeat_info`); released, it stops: a
        key typed after the release ends the text, also in the screenshot."""
        self.state.mark()
        self.lane.injector.send(f"key {KEY_X} pressed")
        self.state.wait_for(rf'text "{TEXT}x{{{1 + REPEATS},}}" width {NUMBER}', timeout_s=REPEAT_TIMEOUT_S)
        self.lane.injector.send_all([f"key {KEY_X} released", f"key {KEY_Y} pressed", f"key {KEY_Y} released"])
        typed = self.state.wait_for(rf'text "({TEXT}x+y)" width {NUMBER}')
        self.shots += 1
        extent = []

        wanted = min(float(typed[2]), FIELD.width - 10) - 2   # a longer text is cut at the field's inset

        def shown() -> bool:
            extent[:] = [self.ink_extent(self.shoot("repeat"))]
            return extent[0] >= wanted
        wait_until(shown, PIXEL_TIMEOUT_S, f"dark pixels across {wanted:g} px of the field", 0.05)
        text = self.last("text")
        if not text.startswith(f'"{typed[1]}"'):
            raise CheckFailed(f"the key went on repeating after its release: {text}")
        return f'held x repeated {len(typed[1]) - len(TEXT) - 2} times, then "y": {text}'

    def check_scroll(self) -> str:
        self.state.mark()
        x, y = SCROLLER.center()
        self.lane.injector.send_all([f"pointer motion {self.at(x, y)}", "pointer frame",
                                     f"pointer axis vertical {SCROLL}", "pointer frame"])
        line = self.state.wait_for(rf"scrolled {NUMBER} {NUMBER}")
        if float(line[1]) != 0 or float(line[2]) <= 0:
            raise CheckFailed(f"scrolled down by {SCROLL}, the app reported {line[0]!r}")
        # The content's first 100 px are blue: scrolled, the scroller's bottom row shows the cyan below them.
        self.wait_for_pixels("scroll", [((SCROLLER.x + 5, SCROLLER.y + SCROLLER.height - 5), SCROLL_REST)])
        return f"axis +{SCROLL} arrived as {line[0]!r}, the content moved in the screenshot"


    def check_maximize(self) -> str:
        """Where Tactile draws the frame, a double click on its title bar maximizes the window: the
        compositor configures it larger (`size` line) and the content fills the larger box on screen."""
        if self.lane.expected_decoration != "client_side":
            raise StepSkipped(f"{self.lane.title} draws the title bar itself")
        self.state.mark()
        left, top = (int(v) for v in self.last("inset").split()[:2])
        title_bar = (self.window.width / 2, -(top - left) / 2)   # the title bar lies between the top border and the content
        self.click(title_bar)
        self.click(title_bar)
        grown = self.state.wait_for(r"size (\d+) (\d+)")
        width, height = int(grown[1]), int(grown[2])
        if width <= self.window.width or height <= self.window.height:
            raise CheckFailed(f"maximized, the content went from {self.window.width}x{self.window.height} to "
                              f"{width}x{height}")
        before = self.window
        self.check_screenshot()
        return f"{before.width}x{before.height} at ({before.x}, {before.y}) → " \
               f"{self.window.width}x{self.window.height} at ({self.window.x}, {self.window.y})"

    def check_ime_field(self) -> str:
        return self.compose("field", FIELD, ASIDE)

    def check_ime_view(self) -> str:
        return self.compose("view", NOTES, ASIDE)


def capability_status(results: dict[str, Result], capability: str) -> str:
    """A capability of the table fails when one of its steps failed, passes when none failed and one
    passed (a step that does not apply to the compositor is skipped), and is skipped when all were."""
    statuses = {results[step].status for step, proves in STEPS.items() if proves == capability}
    return "failed" if "failed" in statuses else "passed" if "passed" in statuses else "skipped"


def capability_mark(results: dict[str, Result], capability: str) -> str:
    """The table's cell: "FAILED", "—" (skipped), the mark of a passed step that documents what the compositor
    does instead (a "no"), or "yes"."""
    status = capability_status(results, capability)
    if status != "passed":
        return "FAILED" if status == "failed" else "—"
    return next((results[step].mark for step, proves in STEPS.items() if proves == capability and results[step].mark),
                "yes")


def _close(a, b, tolerance: int = 8) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def ink_extent(image: Image, window: Rect, area: Rect) -> int:
    """The width from the first to the last column of `area` (content coordinates) with a dark pixel (every
    channel below 100), or 0."""
    inked = [x for x in range(area.x, area.x + area.width)
             if any(all(c < 100 for c in image.pixel(window.x + x, window.y + y))
                    for y in range(area.y, area.y + area.height))]
    return inked[-1] - inked[0] + 1 if inked else 0
