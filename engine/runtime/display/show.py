"""What ``x = value`` and ``disp(value)`` print, for every kind of value.

Each value is described as a *head* (the text after ``name = ``: ``5``, ``2×3``, ``1×2 cell array``,
``struct with fields:``; empty when the line is just ``name =``) and a list of blocks (layout.py).
Blank-line rules, the same for every type:

- ``format loose`` (default): a blank line after the head line and between blocks, none at the end;
- ``format compact``: no blank lines at all;
- a scalar of a class other than double (``b = logical``, ``k = int8``, ``x = single``) is followed by
  its value on the next line without a blank line in both formats, as MATLAB's Live Editor shows it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..context import DisplayFormat
from ..values import (CellArray, CharArray, FunctionHandle, StringArray, StructArray, class_of,
                      size_of, to_array)
from . import containers, numeric
from .containers import dims_text
from .layout import Block, grid_blocks, join_blocks, paged_blocks

TEXT_CLASSES = ("logical", "char", "string", "cell")   # their arrays are always called "array"


@dataclass
class Shown:
    head: str
    blocks: list[Block] = field(default_factory=list)
    tight: bool = False


def noun(shape: tuple[int, ...], cls: str) -> str:
    """``row vector``, ``column vector``, ``matrix`` or ``array``, as MATLAB names a numeric array."""
    if cls in TEXT_CLASSES or len(shape) > 2:
        return "array"
    if shape[0] == 1:
        return "row vector"
    return "column vector" if shape[1] == 1 else "matrix"


def empty_line(shape: tuple[int, ...], cls: str) -> Block:
    return [f"  {dims_text(shape)} empty {cls} {noun(shape, cls.split()[-1])}"]


# ---- numeric and logical -------------------------------------------------------------------------

def number_plan(arr: np.ndarray, fmt: DisplayFormat) -> numeric.NumberFormat:
    return numeric.plan_g(arr, fmt.long) if fmt.g else numeric.plan(arr, fmt.long)


def scalar_text(arr: np.ndarray, fmt: DisplayFormat) -> str:
    """A scalar after ``x = ``."""
    return numeric.g_scalar_text(arr, fmt.long) if fmt.g else numeric.scalar_text(arr, fmt.long)


def scalar_line(arr: np.ndarray, fmt: DisplayFormat) -> str:
    """A numeric scalar on a line of its own (disp, typed scalars): aligned as a one-column matrix."""
    nf = number_plan(arr, fmt)
    if nf.kind != "g" and numeric.scalar_needs_own_line(arr, fmt.long):
        return "   " + numeric.scalar_text(arr, fmt.long)
    return numeric.render_column(arr.reshape(-1), nf)[0]


def number_blocks(arr: np.ndarray, fmt: DisplayFormat, label: str) -> list[Block]:
    """Blocks of a numeric array: one format for all pages; each page has the scale factor line."""
    nf = number_plan(arr, fmt)

    def render(page: np.ndarray) -> list[Block]:
        columns = [numeric.render_column(page[:, c], nf) for c in range(page.shape[1])]
        grid = grid_blocks(columns, page.shape[0])
        return ([[nf.scale_line]] if nf.scale_line else []) + grid
    return paged_blocks(arr, label, render)


def describe_numeric(value, fmt: DisplayFormat, label: str) -> Shown:
    arr = to_array(value)
    cls = class_of(value)
    if arr.size == 0:
        if cls == "double" and arr.shape == (0, 0):
            return Shown("", [["     []"]])
        return Shown("", [empty_line(arr.shape, cls)])
    if arr.size == 1:
        if cls == "double":
            return Shown(scalar_text(arr, fmt))
        return Shown(cls, [[scalar_line(arr, fmt)]], tight=True)
    dims = dims_text(arr.shape)
    head = dims if cls == "double" else f"{dims} {cls} {noun(arr.shape, cls)}"
    return Shown(head, number_blocks(arr, fmt, label))


def describe_gpu(value, fmt: DisplayFormat, label: str) -> Shown:
    """A gpuArray (engine/accel's GpuTensor: ``shape``, ``cls``, ``download()``): its host values, with
    the class line MATLAB shows (``2×2 gpuArray double matrix``)."""
    host, cls = value.download(), value.cls
    kind = f"gpuArray {cls}"
    if host.size == 0:
        return Shown("", [empty_line(host.shape, kind)])
    if host.size == 1:
        return Shown(kind, [[scalar_line(host, fmt)]], tight=True)
    return Shown(f"{dims_text(host.shape)} {kind} {noun(host.shape, cls)}",
                 number_blocks(host, fmt, label))


# ---- text, containers, handles ---------------------------------------------------------------------

def describe_char(value: CharArray, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", [empty_line(shape, "char")])
    if len(shape) == 2 and shape[0] == 1:
        return Shown(containers.char_row_text(value))
    return Shown(f"{dims_text(shape)} char array",
                 paged_blocks(value.codes, label, lambda page: containers.char_page(page, quoted=True)))


def describe_string(value: StringArray, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", [empty_line(shape, "string")])
    if shape == (1, 1):
        return Shown(containers.string_text(value.data[0, 0]))
    return Shown(f"{dims_text(shape)} string array",
                 paged_blocks(value.data, label, containers.string_page))


def describe_cell(value: CellArray, fmt: DisplayFormat, label: str) -> Shown:
    shape = value.shape
    if 0 in shape:
        return Shown("", [empty_line(shape, "cell")])
    return Shown(f"{dims_text(shape)} cell array",
                 paged_blocks(value.data, label, lambda page: containers.cell_page(page, fmt.long)))


def describe_struct(value: StructArray, fmt: DisplayFormat) -> Shown:
    shape, cls = value.shape, value.classname
    kind = "struct" if cls == "struct" else cls
    with_fields = "with fields:" if cls == "struct" else "with properties:"
    if shape == (1, 1):
        if not value.fields:
            return Shown(f"{kind} with no fields." if cls == "struct" else f"{kind} with no properties.")
        return Shown(f"{kind} {with_fields}",
                     [containers.struct_fields_block(value.fields, value.data[0, 0], fmt.long)])
    title = f"{dims_text(shape)} {'empty ' if 0 in shape else ''}{kind} array"
    if not value.fields:
        title += " with no fields."
        return Shown("", [["  " + title]]) if 0 in shape else Shown(title)
    names = containers.field_names_block(value.fields)
    if 0 in shape:
        return Shown("", [[f"  {title} {with_fields}"], names])
    return Shown(f"{title} {with_fields}", [names])


def describe(value, fmt: DisplayFormat, label: str) -> Shown:
    """Head and blocks of any engine value; ``label`` names the pages of N-d arrays."""
    t = type(value)
    if t is CharArray:
        return describe_char(value, label)
    if t is StringArray:
        return describe_string(value, label)
    if t is CellArray:
        return describe_cell(value, fmt, label)
    if t is StructArray:
        return describe_struct(value, fmt)
    if t is FunctionHandle:
        return Shown("function_handle with value:", [["    " + containers.handle_text(value)]])
    if getattr(value, "matlab_class", None) == "gpuArray":
        return describe_gpu(value, fmt, label)
    return describe_numeric(value, fmt, label)


# ---- the two entry points ------------------------------------------------------------------------

def display(name: str | None, value, fmt: DisplayFormat) -> str:
    """What an unsuppressed ``name = value`` prints (trailing newline included). With ``name`` None
    the value is shown without the ``name = `` prefix."""
    shown = describe(value, fmt, name or "")
    first = (f"{name} = {shown.head}".rstrip() if name else shown.head)
    lines = [first] if first else []
    if shown.blocks:
        if lines and not (fmt.compact or shown.tight):
            lines.append("")
        lines.extend(join_blocks(shown.blocks, fmt.compact))
    return "".join(line + "\n" for line in lines)


def disp_blocks(value, fmt: DisplayFormat) -> list[Block]:
    """The blocks ``disp`` prints: the value without its name line; nothing for an empty value."""
    if 0 in size_of(value):
        return []
    t = type(value)
    if t is CharArray:
        return paged_blocks(value.codes, "", lambda page: containers.char_page(page, quoted=False))
    if t is StringArray and value.shape == (1, 1):
        text = value.data[0, 0]
        return [["<missing>" if text is None else text]]
    if t is FunctionHandle:
        return [[containers.handle_text(value)]]
    if t in (float, complex, bool) or (t is np.ndarray and value.size == 1):
        return [[scalar_line(to_array(value), fmt)]]
    shown = describe(value, fmt, "")
    if t is StructArray and value.shape != (1, 1):
        return [["  " + shown.head]] + shown.blocks
    return shown.blocks or [[shown.head]]


def disp_text(value, fmt: DisplayFormat) -> str:
    """What ``disp(value)`` prints (trailing newline included; nothing for an empty value)."""
    return "".join(line + "\n" for line in join_blocks(disp_blocks(value, fmt), fmt.compact))
