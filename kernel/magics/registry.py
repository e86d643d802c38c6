"""The table of kernel magics, and the split of a cell into magics and MATLAB code.

A magic is registered once with its name, kind (``line``: ``%name args``; ``cell``: ``%%name args`` on
the first line, the rest of the cell is its body) and help text (the docstring: a usage line, then a
paragraph). The kernel's own magics (kernel/magics/*.py) and the GPU fusion magics register here::

    @magic("who", "line")
    def who(host: MagicHost, args: str, body: str) -> None:
        '''%who  list the workspace variables.'''

Magics are recognised only at the top of a cell (DESIGN.md): leading lines ``%name args`` whose ``name``
directly follows ``%`` and is a registered line magic (``% text`` stays a comment), or ``%%name`` as the
first line for a registered cell magic.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable, Protocol

KINDS = ("line", "cell")


class MagicHost(Protocol):
    """What a magic may ask of the kernel that runs it."""

    matlab: Any           # engine.Session
    plot_settings: Any    # engine.runtime.figures.PlotSettings of this kernel

    def write(self, text: str) -> None:
        """Print text to the cell's output (stdout stream)."""

    def display(self, bundle: dict[str, str]) -> None:
        """Show a MIME bundle (e.g. text/plain and text/html) as the cell's display output."""

    def run(self, code: str) -> bool:
        """Run MATLAB code as a cell does (streamed output, results, figures, errors); True if it succeeded."""

    def run_quiet(self, code: str) -> Any:
        """Run MATLAB code with its printed output and figures discarded; return the Session result."""

    def page(self, text: str) -> None:
        """Show text in the front end's pager (help)."""


@dataclass(frozen=True)
class Magic:
    name: str
    kind: str
    fn: Callable[[MagicHost, str, str], None]
    help: str

    @property
    def usage(self) -> str:
        """The first line of the help text."""
        return self.help.splitlines()[0]


MAGICS: dict[tuple[str, str], Magic] = {}


def magic(name: str, kind: str) -> Callable:
    """Register the decorated ``fn(host, args, body)`` as magic ``%name`` (line) or ``%%name`` (cell)."""
    if kind not in KINDS:
        raise ValueError(f"unknown magic kind {kind!r}")

    def register(fn: Callable) -> Callable:
        if (name, kind) in MAGICS:
            raise ValueError(f"{kind} magic {name!r} registered twice")
        MAGICS[(name, kind)] = Magic(name, kind, fn, inspect.cleandoc(fn.__doc__ or name))
        return fn
    return register


def names(kind: str) -> list[str]:
    """Sorted names of the registered magics of one kind."""
    return sorted(n for n, k in MAGICS if k == kind)


def find(name: str) -> Magic | None:
    """A magic by name, with or without its ``%``/``%%`` prefix (line magics first)."""
    if name.startswith("%%"):
        return MAGICS.get((name[2:], "cell"))
    bare = name.lstrip("%")
    return MAGICS.get((bare, "line")) or MAGICS.get((bare, "cell"))


@dataclass(frozen=True)
class MagicCall:
    magic: Magic
    args: str
    body: str = ""


_LINE = re.compile(r"%(\w+)(?:[ \t]+(.*))?$")
_CELL = re.compile(r"%%(\w+)(?:[ \t]+(.*))?$")


def split_cell(code: str) -> tuple[list[MagicCall], str]:
    """Split a cell into its magic calls and the MATLAB code after them.

    A cell magic takes the whole rest of the cell as its body (the returned code is then empty). Line
    magics are the leading lines naming a registered line magic; blank lines between them are skipped.
    """
    lines = code.split("\n")
    first = _CELL.match(lines[0].strip())
    if first and (first.group(1), "cell") in MAGICS:
        body = "\n".join(lines[1:])
        return [MagicCall(MAGICS[(first.group(1), "cell")], (first.group(2) or "").strip(), body)], ""
    calls: list[MagicCall] = []
    k = 0
    while k < len(lines):
        text = lines[k].strip()
        match = _LINE.match(text)
        if match and (match.group(1), "line") in MAGICS:
            calls.append(MagicCall(MAGICS[(match.group(1), "line")], (match.group(2) or "").strip()))
        elif text or not calls:
            break
        k += 1
    return calls, "\n".join(lines[k:]) if calls else code
