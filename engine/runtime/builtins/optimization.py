"""Optimization Toolbox solvers: fminunc, lsqnonlin, lsqcurvefit, fmincon (fsolve is equations.py).

The algorithms are scipy.optimize's: fminunc is BFGS quasi-Newton (MATLAB's default 'quasi-newton'
algorithm) with MATLAB's relative first-order optimality test; lsqnonlin and lsqcurvefit are
least_squares' trust-region-reflective method (MATLAB's default) or MINPACK's Levenberg-Marquardt;
fmincon is sequential quadratic programming (SLSQP; where it fails, the trust-region interior-point method
'trust-constr' tries again). Gradients are the user's (SpecifyObjectiveGradient) or forward differences
with MATLAB's step sqrt(eps)*max(|x|, 1). Options come from optimoptions (or optimset, by its names). x
keeps x0's shape; the solutions agree with MATLAB's to the tolerances, iteration counts do not.
"""
from __future__ import annotations

import math
import warnings
from typing import Callable

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import FunctionHandle, StructArray, Value
from .funfun import _output_struct, callable_of, evaluation_limit, forward_jacobian, host_value, toolbox_options
from .arguments import real_scalar
from .registry import builtin
from .sizes import numeric_array, option_text

DETAILS = "\n\n<stopping criteria details>\n"
MESSAGES = {
    "minimum": "Local minimum found.\n\nOptimization completed because the size of the gradient is less than\n"
               "the value of the optimality tolerance." + DETAILS,
    "step": "Local minimum possible.\n\n{f} stopped because the size of the current step is less than\n"
            "the value of the step size tolerance." + DETAILS,
    "function": "Local minimum possible.\n\n{f} stopped because the final change in the sum of squares relative to\n"
                "its initial value is less than the value of the function tolerance." + DETAILS,
    "limit": "Solver stopped prematurely.\n\n{f} stopped because it exceeded the {what} limit,\n"
             "options.{option} = {value}.\n",
    "constrained": "Local minimum found that satisfies the constraints.\n\nOptimization completed because the "
                   "objective function is non-decreasing in\nfeasible directions, to within the value of the "
                   "optimality tolerance,\nand constraints are satisfied to within the value of the constraint "
                   "tolerance." + DETAILS,
    "infeasible": "Converged to an infeasible point.\n\n{f} stopped because the size of the current step is less "
                  "than\nthe value of the step size tolerance but constraints are not\nsatisfied to within the "
                  "value of the constraint tolerance." + DETAILS,
    "bounds": "Exiting due to infeasibility: at least one lower bound exceeds the corresponding upper bound.\n",
}


# -- shared pieces -----------------------------------------------------------------------------------

def _start(fname: str, x0: Value) -> np.ndarray:
    start = numeric_array(x0, fname) if not isinstance(x0, StructArray) else None
    if start is None or start.dtype.kind == "c" or start.size == 0 or not np.all(np.isfinite(start)):
        raise MatlabError(f"MATLAB:{fname}:InvalidX0", "x0 must be a nonempty array of finite real numbers.")
    return start


def _number(fname: str, opts: dict[str, Value], name: str, default: float) -> float:
    return real_scalar(fname, opts[name], name) if name in opts else default


def _limit(fname: str, opts: dict[str, Value], name: str, default: int) -> int:
    return evaluation_limit(fname, _number(fname, opts, name, default), name)


def _flag(fname: str, opts: dict[str, Value], name: str) -> bool:
    """An on/off option: true/false, or optimset's 'on'/'off'."""
    if name not in opts:
        return False
    word = option_text(opts[name])
    if word is not None:
        if word.lower() not in ("on", "off"):
            raise MatlabError(f"MATLAB:{fname}:invalidOption", f"The option {name} must be true or false.")
        return word.lower() == "on"
    return bool(real_scalar(fname, opts[name], name))


def _choice(fname: str, opts: dict[str, Value], name: str, choices: tuple[str, ...]) -> str:
    word = option_text(opts[name]) if name in opts else choices[0]
    if word is None or word.lower() not in choices:
        raise MatlabError(f"MATLAB:{fname}:invalidOption", f"{fname} supports the {name} values "
                          f"{', '.join(repr(c) for c in choices)} here.")
    return word.lower()


def _display(fname: str, opts: dict[str, Value]) -> str:
    return _choice(fname, opts, "Display", ("final", "off", "none", "iter", "notify", "final-detailed",
                                            "iter-detailed", "notify-detailed"))


