"""Systems of nonlinear equations: fsolve.

fsolve belongs to MATLAB's Optimization Toolbox (Octave has it in its core); programs written for both,
like the chemical-engineering book of the corpus, call it constantly. A square system is solved by
MINPACK's hybrid Powell dogleg method (scipy's root 'hybr', the trust-region dogleg family MATLAB uses by
default; where it stalls, scipy's dogleg least-squares search 'dogbox' tries again from x0), a non-square
one by Levenberg-Marquardt (scipy's least_squares 'lm'; with fewer equations than unknowns, where
MINPACK's method cannot run, least_squares' trust-region method 'trf'). As in MATLAB, the
equations count as solved when the sum of squares of F is below sqrt(TolFun); the final message is
MATLAB's text. Iterations and function counts differ from MATLAB's.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value
from .funfun import _options_record, _output_struct, callable_of, evaluation_limit, forward_jacobian
from .optimization import _display, _report
from .arguments import real_scalar
from .registry import builtin
from .sizes import numeric_array

SOLVED = ("Equation solved.\n\nfsolve completed because the vector of function values is near zero\n"
          "as measured by the value of the function tolerance, and\nthe problem appears regular as "
          "measured by the gradient.\n\n<stopping criteria details>\n")
NOT_SOLVED = ("No solution found.\n\nfsolve stopped because the problem appears regular as measured by "
              "the gradient,\nbut the vector of function values is not near zero as measured by the\n"
              "value of the function tolerance.\n\n<stopping criteria details>\n")
UNSUPPORTED = {"OutputFcn", "PlotFcns", "FunValCheck"}


def _limit(opts: dict[str, Value], name: str, default: float) -> float:
    return real_scalar("fsolve", opts[name], name) if name in opts else default


class _Equations:
    """The MATLAB function F(x) on flat float arrays, counting its calls. Complex values at a trial point
    (a sqrt or log of a quantity the step made negative) are NaN there, a point the solvers step back
    from (scipy's trust regions shrink at a non-finite residual); at x0 they are an error."""

    def __init__(self, ctx: CallContext, fun: Value, shape: tuple[int, ...]) -> None:
        self.call, self.shape, self.count = callable_of(ctx, "fsolve", fun), shape, 0
        self.out_shape: tuple[int, ...] = (0, 0)      # the shape fun returned last (fval keeps it)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        self.count += 1
        out = numeric_array(self.call(to_value(x.reshape(self.shape, order="F").copy())), "fsolve")
        if out.dtype.kind == "c":
            if self.count == 1:
                raise MatlabError("MATLAB:fsolve:ComplexFunValue", "fsolve cannot continue: the function "
                                  "returned complex values at x0.")
            return np.full(out.size, np.nan)
        self.out_shape = out.shape
        return out.ravel(order="F").astype(np.float64)


def _dogbox(f: _Equations, start: np.ndarray, found: np.ndarray, fval: np.ndarray, tolx: float, tolfun: float,
            maxfev: int) -> tuple[np.ndarray, np.ndarray]:
    """When MINPACK's hybrid method stalls (its trial points overflow, or it stops short of a root), a
    dogleg trust-region least-squares search from x0 (scipy's dogbox), keeping the better point."""
    try:
        again = scipy.optimize.least_squares(f, start, method="dogbox", xtol=tolx * 1e-4, ftol=tolfun * 1e-4,
                                             max_nfev=max(maxfev - f.count, 1))
    except ValueError:                  # residuals not finite at x0: nothing better to find
        return found, fval
    tried = np.asarray(again.x, dtype=np.float64)
    fnew = f(tried)
    better = np.all(np.isfinite(fnew)) and not float(fnew @ fnew) >= float(fval @ fval)
    return (tried, fnew) if better else (found, fval)


@builtin("fsolve", family="funfun")
def fsolve(ctx: CallContext, fun: Value, x0: Value, options: Value | None = None, *, nargout: int = 1):
    """x = fsolve(fun, x0), fsolve(fun, x0, options), [x, fval, exitflag, output, jacobian] = fsolve(...)
    Solves a system of nonlinear equations F(x) = 0.

    Starting at x0, finds x with fun(x) = 0 (x keeps the shape of x0; fun returns the vector F). A
    square system is solved by MINPACK's hybrid Powell dogleg method (and, where that stalls, a dogleg
    least-squares search from x0), others by Levenberg-Marquardt (least squares). Options from optimset
    (or optimoptions, by its names FunctionTolerance, StepTolerance, MaxFunctionEvaluations): TolFun
    (1e-6: solved when sum(F.^2) < sqrt(TolFun)), TolX (1e-6), MaxFunEvals (100*numel(x0)), Display ('final' (default) prints MATLAB's message, 'notify'
    only when not solved, 'off'; 'iter' prints the final message only). exitflag is 1 when solved, 0
    when the evaluation limit stopped it, -2 when no solution was found; output has funcCount,
    algorithm, firstorderopt and message (MINPACK does not report MATLAB's iterations); jacobian is
    the finite-difference Jacobian at x. A trial point where fun returns complex values (a sqrt of a
    quantity the step made negative) is stepped back from; complex values at x0 are an error. (fsolve
    is MATLAB's Optimization Toolbox function.)

        x = fsolve(@(x) [x(1)^2 + x(2)^2 - 1; x(1) - x(2)], [1; 0])    % [0.7071; 0.7071]
    """
    start = numeric_array(x0, "fsolve")
    if start.dtype.kind == "c" or start.size == 0:
        raise MatlabError("MATLAB:fsolve:InvalidX0", "x0 must be a nonempty real array.")
    opts = _options_record(options, "fsolve")
    unsupported = sorted(set(opts) & UNSUPPORTED)
    if unsupported:
        raise MatlabError("MATLAB:fsolve:unsupportedOption", f"fsolve does not support the option '{unsupported[0]}'.")
    x = start.ravel(order="F").astype(np.float64)
    f = _Equations(ctx, fun, start.shape)
    fx = f(x)
    tolfun, tolx = _limit(opts, "TolFun", 1e-6), _limit(opts, "TolX", 1e-6)
    maxfev = evaluation_limit("fsolve", _limit(opts, "MaxFunEvals", 100.0 * x.size), "MaxFunEvals")
    with np.errstate(all="ignore"):
        if fx.size == x.size:
            result = scipy.optimize.root(f, x, method="hybr", options={"xtol": tolx, "maxfev": maxfev})
            algorithm = "trust-region-dogleg"
            solution = np.asarray(result.x, dtype=np.float64)
            fval = f(solution)
            if not float(fval @ fval) < np.sqrt(tolfun) and f.count < maxfev:
                solution, fval = _dogbox(f, x, solution, fval, tolx, tolfun, maxfev)
        else:
            # MINPACK's 'lm' needs at least as many equations as unknowns; fewer take the trust region
            result = scipy.optimize.least_squares(f, x, method="lm" if fx.size > x.size else "trf",
                                                  xtol=tolx, ftol=tolfun, max_nfev=maxfev)
            algorithm = "levenberg-marquardt"
            solution = np.asarray(result.x, dtype=np.float64)
            fval = f(solution)
    squares = float(fval @ fval)
    if squares < np.sqrt(tolfun):
        exitflag, message = 1.0, SOLVED
    elif f.count >= maxfev:
        exitflag, message = 0.0, ("Solver stopped prematurely.\n\nfsolve stopped because it exceeded the "
                                  f"function evaluation limit,\noptions.MaxFunctionEvaluations = {maxfev}.\n")
    else:
        exitflag, message = -2.0, NOT_SOLVED
    _report(ctx, _display("fsolve", opts), exitflag, message)
    outs = [to_value(solution.reshape(start.shape, order="F")), to_value(fval.reshape(f.out_shape, order="F")),
            exitflag]
    if nargout >= 4:
        count = float(f.count)
        jac = forward_jacobian(f, solution, fval)
        outs.append(_output_struct(funcCount=count, algorithm=algorithm,
                                   firstorderopt=float(np.max(np.abs(jac.T @ fval))) if fval.size else 0.0,
                                   message=message))
        outs.append(to_value(jac))
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])
