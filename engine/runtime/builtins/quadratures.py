"""Triple integrals and the older quadrature functions: integral3 dblquad triplequad quadl.

All are iterated adaptive Gauss-Kronrod quadratures (funfun.gauss_kronrod): the innermost integral is
one vectorized call of the integrand per point of the outer ones. MATLAB's own routes (the 'tiled'
method of integral3, Lobatto quadrature for quadl, quad for dblquad and triplequad) differ, the
results agree within the tolerances.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import FunctionHandle, Value
from .arguments import name_values, real_scalar
from .funfun import _scalar_value, callable_of, gauss_kronrod
from .registry import builtin
from .sizes import numeric_array


def _limit(ctx: CallContext, fname: str, value: Value) -> Callable[..., float]:
    """A limit of integration: a number, or a function handle of the outer variables."""
    if type(value) is FunctionHandle:
        g = callable_of(ctx, fname, value)
        return lambda *outer: _scalar_value(fname, g(*outer))
    number = real_scalar(fname, value, "The limits")
    return lambda *outer: number


def _row_values(fname: str, out: Value, n: int) -> np.ndarray:
    arr = numeric_array(out, fname)
    if arr.size != n:
        raise MatlabError(f"MATLAB:{fname}:funSizeMismatch", "Integrand output size does not match the input size.")
    return arr.ravel(order="F").astype(np.complex128 if arr.dtype.kind == "c" else np.float64)


def _nested(levels: list[tuple[Callable[..., float], Callable[..., float]]],
            innermost: Callable[[tuple, np.ndarray], np.ndarray], abstol: float, reltol: float,
            outer: tuple = ()) -> float:
    """The iterated integral over ``levels`` (limits as functions of the outer variables, outermost
    first); ``innermost(outer, points)`` evaluates the integrand along the last variable."""
    low, high = levels[0][0](*outer), levels[0][1](*outer)
    pieces = 10 if not outer else 2         # the inner integrals start coarser: they run once per point
    if len(levels) == 1:
        return gauss_kronrod(lambda pts: innermost(outer, pts), low, high, abstol, reltol, pieces=pieces)[0]
    rest = levels[1:]
    return gauss_kronrod(lambda pts: np.array([_nested(rest, innermost, abstol / 10, reltol / 10,
                                                       outer + (float(p),)) for p in pts]),
                         low, high, abstol, reltol, pieces=pieces)[0]


@builtin("integral3", family="funfun")
def integral3(ctx: CallContext, fun: Value, xmin: Value, xmax: Value, ymin: Value, ymax: Value, zmin: Value,
              zmax: Value, *args: Value) -> Value:
    """q = integral3(fun, xmin, xmax, ymin, ymax, zmin, zmax), integral3(..., 'AbsTol', t, 'RelTol', r)
    Numerical triple integration.

    The integral of fun(x, y, z) over xmin <= x <= xmax, ymin(x) <= y <= ymax(x) and
    zmin(x, y) <= z <= zmax(x, y): the limits may be numbers or function handles of the outer
    variables. fun is called with arrays of x, y and z of the same size and must work elementwise.
    Tolerances AbsTol 1e-10 and RelTol 1e-6, as MATLAB.

        integral3(@(x, y, z) x .* y .* z, 0, 1, 0, 1, 0, 2)    % 0.5
    """
    f = callable_of(ctx, "integral3", fun)
    opts = name_values("integral3", args, ("AbsTol", "RelTol", "Method"))
    abstol = real_scalar("integral3", opts["AbsTol"], "AbsTol") if "AbsTol" in opts else 1e-10
    reltol = real_scalar("integral3", opts["RelTol"], "RelTol") if "RelTol" in opts else 1e-6
    levels = [tuple(_limit(ctx, "integral3", v) for v in pair) for pair in ((xmin, xmax), (ymin, ymax), (zmin, zmax))]

    def along_z(outer: tuple, z: np.ndarray) -> np.ndarray:
        x, y = (to_value(np.full((1, z.size), v)) for v in outer)
        return _row_values("integral3", f(x, y, to_value(z.reshape(1, -1))), z.size)
    return to_value(np.asarray(_nested(levels, along_z, abstol, reltol)).reshape(1, 1))


def _tolerance(fname: str, tol: Value | None) -> float:
    if tol is None or np.size(numeric_array(tol, fname)) == 0:
        return 1e-6
    return real_scalar(fname, tol, "tol")


@builtin("dblquad", family="funfun")
def dblquad(ctx: CallContext, fun: Value, xmin: Value, xmax: Value, ymin: Value, ymax: Value,
            tol: Value | None = None, *rest: Value) -> Value:
    """q = dblquad(fun, xmin, xmax, ymin, ymax), dblquad(..., tol)  double integral over a rectangle
    (integral2 is recommended instead).

    fun(x, y) is called with a vector x and a scalar y and returns a vector; the absolute tolerance is
    tol (default 1e-6). A method argument (@quadl) is accepted and not needed.

        dblquad(@(x, y) x .* y, 0, 1, 0, 2)    % 1
    """
    f = callable_of(ctx, "dblquad", fun)
    levels = [tuple(_limit(ctx, "dblquad", v) for v in pair) for pair in ((ymin, ymax), (xmin, xmax))]

    def along_x(outer: tuple, x: np.ndarray) -> np.ndarray:
        return _row_values("dblquad", f(to_value(x.reshape(1, -1)), outer[0]), x.size)
    return to_value(np.asarray(_nested(levels, along_x, _tolerance("dblquad", tol), 0.0)).reshape(1, 1))


@builtin("triplequad", family="funfun")
def triplequad(ctx: CallContext, fun: Value, xmin: Value, xmax: Value, ymin: Value, ymax: Value, zmin: Value,
               zmax: Value, tol: Value | None = None, *rest: Value) -> Value:
    """q = triplequad(fun, xmin, xmax, ymin, ymax, zmin, zmax), triplequad(..., tol)  triple integral over
    a box (integral3 is recommended instead).

    fun(x, y, z) is called with a vector x and scalars y and z and returns a vector; the absolute
    tolerance is tol (default 1e-6).

        triplequad(@(x, y, z) x + y .* z, 0, 1, 0, 1, 0, 1)    % 0.75
    """
    f = callable_of(ctx, "triplequad", fun)
    levels = [tuple(_limit(ctx, "triplequad", v) for v in pair) for pair in ((zmin, zmax), (ymin, ymax), (xmin, xmax))]

    def along_x(outer: tuple, x: np.ndarray) -> np.ndarray:
        return _row_values("triplequad", f(to_value(x.reshape(1, -1)), outer[1], outer[0]), x.size)
    return to_value(np.asarray(_nested(levels, along_x, _tolerance("triplequad", tol), 0.0)).reshape(1, 1))


@builtin("quadl", family="funfun")
def quadl(ctx: CallContext, fun: Value, a: Value, b: Value, tol: Value | None = None, *,
          nargout: int = 1) -> Value:
    """q = quadl(fun, a, b), quadl(fun, a, b, tol), [q, fcnt] = quadl(...)  numerical integration to an
    absolute tolerance (integral is recommended instead).

    fun is called with a vector and returns a vector; the absolute tolerance is tol (default 1e-6).
    fcnt is the number of function evaluations (adaptive Gauss-Kronrod here, Lobatto in MATLAB, so the
    count differs).

        quadl(@(x) 1 ./ (1 + x.^2), 0, 1)    % 0.7854
    """
    f = callable_of(ctx, "quadl", fun)
    calls = [0]

    def integrand(x: np.ndarray) -> np.ndarray:
        calls[0] += x.size
        return _row_values("quadl", f(to_value(x.reshape(1, -1))), x.size)
    q = gauss_kronrod(integrand, real_scalar("quadl", a, "A"), real_scalar("quadl", b, "B"),
                      _tolerance("quadl", tol), 0.0)[0]
    value = to_value(np.asarray(q).reshape(1, 1))
    return value if nargout < 2 else (value, float(calls[0]))
