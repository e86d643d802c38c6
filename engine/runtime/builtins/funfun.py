"""Function functions: optimset optimget fzero fminbnd fminsearch integral integral2 quad quadgk.

They call MATLAB functions (handles or names) through ``ctx.call``. The algorithms are MATLAB's: fzero
brackets a sign change by MATLAB's search (steps of x0/50 growing by sqrt(2)) and then runs Brent's
method (scipy's brentq); fminbnd is golden-section search with parabolic interpolation (scipy's
fminbound, a translation of MATLAB's fminbnd); fminsearch is Nelder-Mead with MATLAB's initial simplex
(5% steps, 0.00025 for zero components) and coefficients (scipy's implementation); quad is MATLAB's
recursive adaptive Simpson rule; integral, quadgk and integral2 are adaptive 7/15-point Gauss-Kronrod
quadrature with MATLAB's default tolerances (AbsTol 1e-10, RelTol 1e-6), calling the integrand with
vectors of points. Results agree with MATLAB to within the tolerances, not always to the last bit.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import scipy

from ..context import CallContext
from ..device import DeviceArray
from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, FunctionHandle, StringArray, StructArray, Value
from .arguments import match_name, name_values, options_from, options_struct, real_array, real_scalar
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import char_value

EMPTY = np.zeros((0, 0))
OPTIMSET_FIELDS = ("Display", "MaxFunEvals", "MaxIter", "TolFun", "TolX", "FunValCheck", "OutputFcn",
                   "PlotFcns", "Algorithm", "GradObj", "GradConstr", "Jacobian", "TolCon")
SOLVER_DEFAULTS: dict[str, dict[str, Value]] = {
    "fzero": {"Display": "notify", "TolX": float(np.finfo(float).eps)},
    "fminbnd": {"Display": "notify", "MaxFunEvals": 500.0, "MaxIter": 500.0, "TolX": 1e-4},
    "fminsearch": {"Display": "notify", "MaxFunEvals": "200*numberofvariables",
                   "MaxIter": "200*numberofvariables", "TolFun": 1e-4, "TolX": 1e-4},
}


# -- calling MATLAB functions ------------------------------------------------------------------------

def callable_of(ctx: CallContext, fname: str, fn: Value) -> Callable[..., Value]:
    """A Python callable that calls the MATLAB function ``fn`` (a handle or a name) for one output."""
    if type(fn) in (CharArray, StringArray) and option_text(fn):
        fn = option_text(fn)
    elif type(fn) is not FunctionHandle:
        raise MatlabError(f"MATLAB:{fname}:InvalidFUN", "FUN must be a function handle or the name of a function.")

    def call(*args: Value) -> Value:
        out = ctx.call(fn, list(args), 1)
        if not out:
            raise MatlabError(f"MATLAB:{fname}:NoOutput", "The function must return a value.")
        return host_value(out[0])
    return call


def forward_jacobian(f: Callable[[np.ndarray], np.ndarray], x: np.ndarray, fx: np.ndarray) -> np.ndarray:
    """Forward differences of f (flat float arrays) at x, where it is fx: MATLAB's finite differences,
    step sqrt(eps)*max(|x|, 1)."""
    jac = np.empty((fx.size, x.size))
    for k in range(x.size):
        step = math.sqrt(np.finfo(float).eps) * max(abs(x[k]), 1.0)
        moved = x.copy()
        moved[k] += step
        jac[:, k] = (f(moved) - fx) / step
    return jac


def host_value(value: Value) -> Value:
    """A value a MATLAB function returned to a solver, on the host (a gpuArray gathered): the solvers
    compute on the host."""
    return value.gather() if isinstance(value, DeviceArray) else value


def _real_values(fname: str, value: Value, what: str) -> np.ndarray:
    arr = numeric_array(value, fname) if not isinstance(value, (StructArray,)) else None
    if arr is None or arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:NonRealValue", f"{what} must be real numbers.")
    return arr.astype(np.float64)


def _scalar_value(fname: str, value: Value) -> float:
    arr = _real_values(fname, value, "The function values")
    if arr.size != 1:
        raise MatlabError(f"MATLAB:{fname}:NonScalarFunValue", "The function must return a real scalar.")
    return float(arr.ravel()[0])


# -- optimset / optimget -----------------------------------------------------------------------------

# optimoptions' names (MATLAB's Optimization Toolbox) for fsolve's optimset fields; fsolve reads a structure
# with either names.
OPTIMOPTIONS_NAMES = {"Display": "Display", "FunctionTolerance": "TolFun", "StepTolerance": "TolX",
                      "MaxFunctionEvaluations": "MaxFunEvals", "MaxIterations": "MaxIter",
                      "OutputFcn": "OutputFcn", "PlotFcn": "PlotFcns", "FunValCheck": "FunValCheck"}
LEGACY_NAMES = {legacy: name for name, legacy in OPTIMOPTIONS_NAMES.items() if legacy != name}
# The options optimoptions makes for each solver here (optimization.py's solvers read them by these names),
# and optimset's names for them: TolFun is FunctionTolerance and OptimalityTolerance where a solver has both.
_COMMON = ("Display", "MaxFunctionEvaluations", "MaxIterations", "OptimalityTolerance", "StepTolerance",
           "SpecifyObjectiveGradient", "Algorithm")
OPTIMOPTIONS_SOLVERS: dict[str, tuple[str, ...]] = {
    "fsolve": tuple(OPTIMOPTIONS_NAMES),
    "fminunc": _COMMON,
    "lsqnonlin": _COMMON + ("FunctionTolerance",),
    "lsqcurvefit": _COMMON + ("FunctionTolerance",),
    "fmincon": _COMMON + ("ConstraintTolerance", "SpecifyConstraintGradient"),
    "linprog": ("Display", "MaxIterations"),            # linopt.py's, read by optimset's names
    "lsqlin": ("Display",),
}
OPTIMSET_EQUIVALENTS = {"TolFun": ("FunctionTolerance", "OptimalityTolerance"), "TolX": ("StepTolerance",),
                        "MaxFunEvals": ("MaxFunctionEvaluations",), "MaxIter": ("MaxIterations",),
                        "GradObj": ("SpecifyObjectiveGradient",), "Jacobian": ("SpecifyObjectiveGradient",),
                        "GradConstr": ("SpecifyConstraintGradient",), "TolCon": ("ConstraintTolerance",),
                        "PlotFcns": ("PlotFcn",)}


def _solver_of(options: StructArray) -> str | None:
    """The solver whose optimoptions structure has exactly these fields (None: not one of optimoptions')."""
    fields = set(options.fields)
    return next((name for name, names in OPTIMOPTIONS_SOLVERS.items() if fields == set(names)), None)


def toolbox_options(fname: str, options: Value | None) -> dict[str, Value]:
    """The set options of an optimoptions structure for ``fname`` (or of an optimset structure, by
    optimset's names) as {optimoptions name: value}; a set option the solver does not take is an error."""
    if options is None or (type(options) is np.ndarray and options.size == 0):
        return {}
    if type(options) is not StructArray or options.data.size != 1:
        raise MatlabError(f"MATLAB:{fname}:invalidOptions", "Options must be a structure created with "
                          "optimoptions or optimset.")
    names = OPTIMOPTIONS_SOLVERS[fname]
    record = options.data.ravel()[0]
    found: dict[str, Value] = {}
    for field in options.fields:
        value = record[field]
        if type(value) is np.ndarray and value.size == 0:
            continue
        if field in names:
            found[field] = value
            continue
        targets = [t for t in OPTIMSET_EQUIVALENTS.get(field, ()) if t in names]
        if not targets:
            raise MatlabError(f"MATLAB:{fname}:unsupportedOption", f"{fname} does not support the option '{field}'.")
        for target in targets:
            found.setdefault(target, value)
    return found


def _options_record(options: Value | None, fname: str) -> dict[str, Value]:
    """The set options of an optimset (or optimoptions) structure, by optimset's names."""
    fields = set(options.fields) if type(options) is StructArray and options.data.size == 1 else set()
    if fields & (OPTIMOPTIONS_NAMES.keys() - set(OPTIMSET_FIELDS)) and not fields & LEGACY_NAMES.keys():
        record = options.data.ravel()[0]
        options = StructArray.scalar({OPTIMOPTIONS_NAMES.get(f, f): record[f] for f in options.fields})
    return options_struct(fname, options, OPTIMSET_FIELDS, "optimset")


def _as_value(v: Value) -> Value:
    return char_value(v) if isinstance(v, str) else v


@builtin("optimset", family="funfun")
def optimset(*args: Value) -> Value:
    """options = optimset(Name, Value, ...), optimset(oldopts, Name, Value, ...), optimset(oldopts, newopts), optimset(solver)
    An options structure for fzero, fminbnd, fminsearch, fsolve and the other Optimization Toolbox solvers.

    An options structure for fzero, fminbnd, fminsearch, fsolve, fminunc, lsqnonlin, lsqcurvefit and
    fmincon, with MATLAB's fields Display, MaxFunEvals, MaxIter, TolFun, TolX, FunValCheck, OutputFcn,
    PlotFcns, Algorithm, GradObj, GradConstr, Jacobian and TolCon ([] where not set).
    Names match case-insensitively; optimset('fzero') (or another solver name) gives its defaults.

        opts = optimset('TolX', 1e-8, 'Display', 'off');
    """
    values: dict[str, Value] = {}
    rest = list(args)
    if len(rest) == 1 and option_text(rest[0]) is not None:
        solver = option_text(rest[0]).lower()
        if solver not in SOLVER_DEFAULTS:
            raise MatlabError("MATLAB:optimset:invalidSolver", f"No default options available for the function '{solver}'.")
        values = {k: _as_value(v) for k, v in SOLVER_DEFAULTS[solver].items()}
        rest = []
    values.update(options_from("optimset", rest, OPTIMSET_FIELDS, "optimset"))
    return StructArray.scalar({f: values.get(f, EMPTY) for f in OPTIMSET_FIELDS})


@builtin("optimoptions", family="funfun")
def optimoptions(solver: Value, *args: Value) -> Value:
    """options = optimoptions(SolverName, Name, Value, ...), optimoptions(oldoptions, Name, Value, ...)
    An options structure for fsolve, fminunc, lsqnonlin, lsqcurvefit, fmincon, linprog or lsqlin, with the Optimization Toolbox's names.

    SolverName is 'fsolve', 'fminunc', 'lsqnonlin', 'lsqcurvefit', 'fmincon', 'linprog' or 'lsqlin' (or a
    handle to one of them; fzero, fminbnd and fminsearch take optimset's options). The fields are the
    solver's options here ([] where not set): Display for all; MaxIterations for all but lsqlin;
    MaxFunctionEvaluations and StepTolerance for the nonlinear solvers; FunctionTolerance (fsolve,
    lsqnonlin, lsqcurvefit); OutputFcn, PlotFcn, FunValCheck (fsolve);
    OptimalityTolerance, SpecifyObjectiveGradient and Algorithm (fminunc, lsqnonlin, lsqcurvefit,
    fmincon); ConstraintTolerance and SpecifyConstraintGradient (fmincon). Names match
    case-insensitively, and optimset's names for them (TolFun, TolX, MaxFunEvals, MaxIter, GradObj,
    Jacobian, GradConstr, TolCon, PlotFcns) are accepted. MATLAB's result is an object of the solver's
    options class; this one is a structure with those fields.

        opts = optimoptions('fminunc', 'Display', 'off', 'OptimalityTolerance', 1e-10);
    """
    values: dict[str, Value] = {}
    if type(solver) is StructArray:
        name = _solver_of(solver) if solver.data.size == 1 else None
        if name is None:
            raise MatlabError("MATLAB:optimoptions:InvalidOptions", "Options must be created with optimoptions.")
        record = solver.data.ravel()[0]
        values = {f: record[f] for f in solver.fields
                  if not (type(record[f]) is np.ndarray and record[f].size == 0)}
    else:
        name = solver.name if type(solver) is FunctionHandle and solver.params is None else option_text(solver)
        if name not in OPTIMOPTIONS_SOLVERS:
            raise MatlabError("MATLAB:optimoptions:InvalidSolver",
                              f"optimoptions supports the solvers {', '.join(OPTIMOPTIONS_SOLVERS)} here; "
                              f"'{name or 'that value'}' is not one (fzero, fminbnd and fminsearch take "
                              "optimset's options).")
    names = OPTIMOPTIONS_SOLVERS[name]
    legacy = {old: [t for t in targets if t in names] for old, targets in OPTIMSET_EQUIVALENTS.items()}
    legacy = {old: targets for old, targets in legacy.items() if targets}
    given = name_values("optimoptions", args, names + tuple(legacy))
    for key, value in given.items():
        for target in legacy.get(key, [key]):
            values[target] = value
    return StructArray.scalar({f: values.get(f, EMPTY) for f in names})


@builtin("optimget", family="funfun")
def optimget(options: Value, name: Value, default: Value | None = None) -> Value:
    """value = optimget(options, Name), optimget(options, Name, default)  one option of an optimset
    structure.

    The name matches case-insensitively; an option that is not set ([]) gives default (or []).

        optimget(optimset('TolX', 1e-8), 'tolx')    % 1e-08
    """
    word = option_text(name)
    if word is None:
        raise MatlabError("MATLAB:optimget:invalidName", "The option name must be text.")
    record = _options_record(options, "optimget")
    return record.get(match_name("optimget", word, OPTIMSET_FIELDS), EMPTY if default is None else default)


def _option_number(opts: dict[str, Value], name: str, default: float, count: int = 1) -> float:
    value = opts.get(name)
    if value is None:
        return default
    word = option_text(value)
    if word is not None and word.lower() == "200*numberofvariables":
        return 200.0 * count
    return real_scalar("optimset", value, name)


def evaluation_limit(fname: str, value: float, name: str) -> int:
    """An iteration or evaluation limit option as an int (Inf: no limit in practice); NaN or a negative
    limit is an error."""
    if math.isnan(value) or value < 0:
        raise MatlabError(f"MATLAB:{fname}:invalidOption", f"The option {name} must be a nonnegative number.")
    return int(min(value, 2 ** 31 - 1))


def _display(opts: dict[str, Value]) -> str:
    return (option_text(opts["Display"]) or "notify").lower() if "Display" in opts else "notify"


def _output_struct(**fields: Value) -> StructArray:
    return StructArray.scalar({k: _as_value(v) for k, v in fields.items()})


# -- fzero -------------------------------------------------------------------------------------------

def _bracket(f: Callable[[float], float], x: float, fx: float) -> tuple[float, float, float, float, int]:
    """MATLAB's search for a sign change around x: (a, fa, b, fb, evaluations); NaN ends if none."""
    dx = x / 50 if x != 0 else 1 / 50
    a = b = x
    fa = fb = fx
    count = 0
    while (fa > 0) == (fb > 0):
        dx *= math.sqrt(2)
        a = x - dx
        fa = f(a)
        count += 1
        if not math.isfinite(fa) or not math.isfinite(a):
            return math.nan, math.nan, math.nan, math.nan, count
        if (fa > 0) != (fb > 0):
            break
        b = x + dx
        fb = f(b)
        count += 1
        if not math.isfinite(fb) or not math.isfinite(b):
            return math.nan, math.nan, math.nan, math.nan, count
    return a, fa, b, fb, count


@builtin("fzero", family="funfun")
def fzero(ctx: CallContext, fun: Value, x0: Value, options: Value | None = None, *, nargout: int = 1) -> Value:
    """x = fzero(fun, x0), fzero(fun, [a b]), fzero(..., options), [x, fval, exitflag, output] = fzero(...)
    A zero of a function of one variable.

    A zero of the function of one variable fun: from a scalar x0 it first searches for an interval
    around x0 where fun changes sign (x0 +- dx, dx = x0/50 growing by sqrt(2)); from [a b] the values
    at a and b must differ in sign. Brent's method then narrows the interval to within TolX (default
    eps, set with optimset). fval = fun(x); exitflag is 1 when a zero was found, -6 when no sign
    change was found (x is NaN).

        fzero(@(x) x.^2 - 2, 1)     % 1.4142
        fzero(@cos, [1 2])          % 1.5708
    """
    f = callable_of(ctx, "fzero", fun)
    opts = _options_record(options, "fzero")
    tol = _option_number(opts, "TolX", float(np.finfo(float).eps))
    start = _real_values("fzero", x0, "X0")
    evaluate = (lambda x: _scalar_value("fzero", f(x)))
    if start.size == 2:
        a, b = float(start.ravel()[0]), float(start.ravel()[1])
        fa, fb = evaluate(a), evaluate(b)
        count = 2
        if not (math.isfinite(fa) and math.isfinite(fb)):
            raise MatlabError("MATLAB:fzero:ValuesAtEndPtsComplexOrNotFinite",
                              "Function values at the interval endpoints must be finite and real.")
        if (fa > 0) == (fb > 0) and fa != 0 and fb != 0:
            raise MatlabError("MATLAB:fzero:ValuesAtEndPtsSameSign",
                              "The function values at the interval endpoints must differ in sign.")
    elif start.size == 1:
        x = float(start.ravel()[0])
        fx = evaluate(x)
        if fx == 0:
            return _fzero_outputs(x, fx, 1.0, 1, 0, nargout)
        a, fa, b, fb, count = _bracket(evaluate, x, fx)
        count += 1
        if math.isnan(a):
            if _display(opts) != "off":
                ctx.warn("MATLAB:fzero:noSignChange", "Exiting fzero: aborting search for an interval containing "
                         "a sign change because NaN or Inf function value encountered during search.")
            return _fzero_outputs(math.nan, math.nan, -6.0, 0, count, nargout)
    else:
        raise MatlabError("MATLAB:fzero:LengthArg2", "Second argument must be a scalar or vector of length 2.")
    if fa == 0 or fb == 0:
        x = a if fa == 0 else b
        return _fzero_outputs(x, 0.0, 1.0, 0, count, nargout)
    root, result = scipy.optimize.brentq(evaluate, a, b, xtol=max(tol, 1e-300), rtol=4 * np.finfo(float).eps,
                                         full_output=True, disp=False)
    return _fzero_outputs(root, evaluate(root), 1.0, result.iterations, count + result.function_calls + 1,
                          nargout)


def _fzero_outputs(x: float, fx: float, flag: float, iterations: int, calls: int, nargout: int) -> Value:
    outs = (x, fx, flag, _output_struct(intervaliterations=0.0, iterations=float(iterations),
                                        funcCount=float(calls), algorithm="bisection, interpolation",
                                        message="Zero found in the interval" if flag > 0 else
                                        "No sign change found"))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


# -- fminbnd / fminsearch ----------------------------------------------------------------------------

@builtin("fminbnd", family="funfun")
def fminbnd(ctx: CallContext, fun: Value, x1: Value, x2: Value, options: Value | None = None, *,
            nargout: int = 1) -> Value:
    """x = fminbnd(fun, x1, x2), fminbnd(..., options), [x, fval, exitflag, output] = fminbnd(...)
    The minimum of a function of one variable on an interval.

    A local minimum of the function of one variable fun on the interval x1 < x < x2, by golden-section
    search and parabolic interpolation (MATLAB's algorithm). Options (optimset): TolX (default 1e-4),
    MaxFunEvals and MaxIter (default 500). exitflag is 1 when converged, 0 when the limits stopped it.

        fminbnd(@(x) (x - 2).^2, 0, 5)    % 2
    """
    f = callable_of(ctx, "fminbnd", fun)
    opts = _options_record(options, "fminbnd")
    low, high = real_scalar("fminbnd", x1, "X1"), real_scalar("fminbnd", x2, "X2")
    if not (math.isfinite(low) and math.isfinite(high)):
        raise MatlabError("MATLAB:fminbnd:NonFiniteBounds", "The bounds X1 and X2 must be finite.")
    if low > high:
        raise MatlabError("MATLAB:fminbnd:LowerBoundGreaterThanUpperBound",
                          "The lower bound exceeds the upper bound.")
    tol = _option_number(opts, "TolX", 1e-4)
    limit = min(evaluation_limit("fminbnd", _option_number(opts, "MaxFunEvals", 500), "MaxFunEvals"),
                evaluation_limit("fminbnd", _option_number(opts, "MaxIter", 500), "MaxIter"))
    x, fval, flag, calls = scipy.optimize.fminbound(lambda x: _scalar_value("fminbnd", f(float(x))), low, high,
                                                    xtol=tol, maxfun=limit, full_output=True, disp=0)
    exitflag = 1.0 if flag == 0 else 0.0
    outs = (float(x), float(fval), exitflag,
            _output_struct(iterations=float(calls), funcCount=float(calls),
                           algorithm="golden section search, parabolic interpolation",
                           message="Optimization terminated" if exitflag else "Exiting: maximum evaluations reached"))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


@builtin("fminsearch", family="funfun")
def fminsearch(ctx: CallContext, fun: Value, x0: Value, options: Value | None = None, *,
               nargout: int = 1) -> Value:
    """x = fminsearch(fun, x0), fminsearch(fun, x0, options), [x, fval, exitflag, output] = fminsearch(...)
    A minimum of a function of several variables, by the Nelder-Mead simplex method.

    A local minimum of the function of several variables fun, by the Nelder-Mead simplex method
    without derivatives, starting at x0 (fun receives arrays of x0's size). Options (optimset): TolX
    and TolFun (default 1e-4), MaxIter and MaxFunEvals (default 200*numel(x0)), Display. exitflag is
    1 when converged, 0 when the iteration or evaluation limit stopped it.

        fminsearch(@(x) (x(1) - 1)^2 + (x(2) + 2)^2, [0 0])    % approximately [1 -2]
    """
    f = callable_of(ctx, "fminsearch", fun)
    opts = _options_record(options, "fminsearch")
    start = _real_values("fminsearch", x0, "X0")
    shape = start.shape
    n = start.size
    limits = dict(maxiter=evaluation_limit("fminsearch", _option_number(opts, "MaxIter", 200 * n, n), "MaxIter"),
                  maxfev=evaluation_limit("fminsearch", _option_number(opts, "MaxFunEvals", 200 * n, n), "MaxFunEvals"),
                  xatol=_option_number(opts, "TolX", 1e-4), fatol=_option_number(opts, "TolFun", 1e-4))
    evaluate = (lambda x: _scalar_value("fminsearch", f(to_value(x.reshape(shape, order="F")))))
    result = scipy.optimize.minimize(evaluate, start.ravel(order="F"), method="Nelder-Mead", options=limits)
    exitflag = 1.0 if result.success else 0.0
    if not result.success and _display(opts) != "off":
        ctx.write("\nExiting: Maximum number of function evaluations has been exceeded\n"
                  "         - increase MaxFunEvals option.\n" if result.nfev >= limits["maxfev"] else
                  "\nExiting: Maximum number of iterations has been exceeded\n"
                  "         - increase MaxIter option.\n")
    outs = (to_value(result.x.reshape(shape, order="F")), float(result.fun), exitflag,
            _output_struct(iterations=float(result.nit), funcCount=float(result.nfev),
                           algorithm="Nelder-Mead simplex direct search",
                           message="Optimization terminated" if exitflag else "Exiting: limits exceeded"))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


# -- quadrature --------------------------------------------------------------------------------------

# Gauss-Kronrod 7/15 nodes on [-1, 1] (the positive half, then 0) and weights
_KRONROD_NODES = np.array([0.991455371120812639, 0.949107912342758525, 0.864864423359769073,
                           0.741531185599394440, 0.586087235467691130, 0.405845151377397167,
                           0.207784955007898468, 0.0])
_KRONROD_WEIGHTS = np.array([0.022935322010529225, 0.063092092629978553, 0.104790010322250184,
                             0.140653259715525919, 0.169004726639267903, 0.190350578064785410,
                             0.204432940075298892, 0.209482141084727828])
_GAUSS_WEIGHTS = np.array([0.129484966168869693, 0.279705391489276668, 0.381830050505118945,
                           0.417959183673469388])            # at the Kronrod nodes 1, 3, 5 and 0
NODES = np.concatenate([-_KRONROD_NODES[:-1], [0.0], _KRONROD_NODES[:-1][::-1]])
KRONROD = np.concatenate([_KRONROD_WEIGHTS[:-1], [_KRONROD_WEIGHTS[-1]], _KRONROD_WEIGHTS[:-1][::-1]])
GAUSS = np.zeros(15)
GAUSS[[1, 3, 5, 7, 9, 11, 13]] = np.concatenate([_GAUSS_WEIGHTS[:3], [_GAUSS_WEIGHTS[3]], _GAUSS_WEIGHTS[:3][::-1]])
MAX_INTERVALS = 650


def _transform(a: float, b: float) -> tuple[Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]], float, float]:
    """(t -> (x, dx/dt), t_low, t_high): maps finite limits with a weight that softens endpoint
    singularities, and infinite limits to a finite t-interval (as quadgk)."""
    if math.isfinite(a) and math.isfinite(b):
        mid, half = (a + b) / 2, (b - a) / 4
        return (lambda t: (half * t * (3 - t * t) + mid, 3 * half * (1 - t * t))), -1.0, 1.0
    if math.isfinite(a):              # [a, Inf): x = a + t/(1-t)
        return (lambda t: (a + t / (1 - t), 1 / (1 - t) ** 2)), 0.0, 1.0
    if math.isfinite(b):              # (-Inf, b]: x = b - t/(1-t)
        return (lambda t: (b - t / (1 - t), 1 / (1 - t) ** 2)), 0.0, 1.0
    return (lambda t: (t / (1 - t * t), (1 + t * t) / (1 - t * t) ** 2)), -1.0, 1.0


