"""The driver's side of the injectors' line commands (grammar: Tests/Interop/injectors/line-command.h).

Every injector answers each line with "ok" or "error <reason>" once the compositor has processed it; the
weston module listens on a Unix socket, the other injectors are child processes read through pipes."""

from __future__ import annotations

import select
import socket
import subprocess

REPLY_TIMEOUT_S = 10.0


class InjectorError(Exception):
    """An injector refused a command, answered garbage, went away or did not answer in time."""

    def __init__(self, command: str, reason: str):
        super().__init__(f"{command!r}: {reason}")
        self.command = command
        self.reason = reason


class LineInjector:
    """Sends line commands over a pair of text streams and waits for each answer."""

    def __init__(self, reader, writer, fileno: int):
        self.reader, self.writer, self.fileno = reader, writer, fileno

    @classmethod
    def over_process(cls, process: subprocess.Popen, timeout_s: float = REPLY_TIMEOUT_S) -> LineInjector:
        """Wraps a child started with pipes, after its first line, "ready" (or "error <reason>").
        Raises: InjectorError with the child's reason when it cannot inject."""
        injector = cls(process.stdout, process.stdin, process.stdout.fileno())
        injector._expect_reply("(start)", "ready", timeout_s)
        return injector

    @classmethod
    def over_socket(cls, path: str) -> LineInjector:
        """Connects to a weston module's socket. Raises: OSError when nothing listens there."""
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(path)
        stream = connection.makefile("rw", buffering=1)
        return cls(stream, stream, connection.fileno())

    def send(self, command: str, timeout_s: float = REPLY_TIMEOUT_S) -> None:
        """Sends one command and waits for its "ok". Raises: InjectorError otherwise."""
        try:
            self.writer.write(command + "\n")
            self.writer.flush()
        except OSError as error:
            raise InjectorError(command, f"cannot write: {error}") from error
        self._expect_reply(command, "ok", timeout_s)

    def send_all(self, commands: list[str]) -> None:
        for command in commands:
            self.send(command)

    def _expect_reply(self, command: str, expected: str, timeout_s: float) -> None:
        # One command has exactly one answer line and the next command waits for it, so nothing is ever
        # buffered ahead in the reader: waiting on the descriptor is enough.
        if not select.select([self.fileno], [], [], timeout_s)[0]:
            raise InjectorError(command, f"no answer within {timeout_s:g} s")
        line = self.reader.readline().strip()
        if line == expected:
            return
        if not line:
            raise InjectorError(command, "the injector went away")
        raise InjectorError(command, line.removeprefix("error "))
