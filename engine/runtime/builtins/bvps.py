"""Boundary value problems: bvpinit bvp4c bvpset bvpget.

bvp4c solves y' = f(x, y) (with unknown parameters p: f(x, y, p)) subject to bc(y(a), y(b)) = 0 by
collocation with the three-stage Lobatto IIIa formula, the method MATLAB's bvp4c uses, through scipy's
solve_bvp (which implements the same Kierzenka-Shampine algorithm): the solution is a C1 piecewise
cubic through the values and slopes at the mesh points, so deval evaluates it exactly. Residuals are
controlled relative to the slopes (RelTol, default 1e-3); the mesh grows up to NMax points. The meshes
chosen may differ from MATLAB's: solutions agree to within the tolerance.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import FunctionHandle, StructArray, Value
from .arguments import match_name, options_from, options_struct, real_array, real_scalar
from .funfun import callable_of
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import char_value

EMPTY = np.zeros((0, 0))
BVPSET_FIELDS = ("AbsTol", "RelTol", "SingularTerm", "FJacobian", "BCJacobian", "Stats", "NMax", "Vectorized")
SUPPORTED = {"RelTol", "NMax", "Stats", "Vectorized"}


@builtin("bvpset", family="funfun")
def bvpset(*args: Value) -> Value:
    """options = bvpset(Name, Value, ...), bvpset(oldopts, Name, Value, ...)  options for bvp4c.

    An options structure with all of MATLAB's fields ([] where not set); names match
    case-insensitively. bvp4c uses RelTol (1e-3: residuals relative to 1 + |y'|, as scipy measures
    them), NMax (floor(10000/n) mesh points), Stats ('on' prints the mesh and residual) and Vectorized
    ('on': odefun takes all mesh points at once); the other options are an error in bvp4c.

        opts = bvpset('RelTol', 1e-6);
    """
    values = options_from("bvpset", list(args), BVPSET_FIELDS, "bvpset")
    return StructArray.scalar({f: values.get(f, EMPTY) for f in BVPSET_FIELDS})


@builtin("bvpget", family="funfun")
def bvpget(options: Value, name: Value, default: Value | None = None) -> Value:
    """value = bvpget(options, Name), bvpget(options, Name, default)  one option of a bvpset structure.

    An option that is not set ([]) gives default (or []).

        bvpget(bvpset('RelTol', 1e-6), 'RelTol')    % 1e-06
    """
    word = option_text(name)
    if word is None:
        raise MatlabError("MATLAB:bvpget:invalidName", "The option name must be text.")
    return options_struct("bvpget", options, BVPSET_FIELDS, "bvpset").get(
        match_name("bvpget", word, BVPSET_FIELDS), EMPTY if default is None else default)


@builtin("bvpinit", family="funfun")
def bvpinit(ctx: CallContext, x: Value, yinit: Value, parameters: Value | None = None) -> Value:
    """solinit = bvpinit(x, yinit), bvpinit(x, yinit, parameters)  initial guess for bvp4c.

    x is the initial mesh (increasing or decreasing, from a to b); yinit is a vector (the same guess at
    every mesh point) or a function handle returning the guess at one point as a column. The struct
    has fields x (a row), y (one column per mesh point) and, for problems with unknown parameters,
    parameters (their initial guess). Extending a solution to a larger interval (bvpinit(sol, [a b]))
    is not supported.

        solinit = bvpinit(linspace(0, pi, 10), [0 1]);    % solinit.y is 2-by-10
    """
    if type(x) is StructArray:
        raise MatlabError("matfuse:bvpinit:extendUnsupported",
                          "bvpinit(sol, [anew bnew]) (extending a solution) is not supported.")
    mesh = real_array("bvpinit", x).ravel(order="F").astype(np.float64)
    steps = np.diff(mesh)
    if mesh.size < 2 or not (np.all(steps > 0) or np.all(steps < 0)):
        raise MatlabError("MATLAB:bvpinit:XNotMonotonic",
                          "The entries in x must strictly increase or decrease (x(1) = a, x(end) = b).")
    if type(yinit) is FunctionHandle:
        guess = callable_of(ctx, "bvpinit", yinit)
        columns = [numeric_array(guess(float(point)), "bvpinit").ravel(order="F") for point in mesh]
        if len({c.size for c in columns}) != 1:
            raise MatlabError("MATLAB:bvpinit:SolGuessNotVector",
                              "The guess for the solution must return a vector of the same length at every point.")
        values = np.stack(columns, axis=1)
    else:
        start = numeric_array(yinit, "bvpinit")
        if start.ndim != 2 or min(start.shape) > 1:
            raise MatlabError("MATLAB:bvpinit:SolGuessNotVector",
                              "The guess for the solution must be a vector or a function handle.")
        values = np.repeat(start.reshape(-1, 1, order="F"), mesh.size, axis=1)
    fields = {"x": to_value(mesh.reshape(1, -1)), "y": to_value(values.astype(np.float64, copy=False)
                                                                if values.dtype.kind != "c" else values)}
    if parameters is not None:
        fields["parameters"] = to_value(real_array("bvpinit", parameters).astype(np.float64))
    return StructArray.scalar(fields)


def _solinit(solinit: Value) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(mesh, guess with one column per point, parameters or None) of a bvpinit struct."""
    if type(solinit) is not StructArray or solinit.data.size != 1 or not {"x", "y"} <= set(solinit.fields):
        raise MatlabError("MATLAB:bvp4c:SolinitNotStruct",
                          "The initial guess must be a struct with fields x and y (use bvpinit).")
    fields = solinit.data.flat[0]
    mesh = real_array("bvp4c", fields["x"]).ravel(order="F").astype(np.float64)
    guess = numeric_array(fields["y"], "bvp4c")
    if guess.dtype.kind == "c":
        raise MatlabError("matfuse:bvp4c:complex", "bvp4c solves real problems only: the initial guess is complex.")
    guess = guess.astype(np.float64)
    if guess.ndim != 2 or guess.shape[1] != mesh.size:
        raise MatlabError("MATLAB:bvp4c:SolinitXYNotConsistent",
                          "solinit.y must have one column per point of solinit.x.")
    params = fields.get("parameters")
    unknown = None if params is None or np.size(params) == 0 else \
        real_array("bvp4c", params).ravel(order="F").astype(np.float64)
    return mesh, guess, unknown