def gauss_kronrod(integrand: Callable[[np.ndarray], np.ndarray], a: float, b: float, abstol: float,
                  reltol: float, waypoints: np.ndarray | None = None, pieces: int = 10) -> tuple[np.ndarray, float, bool]:
    """Adaptive G7K15 quadrature of a vectorized integrand from a to b: (integral, error bound, converged).
    ``integrand(x)`` takes a 1-d array of points and returns an array (points, *value shape); the
    interval starts cut into ``pieces`` (fewer for the inner integrals of iterated ones)."""
    if a == b:
        shape = np.asarray(integrand(np.array([a]))).shape[1:]
        return np.zeros(shape), 0.0, True
    if b < a:
        q, err, ok = gauss_kronrod(integrand, b, a, abstol, reltol, waypoints, pieces)
        return -q, err, ok
    mapping, t0, t1 = _transform(a, b)
    edges = np.linspace(t0, t1, pieces + 1)
    if waypoints is not None and waypoints.size and math.isfinite(a) and math.isfinite(b):
        inside = np.sort(waypoints[(waypoints > a) & (waypoints < b)])
        edges = np.unique(np.concatenate([[t0, t1], _inverse_points(inside, a, b)]))
        edges = np.unique(np.concatenate([np.linspace(lo, hi, 3) for lo, hi in zip(edges[:-1], edges[1:])]))
    intervals = np.stack([edges[:-1], edges[1:]], axis=1)
    done_q, done_err = 0.0, 0.0
    while True:
        centers = intervals.mean(axis=1)[:, None]
        halves = (intervals[:, 1] - intervals[:, 0])[:, None] / 2
        t = (centers + halves * NODES[None, :]).ravel()
        x, weight = mapping(t)
        values = np.asarray(integrand(x))
        values = values.reshape((intervals.shape[0], 15) + values.shape[1:]) * \
            weight.reshape((intervals.shape[0], 15) + (1,) * (values.ndim - 1))
        scale = halves.reshape((-1,) + (1,) * (values.ndim - 2))
        kronrod = scale * np.tensordot(values, KRONROD, axes=([1], [0]))
        gauss = scale * np.tensordot(values, GAUSS, axes=([1], [0]))
        errors = np.abs(kronrod - gauss).reshape(intervals.shape[0], -1).max(axis=1)
        total = done_q + kronrod.sum(axis=0)
        tolerance = max(abstol, reltol * float(np.max(np.abs(total), initial=0.0)))
        if not np.all(np.isfinite(total)):
            return total, math.inf, False
        if done_err + errors.sum() <= tolerance:
            return total, float(done_err + errors.sum()), True
        widths = (intervals[:, 1] - intervals[:, 0]) / (t1 - t0)
        finished = errors <= tolerance * widths
        done_q = done_q + kronrod[finished].sum(axis=0)
        done_err += float(errors[finished].sum())
        active = intervals[~finished]
        if 2 * active.shape[0] > MAX_INTERVALS or np.any(active[:, 1] - active[:, 0] < 1e-15 * (t1 - t0)):
            return total, float(done_err + errors[~finished].sum()), False
        mids = active.mean(axis=1)
        intervals = np.concatenate([np.stack([active[:, 0], mids], 1), np.stack([mids, active[:, 1]], 1)])