def _report(ctx: CallContext, display: str, exitflag: float, message: str) -> None:
    """MATLAB's final message, as Display asks ('iter' prints the final message only)."""
    if display in ("off", "none") or (display.startswith("notify") and exitflag > 0):
        return
    ctx.write("\n" + message + "\n")


def _real_result(fname: str, value: Value, what: str) -> np.ndarray:
    arr = numeric_array(value, fname) if not isinstance(value, StructArray) else None
    if arr is None or arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:NonRealValue", f"{fname} cannot continue: {what} must be real.")
    return arr.astype(np.float64)


class _Function:
    """A MATLAB function of x (x0's shape) on flat float arrays, counting its calls; ``outputs`` asks
    for the gradient or Jacobian as its second output."""

    def __init__(self, ctx: CallContext, fname: str, fun: Value, shape: tuple[int, ...], extra: tuple = ()) -> None:
        callable_of(ctx, fname, fun)                 # the check of fun
        if type(fun) is not FunctionHandle:
            fun = option_text(fun)
        self.ctx, self.fname, self.fun, self.shape, self.extra, self.count = ctx, fname, fun, shape, extra, 0

    def __call__(self, x: np.ndarray, outputs: int = 1) -> list[np.ndarray]:
        self.count += 1
        out = self.ctx.call(self.fun, [to_value(x.reshape(self.shape, order="F").copy()), *self.extra], outputs)
        if len(out) < outputs:
            raise MatlabError(f"MATLAB:{self.fname}:NoOutput", "The function must return a value." if outputs == 1
                              else f"The function must return {outputs} outputs when its gradient is specified.")
        return [_real_result(self.fname, host_value(v), "the function values") for v in out[:outputs]]


def _bounds(fname: str, lb: Value | None, ub: Value | None, n: int) -> tuple[np.ndarray, np.ndarray]:
    """lb and ub as length-n vectors ([] or absent: unbounded; shorter ones are padded with -Inf/Inf, as
    MATLAB does after its warning)."""
    out = []
    for value, fill, what in ((lb, -np.inf, "lb"), (ub, np.inf, "ub")):
        arr = np.full(n, fill)
        if value is not None:
            given = _real_result(fname, value, what).ravel(order="F")
            if np.any(np.isnan(given)):
                raise MatlabError(f"optimlib:{fname}:NaNBounds", f"The bound {what} must not contain NaN.")
            if given.size > n:
                raise MatlabError(f"optimlib:{fname}:InvalidBounds", f"The bound {what} must have at most "
                                  f"numel(x0) = {n} elements.")
            arr[:given.size] = given
        out.append(arr)
    return out[0], out[1]


class _Quiet:
    """scipy's numerical warnings (and numpy's floating-point ones) silenced: the solvers report through
    exitflag and MATLAB's messages. scipy's refusals to go on (a Jacobian or gradient that is not finite)
    become MATLAB errors of the solver."""

    def __init__(self, fname: str) -> None:
        self.fname = fname

    def __enter__(self) -> None:
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        warnings.simplefilter("ignore")
        self._errstate = np.errstate(all="ignore")
        self._errstate.__enter__()

    def __exit__(self, kind, error, trace) -> None:
        self._errstate.__exit__(kind, error, trace)
        self._warnings.__exit__(kind, error, trace)
        if kind is not None and issubclass(kind, (ValueError, np.linalg.LinAlgError)):
            raise MatlabError(f"optimlib:{self.fname}:CannotContinue",
                              f"{self.fname} cannot continue: {error}.") from None


def _outputs(outs: list, nargout: int) -> Value:
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])


def _limit_message(fname: str, iterations: bool, value: float) -> str:
    return MESSAGES["limit"].format(f=fname, what="iteration" if iterations else "function evaluation",
                                    option="MaxIterations" if iterations else "MaxFunctionEvaluations",
                                    value=f"{value:.6e}")


# -- fminunc -----------------------------------------------------------------------------------------

def _objective(f: "_Function", ident: str, gradient: bool) -> Callable[[np.ndarray], tuple[float, np.ndarray]]:
    """x -> (fun(x), its gradient): the function's own gradient (SpecifyObjectiveGradient), else forward
    differences; a value that is not a scalar, or a gradient of another size, is the solver's error
    (``ident``: its identifier's prefix, MATLAB:fminunc or optimlib:fmincon)."""
    def evaluate(x: np.ndarray) -> tuple[float, np.ndarray]:
        out = f(x, 2 if gradient else 1)
        if out[0].size != 1:
            raise MatlabError(f"{ident}:NonScalarObj", "Objective function must return a scalar value.")
        value = float(out[0].ravel()[0])
        if gradient:
            if out[1].size != x.size:
                raise MatlabError(f"{ident}:InvalidGradient", f"The gradient must have numel(x0) = {x.size} elements.")
            return value, out[1].ravel(order="F")
        scalar = (lambda y: np.array([float(f(y)[0].ravel()[0])]))
        with np.errstate(all="ignore"):
            return value, forward_jacobian(scalar, x, np.array([value]))[0]
    return evaluate


