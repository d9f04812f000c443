"""What a scenario step comes to: a Result, or an exception saying why it did not pass (the driver reports the
message as the step's detail)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Result:
    status: str  # passed, failed or skipped
    detail: str = ""
    mark: str | None = None  # what the table shows for a passed step instead of "yes" (a documented "no")


class CheckFailed(Exception):
    """A step's expectation did not hold; the message says what was seen instead."""


class StepSkipped(Exception):
    """The step does not apply to this compositor; the message says why."""