def _inverse_points(x: np.ndarray, a: float, b: float) -> np.ndarray:
    """The t of the finite-interval mapping for each x (solving the cubic numerically)."""
    mid, half = (a + b) / 2, (b - a) / 4
    roots = []
    for value in x:
        candidates = np.roots([-half, 0, 3 * half, mid - value])
        real = candidates[np.abs(candidates.imag) < 1e-12].real
        roots.append(float(real[(real >= -1) & (real <= 1)][0]))
    return np.array(roots)


INTEGRAL_OPTIONS = ("AbsTol", "RelTol", "ArrayValued", "Waypoints")


def _vector_integrand(fname: str, f: Callable[..., Value], array_valued: bool,
                      shape_holder: list) -> Callable[[np.ndarray], np.ndarray]:
    """Calls a MATLAB integrand on a row of points (or once per point when it is array-valued)."""
    def integrand(x: np.ndarray) -> np.ndarray:
        if array_valued:
            values = [numeric_array(f(float(p)), fname) for p in x]
            shape_holder[:] = [values[0].shape]
            return np.stack([v.astype(np.complex128 if v.dtype.kind == "c" else np.float64) for v in values])
        out = numeric_array(f(to_value(x.reshape(1, -1))), fname)
        if out.size != x.size:
            raise MatlabError(f"MATLAB:{fname}:integrandOutputSize",
                              "Output of the function must be the same size as the input. If FUN is an "
                              "array-valued integrand, set the 'ArrayValued' option to true.")
        return out.ravel(order="F").astype(np.complex128 if out.dtype.kind == "c" else np.float64)
    return integrand


