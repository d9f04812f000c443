"""Builds the lane's own programs: the injectors with cc into .build/interop (protocol code is generated there
with wayland-scanner from the XML that Debian packages install; nothing generated is kept in the repository;
a program is rebuilt only when one of its inputs is newer than it), and the Tactile scenario app with
`swift build`."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

INTEROP = Path(__file__).resolve().parent.parent
REPO = INTEROP.parent.parent
OUT = REPO / ".build" / "interop"
GENERATED = OUT / "generated"
PLASMA_PROTOCOLS = Path("/usr/share/plasma-wayland-protocols")
SCENARIO = "tactile-interop-scenario"
CFLAGS = ["-std=c11", "-O1", "-g", "-Wall", "-Wextra", "-Werror"]


class BuildError(Exception):
    """A program could not be built; the message holds the failing command's output."""


@dataclass(frozen=True)
class Program:
    name: str
    sources: tuple[Path, ...]
    protocols: tuple[Path, ...] = ()
    packages: tuple[str, ...] = ("wayland-client",)
    shared: bool = False


INJECTORS = INTEROP / "injectors"
PROGRAMS = {
    "weston-input": Program("tactile-weston-input.so", (REPO / "Tests/Support/weston-input/tactile-weston-input.c",),
                            packages=("libweston-10", "wayland-server"), shared=True),
    "kwin-input": Program("tactile-kwin-input", (INJECTORS / "tactile-kwin-input.c", INJECTORS / "line-command.c"),
                          (PLASMA_PROTOCOLS / "fake-input.xml",)),
    "wlr-input": Program("tactile-wlr-input", (INJECTORS / "tactile-wlr-input.c", INJECTORS / "line-command.c"),
                         packages=("wayland-client", "xkbcommon")),
}


def build(key: str) -> Path:
    """Builds the program `key` of PROGRAMS if it is missing or stale; returns its path.
    Raises: BuildError naming what is missing or how the compiler failed."""
    program = PROGRAMS[key]
    output = OUT / program.name
    missing = [str(p) for p in program.sources + program.protocols if not p.exists()]
    missing += [tool for tool in ("cc", "pkg-config", "wayland-scanner") if not shutil.which(tool)]
    if missing:
        raise BuildError(f"{program.name}: missing {', '.join(missing)}")
    inputs = program.sources + program.protocols + (INJECTORS / "line-command.h",)
    if output.exists() and all(p.stat().st_mtime <= output.stat().st_mtime for p in inputs):
        return output
    GENERATED.mkdir(parents=True, exist_ok=True)
    generated = [_generate(xml) for xml in program.protocols]
    flags = _run(["pkg-config", "--cflags", "--libs", *program.packages]).split()
    command = ["cc", *CFLAGS, *(["-shared", "-fPIC"] if program.shared else []), f"-I{GENERATED}",
               f"-I{INJECTORS}", "-o", str(output), *map(str, program.sources), *map(str, generated), *flags]
    _run(command)
    return output


def build_scenario() -> Path:
    """Builds the scenario app (the package's `tactile-interop-scenario` product) with the flags of CI's
    build, so that after `.ci/run`'s `swift build` this only checks it is up to date; returns its path.
    Raises: BuildError with swift's output."""
    flags = ["--product", SCENARIO, "-Xswiftc", "-warnings-as-errors"]
    _run(["swift", "build", "--package-path", str(REPO), *flags])
    return Path(_run(["swift", "build", "--package-path", str(REPO), "--show-bin-path"]).strip()) / SCENARIO


def _generate(xml: Path) -> Path:
    code = GENERATED / f"{xml.stem}-protocol.c"
    header = GENERATED / f"{xml.stem}-client-protocol.h"
    if not code.exists() or code.stat().st_mtime < xml.stat().st_mtime:
        _run(["wayland-scanner", "client-header", str(xml), str(header)])
        _run(["wayland-scanner", "private-code", str(xml), str(code)])
    return code


def _run(command: list[str]) -> str:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout
