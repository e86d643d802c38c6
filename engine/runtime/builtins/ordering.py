"""Sorting rows, testing order and pairing conjugates: sortrows issorted cplxpair.

Both follow sort's order: ascending puts NaN last and descending puts it first, complex values order by
magnitude then angle, and ties keep their original order (sortrows is stable in both directions).
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, Value
from .arrays import ascending_order, cell_of, cell_texts, is_cellstr
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin
from .sizes import dim_arg, first_nonsingleton, integer_values, numeric_array, option_text

DIRECTIONS = ("ascend", "descend")


def ranks(values: np.ndarray) -> np.ndarray:
    """Dense ranks (0, 1, ...) of a 1-d array in sort's ascending order; equal values (NaN with NaN
    too) share a rank, NaN ranks above everything."""
    if values.size == 0:
        return np.zeros(0, dtype=np.int64)
    order = ascending_order(values, 0)
    ordered = values[order]
    same = ordered[1:] == ordered[:-1]
    if ordered.dtype.kind in "fc":
        same |= np.isnan(ordered[1:]) & np.isnan(ordered[:-1])
    rank = np.empty(values.size, dtype=np.int64)
    rank[order] = np.concatenate([[0], np.cumsum(~same)])
    return rank


def _text_ranks(texts: list[str]) -> np.ndarray:
    distinct = {t: k for k, t in enumerate(sorted(set(texts)))}
    return np.array([distinct[t] for t in texts], dtype=np.int64)


def _columns_spec(spec: Value | None, ncols: int) -> list[tuple[int, bool]]:
    """(0-based column, descending) pairs from sortrows' column argument (negative: descending)."""
    if spec is None:
        return [(k, False) for k in range(ncols)]
    picks = integer_values(spec, "sortrows")
    if any(p == 0 or abs(p) > ncols for p in picks):
        raise MatlabError("MATLAB:sortrows:ColMismatchX", "Column sorting vector must contain integers with "
                          "absolute value between 1 and the number of columns in the first argument.")
    return [(abs(p) - 1, p < 0) for p in picks]


def _directions(value: Value, count: int) -> list[bool]:
    """'ascend'/'descend' (one for all columns) or a cell of them (one per column), as descending flags."""
    words = cell_texts(value) if is_cellstr(value) else [option_text(value)]
    if any(w is None or w.lower() not in DIRECTIONS for w in words) or len(words) not in (1, count):
        raise MatlabError("MATLAB:sortrows:InvalidDirection",
                          "Sorting direction must be 'ascend' or 'descend' (or a cell array of them, one per column).")
    flags = [w.lower() == "descend" for w in words]
    return flags * count if len(flags) == 1 else flags


@builtin("sortrows", family="array")
def sortrows(a: Value, *args: Value, nargout: int = 1) -> Value:
    """B = sortrows(A), sortrows(A, column), sortrows(..., direction), [B, index] = sortrows(...)
    Sorts the rows of a matrix or a cell column of text.

    Sorts the rows of a matrix (numeric, logical or char) or of a cell column of character vectors
    in ascending order of the first column, ties broken by the later columns; column lists the columns
    to sort by (negative: descending), direction is 'ascend', 'descend' or a cell with one per column.
    The sort is stable; index gives B = A(index, :).

        sortrows([3 1; 1 2; 3 0])           % [1 2; 3 0; 3 1]
        sortrows([3 1; 1 2; 3 0], -1)       % [3 1; 3 0; 1 2]
    """
    if is_cellstr(a):
        if a.shape[1] != 1 or len(a.shape) > 2:
            raise MatlabError("MATLAB:sortrows:cellstrColumn", "sortrows supports a cell column of character "
                              "vectors only.")
        keys = [_text_ranks(cell_texts(a))]
        matrix = None
    else:
        check_classes("sortrows", (a,), ANY_NUMERIC)
        matrix = numeric_array(a, "sortrows")
        if matrix.ndim != 2:
            raise MatlabError("MATLAB:sortrows:inputDimensionMismatch", "A must be a 2-D matrix.")
        keys = [ranks(matrix[:, k]) for k in range(matrix.shape[1])]
    spec, directions = None, None
    for arg in args:
        if option_text(arg) is not None or is_cellstr(arg):
            directions = arg
        elif spec is None:
            spec = arg
        else:
            raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    chosen = _columns_spec(spec, len(keys))
    if directions is not None:
        flags = _directions(directions, len(chosen))
        chosen = [(col, flag) for (col, _), flag in zip(chosen, flags)]
    sort_keys = [-keys[col] if descending else keys[col] for col, descending in chosen]
    rows = len(keys[0]) if keys else (matrix.shape[0] if matrix is not None else 0)
    order = np.lexsort(sort_keys[::-1]) if sort_keys else np.arange(rows)
    if matrix is None:
        texts = cell_texts(a)
        result = cell_of([texts[k] for k in order], a.shape)
    elif type(a) is CharArray:
        result = CharArray(a.codes[order, :])
    else:
        result = to_value(matrix[order, :])
    return (result, to_value(order.reshape(-1, 1) + 1.0))[:max(nargout, 1)]