def _integrate(ctx: CallContext, fname: str, fun: Value, a: Value, b: Value, args: tuple[Value, ...],
               abstol: float, reltol: float) -> tuple[Value, float]:
    f = callable_of(ctx, fname, fun)
    opts = name_values(fname, args, INTEGRAL_OPTIONS)
    abstol = real_scalar(fname, opts["AbsTol"], "AbsTol") if "AbsTol" in opts else abstol
    reltol = real_scalar(fname, opts["RelTol"], "RelTol") if "RelTol" in opts else reltol
    array_valued = bool(np.all(numeric_array(opts["ArrayValued"], fname))) if "ArrayValued" in opts else False
    waypoints = real_array(fname, opts["Waypoints"]).ravel().astype(np.float64) if "Waypoints" in opts else None
    low, high = real_scalar(fname, a, "A"), real_scalar(fname, b, "B")
    shape: list = []
    q, err, ok = gauss_kronrod(_vector_integrand(fname, f, array_valued, shape), low, high, abstol, reltol,
                               waypoints)
    if not ok:
        ctx.warn(f"MATLAB:{fname}:MinStepSize" if math.isfinite(err) else f"MATLAB:{fname}:NonFiniteValue",
                 f"Minimum step size reached near x = {low:g}. There may be a singularity, or the tolerances "
                 f"may be too tight for this problem." if math.isfinite(err) else
                 "Infinite or Not-a-Number value encountered.")
    q = np.asarray(q)
    result = to_value(q.reshape(shape[0], order="C") if array_valued and shape else q.reshape(1, 1))
    return result, err


