"""Reductions: sum prod mean median std var max min any all, and the running cumsum cumprod.

Every reduction takes the same trailing arguments, parsed once by ``parse_options``: a dimension, a vector
of dimensions (vecdim) or 'all'; 'omitnan'/'includenan'; and for sum/prod/mean the output type
'default'/'double'/'native'. Without a dimension the first non-singleton dimension is used, except that a
0-by-0 input reduces to a scalar (sum([]) is 0, prod([]) 1, mean([]) NaN, any([]) false, all([]) true).

Classes: sum and prod keep integer (saturating) and single classes and give double for logical and char;
mean and median of integers are double and integer respectively; max and min keep the class. Integer sums
and products are exact (int64/uint64 through Python integers); means and running sums of 64-bit integers
are computed in float64.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..semantics import cast_result, elementwise, result_class, to_value, work_dtype, working_arrays
from ..values import INTEGER_CLASSES, CellArray, Value, class_of, simplify
from .arrays import ascending_order
from .elementwise import ANY_NUMERIC, check_classes
from .registry import Operation, Reduction, builtin, define_operation
from .sizes import (DIM_ERROR, clamp_axis, dim_arg, dim_list, first_nonsingleton, integer_values,
                    numeric_array, option_text)

NAN_FLAGS = {"omitnan": True, "omitmissing": True, "includenan": False, "includemissing": False}


def _pick(cmp: str) -> str:
    """combine() of max/min on the GPU: NaN loses unless both are NaN, the lower index wins ties."""
    return ("    let na = {m}_isnan(a.v);\n    let nb = {m}_isnan(b.v);\n"
            "    if (na != nb) { if (na) { return b; } return a; }\n"
            "    if (na || a.v == b.v) { if (b.i < a.i) { return b; } return a; }\n"
            "    if (b.v " + cmp + " a.v) { return b; }\n    return a;")


def _step(cmp: str) -> str:
    """update() of max/min for an element x past every index of a: x wins if it is above (below) a,
    or a is NaN and x is not or a is still the identity (an all-NaN line's index is its first)."""
    return ("    if ({m}_isnan(a.v)) {\n"
            "        if (!{m}_isnan(x) || a.i == 0xffffffffu) { return Acc(x, j); }\n        return a;\n    }\n"
            "    if (x " + cmp + " a.v) { return Acc(x, j); }\n    return a;")


_SUM = "    return Acc(a.v + b.v, 0u);"
SUM = Operation(reduction=Reduction("{t}(0.0)", "Acc(x, j)", _SUM))
MEAN = Operation(reduction=Reduction("{t}(0.0)", "Acc(x, j)", _SUM, mean=True, empty_value=math.nan))
PROD = Operation(reduction=Reduction("{t}(1.0)", "Acc(x, j)", "    return Acc(a.v * b.v, 0u);",
                                     empty_value=1.0))
# max(A, B) is elementwise (logical when both are), max(A) a reduction whose index travels with the value
MAX = Operation(arity=2, wgsl="{m}_max({a}, {b})", result="keeps_logical", nonneg="any",
                reduction=Reduction("{m}_nan()", "Acc(x, j)", _pick(">"), indexed=True, empty_value=None,
                                    update=_step(">")))
MIN = Operation(arity=2, wgsl="{m}_min({a}, {b})", result="keeps_logical", nonneg="kept",
                reduction=Reduction("{m}_nan()", "Acc(x, j)", _pick("<"), indexed=True, empty_value=None,
                                    update=_step("<")))
ANY = Operation(reduction=Reduction("0u", "Acc(select(0u, 1u, !(x == 0.0) && !{m}_isnan(x)), j)",
                                    "    return Acc(a.v | b.v, 0u);", logical=True, empty_value=0.0))
ALL = Operation(reduction=Reduction("1u", "Acc(select(0u, 1u, !(x == 0.0)), j)",
                                    "    return Acc(a.v & b.v, 0u);", logical=True, empty_value=1.0))
# the variance in one pass (no builtin; fused std/var and ImageNormalize): Welford's update and Chan et
# al.'s combination of (mean, sum of squared deviations, count); fused_reduce.wgsl feeds it the operand
# less the line's first element, so it is as sound as two passes where the mean dwarfs the spread
_WELFORD = ("    if (a.i == 0u) { return b; }\n    if (b.i == 0u) { return a; }\n"
            "    let n = a.i + b.i;\n    let w = {t}(b.i) / {t}(n);\n    let d = b.v.x - a.v.x;\n"
            "    return Acc(vec2<{t}>(a.v.x + d * w, a.v.y + b.v.y + d * d * {t}(a.i) * w), n);")
# Welford's own update of one element (x: the element's vec2, its mean x.x): no branches
_WELFORD_STEP = ("    let n = a.i + 1u;\n    let d = x.x - a.v.x;\n    let mean = a.v.x + d / {t}(n);\n"
                 "    return Acc(vec2<{t}>(mean, a.v.y + d * (x.x - mean)), n);")
# four elements at once, one division (Chan et al.'s combination of the block with the accumulator, the
# block's deviations e taken from the running mean m, or from its own first element when the accumulator
# is empty: with s1 = sum(e), s2 = sum(e.^2) and n' the new count, the mean is m + s1/n' and the sum of
# squared deviations grows by s2 - s1^2/n', which cancels at most one bit once n' >= 8)
_WELFORD_BLOCK = ("    let m = select(a.v.x, x0.x, a.i == 0u);\n    let e0 = x0.x - m;\n    let e1 = x1.x - m;\n"
                  "    let e2 = x2.x - m;\n    let e3 = x3.x - m;\n    let s1 = (e0 + e1) + (e2 + e3);\n"
                  "    let s2 = (e0 * e0 + e1 * e1) + (e2 * e2 + e3 * e3);\n    let n = a.i + 4u;\n"
                  "    let q = s1 / {t}(n);\n    return Acc(vec2<{t}>(m + q, a.v.y + (s2 - s1 * q)), n);")
define_operation(Operation("welford", reduction=Reduction("vec2<{t}>(0.0, 0.0)", "Acc(vec2<{t}>(x, 0.0), 1u)",
                                                          _WELFORD, paired=True, empty_value=math.nan,
                                                          update=_WELFORD_STEP, block=_WELFORD_BLOCK)))
# std's and var's second pass (no builtin): the sum of the deviations from the first pass's mean beside the
# sum of their squares, which corrects the latter for that mean's rounding (Chan, Golub and LeVeque's
# corrected two-pass algorithm: a single mean of 1e6 is off by ulps of 1e6, its deviations' squares by
# a thousandth of a spread of 1)
define_operation(Operation("centered", reduction=Reduction("vec2<{t}>(0.0, 0.0)", "Acc(vec2<{t}>(x, x * x), j)",
                                                           "    return Acc(a.v + b.v, 0u);", centered=True,
                                                           empty_value=math.nan)))
# 'omitnan' of the fused sum and mean: NaN elements count as 0 (no builtin)
define_operation(Operation("nan_to_zero", wgsl="select({a}, 0.0, {m}_isnan({a}))", nonneg="kept"))
OUT_TYPES = ("default", "double", "native")


@dataclass
class Options:
    axes: tuple[int, ...] | None = None   # None: the default dimension
    all: bool = False
    omitnan: bool | None = None           # None: the function's default
    outtype: str = "default"


def parse_options(fname: str, args: tuple[Value, ...], *, outtype: bool = False) -> Options:
    """Parse [dim | vecdim | 'all'] followed by option flags."""
    opts = Options()
    for k, arg in enumerate(args):
        word = option_text(arg)
        if word is not None:
            word = word.lower()
            if word == "all" and k == 0:
                opts.all = True
            elif word in NAN_FLAGS:
                opts.omitnan = NAN_FLAGS[word]
            elif outtype and word in OUT_TYPES:
                opts.outtype = word
            else:
                raise MatlabError(f"MATLAB:{fname}:unknownOption", f"Invalid option '{option_text(arg)}'.")
        elif k == 0:
            opts.axes = tuple(dim_list(arg))
        else:
            raise MatlabError(f"MATLAB:{fname}:unknownOption", "Invalid option: options must be text.")
    return opts


def prepare(arr: np.ndarray, opts: Options) -> tuple[np.ndarray, tuple[int, ...]]:
    """The array (reshaped for 'all', 0-by-0 defaults and dims past ndims) and the axes to reduce."""
    if opts.all or (opts.axes is None and arr.shape == (0, 0)):
        return arr.reshape(-1, 1, order="F"), (0,)
    axes = opts.axes if opts.axes is not None else (first_nonsingleton(arr.shape),)
    axes = tuple(sorted({clamp_axis(ax, arr.ndim) for ax in axes}))
    if axes[-1] == arr.ndim:
        arr = arr.reshape(arr.shape + (1,))
    return arr, axes


def _source(value: Value, fname: str) -> np.ndarray:
    check_classes(fname, (value,), ANY_NUMERIC)
    return numeric_array(value, fname)


def _quiet(fn: Callable[..., np.ndarray], data: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """A numpy reduction over ``axes`` (kept as size 1) without RuntimeWarnings: floating-point ones
    always, and the Python warnings of empty or all-NaN slices where they can occur."""
    with np.errstate(all="ignore"):
        if data.size and fn not in (np.nanmean, np.nanmedian):
            return fn(data, axis=axes, keepdims=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return fn(data, axis=axes, keepdims=True)


def _sum_class(cls: str, outtype: str) -> str:
    if outtype == "double":
        return "double"
    if outtype == "native" or cls in INTEGER_CLASSES or cls == "single":
        return cls if cls != "char" else "double"
    return "double"


def _accumulate(fname: str, value: Value, args: tuple[Value, ...], plain, nan_aware) -> Value:
    if not args and type(value) is np.ndarray and value.dtype == np.float64 and value.ndim == 2 and value.size:
        # the common form at once (what the general path below computes): a double matrix along its first
        # non-singleton dimension
        axis = 1 if value.shape[0] == 1 and value.shape[1] != 1 else 0
        with np.errstate(all="ignore"):
            return simplify(plain(value, axis=axis, keepdims=True))
    opts = parse_options(fname, args, outtype=True)
    arr = _source(value, fname)
    cls = _sum_class(class_of(value), opts.outtype)
    data, axes = prepare(arr, opts)
    if cls in ("int64", "uint64") and data.dtype.kind in "iu":
        data = data.astype(object)   # exact Python integers, saturated by cast_result
    elif data.dtype.kind != "c":
        data = data.astype(work_dtype(cls), copy=False)
    out = _quiet(nan_aware if opts.omitnan and data.dtype != object else plain, data, axes)
    return to_value(cast_result(out, cls))


@builtin("sum", family="reduction", op=SUM)
def sum_(a: Value, *args: Value) -> Value:
    """sum(A), sum(A, dim), sum(A, vecdim), sum(A, 'all'), sum(..., outtype), sum(..., nanflag)

    Sum of elements along the first non-singleton dimension (or the given ones). Integer and single
    inputs keep their class (integers saturate); logical and char give double; outtype 'double' or
    'native' overrides this. 'omitnan' skips NaN. sum([]) is 0.

        sum([1 2; 3 4])    % 4  6
    """
    return _accumulate("sum", a, args, np.sum, np.nansum)


@builtin("prod", family="reduction", op=PROD)
def prod(a: Value, *args: Value) -> Value:
    """prod(A), prod(A, dim), prod(A, vecdim), prod(A, 'all'), prod(..., outtype), prod(..., nanflag)

    Product of elements along the first non-singleton dimension (or the given ones), with the class rules
    of sum. prod([]) is 1.

        prod([1 2; 3 4])    % 3  8
    """
    return _accumulate("prod", a, args, np.prod, np.nanprod)


def _mean_class(cls: str, outtype: str) -> str:
    """mean gives double, except single for single input and the input class for 'native'."""
    if outtype == "native" and cls != "char":
        return cls
    return "single" if cls == "single" and outtype != "double" else "double"


@builtin("mean", family="reduction", op=MEAN)
def mean(a: Value, *args: Value) -> Value:
    """mean(A), mean(A, dim), mean(A, vecdim), mean(A, 'all'), mean(..., outtype), mean(..., nanflag)

    Average of elements along the first non-singleton dimension (or the given ones). Integer, logical and
    char inputs give double unless outtype is 'native'; single stays single. mean([]) is NaN.

        mean([1 2; 3 5])    % 2  3.5
    """
    opts = parse_options("mean", args, outtype=True)
    arr = _source(a, "mean")
    cls = _mean_class(class_of(a), opts.outtype)
    data, axes = prepare(arr, opts)
    data = data if data.dtype.kind == "c" else data.astype(work_dtype(cls), copy=False)
    out = _quiet(np.nanmean if opts.omitnan else np.mean, data, axes)
    return to_value(cast_result(out, cls))


@builtin("median", family="reduction", fusion="reduction")
def median(a: Value, *args: Value) -> Value:
    """median(A), median(A, dim), median(A, vecdim), median(A, 'all'), median(..., nanflag)

    Middle value along the first non-singleton dimension (the mean of the two middle values for an even
    count). NaN makes the result NaN unless 'omitnan'. Integer and single classes are kept (an integer
    median rounds); logical and char give double. median([]) is NaN.

        median([3 1 4 1 5])    % 3
    """
    opts = parse_options("median", args)
    arr = _source(a, "median")
    cls = result_class(a)
    data, axes = prepare(arr, opts)
    if data.dtype.kind == "c":
        return to_value(cast_result(_complex_median(data, axes, opts.omitnan), cls))
    data = data.astype(work_dtype(cls), copy=False)
    out = _quiet(np.nanmedian if opts.omitnan else np.median, data, axes)
    return to_value(cast_result(out, cls))


def _complex_median(data: np.ndarray, axes: tuple[int, ...], omitnan: bool) -> np.ndarray:
    """median of complex lines in MATLAB's order (by magnitude, then angle; numpy's is by real part)."""
    kept = data.ndim - len(axes)
    lines = np.moveaxis(data, axes, tuple(range(kept, data.ndim)))
    lines = lines.reshape(lines.shape[:kept] + (-1,))
    out = np.full(lines.shape[:kept], complex(np.nan, 0), dtype=data.dtype)
    for index in np.ndindex(*out.shape):
        line = lines[index]
        missing = np.isnan(line)
        if missing.all() or (missing.any() and not omitnan):
            continue
        line = line[~missing]
        line = line[ascending_order(line, 0)]
        middle = (line.size - 1) // 2
        out[index] = line[middle] if line.size % 2 else (line[middle] + line[middle + 1]) / 2
    return np.expand_dims(out, axes)


def _weight(fname: str, w: Value | None) -> int | np.ndarray:
    """0 (normalize by N-1), 1 (by N), or a vector of nonnegative weights."""
    if w is None or (isinstance(w, np.ndarray) and w.size == 0):
        return 0
    if isinstance(w, float) and w in (0.0, 1.0):
        return int(w)
    weights = numeric_array(w, fname) if class_of(w) in ("double", "single") else np.zeros(0)
    if weights.ndim == 2 and 1 in weights.shape and weights.size > 1 and not np.iscomplexobj(weights) \
            and np.all(weights >= 0):
        return weights.ravel().astype(np.float64)
    raise MatlabError(f"MATLAB:{fname}:invalidWeight", f"{fname}'s weight must be 0, 1 or a vector of "
                      "nonnegative weights, one per element along the dimension.")


def _variance(fname: str, a: Value, args: tuple[Value, ...]) -> tuple[np.ndarray, np.ndarray, str]:
    """Variance and mean along the requested axes (shared by var and std)."""
    check_classes(fname, (a,), ("double", "single", "logical", "char"))
    if args and option_text(args[0]) is not None:     # std(A, nanflag): the default weight
        args = (None, *args)
    weight = _weight(fname, args[0] if args else None)
    opts = parse_options(fname, args[1:])
    cls = result_class(a)
    data, axes = prepare(numeric_array(a, fname), opts)
    data = data if data.dtype.kind == "c" else data.astype(work_dtype(cls), copy=False)
    valid = ~np.isnan(data) if opts.omitnan else np.ones(data.shape, dtype=bool)
    if isinstance(weight, np.ndarray):
        return _weighted_variance(fname, data, axes, valid, weight) + (cls,)
    count = valid.sum(axis=axes, keepdims=True).astype(data.real.dtype)    # single stays single
    with np.errstate(all="ignore"):
        center = np.where(valid, data, 0).sum(axis=axes, keepdims=True) / count
        squares = np.where(valid, np.abs(data - center) ** 2, 0).sum(axis=axes, keepdims=True)
        denom = np.where((weight == 0) & (count > 1), count - 1, count)
        return (squares / denom).astype(squares.dtype), center, cls


def _weighted_variance(fname: str, data: np.ndarray, axes: tuple[int, ...], valid: np.ndarray,
                       weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """sum(w .* abs(x - mu).^2) / sum(w) with the weighted mean mu, along one dimension."""
    if len(axes) != 1 or data.shape[axes[0]] != weights.size:
        raise MatlabError(f"MATLAB:{fname}:invalidWeight", f"{fname}'s weight vector must have one weight per "
                          "element along the (single) dimension.")
    shape = [1] * data.ndim
    shape[axes[0]] = weights.size
    w = np.where(valid, weights.reshape(shape), 0.0)
    with np.errstate(all="ignore"):
        total = w.sum(axis=axes, keepdims=True)
        center = np.where(valid, data * w, 0).sum(axis=axes, keepdims=True) / total
        squares = np.where(valid, w * np.abs(data - center) ** 2, 0).sum(axis=axes, keepdims=True)
        return (squares / total).astype(squares.dtype), center


@builtin("var", family="reduction", fusion="reduction")
def var(a: Value, *args: Value, nargout: int = 1) -> Value:
    """var(A), var(A, w), var(A, w, dim), var(A, w, vecdim), var(A, w, 'all'), var(..., nanflag)

    Variance along the first non-singleton dimension: normalized by N-1 for w = 0 (the default, also [])
    and by N for w = 1; a single observation has variance 0. A vector w of nonnegative weights (one per
    element along the dimension) gives the weighted variance about the weighted mean. [V, M] =
    var(...) also returns the mean (weighted with w). Integer inputs are not supported.

        var([1 2 3 4])    % 1.6667
    """
    v, m, cls = _variance("var", a, args)
    return (to_value(cast_result(v, cls)), to_value(cast_result(m, cls)))[:max(nargout, 1)]


@builtin("std", family="reduction", fusion="reduction")
def std(a: Value, *args: Value, nargout: int = 1) -> Value:
    """std(A), std(A, w), std(A, w, dim), std(A, w, vecdim), std(A, w, 'all'), std(..., nanflag)

    Standard deviation, the square root of var with the same arguments (w = 0: normalize by N-1,
    w = 1: by N, or a vector of weights). [S, M] = std(...) also returns the mean.

        std([1 2 3 4])    % 1.2910
    """
    v, m, cls = _variance("std", a, args)
    return (to_value(cast_result(np.sqrt(v), cls)), to_value(cast_result(m, cls)))[:max(nargout, 1)]


def _keys(data: np.ndarray) -> list[np.ndarray]:
    """MATLAB's ordering for max/min: by value, or for complex numbers by magnitude, then angle."""
    return [np.abs(data), np.angle(data)] if data.dtype.kind == "c" else [data]


def _extreme_along(data: np.ndarray, axis: int, largest: bool,
                   omitnan: bool) -> tuple[np.ndarray, np.ndarray]:
    """Max (or min) along one axis with MATLAB's NaN rule, and the 0-based index of the first extreme.

    With omitnan, NaN is skipped unless the whole slice is NaN; otherwise the first NaN wins."""
    if data.shape[axis] == 0:
        return data, np.zeros(data.shape)
    moved = np.moveaxis(data, axis, -1)
    nan = np.isnan(moved) if moved.dtype.kind in "fc" else None
    match = np.ones(moved.shape, dtype=bool) if nan is None else ~nan
    pick, fill = (np.max, -np.inf) if largest else (np.min, np.inf)
    for key in _keys(moved):
        masked = key if nan is None else np.where(match, key, fill)
        match &= key == pick(masked, axis=-1, keepdims=True)
    idx = np.argmax(match, axis=-1)
    if nan is not None and not omitnan:
        idx = np.where(nan.any(axis=-1), np.argmax(nan, axis=-1), idx)
    value = np.take_along_axis(moved, idx[..., None], axis=-1)
    return np.moveaxis(value, -1, axis), np.moveaxis(idx[..., None], -1, axis)


def _pairwise_extreme(a: Value, b: Value, largest: bool, omitnan: bool) -> Value:
    """max(A, B) / min(A, B): elementwise with implicit expansion; NaN loses unless 'includenan'. Two
    logical arrays give a logical one (the arithmetic rule would make it double)."""
    def choose(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        if x.dtype.kind != "c" and y.dtype.kind != "c":      # real: y where it wins, else x (ties: x)
            better = y > x if largest else y < x
            if x.dtype.kind == "f" or y.dtype.kind == "f":
                better |= np.isnan(x) & ~np.isnan(y) if omitnan else np.isnan(y) & ~np.isnan(x)
            return np.where(better, y, x)
        stacked = np.stack(np.broadcast_arrays(x, y), axis=-1)
        value, _ = _extreme_along(stacked, stacked.ndim - 1, largest, omitnan)
        return value[..., 0]
    if _doubles_alike(a, b):            # the loops' common case, without elementwise's class and size work
        return to_value(choose(np.asarray(a), np.asarray(b)))
    result = elementwise(choose, a, b, exact=True)
    return to_value(np.asarray(result) != 0) if class_of(a) == class_of(b) == "logical" else result


def _doubles_alike(a: Value, b: Value) -> bool:
    """Two real doubles of one size, or one of them a scalar (a Python float)."""
    kinds = (type(a) is float or type(a) is np.ndarray and a.dtype == np.float64,
             type(b) is float or type(b) is np.ndarray and b.dtype == np.float64)
    return all(kinds) and (type(a) is float or type(b) is float or a.shape == b.shape)


def _extreme(fname: str, largest: bool, a: Value, args: tuple[Value, ...], nargout: int) -> Value:
    if len(args) == 1 and type(a) is float and type(args[0]) is float and nargout <= 1:
        b = args[0]   # max(a, b) of two doubles, NaN losing: the scalar loops' common case
        return a if (a >= b if largest else a <= b) or b != b else b
    check_classes(fname, (a,), ANY_NUMERIC)
    if args and not (isinstance(args[0], np.ndarray) and args[0].shape == (0, 0)) \
            and option_text(args[0]) is None:
        opts = parse_options(fname, args[1:])
        if opts.axes is not None or opts.all:
            raise MatlabError(f"MATLAB:{fname}:TwoInWithDimCaseNotSupported", f"{fname.upper()} with two "
                              "matrices to compare and a working dimension is not supported.")
        if nargout > 1:
            raise MatlabError(f"MATLAB:{fname}:TwoInTwoOutCaseNotSupported", f"{fname.upper()} with two "
                              "matrices to compare and two output arguments is not supported.")
        return _pairwise_extreme(a, args[0], largest, opts.omitnan is not False)
    opts = parse_options(fname, args[1:] if args and option_text(args[0]) is None else args)
    arr = numeric_array(a, fname)
    if opts.axes is None and not opts.all and arr.shape == (0, 0):
        return (np.zeros((0, 0), arr.dtype), np.zeros((0, 0)))[:max(nargout, 1)]
    data, axes = prepare(arr, opts)
    if nargout > 1 and len(axes) > 1:
        raise MatlabError(f"MATLAB:{fname}:vecdimIndex", f"{fname} with several dimensions returns no "
                          "indices; use 'all' or one dimension.")
    omitnan = opts.omitnan is not False
    if nargout <= 1 and data.dtype.kind != "c" and data.size:
        reduce = (np.fmax if largest else np.fmin).reduce if omitnan else (np.max if largest else np.min)
        return to_value(reduce(data, axis=axes, keepdims=True))
    for axis in axes:
        data, idx = _extreme_along(data, axis, largest, omitnan)
    return (to_value(data), to_value(idx.astype(np.float64) + 1))[:max(nargout, 1)]


@builtin("max", family="reduction", op=MAX)
def max_(a: Value, *args: Value, nargout: int = 1) -> Value:
    """max(A), max(A, [], dim), max(A, [], vecdim), max(A, [], 'all'), [M, I] = max(...), max(A, B)

    Largest elements along the first non-singleton dimension (or the given ones), and with a second
    output the index of the first largest (linear for 'all'). max(A, B) takes the larger of each pair
    with implicit expansion. NaN is ignored unless every element is NaN or 'includenan' is given; complex
    values compare by magnitude, then angle. The class is kept; max([]) is [].

        [m, i] = max([3 7 7 1])    % m = 7, i = 2
    """
    return _extreme("max", True, a, args, nargout)


@builtin("min", family="reduction", op=MIN)
def min_(a: Value, *args: Value, nargout: int = 1) -> Value:
    """min(A), min(A, [], dim), min(A, [], vecdim), min(A, [], 'all'), [M, I] = min(...), min(A, B)

    Smallest elements, with the forms and NaN and class rules of max.

        min([4 2; 1 8])    % 1  2
    """
    return _extreme("min", False, a, args, nargout)


def _logical_reduce(fname: str, a: Value, args: tuple[Value, ...], fn) -> Value:
    check_classes(fname, (a,), ANY_NUMERIC)
    opts = parse_options(fname, args)
    if opts.omitnan:
        raise MatlabError(f"MATLAB:{fname}:unknownOption", f"{fname} does not take a NaN flag.")
    arr = numeric_array(a, fname)
    data, axes = prepare(arr, opts)
    if data.dtype.kind in "fc":
        with np.errstate(invalid="ignore"):
            data = np.where(np.isnan(data), fname == "all", data != 0)
    return to_value(fn(data != 0, axis=axes, keepdims=True))


@builtin("any", family="reduction", op=ANY)
def any_(a: Value, *args: Value) -> Value:
    """any(A), any(A, dim), any(A, vecdim), any(A, 'all')  true where some element is nonzero.

    Works along the first non-singleton dimension; NaN elements are ignored. any([]) is false.

        any([0 0 1; 0 0 0])    % 0  0  1
    """
    return _logical_reduce("any", a, args, np.any)


@builtin("all", family="reduction", op=ALL)
def all_(a: Value, *args: Value) -> Value:
    """all(A), all(A, dim), all(A, vecdim), all(A, 'all')  true where every element is nonzero.

    Works along the first non-singleton dimension; NaN counts as nonzero. all([]) is true.

        all([1 1 0; 1 1 1])    % 1  1  0
    """
    return _logical_reduce("all", a, args, np.all)


def _running_args(fname: str, a: Value, args: tuple[Value, ...]) -> tuple[np.ndarray, int, bool, Options]:
    """The array, working axis, 'reverse' flag and options of cumsum-like functions."""
    check_classes(fname, (a,), ANY_NUMERIC)
    reverse, rest = False, []
    for arg in args:
        word = (option_text(arg) or "").lower()
        if word in ("reverse", "forward"):
            reverse = word == "reverse"
        else:
            rest.append(arg)
    opts = parse_options(fname, tuple(rest))
    if opts.all or (opts.axes is not None and len(opts.axes) != 1):
        raise MatlabError(*DIM_ERROR)
    arr = numeric_array(a, fname)
    axis = opts.axes[0] if opts.axes is not None else first_nonsingleton(arr.shape)
    return arr, axis, reverse, opts


def _run(data: np.ndarray, axis: int, reverse: bool, accumulate: Callable[..., np.ndarray]) -> np.ndarray:
    if axis >= data.ndim:
        return data
    if reverse:
        return np.flip(accumulate(np.flip(data, axis), axis=axis), axis)
    return accumulate(data, axis=axis)


def _running(fname: str, a: Value, args: tuple[Value, ...], fn, identity: float) -> Value:
    arr, axis, reverse, opts = _running_args(fname, a, args)
    cls = _sum_class(class_of(a), "default")
    (data,) = working_arrays([arr], cls, exact=True)
    if opts.omitnan and data.dtype.kind in "fc":
        data = np.where(np.isnan(data), identity, data)
    with np.errstate(all="ignore"):
        return to_value(cast_result(_run(data, axis, reverse, fn), cls))


def _running_ordered(fname: str, a: Value, args: tuple[Value, ...], skip_nan: np.ufunc,
                     keep_nan: np.ufunc) -> Value:
    arr, axis, reverse, opts = _running_args(fname, a, args)
    if arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} does not support complex input.")
    ufunc = keep_nan if opts.omitnan is False else skip_nan
    return to_value(_run(arr, axis, reverse, ufunc.accumulate))


@builtin("cumsum", family="reduction")
def cumsum(a: Value, *args: Value) -> Value:
    """cumsum(A), cumsum(A, dim), cumsum(..., 'reverse'), cumsum(..., nanflag)  running sums.

    Cumulative sum along the first non-singleton dimension (or dim); 'reverse' runs from the end;
    'omitnan' treats NaN as 0. Integer and single classes are kept, logical and char give double.

        cumsum([1 2 3])    % 1  3  6
    """
    return _running("cumsum", a, args, np.cumsum, 0.0)


@builtin("cumprod", family="reduction")
def cumprod(a: Value, *args: Value) -> Value:
    """cumprod(A), cumprod(A, dim), cumprod(..., 'reverse'), cumprod(..., nanflag)  running products.

    Cumulative product along the first non-singleton dimension (or dim); 'omitnan' treats NaN as 1.
    Integer and single classes are kept, logical and char give double.

        cumprod([1 2 3])    % 1  2  6
    """
    return _running("cumprod", a, args, np.cumprod, 1.0)


@builtin("cummax", family="reduction")
def cummax(a: Value, *args: Value) -> Value:
    """cummax(A), cummax(A, dim), cummax(..., 'reverse'), cummax(..., nanflag)  running maxima.

    Cumulative maximum along the first non-singleton dimension (or dim). NaN is skipped unless
    'includenan'; 'reverse' runs from the end. The class is kept.

        cummax([1 3 2 5 4])    % 1 3 3 5 5
    """
    return _running_ordered("cummax", a, args, np.fmax, np.maximum)


@builtin("cummin", family="reduction")
def cummin(a: Value, *args: Value) -> Value:
    """cummin(A), cummin(A, dim), cummin(..., 'reverse'), cummin(..., nanflag)  running minima.

    Cumulative minimum along the first non-singleton dimension (or dim), with the rules of cummax.

        cummin([5 3 4 1 2])    % 5 3 3 1 1
    """
    return _running_ordered("cummin", a, args, np.fmin, np.minimum)


@builtin("diff", family="reduction")
def diff(a: Value, n: Value | None = None, dim: Value | None = None) -> Value:
    """diff(X), diff(X, n), diff(X, n, dim)  differences between adjacent elements.

    The n-th difference (default 1): diff applied n times, each time along the first non-singleton
    dimension, so once that dimension is down to 1 the next one is differenced (a scalar gives []).
    With dim, every difference is along dim, which becomes empty when n reaches its length. Integer
    classes are kept (saturating); logical and char give double.

        diff([1 4 9 16])       % 3 5 7
        diff([1 2; 4 8], 2)    % 1 (down the columns, then along the row)
    """
    check_classes("diff", (a,), ANY_NUMERIC)
    arr = numeric_array(a, "diff")
    order = 1 if n is None or (isinstance(n, np.ndarray) and n.size == 0) else integer_values(n, "diff")
    if isinstance(order, list) and (len(order) != 1 or order[0] < 0):
        raise MatlabError("MATLAB:diff:differenceOrderMustBePositiveInteger",
                          "Difference order N must be a positive integer scalar.")
    count = order if isinstance(order, int) else order[0]
    cls = result_class(a)
    (data,) = working_arrays([arr], cls, exact=True)
    with np.errstate(all="ignore"):
        if dim is not None:
            axis = clamp_axis(dim_arg(dim), arr.ndim)
            if axis >= data.ndim:
                data = data.reshape(data.shape + (1,) * (axis + 1 - data.ndim))
            return to_value(cast_result(np.diff(data, n=min(count, data.shape[axis]), axis=axis), cls))
        while count and data.shape[first_nonsingleton(data.shape)]:
            if data.shape == (0, 0) or data.size == 1:
                data = np.zeros((0, 0), dtype=data.dtype)
                break
            axis = first_nonsingleton(data.shape)
            steps = min(count, data.shape[axis] - 1)
            data, count = np.diff(data, n=steps, axis=axis), count - steps
    return to_value(cast_result(data, cls))


@builtin("nnz", family="reduction", fusion="reduction")
def nnz(a: Value) -> float:
    """nnz(X)  number of nonzero elements of X.

    NaN counts as nonzero. The result is a double.

        nnz([1 0 3 0])    % 2
    """
    check_classes("nnz", (a,), ANY_NUMERIC)
    return float(np.count_nonzero(numeric_array(a, "nnz")))


def _mode_of(values: np.ndarray) -> tuple[float, int, np.ndarray]:
    """The most frequent non-NaN value of a 1-d array (the smallest on ties), its count, and every value
    that occurs that often (sorted)."""
    values = values[~np.isnan(values)] if values.dtype.kind in "fc" else values
    if not values.size:
        return np.nan, 0, values[:0]
    distinct, counts = np.unique(values, return_counts=True)
    best = int(np.argmax(counts))
    return distinct[best], int(counts[best]), distinct[counts == counts[best]]


@builtin("mode", family="reduction", fusion="reduction")
def mode(a: Value, dim: Value | None = None, *, nargout: int = 1) -> Value:
    """mode(A), mode(A, dim), [M, F, C] = mode(...)  most frequent value along a dimension.

    Works along the first non-singleton dimension (or dim); ties go to the smallest value and NaN is
    ignored. F holds how often M occurs, C (a cell array the size of M) every value that occurs that
    often, as a sorted column. The class is kept; mode([]) is NaN.

        mode([1 2 2 3 3])    % 2
    """
    check_classes("mode", (a,), ANY_NUMERIC)
    arr = numeric_array(a, "mode")
    if arr.dtype.kind == "c":
        raise MatlabError("MATLAB:mode:complexInput", "mode does not support complex input.")
    data, axes = prepare(arr, Options(axes=None if dim is None else (dim_arg(dim),)))
    moved = np.moveaxis(data, axes[0], -1)
    flat = moved.reshape(math.prod(moved.shape[:-1]), moved.shape[-1])
    results = [_mode_of(row) for row in flat]
    shape = moved.shape[:-1] + (1,)
    cls = result_class(a) if class_of(a) != "logical" else "logical"
    values = np.array([v for v, _, _ in results], dtype=np.float64).reshape(shape)
    counts = np.array([c for _, c, _ in results], dtype=np.float64).reshape(shape)
    outs = tuple(to_value(o) for o in (cast_result(np.moveaxis(values, -1, axes[0]), cls),
                                       np.moveaxis(counts, -1, axes[0])))
    if nargout < 3:
        return outs[:max(nargout, 1)]
    ties = np.empty(len(results), dtype=object)
    for k, (_, _, tied) in enumerate(results):
        ties[k] = to_value(cast_result(tied.astype(np.float64).reshape(-1, 1), cls))
    return outs + (CellArray(np.moveaxis(ties.reshape(shape), -1, axes[0])),)
