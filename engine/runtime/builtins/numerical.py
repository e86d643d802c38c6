"""Polynomials, interpolation and numerical integration: polyfit polyval polyvalm roots poly polyder polyint
residue interp1 trapz cumtrapz.

Double and single inputs (logical and char count as double); results are double unless an input is
single. polyval uses Horner's rule in MATLAB's order, so its roundings are MATLAB's; polyfit solves the
least-squares Vandermonde system with a QR factorization as MATLAB's polyfit.m does.
"""
from __future__ import annotations

import warnings
from typing import Callable

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError, warn
from ..ops import basic_solution
from ..semantics import result_class, to_value, work_dtype
from ..values import StructArray, Value
from .elementwise import FLOAT_INPUTS, check_classes
from .registry import builtin
from .sizes import (check_size, clamp_axis, dim_arg, first_nonsingleton, integer_values, is_text, numeric_array,
                    option_text)


def _floats(fname: str, *values: Value, complex_ok: bool = False) -> tuple[list[np.ndarray], str]:
    """Double/single arguments as arrays of the working precision (complex where one is and
    ``complex_ok``; else complex is an error), and the result class."""
    check_classes(fname, values, FLOAT_INPUTS)
    cls = result_class(*values)
    arrays = [numeric_array(v, fname) for v in values]
    dtype = work_dtype(cls)
    if any(a.dtype.kind == "c" for a in arrays):
        if not complex_ok:
            raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only.")
        dtype = np.result_type(dtype, np.complex64)
    return [a.astype(dtype) for a in arrays], cls


def _horner(coeffs: np.ndarray, points: np.ndarray) -> np.ndarray:
    """p(points) by Horner's rule in MATLAB's order (y = p(1), then y = x.*y + p(k))."""
    y = np.zeros_like(points)
    if coeffs.size:
        y = np.full_like(points, coeffs[0])
        for c in coeffs[1:]:
            y = points * y + c
    return y


def _centering(mu: Value | None) -> tuple[complex, complex] | None:
    """polyval's mu as two numbers (complex ones stay complex: the points become complex)."""
    if mu is None or numeric_array(mu, "polyval").size == 0:
        return None
    values = numeric_array(mu, "polyval").ravel()
    if values.size != 2:
        raise MatlabError("MATLAB:polyval:InvalidMu", "MU must be a two-element vector.")
    return values[0].item(), values[1].item()


@builtin("polyval", family="numerical", fusion="elementwise")
def polyval(p: Value, x: Value, s: Value | None = None, mu: Value | None = None, *,
            nargout: int = 1) -> Value:
    """polyval(p, x), polyval(p, x, [], mu), [y, delta] = polyval(p, x, S), [y, delta] = polyval(p, x, S, mu)

    The value of the polynomial with coefficients p (highest power first) at each x, by Horner's rule
    (y = p(1), then y = x.*y + p(k)); the result has the size of x and an empty p gives zeros. mu =
    [mean; std] from polyfit evaluates at (x - mu(1))/mu(2). delta, from polyfit's structure S, is the
    standard error for predicting a future observation at x (y +- delta holds at least 50% of them).

        polyval([1 -3 1], [0 1 2])    % 1 -1 -1
    """
    with np.errstate(all="ignore"):   # NaN and Inf results are values, as in MATLAB
        (coeffs, points), _ = _floats("polyval", p, x)
        coeffs = coeffs.ravel(order="F")
        centre = _centering(mu)
        if centre is not None:
            points = (points - centre[0]) / centre[1]
        y = to_value(_horner(coeffs, points))
        if nargout < 2:
            return y
        return y, _prediction_error(coeffs.size, points, s)


def _prediction_error(count: int, points: np.ndarray, s: Value | None) -> Value:
    """polyval's delta: normr/sqrt(df) * sqrt(1 + sum((V/R).^2, 2)) for the Vandermonde matrix V."""
    if type(s) is not StructArray or s.shape != (1, 1) or \
            not {"R", "df", "normr"} <= set(s.fields):
        raise MatlabError("MATLAB:polyval:SMustBeStructure",
                          "S must be the structure polyfit returns (fields R, df and normr).")
    fields = s.data[0, 0]
    r = numeric_array(fields["R"], "polyval").astype(np.float64)
    df = float(numeric_array(fields["df"], "polyval").ravel()[0])
    normr = float(numeric_array(fields["normr"], "polyval").ravel()[0])
    vander = np.vander(points.ravel(order="F").astype(np.result_type(points.dtype, np.float64)), count)
    e = scipy.linalg.solve_triangular(r, vander.T, trans="T", check_finite=False).T if r.size else vander
    spread = np.sqrt(1 + np.sum(np.abs(e) ** 2, axis=1))          # Octave's sumsq: real for complex x
    delta = np.full_like(spread, np.inf) if df == 0 else normr / np.sqrt(df) * spread
    return to_value(delta.reshape(points.shape, order="F").astype(points.real.dtype))


