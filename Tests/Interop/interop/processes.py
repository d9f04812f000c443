"""The processes a lane starts, each in its own process group, and stopped again by pid whatever happens."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

STOP_GRACE_S = 5.0


class Processes:
    """Starts processes in new sessions (so each is a process group with its children) and stops every
    group it started, newest first, on `stop_all` or when the `with` block ends, even by an exception.
    SIGTERM and SIGINT sent to the driver raise `SystemExit`, so the cleanup runs then too."""

    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.started: list[tuple[str, subprocess.Popen]] = []

    def __enter__(self) -> Processes:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, _exit_on_signal)
        return self

    def __exit__(self, *exc) -> None:
        self.stop_all()

    def start(self, name: str, argv: list[str], env: dict[str, str], *, user: str | None = None,
              pipes: bool = False, cwd: Path | None = None) -> subprocess.Popen:
        """Starts `argv` with exactly `env`. Its standard error (and output, unless `pipes`) goes to
        `<log_dir>/<name>.log`; with `pipes`, its standard input and output are text pipes for the caller.
        Raises: OSError when the program cannot be started."""
        log = open(self.log_dir / f"{name}.log", "w")
        try:
            process = subprocess.Popen(
                argv, env=env, cwd=cwd, start_new_session=True, stderr=log,
                stdin=subprocess.PIPE if pipes else subprocess.DEVNULL,
                stdout=subprocess.PIPE if pipes else log, text=True, bufsize=1,
                user=user, group=_group_of(user), extra_groups=[] if user else None)
        finally:
            log.close()
        self.started.append((name, process))
        return process

    def stop_all(self) -> None:
        """Sends SIGTERM to every group started, waits up to STOP_GRACE_S for each leader, then SIGKILLs the
        group (stragglers included), newest first."""
        while self.started:
            self.stop(self.started[-1][1])

    def stop(self, process: subprocess.Popen) -> None:
        """Stops one group started here as `stop_all` does, and forgets it."""
        self.started = [(name, p) for name, p in self.started if p is not process]
        for stream in (process.stdin, process.stdout):
            if stream:
                stream.close()
        _signal_group(process.pid, signal.SIGTERM)
        try:
            process.wait(STOP_GRACE_S)
        except subprocess.TimeoutExpired:
            pass
        _signal_group(process.pid, signal.SIGKILL)
        process.wait()


def wait_until(condition, timeout_s: float, what: str, interval_s: float = 0.02):
    """Polls `condition` until it returns a truthy value, which is returned.
    Raises: TimeoutError naming `what` when `timeout_s` passes first."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout_s:g} s waiting for {what}")
        time.sleep(interval_s)


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


def _group_of(user: str | None) -> int | None:
    if user is None:
        return None
    import pwd
    return pwd.getpwnam(user).pw_gid


def _exit_on_signal(signum, frame):
    raise SystemExit(128 + signum)