class _Counted:
    """A MATLAB function called from scipy, counting its calls (bvp4c's stats)."""

    def __init__(self, call: Callable[..., np.ndarray]) -> None:
        self.call, self.count = call, 0

    def __call__(self, *args) -> np.ndarray:
        self.count += 1
        out = self.call(*args)
        if np.iscomplexobj(out):
            raise MatlabError("matfuse:bvp4c:complex",
                              "bvp4c solves real problems only: ODEFUN and BCFUN must return real values.")
        return out.astype(np.float64, copy=False)


def _ode(ctx: CallContext, fun: Value, n: int, vectorized: bool, has_params: bool) -> _Counted:
    f = callable_of(ctx, "bvp4c", fun)

    def column(x: float, y: np.ndarray, p: np.ndarray) -> np.ndarray:
        args = [float(x), to_value(y.reshape(-1, 1))] + ([to_value(p.reshape(-1, 1))] if has_params else [])
        out = numeric_array(f(*args), "bvp4c").ravel(order="F")
        if out.size != n:
            raise MatlabError("MATLAB:bvp4c:ODEfunOutputSize",
                              f"The derivative function ODEFUN should return a column vector of length {n}.")
        return out

    def rhs(x: np.ndarray, y: np.ndarray, p: np.ndarray | None = None) -> np.ndarray:
        if vectorized:
            args = [to_value(x.reshape(1, -1)), to_value(y)] + ([to_value(p.reshape(-1, 1))] if has_params else [])
            out = numeric_array(f(*args), "bvp4c")
            if out.shape != y.shape:
                raise MatlabError("MATLAB:bvp4c:ODEfunOutputSize",
                                  f"The vectorized ODEFUN should return an {n}-by-{x.size} array.")
            return out
        return np.stack([column(xk, y[:, k], p) for k, xk in enumerate(x)], axis=1)
    return _Counted(rhs)


def _bc(ctx: CallContext, fun: Value, count: int, has_params: bool, reversed_: bool) -> _Counted:
    """bcfun(ya, yb[, p]); ``reversed_``: the mesh was given from b down to a, and scipy's ends swap."""
    g = callable_of(ctx, "bvp4c", fun)

    def residual(ya: np.ndarray, yb: np.ndarray, p: np.ndarray | None = None) -> np.ndarray:
        if reversed_:
            ya, yb = yb, ya
        args = [to_value(ya.reshape(-1, 1)), to_value(yb.reshape(-1, 1))] + \
            ([to_value(p.reshape(-1, 1))] if has_params else [])
        out = numeric_array(g(*args), "bvp4c").ravel(order="F")
        if out.size != count:
            raise MatlabError("MATLAB:bvp4c:BCfunOutputSize",
                              f"The boundary condition function BCFUN should return a column vector of length {count}.")
        return out
    return _Counted(residual)


