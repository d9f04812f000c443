"""What the accessibility lane's clients share: starting an example under Tactile's fake compositor,
checks printed one a line, waits that run pyatspi's event loop, and finding accessibles by role and name.

A client calls `run_example("Example", run)`, where `run(log_path)` does its checks; the process exits 1
when any check failed.
"""

import os
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def pump(seconds):
    """Runs pyatspi's event loop for `seconds`, delivering the events received meanwhile."""
    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop())
    pyatspi.Registry.start()


def wait_for(what, predicate, timeout=15.0):
    """Returns `predicate()` once it is true, running the event loop between tries; exits after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        pump(0.1)
    raise SystemExit(f"FAIL timed out waiting for {what}")


def find(root, role, name=None):
    """The first descendant of `root` with `role` (and `name`, when given), or None."""
    return pyatspi.findDescendant(
        root, lambda a: a is not None and a.getRoleName() == role and (name is None or a.name == name))


def run_example(example, run):
    """Runs `example` under the fake compositor, calls `run(log_path)` (the app's output), stops both,
    prints the number of failures and exits with 1 when there was one."""
    runtime = tempfile.mkdtemp(prefix="tactile-a11y-")
    log_path = os.path.join(runtime, "app.log")
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    with open(log_path, "w") as log:
        compositor = subprocess.Popen(
            [f"{BIN}/tactile-compositor", "--socket", os.path.join(runtime, "wayland"), "--",
             f"{BIN}/{example}"], stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        run(log_path)
    finally:
        compositor.terminate()
        compositor.wait(timeout=10)
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)
