"""Page and column layout shared by every array display.

A displayed value is a list of *blocks* (lists of lines). In ``format loose`` (the default) blocks are
separated by one blank line, and a blank line follows the ``name = ...`` line; ``format compact`` drops
every blank line. Nothing is printed after the last block.

Columns wrap at 80 characters: the column groups are introduced by ``  Columns 1 through 8`` (or
``  Column 9`` for a group of one), each its own block. N-d arrays print page by page, each page
introduced by ``name(:,:,k) =``.
"""
from __future__ import annotations

from itertools import product
from typing import Callable, Sequence

import numpy as np

TERMINAL_WIDTH = 80

Block = list[str]


def join_blocks(blocks: Sequence[Block], compact: bool) -> list[str]:
    """The lines of ``blocks``, with a blank line between two blocks unless compact."""
    lines: list[str] = []
    for block in blocks:
        if lines and not compact:
            lines.append("")
        lines.extend(block)
    return lines


def column_groups(widths: Sequence[int]) -> list[range]:
    """Split columns into groups whose total width fits the terminal (at least one column each)."""
    groups: list[range] = []
    start, used = 0, 0
    for k, w in enumerate(widths):
        if k > start and used + w > TERMINAL_WIDTH:
            groups.append(range(start, k))
            start, used = k, 0
        used += w
    if widths:
        groups.append(range(start, len(widths)))
    return groups


def group_title(group: range) -> str:
    if len(group) == 1:
        return f"  Column {group.start + 1}"
    return f"  Columns {group.start + 1} through {group.stop}"


def grid_blocks(columns: Sequence[Sequence[str]], nrows: int) -> list[Block]:
    """Blocks for a grid given as columns of padded cell texts (separators included)."""
    groups = column_groups([len(col[0]) if nrows else 0 for col in columns])
    if len(groups) <= 1:
        return [["".join(col[r] for col in columns) for r in range(nrows)]]
    blocks: list[Block] = []
    for group in groups:
        blocks.append([group_title(group)])
        blocks.append(["".join(columns[c][r] for c in group) for r in range(nrows)])
    return blocks


def page_indices(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Indices of the 2-D pages of an N-d shape, first trailing dimension fastest (column-major)."""
    trailing = shape[2:]
    return [tuple(reversed(ix)) for ix in product(*(range(n) for n in reversed(trailing)))]


def paged_blocks(data: np.ndarray, label: str, render: Callable[[np.ndarray], list[Block]]) -> list[Block]:
    """Blocks of a value made of 2-D pages: a matrix's own blocks, or for an N-d value every page
    introduced by ``label(:,:,k) =``."""
    if data.ndim == 2:
        return render(data)
    blocks: list[Block] = []
    for ix in page_indices(data.shape):
        blocks.append([f"{label}(:,:,{','.join(str(i + 1) for i in ix)}) ="])
        blocks.extend(render(data[(slice(None), slice(None)) + ix]))
    return blocks
