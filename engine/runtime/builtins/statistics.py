"""Descriptive statistics: prctile quantile range bounds mad cov corrcoef rescale normalize detrend.

Percentiles use MATLAB's default method: the sorted n values stand for the percentages
100*((1:n)-0.5)/n, percentages between them are interpolated linearly, and those outside take the
smallest or largest value; NaN is ignored. cov and corrcoef treat columns as variables and rows as
observations (cov(A, B) and corrcoef(A, B) take A(:) and B(:) as two variables, as MATLAB does; GNU
Octave 7 returns their cross-covariance instead).
"""
from __future__ import annotations

import warnings

import numpy as np

from ..errors import MatlabError, check_size
from ..semantics import broadcast_shape, cast_result, expand_dims, result_class, to_value, work_dtype
from ..values import Value, class_of
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, check_classes
from .arguments import leading_positional, match_name, name_values, real_array, real_scalar
from .reductions import max_, min_
from .registry import builtin
from .sizes import along_axis, dim_arg, first_nonsingleton, is_text, numeric_array, option_text

EMPTY = np.zeros((0, 0))


def _float_data(fname: str, a: Value) -> tuple[np.ndarray, str]:
    """A real double/single (or logical/char) argument in its working precision, and the result class."""
    check_classes(fname, (a,), FLOAT_INPUTS)
    arr = numeric_array(a, fname)
    if arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only.")
    cls = result_class(a)
    return arr.astype(work_dtype(cls)), cls


def _axis(arr: np.ndarray, dim: Value | None, result_length: int = 1) -> tuple[np.ndarray, int]:
    """The working axis (first non-singleton or dim) with the array extended to have it."""
    return along_axis(arr, first_nonsingleton(arr.shape) if dim is None else dim_arg(dim), result_length)


def _quantiles(sorted_values: np.ndarray, fractions: np.ndarray) -> np.ndarray:
    """MATLAB's quantiles of one sorted 1-d array without NaN."""
    n = sorted_values.size
    if n == 0:
        return np.full(fractions.shape, np.nan)
    positions = np.clip(fractions * n - 0.5, 0, n - 1)
    return np.interp(positions, np.arange(n), sorted_values)


def _quantile_of(fname: str, x: Value, p: Value, dim: Value | None, scale: float) -> Value:
    data, cls = _float_data(fname, x)
    fractions = real_array(fname, p).astype(np.float64)
    if fname == "quantile" and fractions.size == 1 and 1 < fractions.flat[0] < np.inf and \
            fractions.flat[0] == np.floor(fractions.flat[0]):
        count = check_size((1, int(fractions.flat[0])))[1]   # quantile(A, n): n evenly spaced probabilities
        fractions = np.arange(1, count + 1).reshape(1, -1) / (count + 1)
    flat_p = fractions.ravel(order="F") / scale
    if np.any(flat_p < 0) or np.any(flat_p > 1) or np.any(np.isnan(flat_p)):
        raise MatlabError(f"MATLAB:{fname}:BadPercents" if scale == 100 else f"MATLAB:{fname}:BadProbs",
                          "P must be a scalar or a vector of percent values between 0 and 100." if scale == 100
                          else "P must be a scalar or a vector of probabilities between 0 and 1.")
    if is_text(dim, "all") if dim is not None else False:
        data, dim = data.reshape(-1, 1, order="F"), None
    if dim is None and data.ndim == 2 and 1 in data.shape:     # a vector: one result per p, shaped as p
        values = np.sort(data.ravel()[~np.isnan(data.ravel())])
        return to_value(cast_result(_quantiles(values, flat_p).reshape(fractions.shape, order="F"), cls))
    arr, axis = _axis(data.reshape(0, 1) if data.shape == (0, 0) else data, dim, flat_p.size)
    moved = np.moveaxis(arr, axis, -1)
    rows = moved.reshape(int(np.prod(moved.shape[:-1])), moved.shape[-1])
    results = np.array([_quantiles(np.sort(r[~np.isnan(r)]), flat_p) for r in rows]).reshape(
        moved.shape[:-1] + (flat_p.size,))
    return to_value(cast_result(np.moveaxis(results, -1, axis), cls))


