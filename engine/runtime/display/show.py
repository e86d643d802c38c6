"""What ``x = value`` and ``disp(value)`` print, for every kind of value.

Each value is described as a *head* (the text after ``name = ``: ``5``, ``2×3``, ``1×2 cell array``,
``struct with fields:``; empty when the line is just ``name =``) and a *body*, its blocks (layout.py),
which are made only as far as the cell's output budget goes: the number format of an array is chosen
over all of it (numeric.py, in bounded runs), the text of its elements only for the lines shown.
Blank-line rules, the same for every type:

- ``format loose`` (default): a blank line after the head line and between blocks, none at the end;
- ``format compact``: no blank lines at all;
- a scalar of a class other than double (``b = logical``, ``k = int8``, ``x = single``) is followed by
  its value on the next line without a blank line in both formats, as MATLAB's Live Editor shows it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..categoricals import UNDEFINED, CategoricalArray
from ..context import DisplayFormat
from ..values import (CellArray, CharArray, FunctionHandle, HandleObject, SparseMatrix, StringArray,
                      StructArray, class_of, size_of, to_array)
from ..tables import Table
from ..time_text import time_texts
from ..times import TimeArray
from . import containers, numeric, tabular
from .containers import dims_text
from .layout import (Blocks, Chain, LongLines, LongText, Out, Pages, add_measures, columns_per_group,
                     group_title, joined_size, page_of, uniform_groups, uniform_groups_measure)

TEXT_CLASSES = ("logical", "char", "string", "cell", "datetime", "duration", "categorical")   # their arrays are always called "array"


@dataclass
class Shown:
    head: str | LongText
    body: Any = field(default_factory=lambda: Blocks([]))
    tight: bool = False


def noun(shape: tuple[int, ...], cls: str) -> str:
    """``row vector``, ``column vector``, ``matrix`` or ``array``, as MATLAB names a numeric array."""
    if cls in TEXT_CLASSES or len(shape) > 2:
        return "array"
    if shape[0] == 1:
        return "row vector"
    return "column vector" if shape[1] == 1 else "matrix"


def empty_line(shape: tuple[int, ...], cls: str) -> Blocks:
    return Blocks([[f"  {dims_text(shape)} empty {cls} {noun(shape, cls.split()[-1])}"]])


# ---- numeric and logical -------------------------------------------------------------------------

def number_plan(arr: np.ndarray, fmt: DisplayFormat) -> numeric.NumberFormat:
    if fmt.rat:
        return numeric.plan_rat(arr, fmt.long)
    if fmt.e:
        return numeric.plan_e(arr, fmt.long)
    return numeric.plan_g(arr, fmt.long) if fmt.g else numeric.plan(arr, fmt.long)


def scalar_text(arr: np.ndarray, fmt: DisplayFormat) -> str:
    """A scalar after ``x = ``."""
    if fmt.rat:
        return numeric.rat_scalar_text(arr, fmt.long)
    if fmt.e:
        return numeric.e_scalar_text(arr, fmt.long)
    return numeric.g_scalar_text(arr, fmt.long) if fmt.g else numeric.scalar_text(arr, fmt.long)


def scalar_line(arr: np.ndarray, fmt: DisplayFormat) -> str:
    """A numeric scalar on a line of its own (disp, typed scalars): aligned as a one-column matrix."""
    nf = number_plan(arr, fmt)
    if nf.kind not in ("g", "e", "rat") and numeric.scalar_needs_own_line(arr, fmt.long):
        return "   " + numeric.scalar_text(arr, fmt.long)
    return numeric.render_column(arr.reshape(-1), nf)[0]


class NumberGrid:
    """One page of a numeric array: the scale factor line, then its column groups, every column
    ``nf.width`` wide; rows are written a run at a time, only as many as the budget takes."""

    empty = False

    def __init__(self, page: np.ndarray, nf: numeric.NumberFormat) -> None:
        self.page, self.nf = page, nf

    def write(self, out: Out) -> None:
        nrows, ncols = self.page.shape
        width = self.nf.width
        several = ncols > columns_per_group(width)
        if self.nf.scale_line and not out.full():
            out.block()
            out.line(self.nf.scale_line)
        for group in uniform_groups(ncols, width):
            if out.full():
                return
            if several:
                out.block()
                out.line(group_title(group))
            out.block()
            self._write_rows(out, group)

    def _write_rows(self, out: Out, group: range) -> None:
        nrows, count = self.page.shape[0], len(group)
        row = 0
        while row < nrows and not out.full():
            n = min(nrows - row, out.rows_left(count * self.nf.width + 1))
            block = self.page[row:row + n, group.start:group.stop]
            texts = numeric.render_column(block.ravel(order="C"), self.nf)
            out.lines(["".join(texts[k:k + count]) for k in range(0, len(texts), count)])
            row += n

    def measure(self) -> tuple[int, int]:
        grid = uniform_groups_measure(*self.page.shape, self.nf.width)
        return add_measures((len(self.nf.scale_line) + 1, 1), grid) if self.nf.scale_line else grid


def number_body(arr: np.ndarray, fmt: DisplayFormat, label: str) -> Pages:
    """The body of a numeric array: one format for all pages; each page has the scale factor line."""
    nf = number_plan(arr, fmt)
    first = NumberGrid(page_of(arr, (0,) * (arr.ndim - 2)), nf).measure()
    count = int(np.prod(arr.shape[2:]))
    return Pages(arr.shape, label, lambda ix: NumberGrid(page_of(arr, ix), nf),
                 (first[0] * count, first[1] * count))


def describe_numeric(value, fmt: DisplayFormat, label: str) -> Shown:
    arr = to_array(value)
    cls = class_of(value)
    if arr.size == 0:
        if cls == "double" and arr.shape == (0, 0):
            return Shown("", Blocks([["     []"]]))
        return Shown("", empty_line(arr.shape, cls))
    if arr.size == 1:
        if cls == "double":
            return Shown(scalar_text(arr, fmt))
        return Shown(cls, Blocks([[scalar_line(arr, fmt)]]), tight=True)
    dims = dims_text(arr.shape)
    head = dims if cls == "double" else f"{dims} {cls} {noun(arr.shape, cls)}"
    return Shown(head, number_body(arr, fmt, label))


def describe_gpu(value, fmt: DisplayFormat, label: str) -> Shown:
    """A gpuArray (engine/accel's GpuTensor: ``shape``, ``cls``, ``download()``): its host values, with
    the class line MATLAB shows (``2×2 gpuArray double matrix``)."""
    host, cls = value.download(), value.cls
    kind = f"gpuArray {cls}"
    if host.size == 0:
        return Shown("", empty_line(host.shape, kind))
    if host.size == 1:
        return Shown(kind, Blocks([[scalar_line(host, fmt)]]), tight=True)
    return Shown(f"{dims_text(host.shape)} {kind} {noun(host.shape, cls)}",
                 number_body(host, fmt, label))


# ---- sparse ---------------------------------------------------------------------------------------

class SparseLines:
    """The nonzeros of a sparse matrix, one ``(row,col)  value`` line each in column-major order, as
    MATLAB lists them: the row numbers right-aligned, the column numbers left-aligned, then the values
    as one column of the matrix's number format. Lines are made a run at a time, as the budget takes."""

    empty = False

    def __init__(self, matrix, fmt: DisplayFormat) -> None:
        coo = matrix.tocoo()                      # canonical CSC: column-major order
        order = np.lexsort((coo.row, coo.col))
        self.rows, self.cols = coo.row[order] + 1, coo.col[order] + 1
        self.values = coo.data[order].astype(np.float64) if coo.dtype == np.bool_ else coo.data[order]
        self.nf = number_plan(self.values.reshape(-1, 1), fmt)
        self.row_width = len(str(int(self.rows.max())))
        self.col_width = len(str(int(self.cols.max())))
        self.width = 3 + self.row_width + self.col_width + 3 + 3 + self.nf.width

    def _lines(self, start: int, stop: int) -> list[str]:
        texts = numeric.render_column(self.values[start:stop], self.nf)
        return [f"{'':>{3 + self.row_width - len(str(r))}}({r},{c}){'':<{self.col_width - len(str(c))}}   {t}"
                for r, c, t in zip(self.rows[start:stop].tolist(), self.cols[start:stop].tolist(), texts)]

    def write(self, out: Out) -> None:
        if self.nf.scale_line and not out.full():
            out.block()
            out.line(self.nf.scale_line)
        out.block()
        k, count = 0, self.rows.size
        while k < count and not out.full():
            n = min(count - k, out.rows_left(self.width + 1))
            out.lines(self._lines(k, k + n))
            k += n

    def measure(self) -> tuple[int, int]:
        lines = (self.rows.size * (self.width + 1), 1)
        return add_measures((len(self.nf.scale_line) + 1, 1), lines) if self.nf.scale_line else lines


def describe_sparse(value: SparseMatrix, fmt: DisplayFormat) -> Shown:
    """``S =`` then its nonzeros (SparseLines), or ``All zero sparse: 3×3``."""
    if value.data.nnz == 0:
        return Shown("", Blocks([[f"   All zero sparse: {dims_text(value.shape)}"]]))
    return Shown("", SparseLines(value.data, fmt))


# ---- text, containers, handles ---------------------------------------------------------------------

def describe_char(value: CharArray, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", empty_line(shape, "char"))
    if len(shape) == 2 and shape[0] == 1:
        return Shown(containers.char_row_head(value.codes[0]))
    return Shown(f"{dims_text(shape)} char array", containers.char_body(value.codes, label, quoted=True))


def describe_string(value: StringArray, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", empty_line(shape, "string"))
    if shape == (1, 1):
        return Shown(LongText.of(containers.string_text(value.data[0, 0])))
    return Shown(f"{dims_text(shape)} string array",
                 containers.grid_body(value.data, label, containers.string_column, 7))


def describe_time(value: TimeArray, label: str) -> Shown:
    """A datetime or duration: ``datetime`` then its text under it, or ``1×3 datetime array`` then the
    grid of texts (three spaces apart, right-aligned)."""
    shape, cls = value.shape, value.matlab_class
    if 0 in shape:
        return Shown("", empty_line(shape, cls))
    texts = np.empty(value.data.size, dtype=object)
    texts[:] = time_texts(value)
    if shape == (1, 1):
        return Shown(cls, Blocks([["   " + texts[0]]]), tight=True)
    return Shown(f"{dims_text(shape)} {cls} array",
                 containers.grid_body(texts.reshape(shape, order="F"), label, containers.aligned_column, 7, gap=3))


def describe_categorical(value: CategoricalArray, label: str) -> Shown:
    """``categorical`` then the name under it, or ``1×3 categorical array`` then the grid of names
    (left-aligned with a space either side, four spaces apart); <undefined> where undefined."""
    shape = value.shape
    if 0 in shape:
        return Shown("", empty_line(shape, "categorical"))
    names = np.empty(len(value.cats) + 1, dtype=object)
    names[0], names[1:] = UNDEFINED, value.cats
    texts = names[np.where(np.isnan(value.data), 0, value.data).astype(np.intp)]
    if shape == (1, 1):
        return Shown("categorical", Blocks([[f"     {texts[0, 0]} "]]), tight=True)
    return Shown(f"{dims_text(shape)} categorical array",
                 containers.grid_body(texts, label, containers.name_column, 7))


def describe_table(value: Table, fmt: DisplayFormat) -> Shown:
    """``3×2 table`` then the names, their underlines and the rows (display/tabular.py); an empty
    table is ``0×0 empty table``."""
    if 0 in value.shape:
        return Shown("", Blocks([[f"  {dims_text(value.shape)} empty table"]]))
    return Shown(f"{dims_text(value.shape)} table", tabular.TableBody(value, fmt))


def describe_cell(value: CellArray, fmt: DisplayFormat, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", empty_line(shape, "cell"))
    def column(values: np.ndarray, rows: int, left: int | None) -> tuple[list[str], int]:
        return containers.cell_column(values, rows, left, fmt.long)
    return Shown(f"{dims_text(shape)} cell array", containers.grid_body(value.data, label, column, 10))


def describe_struct(value: StructArray, fmt: DisplayFormat) -> Shown:
    shape, cls = value.shape, value.classname
    kind = "struct" if cls == "struct" else cls.rsplit(".", 1)[-1]
    with_fields = "with fields:" if cls == "struct" else "with properties:"
    if shape == (1, 1):
        if not value.fields:
            return Shown(f"{kind} with no fields." if cls == "struct" else f"{kind} with no properties.")
        return Shown(f"{kind} {with_fields}",
                     LongLines(containers.struct_field_lines(value.fields, value.data[0, 0], fmt.long)))
    title = f"{dims_text(shape)} {'empty ' if 0 in shape else ''}{kind} array"
    if not value.fields:
        title += " with no fields."
        return Shown("", Blocks([["  " + title]])) if 0 in shape else Shown(title)
    names = containers.field_names_block(value.fields)
    if 0 in shape:
        return Shown("", Blocks([[f"  {title} {with_fields}"], names]))
    return Shown(f"{title} {with_fields}", Blocks([names]))


def describe_object(value: HandleObject, fmt: DisplayFormat) -> Shown:
    """A handle object as MATLAB shows it: its short class name, then its properties."""
    shown = value.property_texts()
    short = value.matlab_class.rsplit(".", 1)[-1]
    if not shown:
        return Shown(f"{short} object")
    width = max(len(name) for name, _ in shown)
    return Shown(f"{short} with properties:",
                 LongLines([LongText.of(f"    {name.rjust(width)}: {text}") for name, text in shown]))


def describe(value, fmt: DisplayFormat, label: str) -> Shown:
    """Head and body of any engine value; ``label`` names the pages of N-d arrays."""
    t = type(value)
    if t is CharArray:
        return describe_char(value, label)
    if t is StringArray:
        return describe_string(value, label)
    if t is CellArray:
        return describe_cell(value, fmt, label)
    if t is StructArray:
        return describe_struct(value, fmt)
    if t is SparseMatrix:
        return describe_sparse(value, fmt)
    if isinstance(value, TimeArray):
        return describe_time(value, label)
    if t is CategoricalArray:
        return describe_categorical(value, label)
    if t is Table:
        return describe_table(value, fmt)
    if t is FunctionHandle:
        return Shown("function_handle with value:", Blocks([["    " + containers.handle_text(value)]]))
    if getattr(value, "matlab_class", None) == "gpuArray":
        return describe_gpu(value, fmt, label)
    if isinstance(value, HandleObject):
        return describe_object(value, fmt)
    return describe_numeric(value, fmt, label)


# ---- the entry points ----------------------------------------------------------------------------
# ``limit`` is the cell's OutputLimit (limit.py; SessionState.output_limit): only what fits in its
# room is made, and what is not is reported to it. None: no limit.

def display_to(write: Callable[[str], None], name: str | None, value, fmt: DisplayFormat,
               limit=None) -> None:
    """Write what an unsuppressed ``name = value`` prints (trailing newline included) to ``write``,
    in pieces as it is made. With ``name`` None the value is shown without the ``name = `` prefix."""
    out = Out(limit.room() if limit is not None else None, fmt.compact, write)
    shown = describe(value, fmt, name or "")
    head_size = write_head(out, f"{name} = " if name else "", shown.head)
    gap = 0
    if not shown.body.empty:
        gap = 1 if head_size and not (fmt.compact or shown.tight) else 0
        out.write("\n" * gap)
        shown.body.write(out)
    out.flush()
    body = joined_size(shown.body.measure(), fmt.compact) if out.full() else 0
    settle(limit, out, None if body is None else head_size + gap + body, value, name)


def write_head(out: Out, start: str, head: str | LongText) -> int:
    """Write the ``name = head`` line (none when both are empty); returns its whole size."""
    if isinstance(head, LongText):
        out.long_line(start, head)
        return len(start) + head.size + 1
    first = (start + head).rstrip()
    if first:
        out.line(first)
    return len(first) + 1 if first else 0


def disp_body(value, fmt: DisplayFormat) -> Any:
    """The body ``disp`` prints: the value without its name line; nothing for an empty value."""
    if 0 in size_of(value):
        return Blocks([])
    t = type(value)
    if t is CharArray:
        return containers.char_body(value.codes, "", quoted=False)
    if t is StringArray and value.shape == (1, 1):
        text = value.data[0, 0]
        return LongLines([LongText.of("<missing>" if text is None else text)])
    if t is FunctionHandle:
        return Blocks([[containers.handle_text(value)]])
    if t in (float, complex, bool) or (t is np.ndarray and value.size == 1):
        return Blocks([[scalar_line(to_array(value), fmt)]])
    shown = describe(value, fmt, "")
    if t is StructArray and value.shape != (1, 1):
        return Chain(Blocks([["  " + shown.head]]), shown.body)
    return Blocks([[shown.head]]) if shown.body.empty else shown.body


def disp_to(write: Callable[[str], None], value, fmt: DisplayFormat, limit=None) -> None:
    """Write what ``disp(value)`` prints (trailing newline included; nothing for an empty value)."""
    out = Out(limit.room() if limit is not None else None, fmt.compact, write)
    body = disp_body(value, fmt)
    body.write(out)
    out.flush()
    settle(limit, out, joined_size(body.measure(), fmt.compact) if out.full() else 0, value, None)


def settle(limit, out: Out, size: int | None, value, name: str | None) -> None:
    """Tell ``limit`` what the display did not make: its characters where ``size`` (of the whole
    display) is known, else its elements never shown."""
    if limit is None or not out.full():
        return
    if size is not None:
        limit.leave_out(size - out.made)
    else:
        what = name or f"a {class_of(value)} array"
        limit.leave_out(out.hidden)
        limit.leave_out_elements(out.unformatted, int(np.prod(size_of(value))), what)


def display(name: str | None, value, fmt: DisplayFormat, limit=None) -> str:
    """What an unsuppressed ``name = value`` prints (trailing newline included)."""
    parts: list[str] = []
    display_to(parts.append, name, value, fmt, limit)
    return "".join(parts)


def disp_text(value, fmt: DisplayFormat, limit=None) -> str:
    """What ``disp(value)`` prints (trailing newline included; nothing for an empty value)."""
    parts: list[str] = []
    disp_to(parts.append, value, fmt, limit)
    return "".join(parts)
