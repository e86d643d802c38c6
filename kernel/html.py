"""The ``text/html`` part of an execute_result: a value as MATLAB shows it, for notebook front ends.

Every value gets MATLAB's own display (what ``text/plain`` holds: ``name = ``, the size and class
header, the values in the active ``format`` with MATLAB's common scale factor) in a ``<pre>`` block, so
several results of one cell stay apart and look as in MATLAB. Numeric, logical and cell arrays of more
than ``GRID_FROM`` elements get, below their header line, a scrollable grid instead of the wrapped
column groups: the same number format and scale factor line as the text, with row and column numbers.
Like MATLAB's Live Editor it shows a corner (``GRID_ROWS`` x ``GRID_COLS`` of the first page) and states
the full size; only the elements shown are formatted beyond the format's choice, and a cell's text is
cut at ``CELL_CHARS`` characters. A table always gets a grid: its variable names as column headers
(row names, else row numbers, at the left), each variable's texts as the MATLAB display writes them.
"""
from __future__ import annotations

import html
from typing import Any

import numpy as np

from engine.runtime.context import DisplayFormat
from engine.runtime.device import to_host
from engine.runtime.display import dims_text
from engine.runtime.display import numeric
from engine.runtime.display.show import number_plan, scalar_text
from engine.runtime.display.tabular import variable_texts
from engine.runtime.tables import Table
from engine.runtime.values import CellArray, CharArray, StringArray, class_of, size_of

GRID_FROM = 100        # arrays with more elements than this get a grid
GRID_ROWS = 100
GRID_COLS = 30
CELL_CHARS = 60
STYLE = ("<style>.matfuse-value pre{margin:0;font-family:var(--jp-code-font-family,monospace);"
         "white-space:pre;overflow-x:auto}"
         ".matfuse-grid{max-height:22em;overflow:auto;display:inline-block;max-width:100%;"
         "border:1px solid #ccc}"
         ".matfuse-grid table{border-collapse:collapse;font-family:var(--jp-code-font-family,monospace)}"
         ".matfuse-grid td{text-align:right;padding:1px 8px;white-space:pre}"
         ".matfuse-grid th{color:#888;font-weight:normal;padding:1px 8px;background:#f7f7f7;"
         "position:sticky;top:0}"
         ".matfuse-grid th.row{position:sticky;left:0}"
         ".matfuse-note{color:#888;font-size:90%}</style>")


def html_value(value: Any, text: str, fmt: DisplayFormat) -> str:
    """HTML for a displayed value whose MATLAB text is ``text`` (name line included)."""
    value = to_host(value)
    grid = _grid(value, fmt) if _wants_grid(value) else None
    if grid is None:
        return f'{STYLE}<div class="matfuse-value"><pre>{html.escape(text.rstrip())}</pre></div>'
    head = text.split("\n", 1)[0]
    return f'{STYLE}<div class="matfuse-value"><pre>{html.escape(head)}</pre>{grid}</div>'


def _wants_grid(value: Any) -> bool:
    if type(value) is Table:
        return bool(value.height and value.variables)
    if type(value) is np.ndarray and value.dtype != object:
        return value.size > GRID_FROM
    return type(value) is CellArray and value.data.size > GRID_FROM


def _grid(value: Any, fmt: DisplayFormat) -> str:
    """The note of what is shown, the scale factor line and the table of the first page's corner."""
    if type(value) is Table:
        return _table_grid(value, fmt)
    data = value.data if type(value) is CellArray else value
    shape = size_of(value)
    page = data[(slice(None), slice(None)) + (0,) * (data.ndim - 2)]
    rows, cols = min(page.shape[0], GRID_ROWS), min(page.shape[1], GRID_COLS)
    corner = page[:rows, :cols]
    scale = ""
    if type(value) is CellArray:
        texts = [[_cell_summary(v, fmt) for v in row] for row in corner]
    else:
        nf = number_plan(value, fmt)
        flat = numeric.render_column(np.ascontiguousarray(corner).ravel(), nf)
        texts = [[t.strip() for t in flat[r * cols:(r + 1) * cols]] for r in range(rows)]
        scale = f"<pre>{html.escape(nf.scale_line)}</pre>" if nf.scale_line else ""
    return _note(shape, class_of(value), rows, cols) + scale + _table(texts)


def _note(shape: tuple[int, ...], cls: str, rows: int, cols: int) -> str:
    """What the grid holds, with the full size: ``2000×2000 double: showing rows 1–100 of 2000,
    columns 1–30 of 2000``."""
    parts = [f"{what} 1–{shown} of {total}" for what, shown, total in (("rows", rows, shape[0]),
                                                                      ("columns", cols, shape[1]))
             if shown < total]
    if len(shape) > 2:
        parts.append("page (:,:" + ",1" * (len(shape) - 2) + ")")
    note = f"{dims_text(shape)} {cls}" + (": showing " + ", ".join(parts) if parts else "")
    return f'<div class="matfuse-note">{html.escape(note)}</div>'


def _table(texts: list[list[str]]) -> str:
    cols = len(texts[0]) if texts else 0
    header = "<tr><th></th>" + "".join(f"<th>{j + 1}</th>" for j in range(cols)) + "</tr>"
    body = "".join(f'<tr><th class="row">{i + 1}</th>' + "".join(f"<td>{html.escape(t)}</td>" for t in row)
                   + "</tr>" for i, row in enumerate(texts))
    return f'<div class="matfuse-grid"><table>{header}{body}</table></div>'


def _table_grid(value: Table, fmt: DisplayFormat) -> str:
    """A table's first GRID_ROWS rows under its variable names, its row names (or numbers) at the left."""
    rows = min(value.height, GRID_ROWS)
    columns = [[t.strip() for t in variable_texts(v, rows, fmt)] for v in value.variables]
    labels = value.row_names[:rows] if value.row_names is not None else [str(i + 1) for i in range(rows)]
    header = "<tr><th></th>" + "".join(f"<th>{html.escape(n)}</th>" for n in value.names) + "</tr>"
    body = "".join(f'<tr><th class="row">{html.escape(label)}</th>' +
                   "".join(f"<td>{html.escape(c[i])}</td>" for c in columns) + "</tr>"
                   for i, label in enumerate(labels))
    note = _note(value.shape, "table", rows, value.shape[1]) if rows < value.height else ""
    return note + f'<div class="matfuse-grid"><table>{header}{body}</table></div>'


def _cell_summary(v: Any, fmt: DisplayFormat) -> str:
    """One cell element as MATLAB summarises it inside a cell: the value of scalars and text (in the
    active format), else size and class; text past CELL_CHARS characters ends in an ellipsis."""
    if type(v) is CharArray and v.shape[0] <= 1:
        return f"'{_clip(CharArray(v.codes[:, :2 * CELL_CHARS + 2]).to_str())}'"   # a char may be 2 codes
    if type(v) is StringArray and v.shape == (1, 1):
        return "<missing>" if v.data[0, 0] is None else f'"{_clip(v.data[0, 0])}"'
    v = to_host(v)
    if type(v) in (float, bool, complex) or (type(v) is np.ndarray and v.size == 1 and v.dtype != object):
        return scalar_text(np.asarray(v), fmt)
    return f"{dims_text(size_of(v))} {class_of(v)}"


def _clip(text: str) -> str:
    return text if len(text) <= CELL_CHARS else text[:CELL_CHARS - 1] + "…"
