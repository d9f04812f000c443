"""The driver's side of the injectors' line commands (grammar: Tests/Interop/injectors/line-command.h).

Every injector answers each line with "ok" or "error <reason>" once the compositor has processed it; the
weston module listens on a Unix socket, the other injectors are child processes read through pipes."""

from __future__ import annotations

import os
import select
import socket
import subprocess
import time

REPLY_TIMEOUT_S = 10.0
BTN_LEFT, BTN_RIGHT = 272, 273   # evdev codes of `pointer button`


class InjectorError(Exception):
    """An injector refused a command, went away or did not answer in time."""

    def __init__(self, command: str, reason: str):
        super().__init__(f"{command!r}: {reason}")
        self.command = command
        self.reason = reason


class LineInjector:
    """Sends line commands to a writable descriptor and reads each answer from a readable one. Answers
    are read unbuffered into our own buffer, so a line that arrived early is never hidden from `select`."""

    def __init__(self, read_fd: int, write_fd: int, keep_alive=None):
        self.read_fd, self.write_fd = read_fd, write_fd
        self.keep_alive = keep_alive  # the socket or process owning the descriptors
        self.pending = b""

    @classmethod
    def over_process(cls, process: subprocess.Popen, timeout_s: float = REPLY_TIMEOUT_S) -> LineInjector:
        """Wraps a child started with pipes, after its first line, "ready" (or "error <reason>").
        Raises: InjectorError with the child's reason when it cannot inject."""
        injector = cls(process.stdout.fileno(), process.stdin.fileno(), process)
        injector._expect_reply("(start)", "ready", timeout_s)
        return injector

    @classmethod
    def over_socket(cls, path: str) -> LineInjector:
        """Connects to a weston module's socket. Raises: OSError when nothing listens there."""
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(path)
        return cls(connection.fileno(), connection.fileno(), connection)

    def send(self, command: str, timeout_s: float = REPLY_TIMEOUT_S) -> None:
        """Sends one command and waits for its "ok". Raises: InjectorError otherwise."""
        try:
            os.write(self.write_fd, (command + "\n").encode())
        except OSError as error:
            raise InjectorError(command, f"cannot write: {error}") from error
        self._expect_reply(command, "ok", timeout_s)

    def send_all(self, commands: list[str]) -> None:
        for command in commands:
            self.send(command)

    def _expect_reply(self, command: str, expected: str, timeout_s: float) -> None:
        line = self._read_line(command, timeout_s)
        if line != expected:
            raise InjectorError(command, line.removeprefix("error "))

    def _read_line(self, command: str, timeout_s: float) -> str:
        deadline = time.monotonic() + timeout_s
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.read_fd], [], [], left)[0]:
                raise InjectorError(command, f"no answer within {timeout_s:g} s")
            chunk = os.read(self.read_fd, 4096)
            if not chunk:
                raise InjectorError(command, "the injector went away")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode(errors="replace").strip()
