"""The scenario hook's read side: the app under test appends one line per state change to the file named by
TACTILE_INTEROP_STATE; the driver waits for the lines each step expects (see Tests/Interop/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

from .processes import wait_until

STATE_TIMEOUT_S = 10.0
SHOWN_LINES = 8  # of what the app reported, in a timeout's message


class StateLog:
    """Reads the state file incrementally. `mark()` starts a new step: later waits only see lines written
    after it, so a step cannot pass on an earlier step's events."""

    def __init__(self, path: Path):
        self.path = path
        self.lines: list[str] = []
        self.start = 0
        self._offset = 0
        self._partial = ""

    def mark(self) -> None:
        self._read()
        self.start = len(self.lines)

    def since_mark(self) -> list[str]:
        self._read()
        return self.lines[self.start:]

    def wait_for(self, pattern: str, where=lambda match: True, what: str | None = None,
                 timeout_s: float = STATE_TIMEOUT_S, from_start: bool = False) -> re.Match:
        """Waits for a line after the mark (or any line, `from_start`) that fully matches the regular
        expression `pattern` and whose match satisfies `where` (`what` describes both in the error); returns
        the match of the first such line. Raises: TimeoutError quoting the lines seen since the mark."""
        regex = re.compile(pattern)

        def found():
            lines = self.since_mark()
            return next((m for m in map(regex.fullmatch, self.lines if from_start else lines) if m and where(m)),
                        None)

        try:
            return wait_until(found, timeout_s, f"the app to report {what or repr(pattern)}")
        except TimeoutError as error:
            lines = self.since_mark()
            shown = lines if len(lines) <= SHOWN_LINES else [f"... {len(lines) - SHOWN_LINES} lines"] + lines[-SHOWN_LINES:]
            raise TimeoutError(f"{error}; it reported since the step began: {shown}") from None

    def _read(self) -> None:
        if not self.path.exists():
            return
        with open(self.path) as f:
            f.seek(self._offset)
            text = f.read()
            self._offset = f.tell()
        *complete, self._partial = (self._partial + text).split("\n")
        self.lines += complete
