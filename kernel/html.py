"""HTML tables for numeric, logical and cell arrays (the ``text/html`` part of an execute_result).

Arrays up to ``MAX_ELEMENTS`` elements are shown whole; larger ones show the top-left corner
(``HEAD_ROWS`` x ``HEAD_COLS``) and a note of the full size, so a big matrix never becomes megabytes of
HTML. N-d arrays show their first page. Scalars, text, structs and handles get no table (their MATLAB
text says it all).
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
STYLE = ("<style>.matfuse-table td{text-align:right;font-family:monospace;padding:1px 8px}"
         ".matfuse-table th{color:#888;font-weight:normal;padding:1px 8px}</style>")


def html_table(value: Any) -> str | None:
    """An HTML table for a numeric, logical or cell array with more than one element, else None."""
    if type(value) is np.ndarray and value.dtype != object:
        cell_text = _number_texts(value)
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
    return data.reshape(data.shape[0], data.shape[1], -1, order="F")[:, :, 0] if data.ndim > 2 else data


def _header(cols: int) -> str:
    return "<tr><th></th>" + "".join(f"<th>{j + 1}</th>" for j in range(cols)) + "</tr>"


def _rows_html(page: np.ndarray, cell_text: Any) -> str:
    texts = cell_text(page)
    return "".join(f"<tr><th>{i + 1}</th>" + "".join(f"<td>{html.escape(t)}</td>" for t in row) + "</tr>"
                   for i, row in enumerate(texts))


def _number_texts(arr: np.ndarray) -> Any:
    """A function giving the texts of a page of ``arr``'s class: integers whole, others 5 digits."""
    integral = arr.dtype.kind in "iub" or (arr.dtype.kind == "f" and np.all(np.mod(arr[np.isfinite(arr)], 1) == 0))

    def texts(page: np.ndarray) -> list[list[str]]:
        return [[_number(v, integral) for v in row] for row in page]
    return texts


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
    """One cell element as MATLAB summarises it inside a cell: value for scalars and text, else size."""
    if type(v) is CharArray and v.shape[0] <= 1:
        return f"'{v.to_str()}'"
    if type(v) is StringArray and v.shape == (1, 1):
        return "<missing>" if v.data[0, 0] is None else f'"{v.data[0, 0]}"'
    if type(v) in (float, bool, complex):
        return _number(v, _whole(v))
    if type(v) is np.ndarray and v.size == 1 and v.dtype != object:
        return _number(v.ravel()[0], v.dtype.kind in "iub" or _whole(v.ravel()[0]))
    return f"{dims_text(size_of(v))} {class_of(v)}"
