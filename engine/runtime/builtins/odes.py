"""Ordinary differential equations: ode45 ode23 ode78 ode89 ode113 ode15s ode23s ode23t ode23tb
odeset odeget deval (bvp4c solutions too: bvps.py).

ode45 and ode23 use the explicit Runge-Kutta pairs MATLAB uses (Dormand-Prince 5(4) and
Bogacki-Shampine 3(2)) through scipy's solve_ivp, with MATLAB's defaults: RelTol 1e-3, AbsTol 1e-6,
MaxStep a tenth of the interval, and Refine 4 for ode45 (three points interpolated inside every step,
1 for the others). The other solvers use scipy's method of the same kind: ode78 and ode89 the
Dormand-Prince 8(5,3) pair, ode113 LSODA (Adams methods, switching to BDF if the problem turns stiff),
ode15s the variable-order BDF method, ode23s, ode23t and ode23tb the implicit Radau IIA method (stiff).
scipy chooses the first step and measures the error (an RMS norm, MATLAB a max norm) differently, so the
steps taken differ from MATLAB's: solutions agree to within the tolerances, not step for step. A tspan of
more than two times gives the solution at exactly those times. A solution struct keeps the slopes at
its steps (sol.idata.yp), from which deval interpolates by cubic Hermite polynomials.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..sparse import full_of, is_sparse
from ..values import FunctionHandle, StructArray, Value
from .arguments import match_name, options_from, options_struct, real_array, real_scalar
from .elementwise import ANY_NUMERIC, check_classes
from .funfun import callable_of
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import char_value

EMPTY = np.zeros((0, 0))
ODESET_FIELDS = ("AbsTol", "BDF", "Events", "InitialStep", "Jacobian", "JConstant", "JPattern", "Mass",
                 "MassSingular", "MaxOrder", "MaxStep", "NonNegative", "NormControl", "OutputFcn", "OutputSel",
                 "Refine", "RelTol", "Stats", "Vectorized", "MStateDependence", "MvPattern", "InitialSlope")
SUPPORTED = {"AbsTol", "RelTol", "MaxStep", "InitialStep", "Refine", "Events", "Stats", "NormControl", "Vectorized",
             "Mass", "MStateDependence"}


def _record(options: Value | None, fname: str) -> dict[str, Value]:
    return options_struct(fname, options, ODESET_FIELDS, "odeset")


@builtin("odeset", family="funfun")
def odeset(*args: Value) -> Value:
    """options = odeset(Name, Value, ...), odeset(oldopts, Name, Value, ...), odeset(oldopts, newopts)
    An options structure for the ODE solvers.

    An options structure for the ODE solvers, with all of MATLAB's fields ([] where not set). Names
    match case-insensitively. ode45 and ode23 use RelTol, AbsTol (scalar or one per component),
    MaxStep, InitialStep, Refine, Events and Stats, and Mass (M*y' = f(t, y): a nonsingular matrix, or a
    function of t, or of t and y with MStateDependence 'weak' or 'strong').

        opts = odeset('RelTol', 1e-8, 'AbsTol', 1e-10);
    """
    values = options_from("odeset", list(args), ODESET_FIELDS, "odeset")
    return StructArray.scalar({f: values.get(f, EMPTY) for f in ODESET_FIELDS})


@builtin("odeget", family="funfun")
def odeget(options: Value, name: Value, default: Value | None = None) -> Value:
    """value = odeget(options, Name), odeget(options, Name, default)  one option of an odeset structure.

    An option that is not set ([]) gives default (or []).

        odeget(odeset('RelTol', 1e-6), 'RelTol')    % 1e-06
    """
    word = option_text(name)
    if word is None:
        raise MatlabError("MATLAB:odeget:invalidName", "The option name must be text.")
    return _record(options, "odeget").get(match_name("odeget", word, ODESET_FIELDS),
                                          EMPTY if default is None else default)


class _ComplexSlope(Exception):
    """The ODE function returned a complex slope for a real y: the problem is solved again in complex."""


def _derivative(ctx: CallContext, fname: str, fun: Value, n: int, shape: tuple[int, ...]):
    f = callable_of(ctx, fname, fun)

    def rhs(t: float, y: np.ndarray) -> np.ndarray:
        out = numeric_array(f(float(t), to_value(y.reshape(shape, order="F"))), fname)
        if out.size != n:
            raise MatlabError(f"MATLAB:{fname}:RHSsizeMismatch",
                              f"The ODE function must return a column vector of length {n}.")
        if out.dtype.kind == "c" and y.dtype.kind != "c":
            raise _ComplexSlope
        return out.ravel(order="F")
    return rhs


def _with_mass(ctx: CallContext, fname: str, rhs: Callable, mass: Value, dependence: Value | None, n: int,
               shape: tuple[int, ...]) -> Callable:
    """The slopes y' = M \\ f(t, y) of the Mass option M y' = f(t, y): a constant matrix, or a function of t
    (of t and y where MStateDependence is 'weak' or 'strong'). A singular M (a differential-algebraic
    system) is refused."""
    state = dependence is not None and (option_text(dependence) or "").lower() in ("weak", "strong")

    def checked(value: Value) -> np.ndarray:
        matrix = numeric_array(full_of(value) if is_sparse(value) else value, fname)
        if matrix.shape != (n, n):
            raise MatlabError(f"MATLAB:{fname}:MassMatrixSize", f"The mass matrix must be {n}-by-{n}.")
        if not np.all(np.isfinite(matrix)) or np.linalg.cond(matrix) > 1 / np.finfo(float).eps:
            raise MatlabError(f"MATLAB:{fname}:MassSingular", f"{fname} supports a nonsingular mass matrix only "
                              "(a singular one makes a differential-algebraic system: ode15s or ode23t in MATLAB).")
        return matrix

    if type(mass) is not FunctionHandle:
        factor = scipy.linalg.lu_factor(checked(mass))
        return lambda t, y: scipy.linalg.lu_solve(factor, rhs(t, y))
    f = callable_of(ctx, fname, mass)

    def slopes(t: float, y: np.ndarray) -> np.ndarray:
        args = (float(t), to_value(y.reshape(shape, order="F"))) if state else (float(t),)
        return np.linalg.solve(checked(f(*args)), rhs(t, y))
    return slopes


def _events(ctx: CallContext, fname: str, fun: Value, shape: tuple[int, ...], t0: float,
            y0: np.ndarray) -> tuple[list, Callable]:
    """scipy event functions, one per component of MATLAB's [value, isterminal, direction] = events(t, y)."""
    if type(fun) is not FunctionHandle:
        raise MatlabError(f"MATLAB:{fname}:EventsNotHandle", "The Events option must be a function handle.")
    cache: dict = {}

    def evaluate(t: float, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        key = (t, y.tobytes())
        if key not in cache:
            out = ctx.call(fun, [float(t), to_value(y.reshape(shape, order="F"))], 3)
            if len(out) < 3:
                raise MatlabError(f"MATLAB:{fname}:EventsOutputs",
                                  "The events function must return [value, isterminal, direction].")
            cache.clear()
            cache[key] = tuple(np.real(numeric_array(v, fname)).ravel(order="F").astype(np.float64) for v in out[:3])
        return cache[key]

    value0, terminal, direction = evaluate(t0, y0)
    if not value0.size == terminal.size == direction.size:
        raise MatlabError(f"MATLAB:{fname}:EventsOutputs", "The events function's value, isterminal and "
                          "direction must have the same number of elements.")
    functions = []
    for k in range(value0.size):
        def event(t: float, y: np.ndarray, k: int = k) -> float:
            return float(evaluate(t, y)[0][k])
        event.terminal = bool(terminal[k])
        event.direction = float(direction[k])
        functions.append(event)
    return functions, evaluate


def _solve(ctx: CallContext, fname: str, method: str, refine_default: int, fun: Value, tspan: Value,
           y0: Value, options: Value | None, nargout: int) -> Value:
    times = real_array(fname, tspan).ravel(order="F").astype(np.float64)
    check_classes(fname, (y0,), ANY_NUMERIC)
    start = numeric_array(y0, fname)
    if times.size < 2 or times[0] == times[-1]:
        raise MatlabError(f"MATLAB:{fname}:tspanSize",
                          "The time span must have at least two distinct values, [t0 tfinal] or [t0 t1 ... tfinal].")
    if np.isnan(times).any() or not np.isfinite(times[:-1]).all():     # tfinal may be Inf (an event stops it)
        raise MatlabError(f"MATLAB:{fname}:tspanNotFinite",
                          "The entries in tspan must be finite numbers (only tfinal may be Inf).")
    if np.any(np.diff(times) * np.sign(times[-1] - times[0]) <= 0):
        raise MatlabError(f"MATLAB:{fname}:tspanNotMonotonic", "The entries in tspan must strictly increase or decrease.")
    opts = _record(options, fname)
    unsupported = sorted(set(opts) - SUPPORTED)
    if unsupported:
        raise MatlabError(f"MATLAB:{fname}:unsupportedOption", f"{fname} does not support the option '{unsupported[0]}'.")
    n = start.size
    shape = start.shape if start.ndim == 2 and start.shape[1] == 1 else (n, 1)
    settings = dict(rtol=_relative_tolerance(ctx, fname, opts["RelTol"]) if "RelTol" in opts else 1e-3,
                    atol=_absolute_tolerance(fname, opts["AbsTol"], n) if "AbsTol" in opts else 1e-6,
                    max_step=real_scalar(fname, opts["MaxStep"], "MaxStep") if "MaxStep" in opts else
                    0.1 * abs(times[-1] - times[0]))
    if "InitialStep" in opts:
        settings["first_step"] = real_scalar(fname, opts["InitialStep"], "InitialStep")
    refine = int(real_scalar(fname, opts["Refine"], "Refine")) if "Refine" in opts else refine_default
    initial = start.ravel(order="F").astype(np.complex128 if start.dtype.kind == "c" else np.float64)
    events = _events(ctx, fname, opts["Events"], shape, times[0], initial)[0] if "Events" in opts else []
    rhs = _derivative(ctx, fname, fun, n, shape)
    if "Mass" in opts:
        rhs = _with_mass(ctx, fname, rhs, opts["Mass"], opts.get("MStateDependence"), n, shape)
    if not np.all(np.isfinite(initial)):
        rhs(times[0], initial)              # a derivative of the wrong length is reported first, as in MATLAB
        raise MatlabError(f"MATLAB:{fname}:NonFiniteInitialConditions",
                          f"The initial conditions must be finite: {fname} cannot integrate from Inf or NaN.")
    try:
        solution = _integrate(fname, method, rhs, times, initial, events, settings)
    except _ComplexSlope:
        initial = initial.astype(np.complex128)
        solution = _integrate(fname, method, rhs, times, initial, events, settings)
    if solution.status == -1:
        ctx.warn(f"MATLAB:{fname}:IntegrationTolNotMet", f"Failure at t={solution.t[-1]:e}. {solution.message}")
    t_out, y_out = _output_points(solution, times, refine)
    te, ye, ie = _event_hits(solution)
    if nargout <= 1:
        slopes = np.stack([rhs(t, y) for t, y in zip(solution.t, solution.y.T)], axis=1)
        return _solution_struct(fname, solution, te, ye, ie, slopes)
    outs = (to_value(t_out.reshape(-1, 1)), to_value(y_out), to_value(te.reshape(-1, 1)), to_value(ye),
            to_value(ie.reshape(-1, 1)))
    return outs[:nargout]


def _integrate(fname: str, method: str, rhs: Callable, times: np.ndarray, initial: np.ndarray, events: list,
               settings: dict):
    """scipy's solve_ivp; complex values (y0, or the slopes) in every method but LSODA, as in MATLAB."""
    if initial.dtype.kind == "c" and method == "LSODA":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real values only: use ode45 for a "
                          "complex problem.")
    with np.errstate(all="ignore"):
        try:
            return scipy.integrate.solve_ivp(rhs, (times[0], times[-1]), initial, method=method,
                                             dense_output=True, events=events or None, **settings)
        except ValueError:      # a step size that overflows its arithmetic (a span of 1e-320)
            raise MatlabError(f"MATLAB:{fname}:IntegrationTolNotMet", f"{fname} cannot integrate over this "
                              "time span: its step sizes leave the range of doubles.") from None


