"""Text of char, string, cell and struct values, and the one-line summaries of values nested in them.

A value inside a cell or a struct field is summarised on one line, as MATLAB does: scalars by value
(``{[5]}`` in a cell, ``5`` in a field), text by value (``{'abc'}``, ``'abc'``, ``{["abc"]}``, ``"abc"``),
short real row vectors by value (``[1 2 3]``), everything else by size and class (``{2×2 double}``,
``[2×2 double]``, ``{1×2 cell}``, ``[1×1 struct]``).
"""
from __future__ import annotations

from itertools import chain
from typing import Callable, Sequence

import numpy as np

from ..categoricals import UNDEFINED, CategoricalArray
from ..tables import Table
from ..time_text import time_texts
from ..times import TimeArray
from ..values import (CellArray, CharArray, FunctionHandle, HandleObject, SparseMatrix, StringArray,
                      StructArray, class_of, size_of, to_array, utf16_text)
from . import numeric
from .layout import Block, LongText, Out, Pages, group_title, page_of, starts_group

INLINE_ROW_LIMIT = 40   # a real row vector inside a container is written out up to this many characters
LONG_ROW = 4096         # char rows longer than this are made only as far as the output budget goes


def dims_text(shape: Sequence[int]) -> str:
    return "×".join(str(n) for n in shape)


def string_text(text: str | None) -> str:
    return "<missing>" if text is None else f'"{text}"'


def handle_text(value: FunctionHandle) -> str:
    """How MATLAB shows a handle: ``@(x)x+1``, and ``@sin`` for a named one (func2str gives ``sin``)."""
    return value.text if value.params is not None or value.text.startswith("@") else "@" + value.text


def char_row_text(value: CharArray) -> str:
    return "'" + value.to_str() + "'"


def _numeric_row_text(arr: np.ndarray, long: bool) -> str | None:
    """``1 2 3`` for a short real row vector, or None when it must be summarised by size."""
    if arr.ndim != 2 or arr.shape[0] != 1 or arr.shape[1] < 2 or arr.dtype.kind == "c":
        return None
    if 2 * arr.shape[1] + 1 > INLINE_ROW_LIMIT:    # n numbers take at least 2n - 1 characters
        return None
    nf = numeric.plan(arr, long)
    if nf.scale:
        return None
    text = " ".join(numeric.element_text(v, nf) for v in arr.ravel())
    return text if len(text) + 2 <= INLINE_ROW_LIMIT else None


def _value_summary(value, long: bool) -> tuple[str, bool] | None:
    """(text, is_number) for values written by value, or None for those summarised by size.
    Numbers (scalars and short rows) come without brackets."""
    t = type(value)
    if t is FunctionHandle:
        return handle_text(value), False
    if t is CharArray:
        shape = value.shape
        return (char_row_text(value), False) if len(shape) == 2 and shape[0] == 1 and shape[1] else None
    if t is StringArray:
        return (string_text(value.data.flat[0]), False) if value.shape == (1, 1) else None
    if isinstance(value, TimeArray):
        return (time_texts(value)[0], True) if value.shape == (1, 1) else None
    if t is CategoricalArray:
        return (value.texts()[0] or UNDEFINED, True) if value.shape == (1, 1) else None
    if t in (CellArray, StructArray, SparseMatrix, Table) or isinstance(value, HandleObject) or \
            class_of(value) == "gpuArray":
        return None                 # by size (gpuArrays are not gathered, sparse matrices not made full)
    arr = to_array(value)
    if arr.size == 1:
        return numeric.scalar_text(arr, long), True
    row = _numeric_row_text(arr, long)
    return (row, True) if row is not None else None


def cell_content(value, long: bool) -> tuple[str, bool]:
    """What one cell element shows inside its braces (``[1]``, ``'a'``, ``["s"]``, ``2×2 double``),
    and whether it is a number (numbers are right-aligned inside their brackets)."""
    found = _value_summary(value, long)
    if found is None:
        return f"{dims_text(size_of(value))} {class_of(value)}", False
    text, is_number = found
    return (f"[{text}]" if is_number or type(value) is StringArray else text), is_number


def field_summary(value, long: bool) -> str:
    """The value of one struct field: ``1``, ``'x'``, ``[1 2 3]``, ``[2×2 double]``, ``{'A'  'B'}``,
    ``{2×2 cell}``, ``[]``."""
    found = _value_summary(value, long)
    if found is not None:
        text, is_number = found
        return f"[{text}]" if is_number and size_of(value) != (1, 1) else text
    shape = size_of(value)
    if type(value) is CellArray:
        return _inline_cell(value, long) or "{" + f"{dims_text(shape)} cell" + "}"
    if type(value) is CharArray and 0 in shape:
        return "''"
    if type(value) not in (StringArray, StructArray) and shape == (0, 0) and class_of(value) == "double":
        return "[]"
    return f"[{dims_text(shape)} {class_of(value)}]"


