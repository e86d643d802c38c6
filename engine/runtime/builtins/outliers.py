"""Outliers: isoutlier rmoutliers filloutliers.

An element is an outlier when it lies outside [L, U] around a centre C, by one of MATLAB's detection
methods along the first dimension whose size is not 1 (or dim): 'median' (the default: C the median,
L and U ThresholdFactor (3) scaled MADs from it; the scaled MAD is c * median(|A - C|), c =
-1/(sqrt(2)*erfcinv(3/2)), about 1.4826), 'mean' (C the mean, L and U ThresholdFactor (3) standard
deviations from it), and their moving forms 'movmedian' and 'movmean' over a window (k, or [kb kf] as
movmedian takes it; windows shrink at the ends), whose L, U and C are per element. NaN entries are never
outliers and are left out of the statistics. 'quartiles', 'grubbs', 'gesd', 'percentiles' and the
name-value options but 'ThresholdFactor' (and rmoutliers' 'MinNumOutliers') are a clear error.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
import scipy

from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value, class_of
from .arguments import match_name, name_values, real_scalar
from .elementwise import ANY_NUMERIC, check_classes
from .missing import FILL_METHODS, _fill_column, _select
from .moving import sliding_windows, window_extents
from .registry import builtin
from .sizes import dim_arg, first_nonsingleton, numeric_array, option_text

MAD_SCALE = -1.0 / (math.sqrt(2.0) * float(scipy.special.erfcinv(1.5)))
METHODS = ("median", "mean", "movmedian", "movmean", "quartiles", "grubbs", "gesd", "percentiles")
UNSUPPORTED = ("quartiles", "grubbs", "gesd", "percentiles")


@dataclass
class Detection:
    """The bounds of one detection: L, U and C (broadcastable to the data), and the outlier mask."""
    lower: np.ndarray
    upper: np.ndarray
    center: np.ndarray
    outliers: np.ndarray


def _parse(fname: str, args: list[Value], names: tuple[str, ...]) -> tuple[str, tuple[int, int] | None,
                                                                             int | None, dict[str, Value]]:
    """[method [window]] [dim] [Name, Value ...]: the method, the window (moving methods), the axis (None:
    the default) and the options by name."""
    method, window, axis = "median", None, None
    word = option_text(args[0]) if args else None
    if word is not None and word.lower() in METHODS:
        args.pop(0)
        method = word.lower()
        if method in UNSUPPORTED:
            raise MatlabError(f"MATLAB:{fname}:UnsupportedMethod",
                              f"The '{method}' method is not supported: use 'median', 'mean', 'movmedian' or "
                              "'movmean'.")
        if method.startswith("mov"):
            if not args or option_text(args[0]) is not None:
                raise MatlabError(f"MATLAB:{fname}:MissingWindowLength",
                                  f"'{method}' needs a window length.")
            window = window_extents(fname, args.pop(0))
    if args and option_text(args[0]) is None:
        axis = dim_arg(args.pop(0))
    return method, window, axis, name_values(fname, args, names)


def _statistics(data: np.ndarray, method: str, window: tuple[int, int] | None,
                factor: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """L, U, C along the last axis of ``data`` (float, NaN for missing)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)         # all-NaN lines give NaN bounds
        if window is None:
            values, valid = data[..., None, :], ~np.isnan(data)[..., None, :]
        else:
            n = data.shape[-1]
            values, valid = sliding_windows(data, min(window[0], n), min(window[1], n), None)
            valid = valid & ~np.isnan(values)
        kept = np.where(valid, values, np.nan)
        if method.endswith("median"):
            center = np.nanmedian(kept, axis=-1)
            spread = MAD_SCALE * np.nanmedian(np.abs(kept - center[..., None]), axis=-1)
        else:
            count = valid.sum(axis=-1)
            center = np.nansum(kept, axis=-1) / count
            squares = np.nansum(np.abs(kept - center[..., None]) ** 2, axis=-1)
            spread = np.sqrt(np.where(count > 1, squares / np.maximum(count - 1, 1), 0.0))
            center = np.where(count > 0, center, np.nan)
    return center - factor * spread, center + factor * spread, center


def detect(fname: str, a: Value, args: list[Value], names: tuple[str, ...] = ()
           ) -> tuple[np.ndarray, Detection, int, str, dict[str, Value]]:
    """The data (float), its outliers and bounds along the working axis, the axis, the result class
    and the options by name (``names``: the function's own, beside 'ThresholdFactor')."""
    check_classes(fname, (a,), ANY_NUMERIC)
    arr = numeric_array(a, fname)
    if arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:ComplexData", f"{fname} does not support complex data.")
    method, window, axis, options = _parse(fname, list(args), names + ("ThresholdFactor",))
    factor = real_scalar(fname, options.pop("ThresholdFactor"), "ThresholdFactor") \
        if "ThresholdFactor" in options else 3.0
    if not factor >= 0:
        raise MatlabError(f"MATLAB:{fname}:InvalidThresholdFactor", "ThresholdFactor must be a nonnegative scalar.")
    cls = "single" if class_of(a) == "single" else "double"
    data = arr.astype(np.float32 if cls == "single" else np.float64)
    axis = first_nonsingleton(data.shape) if axis is None else axis
    if axis >= data.ndim:                  # lines of one element: each is its own centre and bounds
        lower = upper = center = data
    else:
        moved = np.moveaxis(data, axis, -1)
        lower, upper, center = (np.moveaxis(x, -1, axis) for x in _statistics(moved, method, window, factor))
    outliers = (data < lower) | (data > upper)
    return data, Detection(lower, upper, center, outliers), axis, cls, options