@builtin("bvp4c", family="funfun")
def bvp4c(ctx: CallContext, odefun: Value, bcfun: Value, solinit: Value, options: Value | None = None) -> Value:
    """sol = bvp4c(odefun, bcfun, solinit), bvp4c(odefun, bcfun, solinit, options)  solves a two-point
    boundary value problem.

    Solves y' = odefun(x, y) on [a, b] subject to bcfun(y(a), y(b)) = 0 (a column of residuals), from
    the guess solinit made by bvpinit; with unknown parameters p (solinit.parameters), odefun(x, y, p)
    and bcfun(ya, yb, p). sol is a struct with fields solver ('bvp4c'), x (the final mesh), y and yp
    (the solution and its slope there), parameters (if any) and stats (nmeshpoints, maxres, nODEevals,
    nBCevals); deval(sol, xi) evaluates it between mesh points. Options from bvpset: RelTol, NMax,
    Stats, Vectorized. Failing to meet the tolerance within NMax points is a warning (the last
    solution is returned); a singular Jacobian is an error.

        sol = bvp4c(@(x, y) [y(2); -y(1)], @(ya, yb) [ya(1); yb(1) - 1], bvpinit(linspace(0, pi/2, 5), [0 1]));
        deval(sol, pi/4)    % [0.7071; 0.7071] (y = sin(x))
    """
    mesh, guess, params = _solinit(solinit)
    opts = options_struct("bvp4c", options, BVPSET_FIELDS, "bvpset")
    unsupported = sorted(set(opts) - SUPPORTED)
    if unsupported:
        raise MatlabError("MATLAB:bvp4c:unsupportedOption", f"bvp4c does not support the option '{unsupported[0]}'.")
    n = guess.shape[0]
    rtol = real_scalar("bvp4c", opts["RelTol"], "RelTol") if "RelTol" in opts else 1e-3
    nmax = int(real_scalar("bvp4c", opts["NMax"], "NMax")) if "NMax" in opts else 10000 // max(n, 1)
    flag = (lambda name: name in opts and option_text(opts[name]) is not None
            and option_text(opts[name]).lower() == "on")
    has_params = params is not None
    rhs = _ode(ctx, odefun, n, flag("Vectorized"), has_params)
    decreasing = mesh[0] > mesh[-1]
    bc = _bc(ctx, bcfun, n + (params.size if has_params else 0), has_params, decreasing)
    x, y = (mesh[::-1], guess[:, ::-1]) if decreasing else (mesh, guess)
    with np.errstate(all="ignore"):
        result = scipy.integrate.solve_bvp(rhs, bc, x, y, p=params, tol=rtol, max_nodes=max(nmax, x.size))
    if result.status == 2:
        raise MatlabError("MATLAB:bvp4c:SingJac",
                          "Unable to solve the collocation equations -- a singular Jacobian encountered.")
    maxres = float(np.max(result.rms_residuals)) if result.rms_residuals.size else 0.0
    if result.status == 1:
        ctx.warn("MATLAB:bvp4c:MaxMeshPntsExceeded",
                 f"Unable to meet the tolerance without using more than {nmax} mesh points. The last mesh of "
                 f"{result.x.size} points and the solution are available in the output argument. The maximum "
                 f"residual is {maxres:g}, while requested accuracy is {rtol:g}.")
    elif result.status == 3:
        ctx.warn("MATLAB:bvp4c:BCtolNotMet", "The boundary conditions are not met to the requested tolerance.")
    order = slice(None, None, -1) if decreasing else slice(None)
    stats = {"nmeshpoints": float(result.x.size), "maxres": maxres, "nODEevals": float(rhs.count),
             "nBCevals": float(bc.count)}
    if flag("Stats"):
        ctx.write(f"The solution was obtained on a mesh of {result.x.size} points.\n"
                  f"The maximum residual is {maxres: .3e}.\n"
                  f"There were {rhs.count} calls to the ODE function.\n"
                  f"There were {bc.count} calls to the BC function.\n")
    fields = {"solver": char_value("bvp4c"), "x": to_value(result.x[order].reshape(1, -1)),
              "y": to_value(result.y[:, order].copy()), "yp": to_value(result.yp[:, order].copy())}
    if has_params:
        fields["parameters"] = to_value(np.asarray(result.p, dtype=np.float64).reshape(1, -1))
    fields["stats"] = StructArray.scalar(stats)
    return StructArray.scalar(fields)
