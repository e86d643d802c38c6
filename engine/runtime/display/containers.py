"""Text of char, string, cell and struct values, and the one-line summaries of values nested in them.

A value inside a cell or a struct field is summarised on one line, as MATLAB does: scalars by value
(``{[5]}`` in a cell, ``5`` in a field), text by value (``{'abc'}``, ``'abc'``, ``{["abc"]}``, ``"abc"``),
short real row vectors by value (``[1 2 3]``), everything else by size and class (``{2×2 double}``,
``[2×2 double]``, ``{1×2 cell}``, ``[1×1 struct]``).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..values import (CellArray, CharArray, FunctionHandle, StringArray, StructArray, class_of,
                      size_of, to_array, utf16_text)
from . import numeric
from .layout import Block, grid_blocks

INLINE_ROW_LIMIT = 40   # a real row vector inside a container is written out up to this many characters


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
    if t in (CellArray, StructArray) or class_of(value) == "gpuArray":   # gpuArrays: by size, not gathered
        return None
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
    parts = []
    for item in value.data[0]:
        found = None if type(item) is FunctionHandle else _value_summary(item, long)
        if found is None or (found[1] and size_of(item) != (1, 1)):
            return None
        parts.append(f"[{found[0]}]" if found[1] else found[0])
    text = "{" + "  ".join(parts) + "}"
    return text if len(text) <= 2 * INLINE_ROW_LIMIT else None


def text_grid(texts: np.ndarray) -> list[Block]:
    """Blocks for a 2-D grid of texts: columns four spaces apart, each left-aligned to its widest."""
    nrows, ncols = texts.shape
    columns = []
    for c in range(ncols):
        width = max(len(t) for t in texts[:, c])
        columns.append(["    " + t.ljust(width) for t in texts[:, c]])
    return grid_blocks(columns, nrows)


def cell_page(page: np.ndarray, long: bool) -> list[Block]:
    """A 2-D page of a cell array. Within a column every element has the same width: numbers are
    right-aligned inside their brackets (``{[  1]}``), other contents left-aligned (``{'a'  }``)."""
    contents = np.empty(page.shape, dtype=object)
    for ix in np.ndindex(page.shape):
        contents[ix] = cell_content(page[ix], long)
    texts = np.empty(page.shape, dtype=object)
    for c in range(page.shape[1]):
        width = max(len(text) for text, _ in contents[:, c])
        for r in range(page.shape[0]):
            text, is_number = contents[r, c]
            inner = "[" + text[1:-1].rjust(width - 2) + "]" if is_number else text.ljust(width)
            texts[r, c] = "{" + inner + "}"
    return text_grid(texts)


def string_page(page: np.ndarray) -> list[Block]:
    texts = np.empty(page.shape, dtype=object)
    for ix in np.ndindex(page.shape):
        texts[ix] = string_text(page[ix])
    return text_grid(texts)


def char_page(codes: np.ndarray, quoted: bool) -> list[Block]:
    rows = [utf16_text(row) for row in codes]
    return [[f"    '{r}'" for r in rows] if quoted else rows]


def struct_fields_block(fields: list[str], values: dict, long: bool) -> Block:
    """``    name: value`` lines, names right-aligned to the longest."""
    width = max((len(f) for f in fields), default=0)
    return [f"    {f.rjust(width)}: {field_summary(values[f], long)}" for f in fields]


def field_names_block(fields: list[str]) -> Block:
    return [f"    {f}" for f in fields]