def _inline_cell(value: CellArray, long: bool) -> str | None:
    """A short row cell of scalars and texts, written out in a struct field as MATLAB's struct
    documentation shows it (``b: {'A'  'B'  'C'}``); None for any other cell."""
    if len(value.shape) != 2 or value.shape[0] != 1 or value.shape[1] == 0:
        return None
    if 3 * value.shape[1] > 2 * INLINE_ROW_LIMIT:    # n parts take at least 3n characters
        return None
    parts = []
    for item in value.data[0]:
        found = None if type(item) is FunctionHandle else _value_summary(item, long)
        if found is None or (found[1] and size_of(item) != (1, 1)):
            return None
        parts.append(f"[{found[0]}]" if found[1] else found[0])
    text = "{" + "  ".join(parts) + "}"
    return text if len(text) <= 2 * INLINE_ROW_LIMIT else None


# ---- char arrays ---------------------------------------------------------------------------------

def surrogate_pairs(codes: np.ndarray) -> int:
    """UTF-16 surrogate pairs within the rows of a char array (each pair is one character of text)."""
    rows = np.moveaxis(codes, 1, -1) if codes.ndim > 1 else codes
    if rows.shape[-1] < 2:
        return 0
    high = (rows[..., :-1] >= 0xD800) & (rows[..., :-1] <= 0xDBFF)
    low = (rows[..., 1:] >= 0xDC00) & (rows[..., 1:] <= 0xDFFF)
    return int(np.count_nonzero(high & low))


def codes_text(codes: np.ndarray) -> LongText:
    """The text of a row of UTF-16 code units, made only as far as asked."""
    def prefix(n: int | None) -> str:
        if n is None or 2 * n >= codes.size:
            return utf16_text(codes)
        end = 2 * n                              # n characters take at most 2n code units
        if 0xD800 <= codes[end - 1] <= 0xDBFF:   # never split a surrogate pair
            end += 1
        return utf16_text(codes[:end])
    return LongText(codes.size - surrogate_pairs(codes), prefix)


def char_row_head(codes: np.ndarray) -> str | LongText:
    """A char row after ``x = ``: ``'abc'``."""
    if codes.size <= LONG_ROW:
        return "'" + utf16_text(codes) + "'"
    text = codes_text(codes)
    return LongText(text.size + 2, lambda n: "'" + text.prefix(n) + ("'" if n is None else ""))


class CharRows:
    """A page of a char array: its rows as text, quoted and indented (``    'abc'``) or as is (disp)."""

    empty = False

    def __init__(self, page: np.ndarray, quoted: bool) -> None:
        self.page = page
        self.start, self.end = ("    '", "'") if quoted else ("", "")

    def write(self, out: Out) -> None:
        if out.full():
            return
        out.block()
        for row in self.page:
            if out.full():
                return
            if row.size <= LONG_ROW:
                out.line(self.start + utf16_text(row) + self.end)
            else:
                out.long_line(self.start, codes_text(row), self.end)

    def measure(self) -> tuple[int, int]:
        nrows, ncols = self.page.shape
        return nrows * (ncols + len(self.start) + len(self.end) + 1) - surrogate_pairs(self.page), 1


def char_body(codes: np.ndarray, label: str, quoted: bool) -> Pages:
    lines = int(np.prod(codes.shape)) // codes.shape[1]
    extra = len("    ''") if quoted else 0
    chars = lines * (codes.shape[1] + extra + 1) - surrogate_pairs(codes)
    return Pages(codes.shape, label, lambda ix: CharRows(page_of(codes, ix), quoted),
                 (chars, int(np.prod(codes.shape[2:]))))


# ---- cell and string arrays ------------------------------------------------------------------------

Column = Callable[[np.ndarray, int, "int | None"], tuple[list[str], int]]    # see TextGrid