def _relative_tolerance(ctx: CallContext, fname: str, value: Value) -> float:
    """RelTol: a positive scalar, raised to 100*eps (with MATLAB's warning) where it is smaller."""
    rtol = real_scalar(fname, value, "RelTol")
    if not rtol > 0:
        raise MatlabError("MATLAB:odearguments:RelTolNotPosScalar", "Relative tolerance must be a positive scalar.")
    if rtol < 100 * np.finfo(float).eps:
        rtol = 100 * np.finfo(float).eps
        ctx.warn("MATLAB:odearguments:RelTolIncrease", f"RelTol has been increased to {rtol:g}.")
    return rtol


def _absolute_tolerance(fname: str, value: Value, n: int) -> float | np.ndarray:
    """AbsTol: a scalar, or one positive value per component."""
    atol = real_array(fname, value).ravel().astype(np.float64)
    if atol.size not in (1, n) or np.any(atol <= 0):
        raise MatlabError(f"MATLAB:{fname}:AbsTolSize", "AbsTol must be a positive scalar or have one element "
                          "per component of y0.")
    return float(atol[0]) if atol.size == 1 else atol


def _output_points(solution, times: np.ndarray, refine: int) -> tuple[np.ndarray, np.ndarray]:
    """(t column, y with one row per t): the requested times, or every step refined by interpolation;
    only the initial point when the solver failed at its first step."""
    end = solution.t[-1]
    if solution.t.size < 2:
        return solution.t.copy(), solution.y.T.copy()
    if times.size > 2:
        inside = times[(times - end) * np.sign(times[-1] - times[0]) <= 0]
        return inside, solution.sol(inside).T if inside.size else np.zeros((0, solution.y.shape[0]))
    steps = solution.t
    points = [steps[:1]]
    for lo, hi in zip(steps[:-1], steps[1:]):
        points.append(lo + (hi - lo) * np.arange(1, refine + 1) / refine)
    t = np.concatenate(points)
    t[-1] = end
    y = solution.sol(t).T
    y[0], y[-1] = solution.y[:, 0], solution.y[:, -1]
    return t, y