@builtin("fminunc", family="funfun")
def fminunc(ctx: CallContext, fun: Value, x0: Value, options: Value | None = None, *, nargout: int = 1):
    """x = fminunc(fun, x0), fminunc(fun, x0, options), [x, fval, exitflag, output, grad, hessian] = fminunc(...)
    A minimum of an unconstrained function of several variables (quasi-Newton).

    Starting at x0, finds a local minimum x of the real scalar function fun (x keeps x0's shape) by the
    BFGS quasi-Newton method with a line search (MATLAB's 'quasi-newton' algorithm; Algorithm
    'trust-region' is accepted and runs the same method). Options from optimoptions('fminunc', ...) or
    optimset: OptimalityTolerance (TolFun, 1e-6: converged when the largest gradient component is below
    it times max(1, that of x0)), StepTolerance (TolX, 1e-6), MaxIterations (400),
    MaxFunctionEvaluations (100*numel(x0)), SpecifyObjectiveGradient (GradObj: fun returns the gradient
    as its second output), Display ('final' (default) prints MATLAB's message, 'notify', 'off').
    exitflag is 1 at a minimum, 2 when the step became too small, 0 at a limit. output has iterations,
    funcCount, firstorderopt, algorithm and message; grad is the gradient at x, hessian the BFGS
    approximation of the Hessian.

        x = fminunc(@(x) (1 - x(1))^2 + 100*(x(2) - x(1)^2)^2, [-1.2 1])    % about [1 1]
    """
    start = _start("fminunc", x0)
    opts = toolbox_options("fminunc", options)
    display = _display("fminunc", opts)
    _choice("fminunc", opts, "Algorithm", ("quasi-newton", "trust-region"))
    n = start.size
    tol = _number("fminunc", opts, "OptimalityTolerance", 1e-6)
    tolx = _number("fminunc", opts, "StepTolerance", 1e-6)
    maxiter = _limit("fminunc", opts, "MaxIterations", 400)
    maxfev = _limit("fminunc", opts, "MaxFunctionEvaluations", 100 * n)
    gradient = _flag("fminunc", opts, "SpecifyObjectiveGradient")
    f = _Function(ctx, "fminunc", fun, start.shape)

    value_and_gradient = _objective(f, "MATLAB:fminunc", gradient)
    x = start.ravel(order="F").astype(np.float64)
    f0, g0 = value_and_gradient(x)
    if not (math.isfinite(f0) and np.all(np.isfinite(g0))):
        raise MatlabError("optimlib:commonMsgs:UsrObjUndefAtX0",
                          "Objective function is undefined at initial point. fminunc cannot continue.")
    scale = max(1.0, float(np.max(np.abs(g0))) if g0.size else 0.0)
    def stop(intermediate_result: scipy.optimize.OptimizeResult) -> None:
        if f.count >= maxfev:
            raise StopIteration

    with _Quiet("fminunc"):
        result = scipy.optimize.minimize(value_and_gradient, x, jac=True, method="BFGS", callback=stop,
                                         options={"gtol": tol * scale, "maxiter": maxiter, "xrtol": tolx})
    solution = np.asarray(result.x, dtype=np.float64)
    fval, grad = value_and_gradient(solution)
    optimality = float(np.max(np.abs(grad))) if grad.size else 0.0
    if optimality <= tol * scale:
        exitflag, message = 1.0, MESSAGES["minimum"]
    elif result.nit >= maxiter or f.count >= maxfev:
        exitflag, message = 0.0, _limit_message("fminunc", result.nit >= maxiter, maxiter if result.nit >= maxiter
                                                else maxfev)
    else:
        exitflag, message = 2.0, MESSAGES["step"].format(f="fminunc")
    _report(ctx, display, exitflag, message)
    outs: list = [to_value(solution.reshape(start.shape, order="F")), fval, exitflag]
    if nargout >= 4:
        outs.append(_output_struct(iterations=float(result.nit), funcCount=float(f.count),
                                   firstorderopt=optimality, algorithm="quasi-newton", message=message))
    if nargout >= 5:
        outs.append(to_value(grad.reshape(-1, 1)))
    if nargout >= 6:
        hess_inv = np.atleast_2d(np.asarray(result.hess_inv, dtype=np.float64))
        outs.append(to_value(np.linalg.pinv(hess_inv)))
    return _outputs(outs, nargout)


