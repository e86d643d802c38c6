"""The k largest or smallest elements, and local extrema: maxk mink islocalmax islocalmin.

maxk and mink take the first k elements of sort(A, dim, 'descend') and sort(A, dim), so ties and NaN
are ordered as sort orders them. islocalmax and islocalmin mark the elements greater (less) than their
neighbours along a dimension, never the first or last element; a flat extremum (a run of equal values)
is marked at its centre ('FlatSelection' 'center', the default; 'first', 'last' or 'all' instead). The
prominence of a maximum is how far the data must descend from it on both sides before rising higher
(scipy.signal.peak_prominences, MATLAB's definition); 'MinProminence' and 'MaxNumExtrema' filter by it.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, Value
from .arguments import match_name, name_values, real_scalar
from .arrays import _sort_order
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin
from .sizes import along_axis, dim_arg, first_nonsingleton, numeric_array, option_text


def _top(fname: str, a: Value, k: Value, rest: tuple[Value, ...], descending: bool, nargout: int):
    check_classes(fname, (a,), ANY_NUMERIC)
    count = real_scalar(fname, k, "k")
    if count < 0 or count != np.floor(count):
        raise MatlabError(f"MATLAB:{fname}:InvalidK", "k must be a nonnegative integer scalar.")
    if any(option_text(r) is not None for r in rest):
        raise MatlabError(f"MATLAB:{fname}:ComparisonMethodUnsupported",
                          f"{fname} supports the forms {fname}(A, k) and {fname}(A, k, dim).")
    arr = numeric_array(a, fname)
    arr, axis = along_axis(arr, dim_arg(rest[0]) if rest else first_nonsingleton(arr.shape), min(count, 1))
    order = np.take(_sort_order(arr, axis, descending), range(int(min(count, arr.shape[axis]))), axis=axis)
    values = np.take_along_axis(arr, order, axis=axis)
    value = CharArray(values.astype(np.uint16)) if type(a) is CharArray else to_value(values)
    return value if nargout < 2 else (value, to_value(order + 1.0))


@builtin("maxk", family="array")
def maxk(a: Value, k: Value, *rest: Value, nargout: int = 1):
    """B = maxk(A, k), maxk(A, k, dim), [B, I] = maxk(...)  the k largest elements, in descending order.

    Along the first dimension whose size is not 1 (or dim), each column's k largest elements, ordered
    as sort(A, dim, 'descend') orders them; I holds their indices along that dimension. Fewer than k
    elements give them all. 'ComparisonMethod' is not supported.

        maxk([2 8 5 9 1], 2)    % [9 8]
    """
    return _top("maxk", a, k, rest, True, nargout)


@builtin("mink", family="array")
def mink(a: Value, k: Value, *rest: Value, nargout: int = 1):
    """B = mink(A, k), mink(A, k, dim), [B, I] = mink(...)  the k smallest elements, in ascending order.

    The forms of maxk, ordered as sort(A, dim) orders them.

        [b, i] = mink([2 8 5 9 1], 2)    % b = [1 2], i = [5 1]
    """
    return _top("mink", a, k, rest, False, nargout)


EXTREMA_OPTIONS = ("FlatSelection", "MinProminence", "MaxNumExtrema", "MinSeparation", "ProminenceWindow",
                   "SamplePoints")


def _peaks(column: np.ndarray, flat: str) -> tuple[np.ndarray, np.ndarray]:
    """(marked, prominence) of the local maxima of one column: plateaus chosen by ``flat``."""
    n = column.size
    marked, prominence = np.zeros(n, dtype=bool), np.zeros(n)
    starts = [0] + [i for i in range(1, n) if not column[i] == column[i - 1]]
    runs = list(zip(starts, starts[1:] + [n]))
    for j, (lo, hi) in enumerate(runs):
        if j == 0 or j == len(runs) - 1 or np.isnan(column[lo]):
            continue
        if column[runs[j - 1][0]] < column[lo] > column[runs[j + 1][0]]:
            centre = lo + (hi - lo - 1) // 2
            chosen = {"center": [centre], "first": [lo], "last": [hi - 1], "all": list(range(lo, hi))}[flat]
            data = np.where(np.isnan(column), -np.inf, column)
            height = scipy.signal.peak_prominences(data, [centre])[0][0]
            marked[chosen] = True
            prominence[lo:hi] = height
    return marked, prominence


def _local(fname: str, a: Value, args: tuple[Value, ...], sign: float, nargout: int):
    check_classes(fname, (a,), ANY_NUMERIC)
    arr = numeric_array(a, fname)
    if np.iscomplexobj(arr):
        raise MatlabError(f"MATLAB:{fname}:ComplexInput", "Input must be real.")
    rest = list(args)
    axis = dim_arg(rest.pop(0)) if rest and option_text(rest[0]) is None else first_nonsingleton(arr.shape)
    opts = name_values(fname, rest, EXTREMA_OPTIONS)
    unsupported = [n for n in ("MinSeparation", "ProminenceWindow", "SamplePoints") if n in opts]
    if unsupported:
        raise MatlabError(f"MATLAB:{fname}:unsupportedOption", f"{fname} does not support '{unsupported[0]}'.")
    flat = "center" if "FlatSelection" not in opts else match_name(
        fname, option_text(opts["FlatSelection"]) or "", ("center", "first", "last", "all"))
    least = real_scalar(fname, opts["MinProminence"], "MinProminence") if "MinProminence" in opts else 0.0
    most = real_scalar(fname, opts["MaxNumExtrema"], "MaxNumExtrema") if "MaxNumExtrema" in opts else np.inf
    data = sign * np.asarray(arr, dtype=np.float64)
    if axis >= data.ndim:
        return (np.zeros(arr.shape, dtype=bool), to_value(np.zeros(arr.shape)))[:max(nargout, 1)]
    moved = np.moveaxis(data, axis, -1)
    flags, proms = np.zeros(moved.shape, dtype=bool), np.zeros(moved.shape)
    for index in np.ndindex(moved.shape[:-1]):
        marked, prominence = _peaks(moved[index], flat)
        marked &= prominence >= least
        if np.isfinite(most) and marked.sum() > most:
            ranked = sorted(np.flatnonzero(marked), key=lambda i: -prominence[i])
            marked[ranked[int(most):]] = False
        flags[index], proms[index] = marked, prominence
    tf = np.moveaxis(flags, -1, axis)
    return tf if nargout < 2 else (tf, to_value(np.moveaxis(proms, -1, axis)))


@builtin("islocalmax", family="data")
def islocalmax(a: Value, *args: Value, nargout: int = 1):
    """TF = islocalmax(A), islocalmax(A, dim), islocalmax(..., Name, Value), [TF, P] = islocalmax(...)
    Local maxima along a dimension.

    TF is true where an element is greater than its neighbours along the first dimension whose size is
    not 1 (or dim); the first and last elements never are. A flat maximum is marked at its centre
    ('FlatSelection': 'center', 'first', 'last' or 'all'). P is each maximum's prominence (0
    elsewhere); 'MinProminence' keeps the maxima at least that prominent, 'MaxNumExtrema' the n most
    prominent. 'MinSeparation', 'ProminenceWindow' and 'SamplePoints' are not supported.

        islocalmax([1 3 2 5 4])    % [0 1 0 1 0]
    """
    return _local("islocalmax", a, args, 1.0, nargout)


@builtin("islocalmin", family="data")
def islocalmin(a: Value, *args: Value, nargout: int = 1):
    """TF = islocalmin(A), islocalmin(A, dim), islocalmin(..., Name, Value), [TF, P] = islocalmin(...)
    Local minima along a dimension.

    The forms of islocalmax, for elements less than their neighbours (the prominence measured upward).

        islocalmin([3 1 2 0 4])    % [0 1 0 1 0]
    """
    return _local("islocalmin", a, args, -1.0, nargout)
