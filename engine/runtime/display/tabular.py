"""How MATLAB shows a table (runtime/tables.py), as its documentation prints them, e.g. (table2array's
page, https://www.mathworks.com/help/matlab/ref/table2array.html):

        One      Two          Three
        ___    _______    _____________

         1     2     8    3    12    21

Every variable is a column as wide as its name or its widest text, whichever is wider, four spaces
apart, after four spaces (and the row names, left-aligned, when the table has them); the name is
centred over its column (an odd space goes right) and underlined across the whole column; the texts of
a variable have one width and are centred as a block. Texts per kind of variable: numbers in the short
(or long) G format, right-aligned (``9.0554``, ``10.44``: rowfun's page); logical ``true``/``false``;
cellstr and other cells as a cell array's column shows them (``{'Smith'  }``, ``{[ 38]}``); strings
``"text"`` and char rows as plain text, left-aligned; datetimes and durations in their format. A
variable with several columns shows them four spaces apart, each formatted on its own.
"""
from __future__ import annotations

import numpy as np

from ..categoricals import UNDEFINED, CategoricalArray
from ..context import DisplayFormat
from ..tables import Table
from ..time_text import time_texts
from ..times import TimeArray
from ..values import CellArray, CharArray, StringArray, StructArray, class_of, fold_columns, size_of, to_array
from . import numeric
from .containers import cell_column, dims_text, string_column
from .layout import Out

GAP = "    "


def _numbers(column: np.ndarray, fmt: DisplayFormat) -> list[str]:
    if column.dtype == np.bool_:
        texts = ["true" if v else "false" for v in column.tolist()]
        return [t.ljust(max(map(len, texts))) for t in texts]
    nf = numeric.plan_g(column.reshape(-1, 1), fmt.long)
    if nf.kind == "complex":
        texts = [t.strip() for t in numeric.render_column(column, nf)]
    else:
        texts = [numeric.element_text(v, nf) for v in (column if column.dtype.kind in "iu" else
                                                       column.astype(np.float64)).tolist()]
    width = max(map(len, texts))
    return [t.rjust(width) for t in texts]


def _sub_columns(value, rows: int, fmt: DisplayFormat) -> list[list[str]]:
    """The texts of the first ``rows`` rows of each column of a variable."""
    t = type(value)
    if isinstance(value, TimeArray):
        flat = fold_columns(np.asarray(time_texts(value), dtype=object).reshape(value.shape, order="F"))
        return [[x.rjust(max(map(len, flat[:rows, j]))) for x in flat[:rows, j]] for j in range(flat.shape[1])]
    if t is CharArray:
        return [[r.ljust(value.shape[1]) for r in value.rows()[:rows]]]
    if t is CategoricalArray:       # the names, left-aligned (<undefined> where undefined)
        names = np.asarray([UNDEFINED if n is None else n for n in value.texts()], dtype=object)
        flat = fold_columns(names.reshape(value.shape, order="F"))
        return [[x.ljust(max(map(len, flat[:, j]))) for x in flat[:rows, j]] for j in range(flat.shape[1])]
    if t is CellArray:
        data = fold_columns(value.data)
        return [cell_column(data[:, j], rows, None, fmt.long)[0] for j in range(data.shape[1])]
    if t is StringArray:
        data = fold_columns(value.data)
        return [string_column(data[:rows, j], rows, None)[0] for j in range(data.shape[1])]
    if t is StructArray or t is Table or len(size_of(value)) > 2:
        one = dims_text((1,) + tuple(size_of(value)[1:])) + " " + class_of(value)
        return [[one] * rows]
    arr = fold_columns(to_array(value))
    return [_numbers(arr[:rows, j], fmt) for j in range(arr.shape[1])]


def variable_texts(value, rows: int, fmt: DisplayFormat) -> list[str]:
    """One text per row (the first ``rows``) for a variable: its columns joined four spaces apart."""
    columns = _sub_columns(value, rows, fmt)
    if not columns:
        return [""] * rows
    return [GAP.join(parts) for parts in zip(*columns)]


def _centred(text: str, width: int) -> str:
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def table_lines(table: Table, fmt: DisplayFormat, rows: int | None = None) -> tuple[list[str], list[str]]:
    """The header lines (names, underlines) and the first ``rows`` data lines of a table."""
    rows = table.height if rows is None else min(rows, table.height)
    start, lines = GAP, [GAP] * rows
    if table.row_names is not None:
        width = max((len(n) for n in table.row_names), default=0)
        start = GAP + " " * width + GAP
        lines = [GAP + n.ljust(width) + GAP for n in table.row_names[:rows]]
    head = [start, start]
    for k, (name, value) in enumerate(zip(table.names, table.variables)):
        texts = variable_texts(value, rows, fmt)
        block = max((len(t) for t in texts), default=0)
        width = max(block, len(name))
        sep = GAP if k else ""         # the first column follows the indent (and row names) directly
        head = [head[0] + sep + _centred(name, width), head[1] + sep + "_" * width]
        lines = [line + sep + _centred(text, width) for line, text in zip(lines, texts)]
    return head, lines


class TableBody:
    """The header block and the rows of a table, made only as far as the output budget goes."""

    empty = False

    def __init__(self, table: Table, fmt: DisplayFormat) -> None:
        self.table, self.fmt = table, fmt

    def write(self, out: Out) -> None:
        left = out.left()
        rows = self.table.height if left is None else min(self.table.height, left // 8 + 1)
        head, lines = table_lines(self.table, self.fmt, rows)
        out.block()
        out.lines(head)
        if lines and not out.full():
            out.block()
            out.lines(lines)
        out.unformatted += (self.table.height - rows) * len(self.table.variables)

    def measure(self):
        return None