# -- lsqnonlin / lsqcurvefit -------------------------------------------------------------------------

def _least_squares(ctx: CallContext, fname: str, residuals: Callable[[np.ndarray, int], list[np.ndarray]],
                   start: np.ndarray, lb: Value | None, ub: Value | None, opts: dict[str, Value],
                   f: _Function, nargout: int):
    """lsqnonlin's work for residuals(x, outputs) -> [F(x) (its shape kept), Jacobian]:
    [x, resnorm, residual, exitflag, output, lambda, jacobian]."""
    display = _display(fname, opts)
    algorithm = _choice(fname, opts, "Algorithm", ("trust-region-reflective", "levenberg-marquardt", "interior-point"))
    n = start.size
    low, high = _bounds(fname, lb, ub, n)
    tolfun = _number(fname, opts, "FunctionTolerance", 1e-6)
    tolx = _number(fname, opts, "StepTolerance", 1e-6)
    tolopt = _number(fname, opts, "OptimalityTolerance", 1e-6)
    maxfev = _limit(fname, opts, "MaxFunctionEvaluations", 100 * n)
    maxiter = _limit(fname, opts, "MaxIterations", 400)
    jacobian = _flag(fname, opts, "SpecifyObjectiveGradient")
    x = start.ravel(order="F").astype(np.float64)
    if np.any(low > high):
        _report(ctx, display, -2.0, MESSAGES["bounds"])
        residual = residuals(x, 1)[0]
        outs = [to_value(start.astype(np.float64)), float(np.sum(residual ** 2)), to_value(residual), -2.0,
                _output_struct(iterations=0.0, funcCount=float(f.count), algorithm=algorithm, message=MESSAGES["bounds"])]
        return _outputs(outs, nargout)
    fixed = low == high                         # fixed variables leave the problem (scipy needs lb < ub)
    free = ~fixed
    # the trust-region-reflective method starts strictly inside the bounds (as MATLAB's does): from a bound it
    # would hardly move
    inset = np.minimum(1.0, (high - low) / 2)
    x = np.where(x <= low, low + inset, np.where(x >= high, high - inset, x))
    shape: list[tuple[int, ...]] = [(0, 0)]
    jacobians: dict[bytes, np.ndarray] = {}

    def full(z: np.ndarray) -> np.ndarray:
        point = x.copy()
        point[free] = z
        point[fixed] = low[fixed]
        return point

    def fun(z: np.ndarray) -> np.ndarray:
        """F at z; with SpecifyObjectiveGradient fun always returns [F, J] (MATLAB calls it so), J kept."""
        out = residuals(full(z), 2 if jacobian else 1)
        if shape[0] != (0, 0) and out[0].size != math.prod(shape[0]):
            raise MatlabError(f"optimlib:{fname}:FunValueSizeChanged", "The function must return the same "
                              f"number of values at every point ({math.prod(shape[0])}, then {out[0].size}).")
        shape[0] = out[0].shape
        if jacobian:
            if out[1].size != out[0].size * n:
                raise MatlabError(f"MATLAB:{fname}:InvalidJacobian", "The Jacobian must be numel(F)-by-numel(x0).")
            jacobians.clear()
            jacobians[z.tobytes()] = out[1].reshape(out[0].size, n, order="F")[:, free]
        return out[0].ravel(order="F")

    def jac(z: np.ndarray) -> np.ndarray:
        if z.tobytes() not in jacobians:
            fun(z)
        return jacobians[z.tobytes()]

    def fd_jac(z: np.ndarray) -> np.ndarray:
        with np.errstate(all="ignore"):
            return forward_jacobian(fun, z, fun(z))

    z0 = x[free]
    f0 = fun(z0)
    if not np.all(np.isfinite(f0)):
        raise MatlabError(f"optimlib:{fname}:UsrObjUndefAtX0",
                          f"Objective function is undefined at initial point. {fname} cannot continue.")
    bounded = np.any(np.isfinite(low[free])) or np.any(np.isfinite(high[free]))
    method = "lm" if algorithm == "levenberg-marquardt" and not bounded and f0.size >= z0.size else "trf"
    used = "levenberg-marquardt" if method == "lm" else "trust-region-reflective"
    if z0.size:
        with _Quiet(fname):
            result = scipy.optimize.least_squares(
                fun, z0, jac=jac if jacobian else fd_jac, method=method, ftol=tolfun, xtol=tolx, gtol=tolopt,
                max_nfev=min(maxfev, maxiter + 1), bounds=(low[free], high[free]) if method == "trf" else (-np.inf, np.inf))
        z, status, iterations = np.asarray(result.x, dtype=np.float64), int(result.status), float(result.nfev)
        active = np.zeros(n)                    # -1 at a lower bound, 1 at an upper one (scipy's tolerance)
        active[free] = result.active_mask
    else:
        z, status, iterations, active = z0, 1, 0.0, np.zeros(n)
    solution = full(z)
    residual = fun(z).reshape(shape[0], order="F")
    resnorm = float(np.sum(residual ** 2))
    flag = {1: 1.0, 2: 3.0, 3: 2.0, 4: 2.0, 0: 0.0}.get(status, -1.0)
    message = {1.0: MESSAGES["minimum"], 2.0: MESSAGES["step"].format(f=fname),
               3.0: MESSAGES["function"].format(f=fname)}.get(flag, _limit_message(fname, False, maxfev))
    _report(ctx, display, flag, message)
    outs: list = [to_value(solution.reshape(start.shape, order="F")), resnorm, to_value(residual), flag]
    if nargout >= 5:
        matrix = np.zeros((residual.size, n))
        if z.size:
            matrix[:, free] = jac(z) if jacobian else fd_jac(z)
        gradient = matrix.T @ residual.ravel(order="F")
        outs.append(_output_struct(firstorderopt=float(np.max(np.abs(gradient[free]))) if z.size else 0.0,
                                   iterations=iterations, funcCount=float(f.count), algorithm=used,
                                   message=message))
        outs.append(StructArray.scalar({      # the multipliers of the active bounds: the gradient of resnorm
            "lower": to_value(np.where(active < 0, np.maximum(2 * gradient, 0), 0.0).reshape(start.shape, order="F")),
            "upper": to_value(np.where(active > 0, np.maximum(-2 * gradient, 0), 0.0).reshape(start.shape, order="F"))}))
        outs.append(to_value(matrix))
    return _outputs(outs, nargout)