def _event_hits(solution) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if solution.t_events is None:
        return np.zeros((0, 0)), np.zeros((0, 0)), np.zeros((0, 0))
    hits = [(t, y, k + 1.0) for k, (ts, ys) in enumerate(zip(solution.t_events, solution.y_events))
            for t, y in zip(ts, ys)]
    hits.sort(key=lambda h: h[0])
    n = solution.y.shape[0]
    if not hits:
        return np.zeros((0, 1)), np.zeros((0, n)), np.zeros((0, 1))
    return (np.array([h[0] for h in hits]), np.array([h[1] for h in hits]).reshape(-1, n),
            np.array([h[2] for h in hits]))


def _solution_struct(fname: str, solution, te: np.ndarray, ye: np.ndarray, ie: np.ndarray,
                     slopes: np.ndarray) -> StructArray:
    stats = StructArray.scalar({"nsteps": float(solution.t.size - 1), "nfailed": 0.0, "nfevals": float(solution.nfev)})
    fields = {"solver": char_value(fname), "x": to_value(solution.t.reshape(1, -1)), "y": to_value(solution.y),
              "stats": stats, "idata": StructArray.scalar({"yp": to_value(slopes)})}
    if solution.t_events is not None:
        fields.update(xe=to_value(te.reshape(1, -1)), ye=to_value(ye.T.copy()), ie=to_value(ie.reshape(1, -1)))
    return StructArray.scalar(fields)