def _back_substitution(r: np.ndarray, b: np.ndarray) -> np.ndarray:
    """R \\ b for upper triangular R, as MATLAB computes it: a zero on the diagonal (repeated points, or
    x scaled to zeros) gives Inf and NaN coefficients, not an error."""
    x = np.zeros(r.shape[1], dtype=np.result_type(r, b))
    for i in range(r.shape[0] - 1, -1, -1):
        x[i] = (b[i] - r[i, i + 1:] @ x[i + 1:]) / r[i, i]
    return x


@builtin("polyfit", family="numerical")
def polyfit(x: Value, y: Value, n: Value, *, nargout: int = 1) -> Value:
    """polyfit(x, y, n), [p, S] = polyfit(x, y, n), [p, S, mu] = polyfit(x, y, n)  coefficients (highest
    power first) of the degree-n polynomial that fits the points (x, y) best in the least-squares sense.

    x and y must have the same number of elements; p is a row vector of n+1 coefficients. S is a
    structure for polyval's error estimates: R (the triangular factor of the QR decomposition of the
    Vandermonde matrix), df (degrees of freedom) and normr (norm of the residuals). With mu = [mean(x);
    std(x)], the fit is in the centered and scaled variable (x - mu(1))/mu(2).

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
        mu = None
        if nargout > 2:
            mu = np.array([[xs.mean()], [xs.std(ddof=1) if xs.size > 1 else 0.0]], dtype=xs.dtype)
            xs = (xs - mu[0, 0]) / mu[1, 0]
        vander = np.vander(xs, check_size((xs.size, degree[0] + 1))[1])
        if not (np.all(np.isfinite(vander)) and np.all(np.isfinite(ys))):   # R as qr(V, 0) gives it
            coeffs = np.full(degree[0] + 1, np.nan, xs.dtype)
            r = np.full((min(xs.size, degree[0] + 1), degree[0] + 1), np.nan)
        else:
            q, r = scipy.linalg.qr(vander, mode="economic")
            if r.shape[0] == r.shape[1]:
                coeffs = _back_substitution(r, q.T @ ys)
            else:                     # MATLAB's V \ y: the basic solution, at most size(x) nonzeros
                coeffs = basic_solution(vander, ys.reshape(-1, 1)).ravel()
                warn("MATLAB:polyfit:PolyNotUnique", "Polynomial is not unique; degree >= number of data "
                     "points.")
        p = to_value(coeffs.reshape(1, -1).astype(xs.dtype))
        if nargout < 2:
            return p
        stats = StructArray.scalar({
            "R": to_value(r), "df": float(max(ys.size - (degree[0] + 1), 0)),
            "normr": float(np.linalg.norm(ys - vander @ coeffs))})
        return (p, stats, to_value(mu)) if nargout > 2 else (p, stats)


@builtin("polyvalm", family="numerical")
def polyvalm(p: Value, x: Value) -> Value:
    """polyvalm(p, X)  the polynomial p evaluated in the matrix sense at the square matrix X.

    Horner's rule with matrix products: Y = p(1)*I, then Y = X*Y + p(k)*I for each further coefficient
    (polyval works element by element instead).

        polyvalm([1 2 3], [1 2; 3 4])    % [12 14; 21 33]
    """
    (coeffs, matrix), _ = _floats("polyvalm", p, x)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise MatlabError("MATLAB:polyvalm:NonSquareMatrix", "Matrix must be square.")
    coeffs = coeffs.ravel(order="F")
    identity = np.eye(matrix.shape[0], dtype=matrix.dtype)
    y = np.zeros_like(matrix)
    if coeffs.size:
        y = coeffs[0] * identity
        for c in coeffs[1:]:
            y = matrix @ y + c * identity
    return to_value(y)


def _poly_vector(value: Value, fname: str) -> np.ndarray:
    """A polynomial's coefficients (a vector, or a scalar) as a flat array."""
    check_classes(fname, (value,), FLOAT_INPUTS)
    arr = numeric_array(value, fname)
    arr = arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64)
    if arr.ndim != 2 or min(arr.shape) > 1:
        raise MatlabError(f"MATLAB:{fname}:InputNotVector", "Input must be a vector.")
    return arr.ravel(order="F")


