"""Page and column layout shared by every array display, made only as far as the output budget goes.

A displayed value is a sequence of *blocks* (lists of lines). In ``format loose`` (the default) blocks
are separated by one blank line, and a blank line follows the ``name = ...`` line; ``format compact``
drops every blank line. Nothing is printed after the last block.

Columns wrap at 80 characters: the column groups are introduced by ``  Columns 1 through 8`` (or
``  Column 9`` for a group of one), each its own block. N-d arrays print page by page, each page
introduced by ``name(:,:,k) =``.

Bodies (``Blocks``, ``Chain``, ``Pages`` and the grids of show.py and containers.py) write their lines
into an ``Out``, which holds the output budget: a body writes blocks until ``out.full()``, so a matrix
of a billion elements costs what its first screens cost. ``measure()`` gives the size of a whole body
without making its text (``(characters, blocks)``), or None where only making the text would tell
(cells, strings): their writers count the elements they never made instead (``out.unformatted``),
and the characters of the lines they made short (``out.hidden``).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Callable, Iterator, Sequence

import numpy as np

TERMINAL_WIDTH = 80
FLUSH_CHARS = 1 << 16       # text is handed on in pieces of about this size
UNLIMITED_ROWS = 1024       # rows made at once when there is no budget

Block = list[str]
Measure = tuple[int, int] | None     # (characters of the lines, newlines included; blocks), None: unknown


class Out:
    """Display text as it is made, up to a budget of ``room`` characters (None: no limit).

    Whole lines are made until more than ``room`` characters are; the last one may be a prefix of a
    long line. What is made is therefore a prefix of the whole display, a little longer than the room,
    and the caller's OutputLimit.take cuts it exactly as it would have cut the whole text."""

    def __init__(self, room: int | None, compact: bool, emit: Callable[[str], None]) -> None:
        self.room, self.compact, self.emit = room, compact, emit
        self.parts: list[str] = []
        self.buffered = 0
        self.made = 0
        self.blocks = 0
        self.unformatted = 0      # elements whose text was never made (bodies that cannot measure)
        self.hidden = 0           # characters of lines made that were cut short (those bodies too)

    def full(self) -> bool:
        return self.room is not None and self.made > self.room

    def left(self) -> int | None:
        """Characters that may still be made before the budget is spent (None: no limit)."""
        return None if self.room is None else self.room - self.made

    def rows_left(self, width: int) -> int:
        """How many more lines ``width`` characters long (newline included) are worth making."""
        left = self.left()
        return UNLIMITED_ROWS if left is None else max(left // max(width, 1) + 1, 1)

    def write(self, text: str) -> None:
        if self.full():          # once past the budget nothing more is made (or counted as made)
            return
        self.parts.append(text)
        self.made += len(text)
        self.buffered += len(text)
        if self.buffered >= FLUSH_CHARS:
            self.flush()

    def line(self, text: str) -> None:
        self.write(text + "\n")

    def lines(self, texts: Sequence[str]) -> None:
        self.write("".join(t + "\n" for t in texts))

    def long_line(self, start: str, rest: "LongText", end: str = "") -> None:
        """``start + rest + end`` as one line, or only as much of it as the budget takes."""
        left = self.left()
        n = None if left is None else max(left - len(start) + 1, 1)
        if n is None or rest.size <= n:
            self.line(start + rest.prefix(None) + end)
        else:
            self.write(start + rest.prefix(n))    # at least n characters: the budget is spent

    def block(self) -> None:
        """Start a block: a blank line before it unless it is the first one or the format is compact."""
        if self.blocks and not self.compact:
            self.write("\n")
        self.blocks += 1

    def flush(self) -> None:
        if self.parts:
            self.emit("".join(self.parts))
            self.parts, self.buffered = [], 0


def joined_size(measure: Measure, compact: bool) -> int | None:
    """Characters of a body of that measure, blank lines between its blocks included."""
    if measure is None:
        return None
    chars, blocks = measure
    return chars if compact else chars + max(blocks - 1, 0)


def add_measures(*measures: Measure) -> Measure:
    if any(m is None for m in measures):
        return None
    return sum(m[0] for m in measures), sum(m[1] for m in measures)


@dataclass
class LongText:
    """Text that may be too long to make whole: its length, and its first characters on demand."""
    size: int
    prefix: Callable[[int | None], str]     # prefix(n): at least the first n characters (None: all)

    @staticmethod
    def of(text: str) -> "LongText":
        return LongText(len(text), lambda n: text if n is None else text[:n])


# ---- bodies ------------------------------------------------------------------------------------------

class Blocks:
    """Blocks whose lines are already made (small values)."""

    def __init__(self, blocks: list[Block]) -> None:
        self.blocks = blocks

    @property
    def empty(self) -> bool:
        return not self.blocks

    def write(self, out: Out) -> None:
        for block in self.blocks:
            if out.full():
                return
            out.block()
            out.lines(block)

    def measure(self) -> Measure:
        return sum(len(line) + 1 for block in self.blocks for line in block), len(self.blocks)


class LongLines:
    """One block of lines that may each be too long to make whole (struct fields, a long string)."""

    empty = False

    def __init__(self, lines: Sequence[LongText], start: str = "", end: str = "") -> None:
        self.items, self.start, self.end = lines, start, end

    def write(self, out: Out) -> None:
        if out.full():
            return
        out.block()
        for item in self.items:
            if out.full():
                return
            out.long_line(self.start, item, self.end)

    def measure(self) -> Measure:
        extra = len(self.start) + len(self.end) + 1
        return sum(item.size + extra for item in self.items), 1


class Chain:
    """Bodies one after the other."""

    empty = False

    def __init__(self, *bodies) -> None:
        self.bodies = [b for b in bodies if not b.empty]

    def write(self, out: Out) -> None:
        for body in self.bodies:
            body.write(out)        # past the budget a body only counts what it leaves out

    def measure(self) -> Measure:
        return add_measures(*(b.measure() for b in self.bodies))


class Pages:
    """A value made of 2-D pages: a matrix's own body, or for an N-d value every page introduced by
    ``label(:,:,k) =``. ``page(ix)`` gives the body of page ``ix`` (its trailing indices);
    ``measure_pages`` the measure of all page bodies together (None: unknown)."""

    empty = False

    def __init__(self, shape: tuple[int, ...], label: str, page: Callable[[tuple[int, ...]], object],
                 measure_pages: Measure) -> None:
        self.shape, self.label, self.page, self.pages_measure = shape, label, page, measure_pages

    def write(self, out: Out) -> None:
        if len(self.shape) == 2:
            self.page(()).write(out)
            return
        count = int(np.prod(self.shape[2:]))
        per_page = self.shape[0] * self.shape[1]
        for k, ix in enumerate(page_indices(self.shape)):
            if out.full():
                out.unformatted += per_page * (count - k)
                return
            out.block()
            out.line(page_label(self.label, ix))
            self.page(ix).write(out)

    def measure(self) -> Measure:
        if self.pages_measure is None or len(self.shape) == 2:
            return self.pages_measure
        count = int(np.prod(self.shape[2:]))
        labels = count * (len(self.label) + len("(:,:,) =") + 1 + len(self.shape) - 3)
        labels += sum(count // n * digits_total(n) for n in self.shape[2:])
        return self.pages_measure[0] + labels, self.pages_measure[1] + count


# ---- column groups -------------------------------------------------------------------------------------

def starts_group(used: int, width: int) -> bool:
    """Whether a column ``width`` wide starts a new column group after a group ``used`` wide so far
    (every group has at least one column; together they fit the terminal)."""
    return used > 0 and used + width > TERMINAL_WIDTH


def columns_per_group(width: int) -> int:
    """How many columns ``width`` wide a column group holds."""
    return max(TERMINAL_WIDTH // width, 1)


def uniform_groups(ncols: int, width: int) -> Iterator[range]:
    """The column groups of ``ncols`` columns all ``width`` wide (as starts_group splits them)."""
    per = columns_per_group(width)
    return (range(start, min(start + per, ncols)) for start in range(0, ncols, per))


def uniform_groups_measure(nrows: int, ncols: int, width: int) -> tuple[int, int]:
    """The measure of the column groups of a grid of ``ncols`` columns all ``width`` wide."""
    per = columns_per_group(width)
    if ncols <= per:
        return nrows * (ncols * width + 1), 1
    starts = np.arange(0, ncols, per, dtype=np.int64)
    sizes = np.minimum(starts + per, ncols) - starts
    titles = np.where(sizes == 1, len("  Column ") + digits(starts + 1),
                      len("  Columns ") + digits(starts + 1) + len(" through ") + digits(starts + sizes))
    chars = int(titles.sum()) + len(starts) + nrows * (ncols * width + len(starts))
    return chars, 2 * len(starts)


def group_title(group: range) -> str:
    if len(group) == 1:
        return f"  Column {group.start + 1}"
    return f"  Columns {group.start + 1} through {group.stop}"


def digits(n: np.ndarray) -> np.ndarray:
    """Decimal digits of positive integers."""
    count = np.ones(n.shape, dtype=np.int64)
    for p in range(1, 19):
        count += n >= 10 ** p
    return count


def digits_total(n: int) -> int:
    """Digits of all the numbers 1..n written out."""
    total, p = 0, 1
    while 10 ** (p - 1) <= n:
        total += p * (min(n, 10 ** p - 1) - 10 ** (p - 1) + 1)
        p += 1
    return total


# ---- pages ---------------------------------------------------------------------------------------------

def page_indices(shape: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Indices of the 2-D pages of an N-d shape, first trailing dimension fastest (column-major)."""
    trailing = shape[2:]
    return (tuple(reversed(ix)) for ix in product(*(range(n) for n in reversed(trailing))))


def page_label(label: str, ix: tuple[int, ...]) -> str:
    return f"{label}(:,:,{','.join(str(i + 1) for i in ix)}) ="


def page_of(data: np.ndarray, ix: tuple[int, ...]) -> np.ndarray:
    return data[(slice(None), slice(None)) + ix]
