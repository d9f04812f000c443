"""Tactile's own input-to-presentation times on a lane: the scenario app writes one line per frame that
answered input to the file TACTILE_PRESENTATION_LOG names (Sources/TactileWayland/PresentationLog.swift:
input, commit and presentation times, input to commit, input to presentation, in seconds, `-` for what a
frame lacks), and the lane's output closes with their medians."""

from __future__ import annotations

import statistics
from pathlib import Path

LOG_NAME = "presentation.log"


def summary(path: Path) -> str:
    """One line on the frames a presentation log holds: how many were presented and discarded, the median
    input-to-commit and input-to-presentation times in milliseconds, and how many frames had no
    input-to-presentation time (input and presentation clocks that do not agree)."""
    if not path.exists():
        return "no presentation log (the app did not start, or the compositor offers no wp_presentation)"
    frames = [line.split() for line in path.read_text().splitlines() if line and not line.startswith("#")]
    frames = [fields for fields in frames if len(fields) == 5]
    presented = [fields for fields in frames if fields[2] != "-"]
    commit = [float(fields[3]) * 1000 for fields in frames if fields[3] != "-"]
    shown = [float(fields[4]) * 1000 for fields in presented if fields[4] != "-"]
    if not frames:
        return "no frame that answered input was reported"
    text = f"{len(presented)} frames presented, {len(frames) - len(presented)} discarded"
    text += f"; input→commit median {statistics.median(commit):.2f} ms" if commit else "; no input→commit time"
    if shown:
        text += f", input→presented median {statistics.median(shown):.2f} ms"
        text += f" (max {max(shown):.2f} ms, {len(shown)} frames)"
    missing = len(presented) - len(shown)
    if missing:
        text += f"; {missing} presented frames without an input→presented time (the clocks differ)"
    return text
