"""A private D-Bus session bus for the compositors that serve their APIs on it (mutter, KWin) and for
fcitx5 (the IME lane), so nothing reaches the caller's session."""

from __future__ import annotations

import select
from pathlib import Path

from .processes import Processes, wait_until

BUS_TIMEOUT_S = 10.0


def start_session_bus(processes: Processes, env: dict[str, str], runtime: Path, user: str | None = None) -> str:
    """Starts `dbus-daemon --session` listening in `runtime` (as `user`, whose clients it then accepts, or
    as the caller); returns its address.
    Raises: TimeoutError when it does not print its address in time."""
    daemon = processes.start("dbus-daemon", ["dbus-daemon", "--session", f"--address=unix:path={runtime}/bus",
                                             "--print-address=1", "--nofork"], env, pipes=True, user=user)
    if not select.select([daemon.stdout], [], [], BUS_TIMEOUT_S)[0]:
        raise TimeoutError("dbus-daemon printed no address")
    return daemon.stdout.readline().strip()


def wait_for_names(address: str, names: list[str], timeout_s: float) -> None:
    """Waits until every well-known name in `names` has an owner on the bus at `address`.
    Raises: TimeoutError naming the names still missing."""
    import dbus
    import dbus.bus

    bus = dbus.bus.BusConnection(address)
    try:
        wait_until(lambda: all(bus.name_has_owner(n) for n in names), timeout_s, f"D-Bus names {names}")
    finally:
        bus.close()
