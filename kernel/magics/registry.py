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

    def run(self, code: str, name: str | None = None) -> bool:
        """Run MATLAB code as a cell does (streamed output, results, figures, errors); True if it succeeded.
        ``name`` names the code in error reports (a script's name; default the cell's In[n])."""

    def run_quiet(self, code: str) -> Any:
        """Run MATLAB code with its printed output and figures discarded; return the Session result."""

    def page(self, text: str) -> None:
        """Show text in the front end's pager (help)."""

    def set_next_input(self, text: str) -> None:
        """Replace the cell's text in the front end with ``text`` (%load)."""


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
_HABIT = re.compile(r"(%%?)([a-z][a-z0-9_]*)(?:[ \t].*)?$")   # %word as other kernels' magics look
STOP = "stop"      # returned by a magic whose cell runs no further (%load)


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
    last = -1
    for k, line in enumerate(lines):
        text = line.strip()
        match = _LINE.match(text)
        if match and (match.group(1), "line") in MAGICS:
            calls.append(MagicCall(MAGICS[(match.group(1), "line")], (match.group(2) or "").strip()))
            last = k
        elif not (_HABIT.match(text) or (calls and not text)):   # a stray %word is a comment: go on
            break
    if not calls:
        return calls, code
    rest = last + 1
    while rest < len(lines) and not lines[rest].strip():
        rest += 1
    return calls, "\n".join(lines[rest:])


def stray_magics(code: str) -> list[str]:
    """The ``%word`` and ``%%word`` lines (lower-case word) among a cell's leading magic lines that name
    no magic: habits from other kernels (``%matplotlib inline``, ``%%bash``) that MATLAB reads as
    comments. A registered cell magic on the first line takes the whole cell: nothing is stray then."""
    found = []
    for k, line in enumerate(code.split("\n")):
        text = line.strip()
        habit, magic_line = _HABIT.match(text), _LINE.match(text)
        if k == 0 and _CELL.match(text) and (_CELL.match(text).group(1), "cell") in MAGICS:
            return []
        if magic_line and (magic_line.group(1), "line") in MAGICS:
            continue
        if habit:
            found.append(habit.group(1) + habit.group(2))
        elif text:
            break
    return found
