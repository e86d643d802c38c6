"""smoothdata: smoothing noisy data over a moving window, by MATLAB's methods; smooth, the Curve Fitting
Toolbox's moving average.

Every method works on the windows of moving.py (k elements centred on each element, or [kb kf]), shrunk
at the ends: 'movmean' and 'movmedian' are the moving mean and median; 'gaussian' a weighted mean with
a Gaussian of standard deviation k/5 (MATLAB's fixed ratio), its weights scaled to sum to 1 over the
elements each window has; 'lowess' and 'loess' a weighted least-squares line or parabola through each
window (tricube weights in the distance from the element, relative to the window's farthest element)
evaluated at the element; 'sgolay' an unweighted polynomial of 'Degree' (default 2, lower where a
shrunk window has too few elements). NaN elements are left out ('omitnan', the default) or make their
windows NaN ('includenan').
"""
from __future__ import annotations

import math

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, StringArray, Value, class_of
from .arguments import match_name
from .elementwise import ANY_NUMERIC, check_classes
from .moving import sliding_windows, window_extents
from .registry import builtin
from .sizes import along_axis, dim_arg, first_nonsingleton, numeric_array, option_text

METHODS = ("movmean", "movmedian", "gaussian", "lowess", "loess", "sgolay", "rlowess", "rloess")
NAN_FLAGS = {"omitnan": True, "omitmissing": True, "includenan": False, "includemissing": False}


def _weighted_mean(windows: np.ndarray, valid: np.ndarray, weights: np.ndarray) -> np.ndarray:
    w = np.where(valid, weights, 0.0)
    total = w.sum(axis=-1)
    with np.errstate(all="ignore"):
        return np.where(total > 0, (np.where(valid, windows, 0.0) * w).sum(axis=-1) / total, np.nan)