@builtin("integral", family="funfun")
def integral(ctx: CallContext, fun: Value, a: Value, b: Value, *args: Value) -> Value:
    """q = integral(fun, a, b), integral(..., 'AbsTol', t, 'RelTol', r, 'ArrayValued', tf, 'Waypoints', w)
    Numerical integration by adaptive Gauss-Kronrod quadrature.

    The definite integral of fun from a to b (either may be Inf or -Inf), by adaptive Gauss-Kronrod
    quadrature to within max(AbsTol, RelTol*|q|) (defaults 1e-10 and 1e-6). fun is called with a row
    of points and must return the values at each (use .* and ./); with 'ArrayValued', true it is
    called with one point at a time and may return an array, integrated elementwise. Waypoints are
    points the integrand changes nature at.

        integral(@(x) exp(-x.^2), -Inf, Inf)    % 1.7725
    """
    return _integrate(ctx, "integral", fun, a, b, args, 1e-10, 1e-6)[0]


@builtin("quadgk", family="funfun")
def quadgk(ctx: CallContext, fun: Value, a: Value, b: Value, *args: Value, nargout: int = 1) -> Value:
    """q = quadgk(fun, a, b), [q, errbnd] = quadgk(..., 'AbsTol', t, 'RelTol', r, 'Waypoints', w)
    Numerical integration by adaptive Gauss-Kronrod quadrature, with an error bound.

    Adaptive Gauss-Kronrod quadrature of fun from a to b (as integral, which it underlies); errbnd
    estimates the absolute error. Defaults AbsTol 1e-10, RelTol 1e-6.

        [q, err] = quadgk(@(x) 1 ./ sqrt(x), 0, 1)    % q = 2
    """
    q, err = _integrate(ctx, "quadgk", fun, a, b, args, 1e-10, 1e-6)
    return (q, err) if nargout > 1 else q