@builtin("lsqnonlin", family="funfun")
def lsqnonlin(ctx: CallContext, fun: Value, x0: Value, lb: Value | None = None, ub: Value | None = None,
              options: Value | None = None, *, nargout: int = 1):
    """x = lsqnonlin(fun, x0), lsqnonlin(fun, x0, lb, ub), lsqnonlin(fun, x0, lb, ub, options), [x, resnorm, residual, exitflag, output, lambda, jacobian] = lsqnonlin(...)
    Nonlinear least squares: minimizes sum(fun(x).^2), optionally within bounds lb <= x <= ub.

    Starting at x0, finds x minimizing the sum of squares of the vector (or array) fun(x), x keeping
    x0's shape; lb and ub may be [] (unbounded) and hold -Inf/Inf; equal bounds fix a variable. The
    method is trust-region-reflective (MATLAB's default) or, with Algorithm 'levenberg-marquardt' and no
    bounds, MINPACK's Levenberg-Marquardt. Options from optimoptions('lsqnonlin', ...) or optimset:
    FunctionTolerance, StepTolerance, OptimalityTolerance (all 1e-6), MaxFunctionEvaluations
    (100*numel(x0)) and MaxIterations (400) (both bound scipy's count of evaluations, which leaves out
    finite differences), SpecifyObjectiveGradient (Jacobian: fun returns the Jacobian as its second output),
    Display ('final' (default), 'notify', 'off'). resnorm = sum(residual(:).^2), residual = fun(x).
    exitflag 1: gradient small; 2: step small; 3: change in resnorm small; 0: evaluation limit; -2:
    lb > ub somewhere. lambda holds the bounds' multipliers (lower, upper); jacobian is a full matrix
    (MATLAB's is sparse).

        x = lsqnonlin(@(x) [x(1) - 1; 10*(x(2) - x(1)^2)], [-1.2; 1])    % [1; 1]
    """
    start = _start("lsqnonlin", x0)
    opts = toolbox_options("lsqnonlin", options)
    f = _Function(ctx, "lsqnonlin", fun, start.shape)
    return _least_squares(ctx, "lsqnonlin", f, start, lb, ub, opts, f, nargout)


