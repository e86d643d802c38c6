"""Polynomials, interpolation and numerical integration: polyfit polyval interp1 trapz cumtrapz.

Double and single inputs (logical and char count as double); results are double unless an input is
single. polyval uses Horner's rule in MATLAB's order, so its roundings are MATLAB's; polyfit solves the
least-squares Vandermonde system with a QR factorization as MATLAB's polyfit.m does.
"""
from __future__ import annotations

import numpy as np
import scipy.linalg

from ..errors import MatlabError
from ..semantics import result_class, to_value, work_dtype
from ..values import Value
from .elementwise import FLOAT_INPUTS, check_classes
from .registry import builtin
from .sizes import (clamp_axis, dim_arg, first_nonsingleton, integer_values, is_text, numeric_array,
                    option_text)


def _floats(fname: str, *values: Value) -> tuple[list[np.ndarray], str]:
    """Real double/single arguments as arrays of the working precision, and the result class."""
    check_classes(fname, values, FLOAT_INPUTS)
    cls = result_class(*values)
    arrays = [numeric_array(v, fname) for v in values]
    if any(a.dtype.kind == "c" for a in arrays):
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only.")
    return [a.astype(work_dtype(cls)) for a in arrays], cls


@builtin("polyval", family="numerical", fusion="elementwise")
def polyval(p: Value, x: Value) -> Value:
    """polyval(p, x)  value of the polynomial with coefficients p (highest power first) at each x.

    Evaluated by Horner's rule, y = p(1), then y = x.*y + p(k) for each further coefficient. The
    result has the size of x; an empty p gives zeros.

        polyval([1 -3 1], [0 1 2])    % 1 -1 -1
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        (coeffs, points), _ = _floats("polyval", p, x)
        coeffs = coeffs.ravel(order="F")
        y = np.zeros_like(points)
        if coeffs.size:
            y = np.full_like(points, coeffs[0])
            for c in coeffs[1:]:
                y = points * y + c
        return to_value(y)


@builtin("polyfit", family="numerical")
def polyfit(x: Value, y: Value, n: Value) -> Value:
    """polyfit(x, y, n)  coefficients (highest power first) of the degree-n polynomial that fits the
    points (x, y) best in the least-squares sense.

    x and y must have the same number of elements; the result is a row vector of n+1 coefficients.
    The extra outputs S and mu are not supported.

        p = polyfit([1 2 3], [2 4 7], 1)    % 2.5000 -0.6667
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        (xs, ys), _ = _floats("polyfit", x, y)
        degree = integer_values(n, "polyfit")
        if len(degree) != 1 or degree[0] < 0:
            raise MatlabError("MATLAB:polyfit:invalidDegree", "The degree N must be a nonnegative integer.")
        xs, ys = xs.ravel(order="F"), ys.ravel(order="F")
        if xs.size != ys.size:
            raise MatlabError("MATLAB:polyfit:XYSizeMismatch", "The first two inputs must have the same "
                              "number of elements.")
        vander = np.vander(xs, degree[0] + 1)
        if not (np.all(np.isfinite(xs)) and np.all(np.isfinite(ys))):
            return to_value(np.full((1, degree[0] + 1), np.nan, xs.dtype))
        q, r = scipy.linalg.qr(vander, mode="economic")
        coeffs = scipy.linalg.solve_triangular(r, q.T @ ys) if r.shape[0] == r.shape[1] else \
            np.linalg.lstsq(vander, ys, rcond=None)[0]
        return to_value(coeffs.reshape(1, -1))


def _trapz_args(fname: str, args: tuple[Value, ...]) -> tuple[np.ndarray | None, np.ndarray, int]:
    """(spacing or coordinates x, or None; values y; axis) from (Y), (Y, dim), (X, Y) or (X, Y, dim).
    Two arguments are (Y, dim) when the second is a scalar, as in MATLAB."""
    if not args or len(args) > 3:
        raise MatlabError("MATLAB:minrhs" if not args else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if not args else "Too many input arguments.")
    if len(args) == 1 or (len(args) == 2 and numeric_array(args[1], fname).size == 1):
        (y,), _ = _floats(fname, args[0])
        x = None
    else:
        (x, y), _ = _floats(fname, args[0], args[1])
    explicit_dim = args[-1] if len(args) == 3 or (len(args) == 2 and x is None) else None
    axis = first_nonsingleton(y.shape) if explicit_dim is None else \
        clamp_axis(dim_arg(explicit_dim), y.ndim)
    length = y.shape[axis] if axis < y.ndim else 1
    if x is not None and x.size not in (1, length):
        raise MatlabError(f"MATLAB:{fname}:LengthXMismatchY",
                          "Length of X must match length of the first non-singleton dimension of Y.")
    if axis >= y.ndim:
        y = y.reshape(y.shape + (1,) * (axis + 1 - y.ndim))
    return x, y, axis


def _trapezoids(x: np.ndarray | None, y: np.ndarray, axis: int) -> np.ndarray:
    """The areas of the trapezoids between neighbours along ``axis`` (one fewer than y has)."""
    count = max(y.shape[axis] - 1, 0)
    if x is None:
        widths = np.ones(count)
    elif x.size == 1:
        widths = np.full(count, x.ravel()[0])
    else:
        widths = np.diff(x.ravel(order="F"))
    shape = [1] * y.ndim
    shape[axis] = count
    left = np.take(y, range(count), axis=axis)
    right = np.take(y, range(1, count + 1), axis=axis)
    return widths.reshape(shape).astype(y.dtype) * (left + right) / 2


