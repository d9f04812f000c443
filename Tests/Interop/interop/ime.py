"""The input-method steps of the scenario (the IME lane: sway 1.7 hosting fcitx5's pinyin, `inputmethod.py`):
a click focuses the text field (then the text view), the keys n i h a o reach fcitx5 through the compositor's
keyboard grab, and the app must show fcitx5's pre-edit text underlined where it tells the input method the
caret is; space then chooses the first candidate, 你好, which the app must take as committed text.

The cursor rectangle is checked on the wire: the app runs with WAYLAND_DEBUG=client, and the last
`zwp_text_input_v3.set_cursor_rectangle` in its log must be the editing rectangle the app reports for the
frame it drew (`drew … rect X Y W H`, window coordinates; the surface's are those moved by the `inset`)."""

from __future__ import annotations

import re

from .images import Image, Rect
from .outcomes import CheckFailed, StepSkipped
from .processes import wait_until

KEY_N, KEY_I, KEY_H, KEY_A, KEY_O, KEY_SPACE = 49, 23, 35, 30, 24, 57
PINYIN, PINYIN_KEYS, CHOSEN = "nihao", [KEY_N, KEY_I, KEY_H, KEY_A, KEY_O], "你好"
WIRE_TIMEOUT_S = 5.0
PIXEL_TIMEOUT_S = 10.0
NUMBER = r"(-?\d+(?:\.\d+)?)"
SENT_RECT = re.compile(r"zwp_text_input_v3@\d+\.set_cursor_rectangle\((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)")