@builtin("lsqcurvefit", family="funfun")
def lsqcurvefit(ctx: CallContext, fun: Value, x0: Value, xdata: Value, ydata: Value, lb: Value | None = None,
                ub: Value | None = None, options: Value | None = None, *, nargout: int = 1):
    """x = lsqcurvefit(fun, x0, xdata, ydata), lsqcurvefit(fun, x0, xdata, ydata, lb, ub, options), [x, resnorm, residual, exitflag, output, lambda, jacobian] = lsqcurvefit(...)
    Nonlinear curve fitting: the coefficients x minimizing sum((fun(x, xdata) - ydata).^2).

    lsqnonlin on the residual fun(x, xdata) - ydata (fun's result must have ydata's size, as MATLAB
    requires): the same bounds, options (optimoptions('lsqcurvefit', ...) or optimset), outputs and exit
    flags. xdata is passed to fun as it is (any array).

        x = lsqcurvefit(@(x, t) x(1)*exp(x(2)*t), [1 0], 0:4, 2*exp(-0.5*(0:4)))    % [2 -0.5]
    """
    start = _start("lsqcurvefit", x0)
    opts = toolbox_options("lsqcurvefit", options)
    target = _real_result("lsqcurvefit", ydata, "ydata")
    f = _Function(ctx, "lsqcurvefit", fun, start.shape, (xdata,))

    def residuals(x: np.ndarray, outputs: int) -> list[np.ndarray]:
        out = f(x, outputs)
        if out[0].shape != target.shape:
            raise MatlabError("optimlib:lsqcurvefit:YdataSizeMismatchFunVal",
                              "Function value and YDATA sizes are not equal.")
        return [out[0] - target] + out[1:]
    return _least_squares(ctx, "lsqcurvefit", residuals, start, lb, ub, opts, f, nargout)


# -- fmincon -----------------------------------------------------------------------------------------

def _optional_matrix(fname: str, value: Value | None, what: str) -> np.ndarray | None:
    if value is None:
        return None
    arr = _real_result(fname, value, what)
    return None if arr.size == 0 else arr


def _linear(fname: str, a: Value | None, b: Value | None, n: int, kind: str) -> tuple[np.ndarray, np.ndarray] | None:
    """A x <= b (or Aeq x = beq) as (A, b) with A rows of n columns; None when A is []."""
    matrix, rhs = _optional_matrix(fname, a, "A"), _optional_matrix(fname, b, "b")
    if matrix is None and rhs is None:
        return None
    names = ("Aeq", "beq") if kind == "eq" else ("A", "b")
    if matrix is None or rhs is None or matrix.ndim != 2 or matrix.shape[1] != n or rhs.size != matrix.shape[0]:
        raise MatlabError(f"optimlib:{fname}:WrongSize{names[0]}",
                          f"{names[0]} must have numel(x0) = {n} columns and one row per element of {names[1]}.")
    return matrix, rhs.ravel(order="F")