@builtin("ode45", family="funfun")
def ode45(ctx: CallContext, fun: Value, tspan: Value, y0: Value, options: Value | None = None, *,
          nargout: int = 1) -> Value:
    """[t, y] = ode45(odefun, tspan, y0), ode45(..., options), [t, y, te, ye, ie] = ode45(...), sol = ode45(...)
    Solves nonstiff ODEs by the Dormand-Prince 5(4) Runge-Kutta pair.

    Solves the nonstiff system y' = odefun(t, y) from y(t0) = y0 by the Dormand-Prince 5(4) pair.
    tspan [t0 tf] gives every step (refined by interpolation, Refine 4); a longer tspan gives the
    solution at those times. y has one row per time. Options from odeset: RelTol (1e-3), AbsTol
    (1e-6), MaxStep, InitialStep, Refine, Events ([value, isterminal, direction] = events(t, y):
    te, ye, ie report the events). With one output, sol is a struct with fields solver, x, y, stats
    (and xe, ye, ie with events). Steps differ from MATLAB's (see the module notes).

        [t, y] = ode45(@(t, y) -y, [0 1], 1);  y(end)    % 0.3679
    """
    return _solve(ctx, "ode45", "RK45", 4, fun, tspan, y0, options, nargout)


@builtin("ode23", family="funfun")
def ode23(ctx: CallContext, fun: Value, tspan: Value, y0: Value, options: Value | None = None, *,
          nargout: int = 1) -> Value:
    """[t, y] = ode23(odefun, tspan, y0), ode23(..., options), [t, y, te, ye, ie] = ode23(...), sol = ode23(...)
    Solves nonstiff ODEs by the Bogacki-Shampine 3(2) Runge-Kutta pair.

    Solves the nonstiff system y' = odefun(t, y) by the Bogacki-Shampine 3(2) pair, with the forms
    and options of ode45 (Refine 1: only the steps for tspan [t0 tf]).

        [t, y] = ode23(@(t, y) -2*t*y, [0 1], 1);  y(end)    % 0.3679 (exp(-1))
    """
    return _solve(ctx, "ode23", "RK23", 1, fun, tspan, y0, options, nargout)