@builtin("trapz", family="numerical", fusion="reduction")
def trapz(*args: Value) -> Value:
    """trapz(Y), trapz(X, Y), trapz(..., dim)  integral of Y by the trapezoidal rule.

    Works along the first non-singleton dimension (or dim) with unit spacing, the scalar spacing X or
    the coordinates X (as many as Y has along that dimension).

        trapz([0 1 3], [1 2 3])    % 6.5
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        x, y, axis = _trapz_args("trapz", args)
        return to_value(_trapezoids(x, y, axis).sum(axis=axis, keepdims=True))


@builtin("cumtrapz", family="numerical")
def cumtrapz(*args: Value) -> Value:
    """cumtrapz(Y), cumtrapz(X, Y), cumtrapz(..., dim)  running trapezoidal integral of Y.

    The forms of trapz; the result has the size of Y and starts at 0.

        cumtrapz([1 2 3])    % 0 1.5 4
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        x, y, axis = _trapz_args("cumtrapz", args)
        if y.shape[axis] == 0:
            return to_value(y.copy())
        start = np.zeros(tuple(1 if k == axis else n for k, n in enumerate(y.shape)), y.dtype)
        return to_value(np.concatenate([start, np.cumsum(_trapezoids(x, y, axis), axis=axis)], axis=axis))


INTERP_METHODS = ("linear", "nearest", "previous", "next")


def _interp_options(args: tuple[Value, ...]) -> tuple[str, float | None, bool]:
    """(method, fill value or None, extrapolate?) from interp1's trailing arguments."""
    method, fill, extrap = "linear", np.nan, False
    for arg in args:
        word = option_text(arg)
        if word is not None and word.lower() in INTERP_METHODS:
            method = word.lower()
        elif is_text(arg, "extrap"):
            extrap = True
        elif word is None and numeric_array(arg, "interp1").size == 1:
            fill = float(numeric_array(arg, "interp1").ravel()[0])
        else:
            raise MatlabError("MATLAB:interp1:InvalidMethod", f"interp1 supports the methods "
                              f"{', '.join(INTERP_METHODS)}, 'extrap' and a scalar fill value.")
    return method, fill, extrap


def _interp_vector(x: np.ndarray, v: np.ndarray, xq: np.ndarray, method: str) -> np.ndarray:
    """Interpolate at xq inside [x(1), x(end)] (x increasing); points outside come back as NaN."""
    inside = (xq >= x[0]) & (xq <= x[-1])
    k = np.clip(np.searchsorted(x, xq, side="right") - 1, 0, x.size - 2)
    if method == "linear":
        t = (xq - x[k]) / (x[k + 1] - x[k])
        out = v[k] + t * (v[k + 1] - v[k])
    elif method == "nearest":
        out = np.where(xq - x[k] < x[k + 1] - xq, v[k], v[k + 1])
    elif method == "previous":
        out = np.where(xq >= x[k + 1], v[k + 1], v[k])
    else:
        out = np.where(xq <= x[k], v[k], v[k + 1])
    return np.where(inside, out, np.nan)


@builtin("interp1", family="numerical")
def interp1(*args: Value) -> Value:
    """interp1(x, v, xq), interp1(x, v, xq, method), interp1(..., 'extrap'), interp1(..., fill)

    One-dimensional interpolation of the vector v (sample points x, default 1:numel(v) as in
    interp1(v, xq)) at the query points xq, by 'linear' (default), 'nearest', 'previous' or 'next'.
    Points outside the range of x give NaN, the fill value, or with 'extrap' values extrapolated by the
    method. The result has the size of xq.

        interp1([1 2 3], [10 20 30], [1.5 2.5])    % 15 25
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        numeric_args = [a for a in args if option_text(a) is None]
        if len(numeric_args) < 2:
            raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
        if len(args) == 2 or option_text(args[2]) is not None:
            x_value, rest = None, args
        else:
            x_value, rest = args[0], args[1:]
        method, fill, extrap = _interp_options(rest[2:])
        (v, xq), cls = _floats("interp1", rest[0], rest[1])
        v = v.ravel(order="F")
        x = np.arange(1.0, v.size + 1) if x_value is None else \
            _floats("interp1", x_value)[0][0].ravel(order="F")
        if x.size != v.size or x.size < 2:
            raise MatlabError("MATLAB:interp1:YInvalidNumRows", "The sample points x and values v must be "
                              "vectors of the same length, with at least two points.")
        order = np.argsort(x, kind="stable")
        x, v = x[order], v[order]
        if np.any(np.diff(x) == 0):
            raise MatlabError("MATLAB:interp1:RepeatedValuesX",
                              "The grid vectors must contain unique points.")
        out = _interp_vector(x, v, xq, method)
        outside = np.isnan(out) & ~np.isnan(xq)
        out = np.where(outside, _extrapolate(x, v, xq, method) if extrap else fill, out)
        return to_value(out.astype(work_dtype(cls)))


def _extrapolate(x: np.ndarray, v: np.ndarray, xq: np.ndarray, method: str) -> np.ndarray:
    """Values outside [x(1), x(end)] by the method: linear continues the end segments, nearest repeats
    the end values, previous (next) repeats the last (first) value on its side only."""
    below = xq < x[0]
    if method == "linear":
        ends = np.where(below, 0, x.size - 2)
        return v[ends] + (xq - x[ends]) * (v[ends + 1] - v[ends]) / (x[ends + 1] - x[ends])
    if method == "nearest":
        return np.where(below, v[0], v[-1])
    if method == "previous":
        return np.where(below, np.nan, v[-1])
    return np.where(below, v[0], np.nan)