def _in_class(arr: np.ndarray, *values: Value) -> Value:
    """``arr`` as a value of the class arithmetic on ``values`` gives (single stays single)."""
    if result_class(*values) == "single":
        arr = arr.astype(np.complex64 if arr.dtype.kind == "c" else np.float32)
    return to_value(arr)


def _check_eig_input(values: np.ndarray) -> None:
    if not np.isfinite(values).all():
        raise MatlabError("MATLAB:eig:matrixWithNaNInf", "Input to EIG must not contain NaN or Inf.")


@builtin("roots", family="numerical")
def roots(c: Value) -> Value:
    """roots(c)  column vector of the roots of the polynomial with coefficients c (highest power first).

    The roots are the eigenvalues of the companion matrix; leading zeros of c are ignored and trailing
    zeros give roots at 0. A constant polynomial has no roots (a 0x1 result).

        roots([1 -3 2])    % [2; 1]
    """
    coeffs = _poly_vector(c, "roots")
    if not np.all(np.isfinite(coeffs)):
        raise MatlabError("MATLAB:roots:NonFiniteInput", "Input to ROOTS must not contain NaN or Inf.")
    nonzero = np.flatnonzero(coeffs)
    if nonzero.size == 0:
        return np.zeros((0, 1), dtype=coeffs.dtype)
    zeros_at_end = coeffs.size - 1 - nonzero[-1]
    coeffs = coeffs[nonzero[0]:nonzero[-1] + 1]
    found = np.zeros(0, dtype=coeffs.dtype)
    if coeffs.size > 1:
        companion = np.diag(np.ones(coeffs.size - 2, dtype=coeffs.dtype), -1)
        with np.errstate(all="ignore"):
            companion[0, :] = -coeffs[1:] / coeffs[0]
        _check_eig_input(companion)         # a tiny leading coefficient overflows: MATLAB's eig error
        found = scipy.linalg.eigvals(companion)
    found = np.concatenate([found, np.zeros(zeros_at_end, dtype=found.dtype)])
    return _in_class(found.reshape(-1, 1).astype(np.result_type(found.dtype, coeffs.dtype)), c)


@builtin("poly", family="numerical")
def poly(r: Value) -> Value:
    """poly(r)  coefficients of the polynomial whose roots are the elements of vector r; poly(A)  the
    characteristic polynomial det(s*I - A) of a square matrix A.

    Infinite roots are ignored; the coefficients are real when the complex roots come in conjugate
    pairs.

        poly([1 2 3])    % 1 -6 11 -6
    """
    check_classes("poly", (r,), FLOAT_INPUTS)
    arr = numeric_array(r, "poly")
    if arr.ndim == 2 and arr.shape[0] == arr.shape[1] and arr.size > 1:
        _check_eig_input(arr)                   # MATLAB's poly takes the eigenvalues with eig
        values = scipy.linalg.eigvals(arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64))
    elif arr.ndim == 2 and min(arr.shape) <= 1:
        values = arr.ravel(order="F")
    else:
        raise MatlabError("MATLAB:poly:InputSize", "Argument must be a vector or a square matrix.")
    values = values[np.isfinite(values)]
    coeffs = np.zeros(values.size + 1, dtype=np.result_type(values.dtype, np.float64))
    coeffs[0] = 1
    for j, root in enumerate(values):
        coeffs[1:j + 2] = coeffs[1:j + 2] - root * coeffs[:j + 1]
    upper, lower = np.sort_complex(values[values.imag > 0]), np.sort_complex(np.conj(values[values.imag < 0]))
    if coeffs.dtype.kind == "c" and upper.shape == lower.shape and np.array_equal(upper, lower):
        coeffs = coeffs.real
    return _in_class(coeffs.reshape(1, -1), r)


def _derivative(coeffs: np.ndarray) -> np.ndarray:
    n = coeffs.size
    return coeffs[:-1] * np.arange(n - 1, 0, -1) if n > 1 else np.zeros(1, dtype=coeffs.dtype)