@builtin("prctile", family="data")
def prctile(x: Value, p: Value, dim: Value | None = None) -> Value:
    """prctile(X, p), prctile(X, p, dim), prctile(X, p, 'all')  percentiles of the data in X for the percentages p (0 to 100).

    A vector X gives one percentile per element of p, shaped as p; for a matrix, the percentiles of
    each column (or along dim) run down that dimension, numel(p) of them. MATLAB's method: the sorted values stand
    for the percentages 100*(0.5:n-0.5)/n and percentages between them are interpolated; NaN is
    ignored.

        prctile([1 2 3 4 5], [25 50 90])    % 1.75 3 5
    """
    return _quantile_of("prctile", x, p, dim, 100.0)


@builtin("quantile", family="data")
def quantile(x: Value, p: Value, dim: Value | None = None) -> Value:
    """quantile(X, p), quantile(X, n), quantile(X, p, dim), quantile(X, p, 'all')  quantiles of the
    data in X for the cumulative probabilities p (0 to 1), computed as prctile(X, 100*p).

    An integer n > 1 asks for the n evenly spaced probabilities (1:n)/(n+1).

        quantile([3 1 2 10], 0.3)    % 1.7
    """
    return _quantile_of("quantile", x, p, dim, 1.0)


@builtin("range", family="data")
def range_(x: Value, dim: Value | None = None) -> Value:
    """range(X), range(X, dim)  the difference between the largest and smallest elements.

    max(X) - min(X) along the first non-singleton dimension (or dim), NaN ignored as max and min do.

        range([4 1 9])    % 8
    """
    check_classes("range", (x,), ANY_NUMERIC)
    args = () if dim is None else (EMPTY, dim)
    high, low = (numeric_array(_one(f(x, *args)), "range") for f in (max_, min_))
    if high.dtype.kind == "c" or low.dtype.kind == "c":
        raise MatlabError("MATLAB:range:complexInput", "range supports real inputs only.")
    with np.errstate(all="ignore"):
        return to_value(cast_result(high.astype(np.float64) - low, result_class(x)))


@builtin("bounds", family="data")
def bounds(x: Value, *args: Value, nargout: int = 1) -> Value:
    """[S, L] = bounds(A), bounds(A, dim), bounds(A, vecdim), bounds(A, 'all'), bounds(..., nanflag)
    The smallest and largest elements.

    The smallest (S) and largest (L) elements, min(A) and max(A) with the same dimension and NaN
    options (NaN ignored by default).

        [S, L] = bounds([4 1 9])    % S = 1, L = 9
    """
    rest = (EMPTY, *args) if args else ()
    return (_one(min_(x, *rest)), _one(max_(x, *rest)))[:max(nargout, 1)]


def _one(result: Value | tuple) -> Value:
    """The value of a max/min call (which gives a tuple for some inputs)."""
    return result[0] if type(result) is tuple else result


@builtin("mad", family="data")
def mad(x: Value, flag: Value | None = None, dim: Value | None = None) -> Value:
    """mad(X), mad(X, flag), mad(X, flag, dim)  mean or median absolute deviation.

    flag 0 (the default): mean(abs(X - mean(X))); flag 1: median(abs(X - median(X))); along the first
    non-singleton dimension (or dim). NaN values are ignored.

        mad([1 2 3 10])       % 3
        mad([1 2 3 10], 1)    % 1
    """
    data, cls = _float_data("mad", x)
    use_median = flag is not None and numeric_array(flag, "mad").size and bool(numeric_array(flag, "mad").ravel()[0])
    center = np.nanmedian if use_median else np.nanmean
    if data.size == 0 and dim is None and data.shape == (0, 0):
        return to_value(cast_result(np.full((1, 1), np.nan), cls))
    arr, axis = _axis(data, dim)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        out = center(np.abs(arr - center(arr, axis=axis, keepdims=True)), axis=axis, keepdims=True)
    return to_value(cast_result(out, cls))


def _variables(fname: str, a: Value, b: Value | None) -> tuple[np.ndarray, str]:
    """Observations by variables: columns of A (a vector is one variable), or A(:) and B(:)."""
    check_classes(fname, (a,) if b is None else (a, b), FLOAT_INPUTS)
    arr = numeric_array(a, fname)
    cls = result_class(a) if b is None else result_class(a, b)
    if b is not None:
        other = numeric_array(b, fname)
        if other.size != arr.size:
            raise MatlabError(f"MATLAB:{fname}:XYlengthMismatch", "The number of elements in A and B must match.")
        arr = np.stack([arr.ravel(order="F"), other.ravel(order="F")], axis=1)
    elif arr.ndim == 2 and arr.shape[0] == 1:
        arr = arr.reshape(-1, 1)
    if arr.ndim != 2:
        raise MatlabError(f"MATLAB:{fname}:InputDim", "Inputs must be 2-D.")
    dtype = work_dtype(cls) if arr.dtype.kind != "c" else arr.dtype
    return arr.astype(dtype), cls