CHECKS = {"ascend": "nondecreasing", "descend": "nonincreasing", "monotonic": "either",
          "strictascend": "increasing", "strictdescend": "decreasing", "strictmonotonic": "strict either"}


def _slice_sorted(rank: np.ndarray, how: str) -> bool:
    step = np.diff(rank)
    tests = {"nondecreasing": lambda: np.all(step >= 0), "nonincreasing": lambda: np.all(step <= 0),
             "increasing": lambda: np.all(step > 0), "decreasing": lambda: np.all(step < 0),
             "either": lambda: np.all(step >= 0) or np.all(step <= 0),
             "strict either": lambda: np.all(step > 0) or np.all(step < 0)}
    return bool(tests[how]())


@builtin("issorted", family="array")
def issorted(a: Value, *args: Value) -> bool:
    """issorted(A), issorted(A, dim), issorted(..., direction), issorted(A, 'rows')
    Whether an array is sorted.

    True when the elements of A are in sorted order along the first non-singleton dimension (or dim;
    every column of a matrix): direction 'ascend' (the default), 'descend', 'monotonic' (either),
    'strictascend', 'strictdescend' or 'strictmonotonic' (no equal neighbours). NaN belongs at the end
    in ascending order and at the start in descending order. 'rows' tests sortrows order.

        issorted([1 2 2 5])                   % true
        issorted([5 3 1], 'strictdescend')    % true
    """
    how, axis, rows = "nondecreasing", None, False
    for arg in args:
        word = option_text(arg)
        if word is not None and word.lower() == "rows":
            rows = True
        elif word is not None and word.lower() in CHECKS:
            how = CHECKS[word.lower()]
        elif word is None and axis is None:
            axis = dim_arg(arg)
        else:
            raise MatlabError("MATLAB:issorted:InvalidOption", f"Invalid option '{word}'." if word else
                              "Too many dimension arguments.")
    if rows:
        _, index = sortrows(a, nargout=2)
        order = numeric_array(index, "issorted").ravel()
        return bool(np.array_equal(order, np.arange(1, order.size + 1)))
    if is_cellstr(a):
        return _slice_sorted(_text_ranks(cell_texts(a)), how)
    check_classes("issorted", (a,), ANY_NUMERIC)
    arr = numeric_array(a, "issorted")
    axis = first_nonsingleton(arr.shape) if axis is None else axis
    if axis >= arr.ndim or arr.size == 0:
        return True
    moved = np.moveaxis(arr, axis, -1)
    lines = moved.reshape(int(np.prod(moved.shape[:-1])), moved.shape[-1])
    return all(_slice_sorted(ranks(line), how) for line in lines)


def _paired(z: np.ndarray, tol: float) -> np.ndarray:
    """One vector in cplxpair's order: conjugate pairs (negative imaginary part first) by increasing real
    part, each made an exact pair, then the real values in increasing order."""
    z = z[np.argsort(z.real, kind="stable")]
    real = np.abs(z.imag) <= tol * np.abs(z)
    remaining = list(z[~real])
    if len(remaining) % 2:
        raise MatlabError("MATLAB:cplxpair:ComplexValuesPaired", "Complex numbers can't be paired.")
    pairs = []
    while remaining:
        first = remaining.pop(0)
        partner = next((k for k, w in enumerate(remaining) if abs(w - np.conj(first)) <= tol * abs(first)), None)
        if partner is None:
            raise MatlabError("MATLAB:cplxpair:ComplexValuesPaired", "Complex numbers can't be paired.")
        remaining.pop(partner)
        pairs += [first, np.conj(first)] if first.imag < 0 else [np.conj(first), first]
    return np.concatenate([np.array(pairs, dtype=np.complex128), np.sort(z[real].real)])


@builtin("cplxpair", family="math")
def cplxpair(z: Value, tol: Value | None = None, dim: Value | None = None) -> Value:
    """cplxpair(Z), cplxpair(Z, tol), cplxpair(Z, tol, dim)  complex numbers sorted into conjugate pairs.

    Along the first non-singleton dimension (or dim), the complex values come first as pairs of exact
    conjugates (the one with negative imaginary part first), in increasing order of real part, then the
    real values in increasing order. A value whose imaginary part is at most tol*abs(z) (tol default
    100*eps; [] takes the default) counts as real. Values that cannot be paired are an error.

        cplxpair([3 1+2i 5 1-2i])    % [1-2i 1+2i 3 5]
    """
    check_classes("cplxpair", (z,), ANY_NUMERIC)
    values = numeric_array(z, "cplxpair").astype(np.complex128)
    tolerance = 100 * np.finfo(float).eps
    if tol is not None and numeric_array(tol, "cplxpair").size:
        tolerance = float(numeric_array(tol, "cplxpair").ravel()[0].real)
        if not 0 <= tolerance < 1:
            raise MatlabError("MATLAB:cplxpair:InvalidTol", "The tolerance must be a scalar in [0, 1).")
    if values.size == 0:
        return to_value(values.real)
    axis = dim_arg(dim) if dim is not None else first_nonsingleton(values.shape)
    if axis >= values.ndim:
        return to_value(values)
    paired = np.apply_along_axis(_paired, axis, values, tolerance)
    return to_value(paired)
