"""Runs the Tactile scenario on the interop lanes and prints what each step verified, the compatibility table and a closing line
`N passed, N failed[, N skipped]`; exits 1 when a check failed.

Usage: python3 -m interop [--strict] [LANE ...]   (LANE: weston, mutter, kwin, sway; default all; sway
includes the IME lane, sway + fcitx5)
--strict counts a lane that cannot run here (missing package, compositor that does not start) as failed
instead of skipped. Steps that a compositor has no route for (touch on sway) stay skipped."""

from __future__ import annotations

import argparse
import datetime
import shutil
import sys
import tempfile
import time
from pathlib import Path

from .build import OUT, BuildError, build_scenario
from .lane import Dirs, Lane, LaneSkipped
from .lanes import ALL
from .processes import Processes
from .outcomes import Result, StepSkipped
from .presentation import LOG_NAME, summary
from .scenario import CAPABILITIES, STEPS, TOUCH_STEPS, Scenario, capability_mark
from .state import StateLog

CHECKS = list(STEPS)  # run order
LOG_TAIL = 6
APP_START_TIMEOUT_S = 30.0  # a debug build's first frame, on a loaded 2-core machine


def run_lane(lane: Lane, strict: bool, app: Path | BuildError) -> dict[str, Result]:
    if isinstance(app, BuildError):
        return _all(Result("failed", f"the scenario app did not build: {app}"))
    reason = lane.missing()
    if reason:
        return _all(Result("failed" if strict else "skipped", reason))
    work = OUT / "runs" / lane.key
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    runtime, home = Path(tempfile.mkdtemp(prefix="tactile-run-")), Path(tempfile.mkdtemp(prefix="tactile-home-"))
    try:
        with Processes(work) as processes:
            try:
                scenario = _start(lane, processes, Dirs(runtime, home, work), app)
            except LaneSkipped as skipped:
                return _all(Result("failed" if strict else "skipped", f"cannot start: {skipped}"))
            except Exception as error:  # any failure to bring the lane up fails every check, with the cause
                return _all(Result("failed", f"start: {type(error).__name__}: {error}"))
            return _run_checks(scenario)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)


def _start(lane: Lane, processes: Processes, dirs: Dirs, app: Path) -> Scenario:
    lane.start(processes, dirs)
    lane.injector.send_all(lane.warm_up)
    desktop = lane.screenshot(dirs.work / "00-desktop")
    state = dirs.work / "state"
    processes.start("app", [str(app)], lane.client_env() | lane.app_env() | {"TACTILE_INTEROP_STATE": str(state),
                                                            "TACTILE_PRESENTATION_LOG": str(dirs.work / LOG_NAME)})
    log = StateLog(state)
    log.wait_for(r"ready \d+ \d+", timeout_s=APP_START_TIMEOUT_S)
    return Scenario(lane, log, desktop, processes, app)


def _run_checks(scenario: Scenario) -> dict[str, Result]:
    results = {}
    for check in CHECKS:
        if scenario.lane.steps is not None and check not in scenario.lane.steps:
            results[check] = Result("skipped", f"this lane runs only {', '.join(sorted(scenario.lane.steps))}")
        elif check in TOUCH_STEPS and not scenario.lane.touch_route:
            results[check] = Result("skipped", f"{scenario.lane.title} has no touch injection route")
        elif check != "screenshot" and scenario.window is None:
            results[check] = Result("failed", "the window was not located in a screenshot")
        else:
            try:
                outcome = getattr(scenario, "check_" + check.replace("-", "_"))()
                results[check] = outcome if isinstance(outcome, Result) else Result("passed", outcome)
            except StepSkipped as skipped:
                results[check] = Result("skipped", str(skipped))
            except Exception as error:  # a step's failure is reported with its cause; the next step runs
                results[check] = Result("failed", f"{type(error).__name__}: {error}")
    return results


def _all(result: Result) -> dict[str, Result]:
    return {check: result for check in CHECKS}


def _print_lane(lane: Lane, version: str, results: dict[str, Result], seconds: float) -> None:
    print(f"== {lane.label} ({lane.package} {version}): {seconds:.1f} s", flush=True)
    for check in CHECKS:
        print(f"  {results[check].status:7} {check:13} {results[check].detail}")
    print(f"  latency {'':13} Tactile's own: {summary(OUT / 'runs' / lane.key / LOG_NAME)}")
    if any(r.status == "failed" for r in results.values()):
        for log in sorted((OUT / "runs" / lane.key).glob("*.log")):
            tail = log.read_text(errors="replace").strip().splitlines()[-LOG_TAIL:]
            if tail:
                print(f"  -- {log}:")
                print("\n".join(f"     {line}" for line in tail))
    sys.stdout.flush()


def _table(rows: list[tuple[Lane, str, dict[str, Result]]]) -> str:
    date = datetime.date.today().isoformat()
    lines = [f"| compositor (Debian package, run {date}) | " + " | ".join(CAPABILITIES) + " |",
             "|---" * (len(CAPABILITIES) + 1) + "|"]
    for lane, version, results in rows:
        cells = []
        for capability in CAPABILITIES:
            mark = capability_mark(results, capability)
            if capability == "decorations" and mark == "yes":
                mark = "server-side" if lane.expected_decoration == "server_side" else "client-side (Tactile's)"
            cells.append(mark)
        lines.append(f"| {lane.label} ({version}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="Tests/Interop/run", description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="a lane that cannot run counts as failed")
    parser.add_argument("lanes", nargs="*", choices=[[]] + sorted({lane.name for lane in ALL}), default=[])
    args = parser.parse_args()
    chosen = [cls(scale) for cls in ALL if not args.lanes or cls.name in args.lanes for scale in cls.scales]
    begun = time.monotonic()
    try:
        app = build_scenario()
    except BuildError as error:
        app = error
    print(f"scenario app: {app if isinstance(app, Path) else 'BUILD FAILED'} ({time.monotonic() - begun:.1f} s)",
          flush=True)
    rows = []
    for lane in chosen:
        begun = time.monotonic()
        version = lane.version()
        results = run_lane(lane, args.strict, app)
        _print_lane(lane, version, results, time.monotonic() - begun)
        rows.append((lane, version, results))
    table = _table(rows)
    (OUT / "table.md").write_text(table + "\n")
    print(table)
    counts = {status: sum(r.status == status for _, _, res in rows for r in res.values())
              for status in ("passed", "failed", "skipped")}
    summary = f"{counts['passed']} passed, {counts['failed']} failed"
    print(summary + (f", {counts['skipped']} skipped" if counts["skipped"] else ""))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