def _covariance(data: np.ndarray, by_n: bool) -> np.ndarray:
    n = data.shape[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)     # no rows: NaN
        centered = data - data.mean(axis=0, keepdims=True)
    return (centered.conj().T @ centered) / (n if by_n or n == 1 else n - 1)


@builtin("cov", family="data")
def cov(a: Value, *args: Value) -> Value:
    """cov(A), cov(A, B), cov(..., w)  covariance: the variance of a vector, the covariance matrix of
    the columns of a matrix, or the 2-by-2 covariance matrix of A(:) and B(:).

    Normalized by N-1 (w = 0, the default) or N (w = 1). Options for NaN rows are not supported.

        cov([1 2 3 4], [2 4 5 9])    % [1.6667 3.6667; 3.6667 8.6667]
    """
    if any(option_text(v) is not None for v in args):
        raise MatlabError("MATLAB:cov:unsupportedOption", "cov does not support NaN-row options.")
    weight = 0.0
    if len(args) == 2 or (len(args) == 1 and numeric_array(a, "cov").size > 1 and
                          numeric_array(args[0], "cov").size == 1):
        weight, args = real_scalar("cov", args[-1], "The weight"), args[:-1]
    if weight not in (0.0, 1.0):
        raise MatlabError("MATLAB:cov:invalidWeight", "The weight must be 0 or 1.")
    data, cls = _variables("cov", a, args[0] if args else None)
    if data.shape[0] == 0:
        return to_value(cast_result(np.full((data.shape[1],) * 2 if data.shape[1] > 1 else (1, 1), np.nan), cls))
    if data.shape[1] == 0:
        return to_value(np.zeros((0, 0), work_dtype(cls)))
    with np.errstate(all="ignore"):
        return to_value(cast_result(_covariance(data, weight == 1.0), cls))


@builtin("corrcoef", family="data")
def corrcoef(a: Value, b: Value | None = None) -> Value:
    """R = corrcoef(A), corrcoef(A, B)  correlation coefficients of the columns of A (or of A(:) and
    B(:)): cov normalized by the standard deviations, so the diagonal is 1.

    Significance outputs (P, bounds) and name-value options are not supported.

        corrcoef([1 2 3 4], [2 4 5 9])    % [1 0.9648; 0.9648 1]
    """
    data, cls = _variables("corrcoef", a, b)
    with np.errstate(all="ignore"):
        c = _covariance(data, False)
        d = np.sqrt(np.real(np.diag(c)))
        r = c / np.outer(d, d)
        if r.dtype.kind != "c":
            r = np.clip(r, -1, 1)
        np.fill_diagonal(r, np.where(np.isnan(np.diag(r)), np.nan, 1))
    return to_value(cast_result(r, cls))


RESCALE_OPTIONS = ("InputMin", "InputMax")


@builtin("rescale", family="data")
def rescale(a: Value, *args: Value) -> Value:
    """rescale(A), rescale(A, l, u), rescale(..., 'InputMin', m, 'InputMax', M)  scale the values of A
    linearly to [0, 1] (or [l, u]): l + (A - m)./(M - m).*(u - l) with m = min(A(:)), M = max(A(:)).

    Values of a constant A become l; the result is double (single for single input).

        rescale([1 2 3 5])    % 0 0.25 0.5 1
    """
    check_classes("rescale", (a,), ANY_NUMERIC)
    split = leading_positional(args, RESCALE_OPTIONS)
    if split not in (0, 2):
        raise MatlabError("MATLAB:rescale:bounds", "Give both the lower and upper bounds l and u.")
    opts = name_values("rescale", args[split:], RESCALE_OPTIONS)
    cls = "single" if "single" in (class_of(a), *(class_of(v) for v in args[:split])) else "double"
    data = real_array("rescale", a).astype(work_dtype(cls))
    low, high = (real_array("rescale", v).astype(work_dtype(cls)) for v in args[:2]) if split else (0.0, 1.0)
    finite = data[~np.isnan(data)]
    in_min = real_array("rescale", opts["InputMin"]) if "InputMin" in opts else \
        (finite.min() if finite.size else np.nan)
    in_max = real_array("rescale", opts["InputMax"]) if "InputMax" in opts else \
        (finite.max() if finite.size else np.nan)
    shape = data.shape
    for bound in (low, high, in_min, in_max):
        shape = broadcast_shape(shape, np.shape(bound) if np.ndim(bound) >= 2 else (1, 1))
    if np.any(np.asarray(low) > np.asarray(high)):
        raise MatlabError("MATLAB:rescale:lowerGreaterThanUpper", "Lower bound must be less than or equal to upper bound.")
    with np.errstate(all="ignore"):
        data, low, high, in_min, in_max = expand_dims([np.asarray(v, dtype=data.dtype).reshape(
            np.shape(v) if np.ndim(v) >= 2 else (1, 1)) for v in (data, low, high, in_min, in_max)])
        clipped = np.clip(data, in_min, in_max)
        spread = in_max - in_min
        fraction = np.where(spread == 0, 0.0, (clipped - in_min) / np.where(spread == 0, 1, spread))
        out = low + fraction * (high - low)
    return to_value(cast_result(np.asarray(out), cls))