def _median(windows: np.ndarray, valid: np.ndarray) -> np.ndarray:
    picked = np.where(valid, windows, np.nan)
    counts = valid.sum(axis=-1)
    ordered = np.sort(picked, axis=-1)              # NaN last: the valid ones first
    low = np.take_along_axis(ordered, np.maximum((counts - 1) // 2, 0)[..., None], axis=-1)[..., 0]
    high = np.take_along_axis(ordered, np.maximum(counts // 2, 0)[..., None], axis=-1)[..., 0]
    return np.where(counts > 0, (low + high) / 2, np.nan)


def _local_fit(windows: np.ndarray, valid: np.ndarray, offsets: np.ndarray, degree: int,
               tricube: bool) -> np.ndarray:
    """The value at offset 0 of a least-squares polynomial of ``degree`` through each window (weighted
    with tricube weights when ``tricube``); a window with too few elements gets a lower degree (the
    least-norm fit, whose value at 0 is still the best such polynomial's)."""
    t = np.broadcast_to(offsets.astype(np.float64), windows.shape)
    reach = np.max(np.where(valid, np.abs(t), 0.0), axis=-1, keepdims=True)
    scale = np.maximum(reach, 1.0)
    u = t / scale
    if tricube:
        w = np.clip(1.0 - np.abs(t / np.where(reach > 0, reach, 1.0)) ** 3, 0.0, None) ** 3
        w = np.where(reach > 0, w, 1.0)
    else:
        w = np.ones_like(t)
    w = np.where(valid, w, 0.0)
    powers = np.stack([u ** p for p in range(degree + 1)], axis=-1)             # (..., W, d+1)
    gram = np.einsum("...wi,...w,...wj->...ij", powers, w, powers)
    rhs = np.einsum("...wi,...w,...w->...i", powers, w, np.where(valid, windows, 0.0))
    coeffs = np.einsum("...ij,...j->...i", np.linalg.pinv(gram, rcond=1e-10), rhs)
    return np.where(valid.any(axis=-1), coeffs[..., 0], np.nan)


def _smooth(method: str, windows: np.ndarray, valid: np.ndarray, before: int, width: float,
            degree: int) -> np.ndarray:
    offsets = np.arange(windows.shape[-1]) - before
    if method == "movmean":
        return _weighted_mean(windows, valid, np.ones(offsets.size))
    if method == "movmedian":
        return _median(windows, valid)
    if method == "gaussian":
        sigma = width / 5.0
        return _weighted_mean(windows, valid, np.exp(-0.5 * (offsets / sigma) ** 2))
    if method == "sgolay":
        return _local_fit(windows, valid, offsets, degree, tricube=False)
    return _local_fit(windows, valid, offsets, 1 if method == "lowess" else 2, tricube=True)


def _arguments(args: tuple) -> tuple[int | None, str, Value | None, bool, int]:
    """(axis, method, window, omitnan, degree) from [dim] [method [window]] [nanflag] [Name, Value]."""
    rest = list(args)
    axis, method, window, omitnan, degree = None, "movmean", None, True, 2
    if rest and option_text(rest[0]) is None:
        axis = dim_arg(rest.pop(0))
    if rest and option_text(rest[0]) is not None and option_text(rest[0]).lower() in METHODS:
        method = option_text(rest.pop(0)).lower()
        if rest and option_text(rest[0]) is None:
            window = rest.pop(0)
    while rest:
        word = (option_text(rest[0]) or "").lower()
        if word in NAN_FLAGS:
            omitnan = NAN_FLAGS[word]
            rest.pop(0)
            continue
        name = match_name("smoothdata", word, ("Degree", "SmoothingFactor", "SamplePoints"))
        if len(rest) < 2:
            raise MatlabError("MATLAB:smoothdata:NameValuePairs", f"The option '{name}' needs a value.")
        if name != "Degree":
            raise MatlabError(f"matfuse:smoothdata:{name}", f"smoothdata's '{name}' option is not supported.")
        degree = _degree(rest[1])
        rest = rest[2:]
    return axis, method, window, omitnan, degree


def _degree(value: Value) -> int:
    arr = numeric_array(value, "smoothdata").ravel()
    if arr.size != 1 or not (np.isfinite(arr[0]) and arr[0] >= 0 and arr[0] == np.floor(arr[0])):
        raise MatlabError("MATLAB:smoothdata:degreeInvalid", "Degree must be a nonnegative integer scalar.")
    return int(arr[0])


@builtin("smoothdata", family="data")
def smoothdata(a: Value, *args: Value, nargout: int = 1) -> Value:
    """B = smoothdata(A, method, window), smoothdata(A, dim, method, window), smoothdata(..., nanflag), smoothdata(..., 'Degree', d)
    [B, window] = smoothdata(...)  smooth noisy data over a moving window.

    Smooths along the first non-singleton dimension (or dim) over a window of k elements centred on
    each element, or kb before and kf after it ([kb kf]); windows are shrunk at the ends. method is
    'movmean' (the default), 'movmedian', 'gaussian' (weights of a Gaussian with standard deviation
    k/5), 'lowess' and 'loess' (local linear and quadratic regression with tricube weights) or
    'sgolay' (Savitzky-Golay: a local polynomial of 'Degree', default 2). NaN elements are left out
    ('omitnan', the default) or make their windows NaN ('includenan'). MATLAB's heuristic window (when
    none is given), 'SmoothingFactor', 'SamplePoints' and the robust 'rlowess' and 'rloess' are not
    supported. The result is double (single for single data).

        smoothdata([1 5 2 8 3], 'movmean', 3)    % 3  2.6667  5  4.3333  5.5
    """
    check_classes("smoothdata", (a,), ANY_NUMERIC)
    axis, method, window, omitnan, degree = _arguments(args)
    if method in ("rlowess", "rloess"):
        raise MatlabError("matfuse:smoothdata:robust", f"smoothdata's '{method}' method is not supported; "
                          f"use '{method[1:]}'.")
    if window is None:
        raise MatlabError("matfuse:smoothdata:window", "smoothdata's default window (a MATLAB heuristic) is not "
                          "supported: give the window, smoothdata(A, method, window).")
    before, after = window_extents("smoothdata", window)
    given = numeric_array(window, "smoothdata").ravel().astype(np.float64)
    width = float(given[0]) if given.size == 1 else float(given.sum()) + 1.0     # the Gaussian's k
    if method == "sgolay" and degree >= before + after + 1:
        raise MatlabError("MATLAB:smoothdata:degreeTooLarge", "Degree must be less than the window size.")
    cls = "single" if class_of(a) == "single" else "double"
    arr = numeric_array(a, "smoothdata")
    arr, axis = along_axis(arr, first_nonsingleton(arr.shape) if axis is None else axis)
    data = np.moveaxis(arr.real.astype(np.float64), axis, -1)
    if data.size:
        n = data.shape[-1]
        windows, valid = sliding_windows(data, min(before, n), min(after, n), None)
        nan = np.isnan(windows)
        out = _smooth(method, windows, valid & ~nan, min(before, n), width, degree)
        if not omitnan:
            out = np.where(np.any(nan & valid, axis=-1), np.nan, out)
        data = out
    result = to_value(np.moveaxis(data, -1, axis).astype(np.float32 if cls == "single" else np.float64))
    return (result, window) if nargout > 1 else result


# -- smooth (Curve Fitting Toolbox) --------------------------------------------------------------------

SMOOTH_METHODS = ("moving", "lowess", "loess", "sgolay", "rlowess", "rloess")


def _moving_average(y: np.ndarray, span: int) -> np.ndarray:
    """smooth's moving average: the mean of the span elements centred on each one, the window shrunk
    symmetrically near the ends (yy(1) = y(1), yy(2) = mean(y(1:3)), ...)."""
    n = y.size
    half = np.minimum(np.minimum(np.arange(n), np.arange(n)[::-1]), (span - 1) // 2)
    sums = np.concatenate([[0.0], np.cumsum(y)])
    index = np.arange(n)
    return (sums[index + half + 1] - sums[index - half]) / (2 * half + 1)


@builtin("smooth", family="data")
def smooth(*args: Value) -> Value:
    """yy = smooth(y), smooth(y, span), smooth(y, method), smooth(y, span, method), smooth(x, y, ...)
    smooth data with a moving average.

    The moving average of the vector y over span elements (default 5; an even span is reduced by one, a
    span below 1 is that fraction of the data), centred on each element, with the window shrunk at the
    ends so that it stays centred: yy(1) = y(1), yy(2) = (y(1)+y(2)+y(3))/3, yy(3) = mean(y(1:5)), ...
    yy is a column. Given x, the data are taken in the order of x. method 'moving' is the default; the
    regression methods 'lowess', 'loess', 'sgolay', 'rlowess' and 'rloess' are not supported (smoothdata
    has lowess, loess and sgolay). (smooth is MATLAB's Curve Fitting Toolbox function.)

        smooth([1 5 2 8 3 9 4])'    % 1  2.6667  3.8  5.4  5.2  5.3333  4
    """
    words = [option_text(a) if isinstance(a, (CharArray, StringArray)) else None for a in args]
    method = "moving"
    if args and words[-1] is not None:
        method = match_name("smooth", words[-1], SMOOTH_METHODS)
        args = args[:-1]
    if method != "moving":
        raise MatlabError(f"matfuse:smooth:{method}", f"smooth's '{method}' method is not supported; "
                          "smoothdata(y, method, window) has 'lowess', 'loess' and 'sgolay'.")
    if not 1 <= len(args) <= 3:
        raise MatlabError("MATLAB:smooth:TooManyInputs", "smooth takes y, or x and y, then span and method.")
    x = None
    if len(args) == 3 or len(args) == 2 and numeric_array(args[1], "smooth").size > 1:
        x, args = args[0], args[1:]
    check_classes("smooth", args[:1], ANY_NUMERIC)
    y = numeric_array(args[0], "smooth")
    if y.dtype.kind == "c" or y.ndim > 2 or min(y.shape, default=0) > 1:
        raise MatlabError("curvefit:smooth:invalidY", "Y must be a real vector.")
    y = y.ravel(order="F").astype(np.float64)
    n = y.size
    span = 5.0
    if len(args) > 1:
        given = numeric_array(args[1], "smooth").ravel()
        if given.size != 1 or not (given[0] > 0 and np.isfinite(given[0])):
            raise MatlabError("curvefit:smooth:invalidSpan", "SPAN must be a positive scalar.")
        span = float(given[0])
    span = math.ceil(span * n) if span < 1 else math.floor(span)
    span = min(span, n) if n else span
    span -= 1 - span % 2                        # an even span is one less
    order = None
    if x is not None:
        xs = numeric_array(x, "smooth").ravel(order="F").astype(np.float64)
        if xs.size != n:
            raise MatlabError("curvefit:smooth:XYmustBeSameLength", "X and Y must be the same length.")
        order = np.argsort(xs, kind="stable")
        y = y[order]
    out = _moving_average(y, max(span, 1)) if n else y
    if order is not None:
        out[order] = out.copy()
    return to_value(out.reshape(-1, 1))
