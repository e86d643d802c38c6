"""HTML tables for numeric, logical and cell arrays (the ``text/html`` part of an execute_result).

Arrays up to ``MAX_ELEMENTS`` elements are shown whole; larger ones show the top-left corner
(``HEAD_ROWS`` x ``HEAD_COLS``) and a note of the full size, so a big matrix never becomes megabytes of
HTML: only the elements shown are looked at (whether numbers print as integers is decided on them), and
a cell's text is cut at ``CELL_CHARS`` characters. N-d arrays show their first page. Scalars, text,
structs and handles get no table (their MATLAB text says it all).
"""
from __future__ import annotations

import html
from typing import Any

import numpy as np

from engine.runtime.display import dims_text
from engine.runtime.values import CellArray, CharArray, StringArray, class_of, size_of

MAX_ELEMENTS = 1000
HEAD_ROWS = 20
HEAD_COLS = 50
CELL_CHARS = 60
STYLE = ("<style>.matfuse-table td{text-align:right;font-family:monospace;padding:1px 8px}"
         ".matfuse-table th{color:#888;font-weight:normal;padding:1px 8px}</style>")


def html_table(value: Any) -> str | None:
    """An HTML table for a numeric, logical or cell array with more than one element, else None."""
    if type(value) is np.ndarray and value.dtype != object:
        cell_text = _number_texts
    elif type(value) is CellArray:
        cell_text = _cell_texts
    else:
        return None
    shape = size_of(value)
    if int(np.prod(shape)) <= 1:
        return None
    page = _first_page(value.data if type(value) is CellArray else value)
    rows, cols = page.shape
    clipped = int(np.prod(shape)) > MAX_ELEMENTS
    show_rows, show_cols = (min(rows, HEAD_ROWS), min(cols, HEAD_COLS)) if clipped else (rows, cols)
    body = _rows_html(page[:show_rows, :show_cols], cell_text)
    caption = f"{dims_text(shape)} {class_of(value)}"
    if clipped or len(shape) > 2:
        caption += f" (showing {dims_text((show_rows, show_cols))}" + (
            " of page (:,:,1))" if len(shape) > 2 else ")")
    return (f'{STYLE}<table class="matfuse-table"><caption>{html.escape(caption)}</caption>'
            f"{_header(show_cols)}{body}</table>")


def _first_page(data: np.ndarray) -> np.ndarray:
    return data[(slice(None), slice(None)) + (0,) * (data.ndim - 2)]


def _header(cols: int) -> str:
    return "<tr><th></th>" + "".join(f"<th>{j + 1}</th>" for j in range(cols)) + "</tr>"


def _rows_html(page: np.ndarray, cell_text: Any) -> str:
    texts = cell_text(page)
    return "".join(f"<tr><th>{i + 1}</th>" + "".join(f"<td>{html.escape(t)}</td>" for t in row) + "</tr>"
                   for i, row in enumerate(texts))


def _number_texts(page: np.ndarray) -> list[list[str]]:
    """The texts of the numbers shown: integers whole when all of them are integers, others 5 digits."""
    integral = page.dtype.kind in "iub" or (
        page.dtype.kind == "f" and bool(np.all(np.mod(page[np.isfinite(page)], 1) == 0)))
    return [[_number(v, integral) for v in row] for row in page]


def _number(v: Any, integral: bool) -> str:
    if isinstance(v, (complex, np.complexfloating)):
        sign = "-" if v.imag < 0 or (v.imag == 0 and np.signbit(v.imag)) else "+"
        return f"{_number(v.real, False)} {sign} {_number(abs(v.imag), False)}i"
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if np.isnan(v):
        return "NaN"
    if np.isinf(v):
        return "Inf" if v > 0 else "-Inf"
    return str(int(v)) if integral else f"{float(v):.5g}"


def _whole(x: Any) -> bool:
    return not isinstance(x, (complex, np.complexfloating)) and bool(np.isfinite(x)) and float(x) == np.floor(x)


def _cell_texts(page: np.ndarray) -> list[list[str]]:
    return [[_cell_summary(v) for v in row] for row in page]


def _cell_summary(v: Any) -> str:
    """One cell element as MATLAB summarises it inside a cell: value for scalars and text, else size;
    text past CELL_CHARS characters ends in an ellipsis."""
    if type(v) is CharArray and v.shape[0] <= 1:
        return f"'{_clip(CharArray(v.codes[:, :2 * CELL_CHARS + 2]).to_str())}'"   # a char may be 2 codes
    if type(v) is StringArray and v.shape == (1, 1):
        return "<missing>" if v.data[0, 0] is None else f'"{_clip(v.data[0, 0])}"'
    if type(v) in (float, bool, complex):
        return _number(v, _whole(v))
    if type(v) is np.ndarray and v.size == 1 and v.dtype != object:
        return _number(v.ravel()[0], v.dtype.kind in "iub" or _whole(v.ravel()[0]))
    return f"{dims_text(size_of(v))} {class_of(v)}"


def _clip(text: str) -> str:
    return text if len(text) <= CELL_CHARS else text[:CELL_CHARS - 1] + "…"