@builtin("integral2", family="funfun")
def integral2(ctx: CallContext, fun: Value, xmin: Value, xmax: Value, ymin: Value, ymax: Value,
              *args: Value) -> Value:
    """q = integral2(fun, xmin, xmax, ymin, ymax), integral2(..., 'AbsTol', t, 'RelTol', r)
    Numerical double integration over a planar region.

    The double integral of fun(x, y) over xmin <= x <= xmax and ymin(x) <= y <= ymax(x): ymin and ymax
    may be numbers or function handles of x. fun is called with arrays of x and y of the same size
    and must work elementwise. Computed as iterated adaptive Gauss-Kronrod quadratures (MATLAB's
    default 'tiled' method differs in the route, not the result, within the tolerances AbsTol 1e-10
    and RelTol 1e-6).

        integral2(@(x, y) x .* y, 0, 1, 0, 2)    % 1
    """
    opts = name_values("integral2", args, ("AbsTol", "RelTol", "Method"))
    abstol = real_scalar("integral2", opts["AbsTol"], "AbsTol") if "AbsTol" in opts else 1e-10
    reltol = real_scalar("integral2", opts["RelTol"], "RelTol") if "RelTol" in opts else 1e-6
    q, _, ok = _double_integral(ctx, "integral2", fun, (xmin, xmax, ymin, ymax), abstol, reltol)
    if not ok:
        ctx.warn("MATLAB:integral2:maxFunEvalsPass", "Reached the maximum number of function evaluations. "
                 "The result fails the global error test.")
    return to_value(np.asarray(q).reshape(1, 1))