class ImeSteps:
    """Mixed into `Scenario`, whose `lane`, `state`, `processes`, `window`, `shoot`, `at`, `click` and `last`
    it uses; its steps ime-field and ime-view call `compose`."""

    def compose(self, name: str, frame: Rect, aside: tuple[float, float]) -> str:
        """Types PINYIN into the view `name` at `frame` (content coordinates) through the input method, checks
        the pre-edit (state, wire, pixels), then commits the first candidate with space. The pointer waits
        at the content point `aside` meanwhile (sway draws it into screenshots)."""
        fcitx5 = self.lane.input_method
        if fcitx5 is None:
            raise StepSkipped("no input method runs here (the IME lane, sway + fcitx5, runs this step)")
        self.state.mark()
        logged = fcitx5.offset()
        self.click(frame.center())
        # Keys typed before fcitx5 holds its keyboard grab would reach the app as plain keys.
        fcitx5.wait_for_grab(logged)
        self.lane.injector.send_all([f"pointer motion {self.at(*aside)}", "pointer frame"])
        for code in PINYIN_KEYS:
            self.lane.injector.send_all([f"key {code} pressed", f"key {code} released"])
        drawn = self.state.wait_for(
            rf'drew {name} "" marked "([^"]*)" width {NUMBER} rect {NUMBER} {NUMBER} {NUMBER} {NUMBER}',
            where=lambda m: m[1].replace(" ", "") == PINYIN, what=f"{name}'s pre-edit text {PINYIN!r}")
        marked, width = drawn[1], float(drawn[2])
        x, y, w, h = (float(v) for v in drawn.groups()[2:6])
        left, top = self.window_origin_on_surface()
        if not (frame.x - 1 <= x and x + w <= frame.x + frame.width + 1
                and frame.y - 1 <= y and y + h <= frame.y + frame.height + 1):
            raise CheckFailed(f"the editing rectangle ({x}, {y}) {w}x{h} is outside the {name}'s frame {frame}")
        expected = tuple(round(v) for v in (x + left, y + top, w, h))
        sent = []

        def sent_matches() -> bool:
            sent[:] = self.sent_cursor_rectangles()[-1:]
            return bool(sent) and all(abs(a - b) <= 1 for a, b in zip(sent[0], expected))
        try:
            wait_until(sent_matches, WIRE_TIMEOUT_S, f"the app to send the cursor rectangle {expected}", 0.05)
        except TimeoutError as error:
            raise CheckFailed(f"{error}; the last one sent was {sent or 'none'}") from None
        underline = self.find_underline(name, frame, width)
        if not (underline[0] - 2 <= x <= underline[1] + 2 and x + w <= underline[1] + 3
                and y - 2 <= underline[2] <= y + h + 2):
            raise CheckFailed(f"the underline ({underline[0]}–{underline[1]} at y {underline[2]}) is not at the "
                              f"editing rectangle ({x}, {y}) {w}x{h}")
        self.lane.injector.send_all([f"key {KEY_SPACE} pressed", f"key {KEY_SPACE} released"])
        self.state.wait_for(f'drew {name} "{CHOSEN}"', what=f"the {name} to draw {CHOSEN!r} without pre-edit")
        self.wait_for_committed(name, frame, width)
        return (f'pre-edit "{marked}" drawn underlined across x {underline[0]}–{underline[1]} at y {underline[2]}, '
                f"{width:g} wide; cursor rectangle sent {tuple(sent[0])} = the caret's; space committed {CHOSEN}, "
                f"drawn without the underline")

    def wait_for_committed(self, name: str, frame: Rect, width: float) -> None:
        """Screenshots until `frame` shows ink (the committed characters) and no row as long as the pre-edit's
        underline (CHOSEN's strokes are far shorter than `width`). Raises: CheckFailed."""
        scale = self.lane.scale
        seen = [[]]

        def committed() -> bool:
            seen[0] = longest_dark_runs(self.shoot(f"ime-{name}-committed"), self.window, frame, scale)
            return bool(seen[0]) and all((end - start + 1) / scale < width - 3 for start, end, _ in seen[0])
        self.shots += 1
        try:
            wait_until(committed, PIXEL_TIMEOUT_S, f"{CHOSEN} drawn without the underline", 0.1)
        except TimeoutError as error:
            longest = max((end - start + 1 for start, end, _ in seen[0]), default=0)
            raise CheckFailed(f"{error}: the longest dark row in the {name} is {longest} px") from None

    def window_origin_on_surface(self) -> tuple[int, int]:
        """Where the content lies on the surface (the client-side frame's left and top, 0 0 without one)."""
        inset = self.last("inset").split()
        return (int(inset[0]), int(inset[1])) if len(inset) >= 2 else (0, 0)

    def sent_cursor_rectangles(self) -> list[tuple[int, int, int, int]]:
        """Every `set_cursor_rectangle` the app sent, in order (its WAYLAND_DEBUG log)."""
        log = self.processes.log_dir / "app.log"
        text = log.read_text(errors="replace") if log.exists() else ""
        return [tuple(int(v) for v in m.groups()) for m in SENT_RECT.finditer(text)]

    def find_underline(self, name: str, frame: Rect, width: float) -> tuple[int, int, int]:
        """Screenshots until a row of `frame` has a run of dark pixels as long as the pre-edit text (`width`,
        ±3): the underline (the glyphs of "ni hao" have gaps in every row). Returns its first and last
        column and its row, in content units. Raises: CheckFailed naming the longest run seen."""
        scale = self.lane.scale
        longest = [(0, 0, 0, 0)]

        def found() -> tuple[int, int, int] | None:
            image = self.shoot(f"ime-{name}")
            best = longest_dark_runs(image, self.window, frame, scale)
            longest[0] = max(best, key=lambda run: run[1] - run[0], default=(0, 0, 0))
            for start, end, row in best:
                if abs((end - start + 1) / scale - width) <= 3:
                    return round(start / scale), round(end / scale), round(row / scale)
            return None
        self.shots += 1
        try:
            return wait_until(found, PIXEL_TIMEOUT_S, "the pre-edit's underline", 0.1)
        except TimeoutError as error:
            start, end, row = longest[0][:3]
            raise CheckFailed(f"{error}: the longest dark row in the {name} is {end - start + 1} px at y {row} "
                              f"(pixels), the pre-edit is {width:g} wide") from None


def longest_dark_runs(image: Image, window: Rect, frame: Rect, scale: float) -> list[tuple[int, int, int]]:
    """For each pixel row of `frame` (content units) in `image`, its longest run of dark pixels (every
    channel below 100) as (first column, last column, row) in content pixels (units × `scale`)."""
    x0, y0 = round((window.x + frame.x) * scale), round((window.y + frame.y) * scale)
    runs = []
    for row in range(round(frame.height * scale)):
        best, start = None, None
        for column in range(round(frame.width * scale) + 1):
            dark = column < round(frame.width * scale) and all(c < 100 for c in image.pixel(x0 + column, y0 + row))
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                if best is None or column - 1 - start > best[1] - best[0]:
                    best = (start, column - 1)
                start = None
        if best:
            runs.append((best[0] + round(frame.x * scale), best[1] + round(frame.x * scale),
                         row + round(frame.y * scale)))
    return runs