NORMALIZE_METHODS = ("zscore", "norm", "scale", "range", "center", "medianiqr")


def _method(args: tuple[Value, ...]) -> tuple[str, Value | None]:
    """(method, its option or None) from normalize's trailing arguments."""
    if not args:
        return "zscore", None
    method = match_name("normalize", option_text(args[0]) or "", NORMALIZE_METHODS)
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    return method, args[1] if len(args) == 2 else None


def _stat(arr: np.ndarray, axis: int, name: str) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if name == "mean":
            return np.nanmean(arr, axis=axis, keepdims=True)
        if name == "median":
            return np.nanmedian(arr, axis=axis, keepdims=True)
        if name == "std":
            return np.nanstd(arr, axis=axis, keepdims=True, ddof=1) if arr.shape[axis] > 1 else \
                np.zeros_like(np.nanmean(arr, axis=axis, keepdims=True))
        if name == "mad":
            return np.nanmedian(np.abs(arr - _stat(arr, axis, "median")), axis=axis, keepdims=True)
        if name == "iqr":
            q = np.moveaxis(np.apply_along_axis(lambda r: _quantiles(np.sort(r[~np.isnan(r)]), np.array([.25, .75])),
                                                axis, arr), axis, -1)
            return np.expand_dims(q[..., 1] - q[..., 0], axis)
        if name == "first":
            return np.take(arr, [0], axis=axis)
    raise MatlabError("MATLAB:normalize:invalidMethodOption", f"Invalid method option '{name}'.")


def _option_word(value: Value | None, default: str) -> str | None:
    """The text of a method option (lower case), the default when there is none, None when numeric."""
    if value is None:
        return default
    word = option_text(value)
    return word.lower() if word is not None else None


def _normalized(arr: np.ndarray, axis: int, method: str, option: Value | None) -> tuple[np.ndarray, ...]:
    """(normalized array, center, scale) of normalize's methods."""
    zero = np.zeros_like(np.take(arr, [0], axis=axis)) if arr.shape[axis] else np.zeros(1)
    if method == "zscore":
        how = _option_word(option, "std")
        center, scale = (_stat(arr, axis, "mean"), _stat(arr, axis, "std")) if how == "std" else \
            (_stat(arr, axis, "median"), _stat(arr, axis, "mad"))
    elif method == "medianiqr":
        center, scale = _stat(arr, axis, "median"), _stat(arr, axis, "iqr")
    elif method == "norm":
        p = 2.0 if option is None else float(numeric_array(option, "normalize").ravel()[0])
        mag = np.abs(arr)
        scale = np.nanmax(mag, axis=axis, keepdims=True) if p == np.inf else \
            np.nansum(mag ** p, axis=axis, keepdims=True) ** (1 / p)
        center = zero
    elif method == "scale":
        how = _option_word(option, "std")
        center = zero
        scale = _stat(arr, axis, how) if how is not None else numeric_array(option, "normalize")
    elif method == "range":
        bounds_ = np.array([0.0, 1.0]) if option is None else numeric_array(option, "normalize").ravel()
        low, high = np.nanmin(arr, axis=axis, keepdims=True), np.nanmax(arr, axis=axis, keepdims=True)
        span = high - low
        out = bounds_[0] + (arr - low) / span * (bounds_[1] - bounds_[0])
        return out, low - bounds_[0] * span / (bounds_[1] - bounds_[0]), span / (bounds_[1] - bounds_[0])
    else:
        how = _option_word(option, "mean")
        center = _stat(arr, axis, how) if how is not None else numeric_array(option, "normalize")
        scale = np.ones_like(zero)
    return (arr - center) / scale, center, scale