def _bounds(found: Detection, cls: str) -> tuple[Value, Value, Value]:
    dtype = np.float32 if cls == "single" else np.float64
    return tuple(to_value(x.astype(dtype)) for x in (found.lower, found.upper, found.center))


@builtin("isoutlier", family="data")
def isoutlier(a: Value, *args: Value, nargout: int = 1):
    """TF = isoutlier(A), isoutlier(A, method), isoutlier(A, movmethod, window), isoutlier(..., dim),
    isoutlier(..., 'ThresholdFactor', t), [TF, L, U, C] = isoutlier(...)
    Find outliers in data.

    TF marks the elements more than t (3) scaled MADs from the median ('median', the default), t
    standard deviations from the mean ('mean'), or the same locally in a moving window ('movmedian',
    'movmean' with window k or [kb kf]), along the first dimension whose size is not 1 or dim. L, U and C
    are the lower and upper thresholds and the centre. NaN is never an outlier.

        isoutlier([57 59 60 100 59 58 57 58 300 61 62 60 62 58 57])   % true at 100 and 300
    """
    data, found, _, cls, options = detect("isoutlier", a, list(args))
    _no_options("isoutlier", options)
    tf = to_value(found.outliers)
    return tf if nargout < 2 else (tf, *_bounds(found, cls))[:nargout]


@builtin("rmoutliers", family="data")
def rmoutliers(a: Value, *args: Value, nargout: int = 1):
    """B = rmoutliers(A), rmoutliers(A, method), rmoutliers(A, movmethod, window), rmoutliers(..., dim),
    rmoutliers(..., 'ThresholdFactor', t, 'MinNumOutliers', n), [B, TFrm] = rmoutliers(...)
    Remove outliers from data.

    Outliers are found as isoutlier finds them. From a vector, its outliers are removed; from a matrix,
    the rows with at least n (1) outliers in their columns (with dim 2: the columns with outliers in
    their rows). TFrm marks what was removed.

        rmoutliers([1 2 3 100 2])              % [1 2 3 2]
    """
    data, found, axis, _, options = detect("rmoutliers", a, list(args), ("MinNumOutliers",))
    least = real_scalar("rmoutliers", options.pop("MinNumOutliers"), "MinNumOutliers") \
        if "MinNumOutliers" in options else 1.0
    _no_options("rmoutliers", options)
    mask = found.outliers
    if mask.ndim > 2:
        raise MatlabError("MATLAB:rmoutliers:NDArrays", "rmoutliers supports vectors and matrices.")
    if axis > 1:                           # lines of one element have no outliers
        return a if nargout < 2 else (a, to_value(np.zeros(mask.shape[:2], dtype=bool)))
    if 1 in mask.shape and mask.shape[axis] == mask.size:      # a vector along the working dimension
        removed = mask.ravel(order="F")
        out = _select(a, ~removed, None)
        tf = removed.reshape(mask.shape, order="F")
    else:                                  # the rows (axis 0) or columns (axis 1) with outliers
        removed = mask.sum(axis=1 - axis) >= least
        out = _select(a, ~removed, axis)
        tf = removed.reshape(-1, 1) if axis == 0 else removed.reshape(1, -1)
    return out if nargout < 2 else (out, to_value(tf))


@builtin("filloutliers", family="data")
def filloutliers(a: Value, fill: Value, *args: Value, nargout: int = 1):
    """B = filloutliers(A, fillmethod), filloutliers(A, fillmethod, findmethod), filloutliers(A, fillmethod,
    movmethod, window), filloutliers(..., dim), filloutliers(..., 'ThresholdFactor', t),
    [B, TF, L, U, C] = filloutliers(...)
    Replace outliers in data.

    Outliers are found as isoutlier finds them and replaced: by a number, by the centre ('center'), by
    the threshold they passed ('clip'), or from the other (non-outlier, non-NaN) entries along the
    dimension by 'previous', 'next', 'nearest', 'linear', 'spline' or 'pchip' (as fillmissing fills).
    TF marks the outliers; L, U and C are isoutlier's.

        filloutliers([60 59 49 49 58 100 61 57 48 58], 'linear')   % 100 becomes 59.5
    """
    word = option_text(fill)
    if word is None:
        constant = real_scalar("filloutliers", fill, "Fill value")
        kind = "constant"
    else:
        kind = match_name("filloutliers", word, ("center", "clip") + FILL_METHODS[1:])
    data, found, axis, cls, options = detect("filloutliers", a, list(args))
    _no_options("filloutliers", options)
    mask = found.outliers
    out = data.copy()
    if kind == "constant":
        out[mask] = constant
    elif kind == "center":
        out = np.where(mask, np.broadcast_to(found.center, data.shape), data)
    elif kind == "clip":
        out = np.where(data < found.lower, found.lower, np.where(data > found.upper, found.upper, data))
    else:
        moved, holes = np.moveaxis(out, axis, -1), np.moveaxis(mask | np.isnan(data), axis, -1)
        for index in np.ndindex(moved.shape[:-1]):
            moved[index] = _fill_column(moved[index], holes[index], kind, np.nan)
        out = np.where(mask, out, data)
    result = to_value(out.astype(np.float32 if cls == "single" else np.float64))
    return result if nargout < 2 else (result, to_value(mask), *_bounds(found, cls))[:nargout]


def _no_options(fname: str, options: dict[str, Value]) -> None:
    if options:
        raise MatlabError(f"MATLAB:{fname}:UnsupportedOption", f"{fname} does not support the option "
                          f"'{next(iter(options))}'.")