def _strip_leading_zeros(coeffs: np.ndarray) -> np.ndarray:
    nonzero = np.flatnonzero(coeffs)
    return coeffs[nonzero[0]:] if nonzero.size else np.zeros(1, dtype=coeffs.dtype)


@builtin("polyder", family="numerical")
def polyder(u: Value, v: Value | None = None, *, nargout: int = 1) -> Value:
    """polyder(p)  derivative of the polynomial p; polyder(a, b)  derivative of the product conv(a, b);
    [q, d] = polyder(b, a)  derivative of the quotient b/a as q/d.

    Coefficients are highest power first; leading zeros are removed from the results.

        polyder([3 2 1])            % 6 2
        [q, d] = polyder([1 2], [1 3])    % q = 1, d = 1 6 9
    """
    a = _poly_vector(u, "polyder")
    b = _poly_vector(v, "polyder") if v is not None else np.ones(1)
    inputs = (u,) if v is None else (u, v)
    if nargout < 2:
        product = np.convolve(a, b) if a.size and b.size else np.zeros(1)
        return _in_class(_strip_leading_zeros(_derivative(product)).reshape(1, -1), *inputs)
    da, db = _derivative(a), _derivative(b)
    first, second = np.convolve(da, b), np.convolve(a, db)
    size = max(first.size, second.size)
    numerator = np.pad(first, (size - first.size, 0)) - np.pad(second, (size - second.size, 0))
    return (_in_class(_strip_leading_zeros(numerator).reshape(1, -1), *inputs),
            _in_class(_strip_leading_zeros(np.convolve(b, b)).reshape(1, -1), *inputs))


@builtin("polyint", family="numerical")
def polyint(p: Value, k: Value = 0.0) -> Value:
    """polyint(p), polyint(p, k)  integral of the polynomial p.

    The coefficients are highest power first; the result is one longer than p and ends with the
    constant of integration k (default 0).

        polyint([3 2 1])    % 1 1 1 0
    """
    coeffs = _poly_vector(p, "polyint")
    constant = numeric_array(k, "polyint").ravel()
    if constant.size != 1:
        raise MatlabError("MATLAB:polyint:NonScalarK", "The constant of integration must be a scalar.")
    integral = coeffs / np.arange(coeffs.size, 0, -1)
    dtype = np.result_type(integral.dtype, np.complex64) if np.iscomplexobj(constant) else integral.dtype
    out = np.concatenate([integral.astype(dtype), constant.astype(dtype)])
    return _in_class(out.reshape(1, -1), p, k)