def _solver(name: str, method: str, summary: str, example: str) -> None:
    """Register the ODE solver ``name``: scipy's ``method`` with the forms and options of ode45."""
    def solve(ctx: CallContext, fun: Value, tspan: Value, y0: Value, options: Value | None = None, *,
              nargout: int = 1) -> Value:
        return _solve(ctx, name, method, 1, fun, tspan, y0, options, nargout)
    solve.__doc__ = (f"[t, y] = {name}(odefun, tspan, y0), {name}(..., options), [t, y, te, ye, ie] = {name}(...), "
                     f"sol = {name}(...)\n{summary}\n\n{summary} The forms and options of ode45 (Refine 1: "
                     f"only the steps for tspan [t0 tf]); Jacobian and Mass options are not supported.\n\n"
                     f"    {example}\n")
    builtin(name, family="funfun")(solve)


_solver("ode15s", "BDF", "Solves stiff ODEs by a variable-order backward differentiation (BDF) method.",
        "[t, y] = ode15s(@(t, y) -1000 * (y - cos(t)), [0 1], 0);  y(end)    % 0.5411")
_solver("ode23s", "Radau", "Solves stiff ODEs by an implicit one-step method (scipy's Radau IIA).",
        "[t, y] = ode23s(@(t, y) -50 * (y - t), [0 1], 1);  y(end)    % 0.98")
