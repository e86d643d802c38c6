"""Model problems and structure of sparse matrices: numgrid delsq.

numgrid numbers the interior points of a region of the square [-1, 1]^2 on an n-by-n grid (MATLAB's
regions and its nested dissection numbering); delsq is the 5-point discrete Laplacian on such a grid, a
sparse matrix.
"""
from __future__ import annotations

import math

import numpy as np

from ..errors import MatlabError
from ..sparse import full_of
from ..values import Value, simplify
from .arguments import real_array, real_scalar
from .registry import builtin
from .sizes import option_text
from .sparsefun import sparse


def _square_grid(n: int) -> tuple[np.ndarray, np.ndarray]:
    """MATLAB's n-by-n grid of [-1, 1]^2: x grows along rows, y decreases down the columns."""
    inner = np.arange(-(n - 3), n - 2, 2, dtype=np.float64) / (n - 1)
    x = np.tile(np.concatenate([[-1.0], inner, [1.0]]), (n, 1))
    return x, np.flipud(x.T)


def _inside_square(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (x > -1) & (x < 1) & (y > -1) & (y < 1)


REGIONS = {
    "S": lambda x, y: _inside_square(x, y),
    "L": lambda x, y: _inside_square(x, y) & ((x > 0) | (y > 0)),
    "C": lambda x, y: _inside_square(x, y) & ((x + 1) ** 2 + (y + 1) ** 2 > 1),
    "D": lambda x, y: x ** 2 + y ** 2 < 1,
    "A": lambda x, y: (x ** 2 + y ** 2 < 1) & (x ** 2 + y ** 2 > 1 / 3),
    "H": lambda x, y: (x ** 2 + y ** 2) * (x ** 2 + y ** 2 - 0.75 * y) < 0.75 * x ** 2,
    "B": lambda x, y: ((np.sqrt(x ** 2 + y ** 2) >= np.sin(2 * np.arctan2(y, x)) + 0.2 * np.sin(8 * np.arctan2(y, x)))
                       & _inside_square(x, y)),
}


def _nested_dissection(m: int, n: int, first: int) -> np.ndarray:
    """Numbers first+1, first+2, ... of an m-by-n block: the two halves of its longer side, then the
    separating row or column between them (MATLAB's nested dissection of the square, C. Moler)."""
    if m < 1 or n < 1:
        return np.zeros((max(m, 0), max(n, 0)))
    if m == 1 or n == 1:
        return (first + 1 + np.arange(m * n, dtype=np.float64)).reshape(m, n)
    if m > n:
        half = (m + 1) // 2
        top = _nested_dissection(half - 1, n, first)
        bottom = _nested_dissection(m - half, n, first + top.size)
        middle = _nested_dissection(1, n, first + top.size + bottom.size)
        return np.vstack([top, middle, bottom])
    half = (n + 1) // 2
    left = _nested_dissection(m, half - 1, first)
    right = _nested_dissection(m, n - half, first + left.size)
    middle = _nested_dissection(m, 1, first + left.size + right.size)
    return np.hstack([left, middle, right])


@builtin("numgrid", family="sparse")
def numgrid(region: Value, n: Value) -> np.ndarray:
    """numgrid(R, n)  numbers the grid points of region R on an n-by-n grid of the square [-1, 1]^2.

    G is n-by-n: 0 outside the region, and 1, 2, ... numbering the points inside it column by column
    (MATLAB's layout: x grows to the right, y upwards). R is 'S' (the square's interior), 'L' (three
    quarters of it), 'C' (the 'L' with a quarter circle cut out), 'D' (the unit disc), 'A' (an
    annulus), 'H' (a heart-shaped cardioid), 'B' (the exterior of a butterfly) or 'N' (the square's
    interior in nested dissection order). delsq(G) is the discrete Laplacian on it.

        G = numgrid('S', 4)    % [0 0 0 0; 0 1 3 0; 0 2 4 0; 0 0 0 0]
    """
    name = option_text(region)
    size = real_scalar("numgrid", full_of(n), "N")
    if not math.isfinite(size) or size != math.floor(size) or size < 1:
        raise MatlabError("MATLAB:numgrid:InvalidN", "N must be a positive integer.")
    points = int(size)
    if name == "N":
        grid = np.zeros((points, points))
        grid[1:-1, 1:-1] = _nested_dissection(points - 2, points - 2, 0)
        return simplify(grid)
    if name not in REGIONS:
        raise MatlabError("MATLAB:numgrid:InvalidRegionType", "Invalid region type.")
    if points == 1:
        return 0.0
    inside = REGIONS[name](*_square_grid(points)).ravel(order="F")
    numbers = np.zeros(inside.size)
    numbers[inside] = np.arange(1, np.count_nonzero(inside) + 1)
    return simplify(numbers.reshape(points, points, order="F"))


@builtin("delsq", family="sparse", sparse="full")
def delsq(g: Value) -> Value:
    """delsq(G)  the 5-point discrete Laplacian on the grid numbered by G, a sparse matrix.

    G numbers the interior points (as numgrid does; its border must be zero). Row and column G(p) of D
    belong to point p: 4 on the diagonal and -1 for each of its north, east, south and west neighbours
    that is numbered too. D is symmetric positive definite: D\\b solves Poisson's equation with zero
    boundary values (times h^2).

        D = delsq(numgrid('S', 4)); full(D)    % [4 -1 -1 0; -1 4 0 -1; -1 0 4 -1; 0 -1 -1 4]
    """
    numbers = real_array("delsq", g)
    if numbers.ndim != 2:
        raise MatlabError("MATLAB:delsq:notMatrix", "G must be a 2-D matrix.")
    m = numbers.shape[0]
    flat = numbers.ravel(order="F")
    points = np.flatnonzero(flat)
    rows, cols, values = [flat[points]], [flat[points]], [np.full(points.size, 4.0)]
    for step in (-1, m, 1, -m):
        neighbours = points + step
        if neighbours.size and (neighbours.min() < 0 or neighbours.max() >= flat.size):
            raise MatlabError("MATLAB:delsq:nonzeroBorder", "The border of G must be zero: a numbered "
                              "point has a neighbour outside the grid.")
        numbered = flat[neighbours] != 0
        rows.append(flat[points[numbered]])
        cols.append(flat[neighbours[numbered]])
        values.append(np.full(np.count_nonzero(numbered), -1.0))
    return sparse(*(np.concatenate(part).reshape(-1, 1) for part in (rows, cols, values)))