class TextGrid:
    """A page of a cell, string, datetime or duration array: columns ``gap`` spaces apart (four, three
    for dates and durations), each as wide as its widest text.

    ``column(values, rows, left)`` gives the width of a column's texts and the texts of its first
    ``rows`` elements, or only of as many as the budget ``left`` can take at that width, each cut to
    its first ``left + 1`` characters. Only the rows the budget can take are asked for (every line is
    at least ``min_line`` characters long), and no text longer than the budget is made: a line holding
    a cut text is past the budget, where the cell's limit cuts it."""

    empty = False

    def __init__(self, page: np.ndarray, column: Column, min_line: int, gap: int = 4) -> None:
        self.page, self.column, self.min_line, self.gap = page, column, min_line, gap

    def write(self, out: Out) -> None:
        nrows, ncols = self.page.shape
        shown = 0
        if not out.full():
            left = out.left()
            rows = nrows if left is None else min(nrows, out.rows_left(self.min_line))
            groups = self._groups(rows, left)
            first = next(groups)
            several = len(first) < ncols
            start = 0
            for group in chain([first], groups):
                if out.full():
                    break
                if several:
                    out.block()
                    out.line(group_title(range(start, start + len(group))))
                out.block()
                shown += self._write_rows(out, group)
                start += len(group)
        out.unformatted += nrows * ncols - shown

    def _groups(self, rows: int, left: int | None):
        """Column groups as lists of (texts, width) columns (the next column is made to close a group)."""
        group: list[tuple[list[str], int]] = []
        used = 0
        for c in range(self.page.shape[1]):
            texts, width = self.column(self.page[:, c], rows, left)
            width += self.gap
            if starts_group(used, width):
                yield group
                group, used = [], 0
            group.append(([" " * self.gap + t for t in texts], width))
            used += width
        yield group

    @staticmethod
    def _write_rows(out: Out, group: list[tuple[list[str], int]]) -> int:
        width = sum(w for _, w in group) + 1
        rows = min(len(texts) for texts, _ in group)      # what the budget takes at their widths
        row = 0
        while row < rows and not out.full():
            n = min(rows - row, out.rows_left(width))
            text = "".join("".join(texts[r] for texts, _ in group) + "\n" for r in range(row, row + n))
            out.write(text)
            out.hidden += n * width - len(text)     # of texts cut at the budget
            row += n
        return row * len(group)

    def measure(self) -> None:
        return None


def grid_body(data: np.ndarray, label: str, column: Column, min_line: int, gap: int = 4) -> Pages:
    return Pages(data.shape, label, lambda ix: TextGrid(page_of(data, ix), column, min_line, gap), None)


def aligned_column(values: np.ndarray, rows: int, left: int | None) -> tuple[list[str], int]:
    """A column of ready texts (datetime and duration elements), right-aligned to the widest."""
    width = max(len(v) for v in values)
    rows, cap = within(rows, width, left)
    return [v.rjust(width)[:cap] for v in values[:rows]], width


def name_column(values: np.ndarray, rows: int, left: int | None) -> tuple[list[str], int]:
    """A column of ready texts (categorical elements), left-aligned to the widest with a space either side."""
    width = max(len(v) for v in values) + 2
    rows, cap = within(rows, width, left)
    return [f" {v} ".ljust(width)[:cap] for v in values[:rows]], width


def within(rows: int, width: int, left: int | None) -> tuple[int, int | None]:
    """How many of ``rows`` texts ``width`` wide a budget of ``left`` characters can take (each line
    also has four spaces and a newline), and where to cut each (None: nowhere)."""
    if left is None:
        return rows, None
    return min(rows, left // (width + 5) + 1), left + 1


def cell_column(values: np.ndarray, rows: int, left: int | None, long: bool) -> tuple[list[str], int]:
    """A column of a cell array (TextGrid's ``column``), as wide as the widest of its first ``rows``
    elements: numbers are right-aligned inside their brackets (``{[  1]}``), other contents
    left-aligned (``{'a'  }``). (A column taller than the output budget can show is as wide as the
    rows shown.)"""
    contents = [cell_content(v, long) for v in values[:rows]]
    width = max(len(text) for text, _ in contents)
    rows, cap = within(rows, width + 2, left)
    pad = width if cap is None else min(width, cap)     # a text past cap is cut there anyway

    def padded(text: str, is_number: bool) -> str:
        if is_number:
            return "{[" + " " * min(width - len(text), pad) + text[1:-1] + "]}"
        return "{" + text[:pad] + " " * min(width - len(text), pad) + "}"
    return [padded(*found)[:cap] for found in contents[:rows]], width + 2


def string_column(values: np.ndarray, rows: int, left: int | None) -> tuple[list[str], int]:
    """A column of a string array (TextGrid's ``column``): ``"text"`` or ``<missing>``, left-aligned
    to the widest element of the whole column."""
    width = max(len("<missing>") if v is None else len(v) + 2 for v in values)
    rows, cap = within(rows, width, left)
    pad = width if cap is None else min(width, cap)
    return [string_text(None if v is None else v[:pad]).ljust(pad)[:cap] for v in values[:rows]], width


def struct_field_lines(fields: list[str], values: dict, long: bool) -> list[LongText]:
    """``    name: value`` lines, names right-aligned to the longest; a long text is made only as far
    as the output budget goes."""
    width = max((len(f) for f in fields), default=0)
    return [field_line(f"    {f.rjust(width)}: ", values[f], long) for f in fields]


def field_line(start: str, value, long: bool) -> LongText:
    if type(value) is CharArray and value.codes.ndim == 2 and value.shape[0] == 1:
        head = char_row_head(value.codes[0])
        if isinstance(head, LongText):
            return LongText(len(start) + head.size,
                            lambda n: start + head.prefix(None if n is None else max(n - len(start), 1)))
    return LongText.of(start + field_summary(value, long))


def field_names_block(fields: list[str]) -> Block:
    return [f"    {f}" for f in fields]