@builtin("fmincon", family="funfun")
def fmincon(ctx: CallContext, fun: Value, x0: Value, A: Value | None = None, b: Value | None = None,
            Aeq: Value | None = None, beq: Value | None = None, lb: Value | None = None, ub: Value | None = None,
            nonlcon: Value | None = None, options: Value | None = None, *, nargout: int = 1):
    """x = fmincon(fun, x0, A, b), fmincon(fun, x0, A, b, Aeq, beq, lb, ub, nonlcon, options), [x, fval, exitflag, output, lambda, grad, hessian] = fmincon(...)
    A minimum of a function of several variables subject to linear, bound and nonlinear constraints.

    Starting at x0, finds a local minimum x (x0's shape) of the real scalar function fun subject to
    A*x <= b, Aeq*x = beq, lb <= x <= ub and the nonlinear constraints of [c, ceq] = nonlcon(x), c <= 0
    and ceq = 0 (any of them [] when absent). The method is sequential quadratic programming (scipy's
    SLSQP; where it fails, the trust-region interior-point method tries again), whatever Algorithm
    names. Options from optimoptions('fmincon', ...) or optimset: OptimalityTolerance (1e-6),
    ConstraintTolerance (1e-6), StepTolerance (1e-10), MaxIterations (1000), SpecifyObjectiveGradient
    and SpecifyConstraintGradient (gradients as further outputs of fun and nonlcon, the constraint
    gradients as columns), Display ('final' (default), 'notify', 'off'). exitflag 1: a constrained
    minimum; 0: the iteration limit; -2: no feasible point found. output has iterations, funcCount,
    constrviolation, algorithm and message. lambda holds the Lagrange multipliers (eqlin, eqnonlin,
    ineqlin, lower, upper, ineqnonlin, columns; MATLAB's signs: the gradient of f + lambda'*constraints
    vanishes, the inequality and bound multipliers are nonnegative and 0 where inactive), found from the
    gradients of the constraints active at x; grad is the gradient of fun at x and hessian the
    finite-difference Hessian of the Lagrangian there (MATLAB's is its algorithm's approximation of it).

        x = fmincon(@(x) x(1)^2 + x(2)^2, [1; 1], [], [], [1 1], 1)    % [0.5; 0.5]
    """
    start = _start("fmincon", x0)
    opts = toolbox_options("fmincon", options)
    display = _display("fmincon", opts)
    _choice("fmincon", opts, "Algorithm", ("interior-point", "sqp", "sqp-legacy", "active-set",
                                           "trust-region-reflective"))
    n = start.size
    tol = _number("fmincon", opts, "OptimalityTolerance", 1e-6)
    tolcon = _number("fmincon", opts, "ConstraintTolerance", 1e-6)
    tolx = _number("fmincon", opts, "StepTolerance", 1e-10)
    maxiter = _limit("fmincon", opts, "MaxIterations", 1000)
    gradient = _flag("fmincon", opts, "SpecifyObjectiveGradient")
    cgradient = _flag("fmincon", opts, "SpecifyConstraintGradient")
    inequality = _linear("fmincon", A, b, n, "ineq")
    equality = _linear("fmincon", Aeq, beq, n, "eq")
    low, high = _bounds("fmincon", lb, ub, n)
    f = _Function(ctx, "fmincon", fun, start.shape)
    g = None
    if nonlcon is not None and not (type(nonlcon) is np.ndarray and nonlcon.size == 0):
        g = _Function(ctx, "fmincon", nonlcon, start.shape)
    if np.any(low > high):
        raise MatlabError("optimlib:fmincon:InfeasibleBounds", "Exiting due to infeasibility: at least one lower "
                          "bound exceeds the corresponding upper bound.")

    objective = _objective(f, "optimlib:fmincon", gradient)
    cache: dict[bytes, tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]] = {}

    def nonlinear(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
        key = x.tobytes()
        if key not in cache:
            out = g(x, 4 if cgradient else 2)
            c, ceq = out[0].ravel(order="F"), out[1].ravel(order="F")
            gc = out[2].reshape(n, c.size, order="F").T if cgradient and c.size else None
            gceq = out[3].reshape(n, ceq.size, order="F").T if cgradient and ceq.size else None
            cache.clear()
            cache[key] = (c, ceq, gc, gceq)
        return cache[key]

    def nonlinear_jacobian(x: np.ndarray, which: int) -> np.ndarray:
        parts = nonlinear(x)
        if parts[2 + which] is not None:
            return parts[2 + which]
        with np.errstate(all="ignore"):
            return forward_jacobian(lambda y: nonlinear(y)[which], x, parts[which])

    constraints = []
    if inequality is not None:
        matrix, rhs = inequality
        constraints.append({"type": "ineq", "fun": lambda x: rhs - matrix @ x, "jac": lambda x: -matrix})
    if equality is not None:
        matrix_eq, rhs_eq = equality
        constraints.append({"type": "eq", "fun": lambda x: matrix_eq @ x - rhs_eq, "jac": lambda x: matrix_eq})
    x = np.clip(start.ravel(order="F").astype(np.float64), low, high)
    if g is not None:
        c0, ceq0, _, _ = nonlinear(x)
        if c0.size:
            constraints.append({"type": "ineq", "fun": lambda x: -nonlinear(x)[0],
                                "jac": lambda x: -nonlinear_jacobian(x, 0)})
        if ceq0.size:
            constraints.append({"type": "eq", "fun": lambda x: nonlinear(x)[1],
                                "jac": lambda x: nonlinear_jacobian(x, 1)})
    f0, _ = objective(x)
    if not math.isfinite(f0):
        raise MatlabError("optimlib:commonMsgs:UsrObjUndefAtX0",
                          "Objective function is undefined at initial point. fmincon cannot continue.")
    bounds = scipy.optimize.Bounds(low, high) if np.any(np.isfinite(low)) or np.any(np.isfinite(high)) else None

    def violation(z: np.ndarray) -> float:
        worst = float(np.max(np.maximum(low - z, 0)) if n else 0.0)
        worst = max(worst, float(np.max(np.maximum(z - high, 0))) if n else 0.0)
        for con in constraints:
            values = np.asarray(con["fun"](z), dtype=np.float64)
            if values.size:
                worst = max(worst, float(np.max(-values)) if con["type"] == "ineq" else float(np.max(np.abs(values))))
        return worst

    # SLSQP's ftol bounds the change of the objective, not MATLAB's first-order optimality: a thousandth of
    # OptimalityTolerance gets minima as accurate as MATLAB's
    with _Quiet("fmincon"):
        result = scipy.optimize.minimize(objective, x, jac=True, method="SLSQP", bounds=bounds,
                                         constraints=constraints,
                                         options={"maxiter": maxiter, "ftol": max(tol * 1e-3, 1e-14)})
        solution = np.clip(np.asarray(result.x, dtype=np.float64), low, high)
        algorithm = "sqp"
        if not result.success and result.status != 9 or not violation(solution) <= tolcon:
            retry = scipy.optimize.minimize(
                objective, x, jac=True, method="trust-constr", bounds=bounds, constraints=constraints,
                options={"maxiter": maxiter, "gtol": tol, "xtol": tolx})
            candidate = np.clip(np.asarray(retry.x, dtype=np.float64), low, high)
            if violation(candidate) <= tolcon and (not violation(solution) <= tolcon or retry.fun < result.fun):
                result, solution, algorithm = retry, candidate, "interior-point"
    fval, _ = objective(solution)
    infeasibility = violation(solution)
    iterations = float(getattr(result, "nit", 0) or 0)
    if infeasibility > tolcon:
        exitflag, message = -2.0, MESSAGES["infeasible"].format(f="fmincon")
    elif result.success:
        exitflag, message = 1.0, MESSAGES["constrained"]
    elif iterations >= maxiter:
        exitflag, message = 0.0, _limit_message("fmincon", True, maxiter)
    else:
        exitflag, message = 2.0, MESSAGES["step"].format(f="fmincon")
    _report(ctx, display, exitflag, message)
    outs: list = [to_value(solution.reshape(start.shape, order="F")), fval, exitflag]
    if nargout >= 4:
        outs.append(_output_struct(iterations=iterations, funcCount=float(f.count), constrviolation=infeasibility,
                                   algorithm=algorithm, message=message))
    if nargout >= 5:
        parts = nonlinear(solution) if g is not None else (np.zeros(0), np.zeros(0), None, None)
        pieces = {   # name: (constraint gradients as rows, values (<= 0 or = 0), an inequality)
            "eqlin": (equality[0] if equality else np.zeros((0, n)), np.zeros(equality[0].shape[0] if equality else 0),
                      False),
            "eqnonlin": (nonlinear_jacobian(solution, 1) if parts[1].size else np.zeros((0, n)), parts[1], False),
            "ineqlin": (inequality[0] if inequality else np.zeros((0, n)),
                        inequality[0] @ solution - inequality[1] if inequality else np.zeros(0), True),
            "lower": (-np.eye(n), low - solution, True),
            "upper": (np.eye(n), solution - high, True),
            "ineqnonlin": (nonlinear_jacobian(solution, 0) if parts[0].size else np.zeros((0, n)), parts[0], True),
        }
        slope = objective(solution)[1]
        multipliers = _multipliers(slope, pieces, max(tolcon, 1e-8))
        outs.append(StructArray.scalar({name: to_value(value.reshape(-1, 1)) for name, value in multipliers.items()}))
        outs.append(to_value(slope.reshape(-1, 1)))
    if nargout >= 7:
        def lagrangian_gradient(z: np.ndarray) -> np.ndarray:
            total = objective(z)[1]
            if multipliers["eqnonlin"].size:
                total = total + nonlinear_jacobian(z, 1).T @ multipliers["eqnonlin"]
            if multipliers["ineqnonlin"].size:
                total = total + nonlinear_jacobian(z, 0).T @ multipliers["ineqnonlin"]
            return total
        with _Quiet("fmincon"):
            hessian = forward_jacobian(lagrangian_gradient, solution, lagrangian_gradient(solution))
        outs.append(to_value((hessian + hessian.T) / 2))
    return _outputs(outs, nargout)


def _multipliers(gradient: np.ndarray, pieces: dict[str, tuple[np.ndarray, np.ndarray, bool]],
                 tolerance: float) -> dict[str, np.ndarray]:
    """MATLAB's Lagrange multipliers at a solution: gradient + sum of lambda times the constraint
    gradients = 0 in the least-squares sense, over the equalities and the active inequalities (values
    within ``tolerance`` of 0), those multipliers nonnegative; the inactive ones 0."""
    rows, lower, where = [], [], []
    for name, (matrix, values, inequality) in pieces.items():
        for i in range(values.size):
            if not inequality or values[i] >= -tolerance:
                rows.append(matrix[i])
                lower.append(0.0 if inequality else -np.inf)
                where.append((name, i))
    found = {name: np.zeros(values.size) for name, (_, values, _) in pieces.items()}
    if rows:
        with _Quiet("fmincon"):
            fit = scipy.optimize.lsq_linear(np.array(rows).T, -gradient, bounds=(np.array(lower), np.inf))
        for (name, i), value in zip(where, fit.x):
            found[name][i] = value
    return found