def _double_integral(ctx: CallContext, fname: str, fun: Value, limits: tuple[Value, ...], abstol: float,
                     reltol: float) -> tuple[np.ndarray, float, bool]:
    """(integral, error estimate of the outer quadrature, converged) of fun(x, y) over xmin <= x <= xmax,
    ymin(x) <= y <= ymax(x), by iterated adaptive Gauss-Kronrod quadratures."""
    f = callable_of(ctx, fname, fun)
    xmin, xmax, ymin, ymax = limits
    bound = [_bound(ctx, v) for v in (ymin, ymax)]
    low, high = real_scalar(fname, xmin, "XMIN"), real_scalar(fname, xmax, "XMAX")

    def inner(x: float) -> float:
        def along_y(y: np.ndarray) -> np.ndarray:
            out = numeric_array(f(to_value(np.full((1, y.size), x)), to_value(y.reshape(1, -1))), fname)
            if out.size != y.size:
                raise MatlabError(f"MATLAB:{fname}:funSizeMismatch",
                                  "Integrand output size does not match the input size.")
            return out.ravel(order="F").astype(np.complex128 if out.dtype.kind == "c" else np.float64)
        q, _, _ = gauss_kronrod(along_y, bound[0](x), bound[1](x), abstol / 10, reltol / 10)
        return q

    return gauss_kronrod(lambda xs: np.array([inner(float(x)) for x in xs]), low, high, abstol, reltol)


