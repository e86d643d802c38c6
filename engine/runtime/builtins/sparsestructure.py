"""Model problems and structure of sparse matrices: numgrid delsq symrcm sprank etree.

numgrid numbers the interior points of a region of the square [-1, 1]^2 on an n-by-n grid (MATLAB's
regions and its nested dissection numbering); delsq is the 5-point discrete Laplacian on such a grid, a
sparse matrix. symrcm and sprank are scipy.sparse.csgraph's; etree is Liu's algorithm (scipy has none).
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import reverse_cuthill_mckee, structural_rank

from ..errors import MatlabError, check_size
from ..sparse import full_of, is_sparse, not_two_dimensional
from ..values import Value, simplify, to_array
from .arguments import real_array, real_scalar
from .elementwise import ANY_NUMERIC, check_classes
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
    points = check_size((int(size), int(size)))[0]
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


# ----------------------------------------------------------------------------------------------------
# structure: orderings, rank, elimination trees


def _pattern(fname: str, a: Value) -> sp.csc_array:
    """A square or rectangular 2-D matrix argument (full or sparse) as a scipy CSC array."""
    if is_sparse(a):
        return sp.csc_array(a.data)
    check_classes(fname, (a,), ANY_NUMERIC)
    arr = to_array(a)
    if arr.ndim != 2:
        raise not_two_dimensional()
    return sp.csc_array(arr)


@builtin("symrcm", family="sparse", sparse="native")
def symrcm(a: Value) -> np.ndarray:
    """r = symrcm(S)  the symmetric reverse Cuthill-McKee ordering of S: S(r, r) has its nonzeros near
    the diagonal (a small bandwidth).

    The structure of S + S' is used (S square, full or sparse). The ordering is scipy's
    reverse_cuthill_mckee, which starts each connected component at a node of least degree; on a
    graph with several such nodes the permutation can differ from MATLAB's while its bandwidth is as
    small.

        S = sparse([1 0 0 1; 0 1 1 0; 0 1 1 0; 1 0 0 1]); r = symrcm(S)    % [3 2 4 1]
    """
    S = _pattern("symrcm", a)
    if S.shape[0] != S.shape[1]:
        raise MatlabError("MATLAB:symrcm:notSquare", "Matrix must be square.")
    if S.shape[0] == 0:
        return np.zeros((1, 0))
    pattern = sp.csr_array((S != 0).astype(np.int8))
    order = reverse_cuthill_mckee(sp.csr_array(pattern + pattern.T), symmetric_mode=True)
    return simplify(order.astype(np.float64).reshape(1, -1) + 1)


@builtin("sprank", family="sparse", sparse="native")
def sprank(a: Value) -> float:
    """sprank(A)  the structural rank of A: the largest number of nonzeros of A no two of which share a
    row or a column (a maximum matching of rows and columns).

    It bounds rank(A) from above whatever the values are. A is full or sparse.

        sprank(sparse([1 0 0; 1 0 0; 0 1 1]))    % 2
    """
    S = _pattern("sprank", a)
    if 0 in S.shape:
        return 0.0
    return float(structural_rank(sp.csr_array((S != 0).astype(np.int8))))


def _elimination_tree(S: sp.csc_array, columns: bool) -> np.ndarray:
    """Liu's algorithm with path compression: parent[j] (-1 for a root) of the elimination tree of the
    upper triangle of S, or with ``columns`` of S'*S without forming it."""
    m, n = S.shape
    parent = np.full(n, -1)
    ancestor = np.full(n, -1)
    previous = np.full(m, -1)           # the last column that has a nonzero in each row
    for j in range(n):
        for i in S.indices[S.indptr[j]:S.indptr[j + 1]].tolist():
            node = previous[i] if columns else i
            if columns:
                previous[i] = j
            if node == -1 or node >= j:
                continue
            while ancestor[node] != -1 and ancestor[node] != j:
                ancestor[node], node = j, ancestor[node]
            if ancestor[node] == -1:
                ancestor[node], parent[node] = j, j
    return parent


def _postorder(parent: np.ndarray) -> np.ndarray:
    """The nodes of the forest in postorder, children in increasing order, roots in increasing order."""
    n = parent.size
    children: list[list[int]] = [[] for _ in range(n)]
    for node in range(n):
        if parent[node] >= 0:
            children[parent[node]].append(node)
    order: list[int] = []
    for root in (node for node in range(n) if parent[node] < 0):
        stack = [(root, 0)]
        while stack:
            node, next_child = stack.pop()
            if next_child < len(children[node]):
                stack.append((node, next_child + 1))
                stack.append((children[node][next_child], 0))
            else:
                order.append(node)
    return np.array(order, dtype=np.int64)


@builtin("etree", family="sparse", sparse="native")
def etree(a: Value, kind: Value | None = None, *, nargout: int = 1):
    """p = etree(A), p = etree(A, 'col'), p = etree(A, 'sym'), [p, q] = etree(...)  the elimination tree
    of A: p(j) is the parent of node j (0 for a root).

    With 'sym' (the default) the tree of the Cholesky factor of a symmetric A (its upper triangle is
    read); with 'col' the tree of A'*A (of the R of qr(A)), computed without forming A'*A. q is a
    postorder permutation of the tree (children before parents).

        p = etree(sparse([4 1 0; 1 4 1; 0 1 4]))    % [2 3 0]
    """
    word = "sym" if kind is None else option_text(kind)
    if word not in ("sym", "col"):
        raise MatlabError("MATLAB:etree:invalidInput", "The second argument must be 'col' or 'sym'.")
    S = _pattern("etree", a)
    if word == "sym" and S.shape[0] != S.shape[1]:
        raise MatlabError("MATLAB:etree:notSquare", "Matrix must be square.")
    parent = _elimination_tree(S, word == "col")
    tree = simplify((parent + 1).astype(np.float64).reshape(1, -1))
    if nargout < 2:
        return tree
    return tree, simplify(_postorder(parent).astype(np.float64).reshape(1, -1) + 1)
