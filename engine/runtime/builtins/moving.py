"""Moving-window statistics: movsum movmean movmedian movmax movmin movprod movvar movstd.

A window of k elements centred on each element (k odd: (k-1)/2 on each side; k even: k/2 before and
k/2-1 after) or [kb kf] elements before and after, along the first non-singleton dimension or dim.
'Endpoints' decides the windows that pass the ends: 'shrink' (the default: the part inside the array),
'discard' (no output for them), 'fill' (the missing elements count as NaN) or a number that the missing
elements count as. NaN makes a window's result NaN
('includenan', the default) or is skipped ('omitnan'; an all-NaN window gives NaN, 0 for movsum and 1
for movprod). Every window is computed separately, so results agree with MATLAB to rounding.
'SamplePoints' is not supported.
"""
from __future__ import annotations

import warnings
from typing import Callable

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..errors import MatlabError
from ..semantics import cast_result, result_class, to_value, work_dtype
from ..values import Value, class_of
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, check_classes
from .arguments import match_name, name_values
from .registry import builtin
from .sizes import along_axis, check_size, dim_arg, first_nonsingleton, numeric_array, option_text

NAN_FLAGS = {"omitnan": True, "omitmissing": True, "includenan": False, "includemissing": False}


def window_extents(fname: str, k: Value) -> tuple[int, int]:
    """(elements before, elements after) each element, from k or [kb kf]."""
    arr = numeric_array(k, fname).ravel()
    arr = arr.astype(np.float64) if arr.dtype.kind != "c" else np.full(arr.size, np.nan)
    if arr.size == 1 and arr[0] > 0 and np.isfinite(arr[0]):
        size = arr[0]
        if size == np.floor(size):
            n = int(size)
            return (n // 2, n // 2 - 1) if n % 2 == 0 else ((n - 1) // 2, (n - 1) // 2)
        return int(np.floor(size / 2)), int(np.floor(size / 2))
    if arr.size == 2 and np.all(arr >= 0) and np.all(np.isfinite(arr)):
        return int(np.floor(arr[0])), int(np.floor(arr[1]))
    raise MatlabError(f"MATLAB:{fname}:wrongWindowLength",
                      "Window length must be a finite positive scalar or a 2-element vector of nonnegative "
                      "values.")


def _options(fname: str, args: tuple[Value, ...]) -> tuple[int | None, bool, str | float]:
    """(axis or None, omitnan, endpoints) from [dim] [nanflag] ['Endpoints', value]."""
    axis, omitnan, endpoints = None, False, "shrink"
    rest = list(args)
    if rest and option_text(rest[0]) is None:
        axis = dim_arg(rest.pop(0))
    while rest:
        word = option_text(rest[0])
        if word is not None and word.lower() in NAN_FLAGS:
            omitnan = NAN_FLAGS[word.lower()]
            rest.pop(0)
            continue
        opts = name_values(fname, rest[:2], ("Endpoints", "SamplePoints"))
        if "SamplePoints" in opts:
            raise MatlabError(f"MATLAB:{fname}:SamplePointsUnsupported",
                              f"{fname} does not support 'SamplePoints'.")
        endpoints = _endpoints(fname, opts["Endpoints"])
        rest = rest[2:]
    return axis, omitnan, endpoints


def _endpoints(fname: str, value: Value) -> str | float:
    """'shrink', 'discard', 'fill', or a fill value."""
    if option_text(value) is not None:
        return match_name(fname, option_text(value), ("shrink", "discard", "fill"))
    fill = numeric_array(value, fname).ravel()
    if fill.size != 1:
        raise MatlabError(f"MATLAB:{fname}:invalidEndpoints",
                          "'Endpoints' must be 'shrink', 'discard', 'fill' or a numeric scalar.")
    return fill[0]


def sliding_windows(data: np.ndarray, before: int, after: int, fill: float | None) -> tuple[np.ndarray, np.ndarray]:
    """Every element's window along the last axis as a new last axis, and the mask of its elements to
    use: those inside the array, or all of them when the outside ones are ``fill`` values."""
    n = data.shape[-1]
    check_size(data.shape[:-1] + (n + before + after,), data.itemsize)
    pad = [(0, 0)] * (data.ndim - 1) + [(before, after)]
    windows = sliding_window_view(np.pad(data, pad, constant_values=fill or 0), before + after + 1, axis=-1)
    inside = sliding_window_view(np.pad(np.ones(n, dtype=bool), (before, after), constant_values=fill is not None),
                                 before + after + 1)
    return windows, np.broadcast_to(inside, windows.shape)


def _moving(fname: str, a: Value, k: Value, args: tuple[Value, ...], stat: Callable, cls: str) -> Value:
    arr = numeric_array(a, fname)
    before, after = window_extents(fname, k)
    axis, omitnan, endpoints = _options(fname, args)
    arr, axis = along_axis(arr, first_nonsingleton(arr.shape) if axis is None else axis)
    data = np.moveaxis(arr if arr.dtype.kind == "c" else arr.astype(work_dtype(cls)), axis, -1)
    n = data.shape[-1]
    if data.size == 0:
        return to_value(cast_result(np.moveaxis(data, -1, axis), cls))
    fill = None if isinstance(endpoints, str) and endpoints != "fill" else \
        np.nan if isinstance(endpoints, str) else endpoints
    if fill is None or np.isnan(fill):   # then only whether a window passes an end counts, not by how much
        before, after = min(before, n), min(after, n)
    windows, valid = sliding_windows(data, before, after, fill)
    full = np.arange(n) - before >= 0
    full &= np.arange(n) + after < n
    if omitnan:
        valid = valid & ~np.isnan(windows)
    with np.errstate(all="ignore"):
        out = stat(windows, valid)
        if not omitnan:
            out = np.where(np.any(np.isnan(windows) & valid, axis=-1), np.nan, out)
    if isinstance(endpoints, str) and endpoints == "discard":
        out = out[..., full]
    return to_value(cast_result(np.moveaxis(out, -1, axis), cls))


def _count(valid: np.ndarray) -> np.ndarray:
    return valid.sum(axis=-1)


def _sum(w: np.ndarray, valid: np.ndarray) -> np.ndarray:
    return np.where(valid, w, 0).sum(axis=-1)


def _mean(w: np.ndarray, valid: np.ndarray) -> np.ndarray:
    count = _count(valid)
    return np.where(count > 0, _sum(w, valid) / np.maximum(count, 1), np.nan)


def _extreme(pick: Callable, empty: float) -> Callable:
    def stat(w: np.ndarray, valid: np.ndarray) -> np.ndarray:
        out = pick(np.where(valid, w, empty), axis=-1)
        return np.where(_count(valid) > 0, out, np.nan)
    return stat


def _median(w: np.ndarray, valid: np.ndarray) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmedian(np.where(valid, w, np.nan), axis=-1)


def _variance(normalize_by_n: bool) -> Callable:
    def stat(w: np.ndarray, valid: np.ndarray) -> np.ndarray:
        count = _count(valid)
        center = _mean(w, valid)[..., None]
        squares = np.where(valid, np.abs(w - center) ** 2, 0).sum(axis=-1)
        denom = count if normalize_by_n else np.where(count > 1, count - 1, count)
        return np.where(count > 0, squares / np.maximum(denom, 1), np.nan)
    return stat


def _register(name: str, stat: Callable, class_rule: Callable[[Value], str], doc: str) -> None:
    def impl(a: Value, k: Value, *args: Value) -> Value:
        check_classes(name, (a,), ANY_NUMERIC)
        return _moving(name, a, k, args, stat, class_rule(a))
    impl.__doc__ = doc
    builtin(name, family="data")(impl)


def _same_class(a: Value) -> str:
    return result_class(a)


def _float_class(a: Value) -> str:
    return "single" if class_of(a) == "single" else "double"


_register("movsum", _sum, _same_class, """movsum(A, k), movsum(A, [kb kf]), movsum(..., dim), movsum(..., nanflag), movsum(..., 'Endpoints', e)
    Moving sums over a sliding window.

    Sums over a sliding window of k elements (or kb before and kf after each element) along the first
    non-singleton dimension; windows are shrunk at the ends unless 'Endpoints' is 'discard', 'fill' or
    a value for the missing elements. Integer and single classes are kept.

        movsum([4 8 6 -1 -2 -3 -1 3 4 5], 3)    % 12 18 13 3 -6 -6 -1 6 12 9
    """)
_register("movmean", _mean, _float_class, """movmean(A, k), movmean(A, [kb kf]), movmean(..., dim), movmean(..., nanflag), movmean(..., 'Endpoints', e)
    Moving means over a sliding window.

    Means over a sliding window of k elements (or kb before and kf after each element); the window
    forms and options of movsum. The result is double (single for single input).

        movmean([4 8 6 -1 -2 -3 -1 3 4 5], 3)    % 6 6 4.3333 1 -2 -2 -0.3333 2 4 4.5
    """)
_register("movmedian", _median, _same_class, """movmedian(A, k), movmedian(A, [kb kf]), movmedian(..., dim), movmedian(..., nanflag), movmedian(..., 'Endpoints', e)
    Moving medians over a sliding window.

    Medians over a sliding window of k elements (or kb before and kf after each element); the window
    forms and options of movsum.

        movmedian([4 8 6 -1 -2 -3 -1 3 4 5], 3)    % 6 6 6 -1 -2 -2 -1 3 4 4.5
    """)
_register("movmax", _extreme(np.max, -np.inf), _same_class, """movmax(A, k), movmax(A, [kb kf]), movmax(..., dim), movmax(..., nanflag), movmax(..., 'Endpoints', e)
    Moving maxima over a sliding window.

    Maxima over a sliding window of k elements (or kb before and kf after each element); the window
    forms and options of movsum. The class of A is kept.

        movmax([4 8 6 -1 -2 -3 -1 3 4 5], 3)    % 8 8 8 6 -1 -1 3 4 5 5
    """)
_register("movmin", _extreme(np.min, np.inf), _same_class, """movmin(A, k), movmin(A, [kb kf]), movmin(..., dim), movmin(..., nanflag), movmin(..., 'Endpoints', e)
    Moving minima over a sliding window.

    Minima over a sliding window of k elements (or kb before and kf after each element); the window
    forms and options of movsum. The class of A is kept.

        movmin([4 8 6 -1 -2 -3 -1 3 4 5], 3)    % 4 4 -1 -2 -3 -3 -3 -1 3 4
    """)
_register("movprod", lambda w, valid: np.where(valid, w, 1).prod(axis=-1), _same_class,
          """movprod(A, k), movprod(A, [kb kf]), movprod(..., dim), movprod(..., nanflag), movprod(..., 'Endpoints', e)
    Moving products over a sliding window.

    Products over a sliding window of k elements (or kb before and kf after each element); the window
    forms and options of movsum.

        movprod([1 2 3 4], 2)    % 1 2 6 12
    """)


def _register_spread(name: str, root: bool, doc: str) -> None:
    def impl(a: Value, k: Value, *args: Value) -> Value:
        check_classes(name, (a,), FLOAT_INPUTS)
        weight = 0.0
        if args and option_text(args[0]) is None:
            w = numeric_array(args[0], name).ravel()
            if w.size > 1 or (w.size == 1 and w[0] not in (0.0, 1.0)):
                raise MatlabError(f"MATLAB:{name}:invalidWeight", f"{name} supports the weights 0 and 1.")
            weight, args = (float(w[0]) if w.size else 0.0), args[1:]
        stat = _variance(weight == 1.0)
        return _moving(name, a, k, args, (lambda w, v: np.sqrt(stat(w, v))) if root else stat, _float_class(a))
    impl.__doc__ = doc
    builtin(name, family="data")(impl)


_register_spread("movvar", False, """movvar(A, k), movvar(A, k, w), movvar(A, k, w, dim), movvar(..., nanflag), movvar(..., 'Endpoints', e)
    Moving variances over a sliding window.

    Variances over a sliding window of k elements (or [kb kf]), normalized by N-1 (w = 0, the default)
    or N (w = 1); a window of one element has variance 0. The window forms and options of movsum.

        movvar([4 8 6 -1 -2 -3], 3)    % 8 4 22.3333 19 1 0.5
    """)
_register_spread("movstd", True, """movstd(A, k), movstd(A, k, w), movstd(A, k, w, dim), movstd(..., nanflag), movstd(..., 'Endpoints', e)
    Moving standard deviations over a sliding window.

    Standard deviations over a sliding window of k elements (or [kb kf]): the square root of movvar
    with the same arguments.

        movstd([4 8 6 -1 -2 -3], 3)    % 2.8284 2 4.7258 4.3589 1 0.7071
    """)