@builtin("normalize", family="data")
def normalize(a: Value, *args: Value, nargout: int = 1) -> Value:
    """[N, C, S] = normalize(A), normalize(A, dim), normalize(..., method), normalize(..., method, option)
    Normalizes data: z-scores, norms, scaling, ranges, centering.

    Normalizes the data along the first non-singleton dimension (or dim), N = (A - C) ./ S: 'zscore'
    (the default; option 'std' or 'robust': median and median absolute deviation), 'norm' (p-norm,
    option p, default 2), 'scale' (option 'std', 'mad', 'first', 'iqr' or a number), 'range' (to
    [0 1] or the option [a b]), 'center' (option 'mean', 'median' or a number), 'medianiqr'.
    C and S are the centering and scaling values used.

        normalize([1 2 3])             % -1 0 1
        normalize([1 2 3], 'range')    % 0 0.5 1
    """
    data, cls = _float_data("normalize", a)
    dim = None
    if args and option_text(args[0]) is None:
        dim, args = args[0], args[1:]
    if args and is_text(args[0], "DataVariables"):
        raise MatlabError("MATLAB:normalize:tableOption", "normalize supports arrays only.")
    method, option = _method(args)
    arr, axis = _axis(data, dim)
    with np.errstate(all="ignore"):
        out, center, scale = _normalized(arr, axis, method, option)
    outs = tuple(to_value(cast_result(np.asarray(v), cls)) for v in (out, center, scale))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


@builtin("detrend", family="data")
def detrend(x: Value, *args: Value) -> Value:
    """D = detrend(x), detrend(x, n), detrend(x, 'constant'), detrend(x, 1, bp)  remove a polynomial trend.

    Subtracts the least-squares line (n = 1, the default, also 'linear'), mean (n = 0, 'constant') or
    polynomial of degree n fitted over the positions 1, 2, ... of a vector, or of each column of a
    matrix. With breakpoints bp (indices) and n = 1 the trend is a continuous piecewise line that may
    bend at each breakpoint. The result has the size of x.

        detrend([1 2 4 4])    % [-0.1 -0.2 0.7 -0.4]
    """
    arr = numeric_array(x, "detrend")
    if class_of(x) not in ("double", "single") or arr.ndim > 2:
        raise MatlabError("MATLAB:detrend:InvalidInput", "Input must be a double or single vector or matrix.")
    degree = 1
    if args:
        word = option_text(args[0])
        degree = {"constant": 0, "linear": 1}.get((word or "").lower(), -1) if word is not None else \
            real_scalar("detrend", args[0], "n")
        if not (0 <= degree < np.inf and degree == int(degree)):
            raise MatlabError("MATLAB:detrend:InvalidTrendType", "The trend must be 'constant', 'linear' or a "
                              "nonnegative integer degree.")
    breaks = real_array("detrend", args[1]).ravel() if len(args) > 1 else np.zeros(0)
    if breaks.size and degree != 1:
        raise MatlabError("MATLAB:detrend:BreakPoints", "Breakpoints need the linear trend (n = 1).")
    columns = arr.reshape(-1, 1) if arr.shape[0] == 1 else arr
    n = columns.shape[0]
    t = np.arange(1.0, n + 1)
    scale = t / n if n else t
    degree = int(min(degree, max(n - 1, 0)))     # a degree of n - 1 or more fits the n values exactly
    basis = np.stack([scale ** k for k in range(degree, -1, -1)], axis=1)
    if breaks.size:
        inside = np.unique(breaks[(breaks > 1) & (breaks < n)])
        basis = np.concatenate([basis] + [np.maximum(t - b, 0).reshape(-1, 1) / n for b in inside], axis=1)
    data = columns.astype(np.float64)
    fit, *_ = np.linalg.lstsq(basis, data, rcond=None) if n else (np.zeros((basis.shape[1], data.shape[1])),)
    out = (data - basis @ fit).reshape(arr.shape).astype(work_dtype(class_of(x)))
    return to_value(out)