@builtin("quad2d", family="funfun")
def quad2d(ctx: CallContext, fun: Value, a: Value, b: Value, c: Value, d: Value, *args: Value,
           nargout: int = 1) -> Value:
    """q = quad2d(fun, a, b, c, d), quad2d(..., 'AbsTol', t, 'RelTol', r), [q, errbnd] = quad2d(...)
    Numerical double integration over a planar region.

    The double integral of fun(x, y) over a <= x <= b and c(x) <= y <= d(x) (c and d numbers or function
    handles of x), as integral2 computes it, with quad2d's tolerances: AbsTol 1e-5 and RelTol
    100*eps. fun must work elementwise on arrays. errbnd is the error estimate of the outer quadrature.
    A result that fails the error test warns, as in MATLAB.

        quad2d(@(x, y) x .* y, 1, 2, @(x) x.^2, @(x) x.^4)    % 45.9
    """
    opts = name_values("quad2d", args, ("AbsTol", "RelTol"))
    abstol = real_scalar("quad2d", opts["AbsTol"], "AbsTol") if "AbsTol" in opts else 1e-5
    reltol = real_scalar("quad2d", opts["RelTol"], "RelTol") if "RelTol" in opts else 100 * np.finfo(float).eps
    q, err, ok = _double_integral(ctx, "quad2d", fun, (a, b, c, d), abstol, reltol)
    if not ok:
        ctx.warn("MATLAB:quad2d:maxFunEvalsFail", "Reached the maximum number of function evaluations. "
                 "The result fails the global error test.")
    return to_value(np.asarray(q).reshape(1, 1)) if nargout < 2 else \
        (to_value(np.asarray(q).reshape(1, 1)), float(err))


def _bound(ctx: CallContext, value: Value) -> Callable[[float], float]:
    if type(value) is FunctionHandle:
        g = callable_of(ctx, "integral2", value)
        return lambda x: _scalar_value("integral2", g(x))
    number = real_scalar("integral2", value, "The limits")
    return lambda x: number


@builtin("quad", family="funfun")
def quad(ctx: CallContext, fun: Value, a: Value, b: Value, tol: Value | None = None, *,
         nargout: int = 1) -> Value:
    """q = quad(fun, a, b), quad(fun, a, b, tol), [q, fcnt] = quad(...)  numerical integration by
    recursive adaptive Simpson quadrature (MATLAB's algorithm; integral is recommended instead).

    fun is called with vectors of points; tol (default 1e-6) bounds the absolute error; fcnt counts
    the function evaluations. a and b must be finite.

        quad(@(x) 1 ./ (x.^3 - 2*x - 5), 0, 2)    % -0.4605
    """
    f = callable_of(ctx, "quad", fun)
    low, high = real_scalar("quad", a, "A"), real_scalar("quad", b, "B")
    if not (math.isfinite(low) and math.isfinite(high)):
        raise MatlabError("MATLAB:quad:InfiniteLimits", "The limits of integration must be finite; use integral.")
    tolerance = 1e-6 if tol is None or numeric_array(tol, "quad").size == 0 else real_scalar("quad", tol, "TOL")
    evaluate = _simpson_function(f)
    h = 0.13579 * (high - low)
    x = np.array([low, low + h, low + 2 * h, (low + high) / 2, high - 2 * h, high - h, high])
    y = evaluate(x)
    state = {"count": 7, "warned": False}
    total = sum(_simpson_step(ctx, evaluate, x[k], x[k + 2], y[k], y[k + 1], y[k + 2], tolerance, state)
                for k in (0, 2, 4))
    q = to_value(np.asarray(total).reshape(1, 1)) if np.iscomplexobj(total) else float(total)
    outs = (q, float(state["count"]))
    return outs if nargout > 1 else outs[0]


def _simpson_function(f: Callable[..., Value]) -> Callable[[np.ndarray], np.ndarray]:
    def evaluate(x: np.ndarray) -> np.ndarray:
        out = numeric_array(f(to_value(x.reshape(1, -1))), "quad").ravel(order="F")
        out = out.astype(np.complex128 if out.dtype.kind == "c" else np.float64)    # a complex integrand too
        if out.size != x.size:
            raise MatlabError("MATLAB:quad:integrandOutputSize", "The integrand must return one value per point.")
        return out
    return evaluate


def _simpson_step(ctx: CallContext, evaluate: Callable[[np.ndarray], np.ndarray], a: float, b: float,
                  fa: float, fc: float, fb: float, tol: float, state: dict) -> float:
    """One step of MATLAB's quadstep: Simpson on [a, b] against its two halves, recursing where they
    disagree by more than tol."""
    h = b - a
    c = (a + b) / 2
    if abs(h) < np.finfo(float).eps * max(abs(a), abs(b)) or c in (a, b) or state["count"] > 10000:
        if not state["warned"]:
            ctx.warn("MATLAB:quad:MinStepSize" if state["count"] <= 10000 else "MATLAB:quad:MaxFcnCount",
                     "Minimum step size reached; singularity possible." if state["count"] <= 10000 else
                     "Maximum function count exceeded; singularity likely.")
            state["warned"] = True
        return h * fc
    fd, fe = evaluate(np.array([(a + c) / 2, (c + b) / 2]))
    state["count"] += 2
    whole = h / 6 * (fa + 4 * fc + fb)
    halves = h / 12 * (fa + 4 * fd + 2 * fc + 4 * fe + fb)
    if not np.isfinite(halves):
        if not state["warned"]:
            ctx.warn("MATLAB:quad:ImproperFcnValue", "Infinite or Not-a-Number function value encountered.")
            state["warned"] = True
        return halves
    if abs(halves - whole) <= tol:
        return halves + (halves - whole) / 15
    return (_simpson_step(ctx, evaluate, a, c, fa, fd, fc, tol, state)
            + _simpson_step(ctx, evaluate, c, b, fc, fe, fb, tol, state))