_solver("ode23t", "Radau", "Solves moderately stiff ODEs by an implicit one-step method (scipy's Radau IIA).",
        "[t, y] = ode23t(@(t, y) -y, [0 1], 1);  y(end)    % 0.3679")
_solver("ode23tb", "Radau", "Solves stiff ODEs by an implicit one-step method (scipy's Radau IIA).",
        "[t, y] = ode23tb(@(t, y) -y, [0 1], 1);  y(end)    % 0.3679")
_solver("ode113", "LSODA", "Solves nonstiff ODEs by variable-order Adams methods (scipy's LSODA).",
        "[t, y] = ode113(@(t, y) -y, [0 1], 1);  y(end)    % 0.3679")
_solver("ode78", "DOP853", "Solves nonstiff ODEs by a high-order Runge-Kutta pair (Dormand-Prince 8(5,3)).",
        "[t, y] = ode78(@(t, y) -y, [0 1], 1, odeset('RelTol', 1e-10));  y(end)    % 0.367879441")
_solver("ode89", "DOP853", "Solves nonstiff ODEs at tight tolerances by a high-order Runge-Kutta pair "
        "(Dormand-Prince 8(5,3)).", "[t, y] = ode89(@(t, y) -y, [0 1], 1);  y(end)    % 0.3679")


@builtin("deval", family="funfun")
def deval(first: Value, second: Value, idx: Value | None = None, *, nargout: int = 1):
    """y = deval(sol, x), deval(sol, x, idx), deval(x, sol), [y, yp] = deval(...)  the solution of an ODE
    or a BVP at the points x, from the struct an ODE solver or bvp4c returned.

    Interpolated between the solver's steps by cubic Hermite polynomials through the values and
    slopes there (MATLAB uses each ODE solver's own interpolant: the values agree within the solver's
    tolerance; bvp4c's solution is this cubic). y has one column per point of x, one row per component (idx picks components); yp
    holds the slopes. Points outside [sol.x(1), sol.x(end)] are an error.

        sol = ode45(@(t, y) -y, [0 1], 1);  deval(sol, 0.5)    % 0.6065
    """
    sol, x = (first, second) if type(first) is StructArray else (second, first)
    if type(sol) is not StructArray or not {"x", "y"} <= set(sol.fields) or \
            not ({"idata"} <= set(sol.fields) or {"yp"} <= set(sol.fields)):
        raise MatlabError("MATLAB:deval:InvalidSolution", "The solution must be a struct returned by an ODE "
                          "or BVP solver (sol = ode45(...), sol = bvp4c(...)).")
    fields = sol.data.flat[0]
    steps = real_array("deval", fields["x"]).ravel().astype(np.float64)
    values = numeric_array(fields["y"], "deval")
    slopes = numeric_array(fields["yp"] if "yp" in sol.fields else fields["idata"].data.flat[0]["yp"], "deval")
    points = real_array("deval", x).ravel(order="F").astype(np.float64)
    lo, hi = min(steps[0], steps[-1]), max(steps[0], steps[-1])
    if np.any((points < lo) | (points > hi)):
        raise MatlabError("MATLAB:deval:SolOutsideInterval",
                          f"Attempting to evaluate the solution outside the interval [{lo:g}, {hi:g}] where it "
                          "is defined.")
    order = np.argsort(steps, kind="stable")
    keep = np.concatenate([[True], np.diff(steps[order]) > 0])
    curve = scipy.interpolate.CubicHermiteSpline(steps[order][keep], values[:, order][:, keep],
                                                 slopes[:, order][:, keep], axis=1)
    rows = slice(None) if idx is None else [int(k) - 1 for k in real_array("deval", idx).ravel()]
    out = to_value(curve(points)[rows])
    return out if nargout < 2 else (out, to_value(curve(points, 1)[rows]))