def _pole_groups_by_magnitude(r: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Residues and poles reordered as MATLAB lists them: groups of equal poles (with their residues
    in increasing power) by decreasing magnitude, ties in the order found."""
    groups: list[list[int]] = []
    for k, pole in enumerate(p):
        if groups and np.isclose(p[groups[-1][0]], pole, rtol=1e-3, atol=1e-12):
            groups[-1].append(k)
        else:
            groups.append([k])
    order = sorted(range(len(groups)), key=lambda g: -abs(p[groups[g][0]]))
    index = [k for g in order for k in groups[g]]
    return r[index], p[index]


@builtin("residue", family="numerical")
def residue(b: Value, a: Value, k: Value | None = None, *, nargout: int = 1) -> Value:
    """[r, p, k] = residue(b, a)  partial fraction expansion of b(s)/a(s); [b, a] = residue(r, p, k)
    converts back.

    b(s)/a(s) = r(1)/(s-p(1)) + ... + r(n)/(s-p(n)) + k(s); a pole of multiplicity m has m residues,
    for (s-p)^1 to (s-p)^m. r and p are columns (poles by decreasing magnitude), k a row (empty when
    b has lower degree than a).

        [r, p, k] = residue([1 2], [1 3 2])    % r = [0; 1], p = [-2; -1], k = []
    """
    if k is not None:
        residues, poles = _poly_vector(b, "residue"), _poly_vector(a, "residue")
        direct = numeric_array(k, "residue").ravel(order="F")
        if residues.size != poles.size:
            raise MatlabError("MATLAB:residue:RPLengthMismatch", "The residues r and poles p must have the same length.")
        num, den = scipy.signal.invres(residues, poles, direct) if poles.size else \
            (direct if direct.size else np.zeros(1), np.ones(1))
        return to_value(np.real_if_close(num).reshape(1, -1)), to_value(np.real_if_close(den).reshape(1, -1))
    num, den = _poly_vector(b, "residue"), _poly_vector(a, "residue")
    if not np.isfinite(den).all():                  # MATLAB finds the poles with roots(a)
        raise MatlabError("MATLAB:roots:NonFiniteInput", "Input to ROOTS must not contain NaN or Inf.")
    if not np.any(den):
        raise MatlabError("MATLAB:residue:ZeroDenominator", "The denominator must not be all zeros.")
    with np.errstate(all="ignore"):                 # residue.m divides by a(1), then calls roots(a)
        _check_eig_input(den / den[np.flatnonzero(den)[0]])
    r, p, direct = scipy.signal.residue(num, den)
    r, p = _pole_groups_by_magnitude(np.real_if_close(r), np.real_if_close(p))
    direct = np.real_if_close(direct).reshape(1, -1) if direct.size else np.zeros((0, 0))
    outs = (to_value(r.reshape(-1, 1)), to_value(p.reshape(-1, 1)), to_value(direct))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


def _trapz_args(fname: str, args: tuple[Value, ...]) -> tuple[np.ndarray | None, np.ndarray, int]:
    """(spacing or coordinates x, or None; values y; axis) from (Y), (Y, dim), (X, Y) or (X, Y, dim).
    Two arguments are (Y, dim) when the second is a scalar, as in MATLAB."""
    if not args or len(args) > 3:
        raise MatlabError("MATLAB:minrhs" if not args else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if not args else "Too many input arguments.")
    if len(args) == 1 or (len(args) == 2 and numeric_array(args[1], fname).size == 1):
        (y,), _ = _floats(fname, args[0], complex_ok=True)
        x = None
    else:
        (x, y), _ = _floats(fname, args[0], args[1], complex_ok=True)
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
    the coordinates X (as many as Y has along that dimension); Y (and X) may be complex.

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


INTERP_METHODS = ("linear", "nearest", "previous", "next", "pchip", "cubic", "spline", "makima")
SMOOTH_METHODS = ("pchip", "cubic", "spline", "makima")   # piecewise cubics: they extrapolate by default


def _interp_options(args: tuple[Value, ...]) -> tuple[str, float | None, bool]:
    """(method, fill value, extrapolate?) from interp1's trailing arguments."""
    method, fill, extrap = "linear", None, None
    for arg in args:
        word = option_text(arg)
        if word is not None and word.lower() in INTERP_METHODS:
            method = "pchip" if word.lower() == "cubic" else word.lower()
        elif is_text(arg, "extrap"):
            extrap = True
        elif word is None and numeric_array(arg, "interp1").size == 1:
            fill, extrap = float(numeric_array(arg, "interp1").ravel()[0]), False
        else:
            raise MatlabError("MATLAB:interp1:InvalidMethod", f"interp1 supports the methods "
                              f"{', '.join(INTERP_METHODS)}, 'extrap' and a scalar fill value.")
    if extrap is None:
        extrap = method in SMOOTH_METHODS
    return method, np.nan if fill is None else fill, extrap


def _interp_vector(x: np.ndarray, v: np.ndarray, xq: np.ndarray, method: str) -> np.ndarray:
    """Interpolate at xq inside [x(1), x(end)] (x increasing); points outside come back as NaN."""
    inside = (xq >= x[0]) & (xq <= x[-1])
    if method in SMOOTH_METHODS:
        return np.where(inside, _cubic(x, v, method)(np.where(inside, xq, x[0])), np.nan)
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


def _undefined(q: np.ndarray) -> np.ndarray:
    return np.full(np.shape(q), np.nan)


def _cubic(x: np.ndarray, v: np.ndarray, method: str) -> Callable[[np.ndarray], np.ndarray]:
    """MATLAB's pchip (Fritsch-Carlson slopes, scipy's PchipInterpolator), makima (modified Akima slopes)
    or not-a-knot spline (a straight line through two points) through (x, v). Points whose value is NaN are left out, as
    MATLAB's spline and pchip do; an infinite site or value, or slopes past realmax, leave no cubic:
    NaN everywhere."""
    known = ~np.isnan(v)
    x, v = x[known], v[known]
    if x.size < 2 or not (np.isfinite(x).all() and np.isfinite(v).all()):
        return _undefined
    if x.size == 2 and method == "spline":
        return lambda q: v[0] + (q - x[0]) * (v[1] - v[0]) / (x[1] - x[0])
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")     # scipy's LinAlgWarning for sites 1 ulp apart: MATLAB says nothing
            if method == "pchip":
                return scipy.interpolate.PchipInterpolator(x, v)
            if method == "makima":
                return scipy.interpolate.Akima1DInterpolator(x, v, method="makima", extrapolate=True)
            return scipy.interpolate.CubicSpline(x, v, bc_type="not-a-knot")
    except ValueError:                          # scipy: slopes that overflowed (values near realmax)
        return _undefined


def _interp_column(x: np.ndarray, v: np.ndarray, xq: np.ndarray, method: str, fill: float,
                   extrap: bool) -> np.ndarray:
    out = _interp_vector(x, v, xq, method)
    outside = (xq < x[0]) | (xq > x[-1])
    return np.where(outside, _extrapolate(x, v, xq, method) if extrap else fill, out)


@builtin("interp1", family="numerical")
def interp1(ctx: CallContext, *args: Value) -> Value:
    """interp1(x, v, xq), interp1(x, v, xq, method), interp1(..., 'extrap'), interp1(..., fill)
    One-dimensional interpolation.

    One-dimensional interpolation of v (sample points x, default 1:n as in interp1(v, xq)) at the query
    points xq, by 'linear' (default), 'nearest', 'previous', 'next', 'pchip' (shape-preserving
    piecewise cubic, also 'cubic'), 'makima' (modified Akima cubic) or 'spline' (not-a-knot cubic
    spline). Points outside the range of x give NaN (pchip, makima and spline: values extrapolated by
    the method), the fill value, or with 'extrap'
    values extrapolated by the method. A vector v gives a result of the size of xq; the columns of a
    matrix v (one row per point of x) are interpolated separately, one column of results each.
    x must not hold NaN; 'pchip' and 'spline' leave out the points whose value is NaN (with a
    warning) and give NaN where a remaining site or value is infinite.

        interp1([1 2 3], [10 20 30], [1.5 2.5])    % 15 25
        interp1(1:5, [1 4 2 8 3], 2.5, 'spline')   % 2.3125
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
        columns = v.reshape(v.size, 1) if 1 in v.shape and v.ndim == 2 else \
            v.reshape(v.shape[0], int(np.prod(v.shape[1:])), order="F")
        x = np.arange(1.0, columns.shape[0] + 1) if x_value is None else \
            _floats("interp1", x_value)[0][0].ravel(order="F")
        if x.size != columns.shape[0] or x.size < 2:
            raise MatlabError("MATLAB:interp1:YInvalidNumRows", "The sample points x and values v must be "
                              "vectors of the same length, with at least two points.")
        if np.isnan(x).any():
            raise MatlabError("MATLAB:interp1:NaNinX", "NaN is not an appropriate value for X.")
        if method in SMOOTH_METHODS and np.isnan(columns).any():
            ctx.warn("MATLAB:chckxy:IgnoreNaN", "All data points with NaN in their value will be ignored.")
        order = np.argsort(x, kind="stable")
        x, columns = x[order], columns[order]
        if np.any(np.diff(x) == 0):
            raise MatlabError("MATLAB:interp1:RepeatedValuesX",
                              "The grid vectors must contain unique points.")
        points = xq.ravel(order="F")
        out = np.stack([_interp_column(x, columns[:, j], points, method, fill, extrap)
                        for j in range(columns.shape[1])], axis=1)
        if columns.shape[1] == 1 and 1 in v.shape:
            out = out.reshape(xq.shape, order="F")
        elif 1 not in xq.shape or xq.ndim != 2:
            out = out.reshape(xq.shape + v.shape[1:], order="F")
        return to_value(out.astype(work_dtype(cls)))


def _extrapolate(x: np.ndarray, v: np.ndarray, xq: np.ndarray, method: str) -> np.ndarray:
    """Values outside [x(1), x(end)] by the method: linear continues the end segments, nearest repeats
    the end values, previous (next) repeats the last (first) value on its side only."""
    below = xq < x[0]
    if method in SMOOTH_METHODS:
        return _cubic(x, v, method)(xq)
    if method == "linear":
        ends = np.where(below, 0, x.size - 2)
        return v[ends] + (xq - x[ends]) * (v[ends + 1] - v[ends]) / (x[ends + 1] - x[ends])
    if method == "nearest":
        return np.where(below, v[0], v[-1])
    if method == "previous":
        return np.where(below, np.nan, v[-1])
    return np.where(below, v[0], np.nan)
