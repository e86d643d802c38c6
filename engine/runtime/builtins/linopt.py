"""Linear programs and linearly constrained least squares: linprog, lsqlin.

MATLAB's Optimization Toolbox functions, which programs written for it call (a chemical-engineering
book of the corpus solves a production plan with linprog and a constrained fit with lsqlin). linprog
solves by HiGHS (scipy's 'highs': MATLAB's default 'dual-simplex' is HiGHS's dual simplex since
R2024a), so a problem with one optimum gives MATLAB's x; lsqlin by bounded-variable least squares where
the constraints are bounds only (exact), and otherwise as the quadratic program min 0.5*x'*(C'*C)*x -
(C'*d)'*x by sequential least squares (scipy's SLSQP, to 1e-12). Iteration counts and the output
structures' algorithm names are not MATLAB's.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import StructArray, Value, class_of
from .funfun import _output_struct, toolbox_options
from .optimization import _display, _limit, _report
from .registry import builtin
from .sizes import numeric_array

OPTIMAL = "Optimal solution found.\n"
INFEASIBLE = "No feasible solution found.\n\nLinprog stopped because no point satisfies the constraints.\n"
UNBOUNDED = "Problem is unbounded.\n\nLinprog stopped because the objective function is unbounded below.\n"
LIMIT = "Solver stopped prematurely.\n\nLinprog stopped because it exceeded the iteration limit.\n"
NUMERICAL = "Linprog stopped because it could not make further progress (numerical difficulties).\n"
QP_FOUND = ("Minimum found that satisfies the constraints.\n\nOptimization completed because the objective "
            "function is non-decreasing in \nfeasible directions, to within the value of the optimality "
            "tolerance,\nand constraints are satisfied to within the value of the constraint tolerance.\n\n"
            "<stopping criteria details>\n")
QP_INFEASIBLE = ("No feasible solution found.\n\nlsqlin stopped because it could not find a point that "
                 "satisfies the constraints\nto within the value of the constraint tolerance.\n")


def _matrix(fname: str, value: Value | None, what: str, columns: int | None) -> np.ndarray | None:
    """A real matrix argument ([] or absent: None) with ``columns`` columns when given."""
    if value is None:
        return None
    arr = numeric_array(value, fname)
    if arr.size == 0:
        return None
    if arr.dtype.kind == "c" or arr.ndim != 2:
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"{what} must be a real matrix.")
    arr = arr.astype(np.float64)
    if columns is not None and arr.shape[1] != columns:
        raise MatlabError(f"MATLAB:{fname}:WrongNumberOfColumns",
                          f"{what} must have {columns} columns.")
    return arr


def _vector(fname: str, value: Value | None, what: str, size: int | None) -> np.ndarray | None:
    """A real vector argument ([] or absent: None), of ``size`` elements when given."""
    if value is None:
        return None
    arr = numeric_array(value, fname)
    if arr.size == 0:
        return None
    if arr.dtype.kind == "c" or (arr.ndim == 2 and min(arr.shape) != 1):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"{what} must be a real vector.")
    arr = arr.astype(np.float64).ravel(order="F")
    if size is not None and arr.size != size:
        raise MatlabError(f"MATLAB:{fname}:WrongSize", f"{what} must have {size} elements.")
    return arr


def _constraints(fname: str, n: int, a: Value | None, b: Value | None, aeq: Value | None, beq: Value | None,
                 lb: Value | None, ub: Value | None) -> tuple:
    """(A, b, Aeq, beq, lower, upper): each pair None when not given, bounds as arrays of n (+-Inf)."""
    ineq = _matrix(fname, a, "A", n)
    rhs = _vector(fname, b, "b", None if ineq is None else ineq.shape[0])
    if (ineq is None) != (rhs is None):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "A and b must both be given or both be empty.")
    eq = _matrix(fname, aeq, "Aeq", n)
    eq_rhs = _vector(fname, beq, "beq", None if eq is None else eq.shape[0])
    if (eq is None) != (eq_rhs is None):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "Aeq and beq must both be given or both be empty.")
    lower, upper = _vector(fname, lb, "lb", n), _vector(fname, ub, "ub", n)
    lower = np.full(n, -np.inf) if lower is None else lower
    upper = np.full(n, np.inf) if upper is None else upper
    if any(part is not None and not np.all(np.isfinite(part)) for part in (ineq, rhs, eq, eq_rhs)):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "A, b, Aeq and beq must hold finite numbers.")
    if np.any(np.isnan(lower)) or np.any(np.isnan(upper)):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "lb and ub must not contain NaN.")
    if np.any(lower > upper):
        raise MatlabError(f"MATLAB:{fname}:InconsistentBounds", "The lower bounds exceed the upper bounds.")
    return ineq, rhs, eq, eq_rhs, lower, upper


def _column(x: np.ndarray | None) -> Value:
    return np.zeros((0, 0)) if x is None else to_value(x.reshape(-1, 1))


@builtin("linprog", family="funfun")
def linprog(ctx: CallContext, f: Value, a: Value | None = None, b: Value | None = None, aeq: Value | None = None,
            beq: Value | None = None, lb: Value | None = None, ub: Value | None = None,
            options: Value | None = None, *, nargout: int = 1):
    """x = linprog(f, A, b), linprog(f, A, b, Aeq, beq, lb, ub, options), [x, fval, exitflag, output, lambda] = linprog(...)
    Solves a linear program: minimize f'*x subject to A*x <= b, Aeq*x = beq, lb <= x <= ub.

    [] stands for a constraint not given; without lb and ub the variables are free. x is a column.
    exitflag 1 (optimal), 0 (iteration limit), -2 (infeasible: x and fval are []), -3 (unbounded), -4
    (numerical difficulties). lambda holds the Lagrange multipliers ineqlin, eqlin, lower and upper
    (nonnegative for the inequalities and bounds). Options from optimset/optimoptions: Display
    ('final' (default) prints MATLAB's message, 'off', 'notify'), MaxIterations. Solved by HiGHS (the
    engine of MATLAB's default dual-simplex algorithm). (linprog is MATLAB's Optimization Toolbox
    function.)

        x = linprog([-1; -2], [1 1; 1 -1], [4; 2], [], [], [0; 0])    % [0; 4]
    """
    if a is None or b is None:
        raise MatlabError("MATLAB:linprog:NotEnoughInputs", "The input to LINPROG should be either a structure "
                          "with valid fields or consist of at least three arguments (the problem structure is "
                          "not supported here).")
    if class_of(f) not in ("double", "single"):
        raise MatlabError("MATLAB:linprog:InvalidInput", "f must be a real double vector.")
    cost = _vector("linprog", f, "f", None)
    if cost is None:
        raise MatlabError("MATLAB:linprog:InvalidInput", "f must be a nonempty real vector.")
    if not np.all(np.isfinite(cost)):
        raise MatlabError("MATLAB:linprog:InvalidInput", "f must hold finite numbers.")
    n = cost.size
    ineq, rhs, eq, eq_rhs, lower, upper = _constraints("linprog", n, a, b, aeq, beq, lb, ub)
    opts = toolbox_options("linprog", options)
    display = _display("linprog", opts)
    settings = {"maxiter": _limit("linprog", opts, "MaxIterations", 0)} if "MaxIterations" in opts else {}
    result = scipy.optimize.linprog(cost, A_ub=ineq, b_ub=rhs, A_eq=eq, b_eq=eq_rhs,
                                    bounds=list(zip(lower, upper)), method="highs", options=settings)
    exitflag, message = {0: (1.0, OPTIMAL), 1: (0.0, LIMIT), 2: (-2.0, INFEASIBLE),
                         3: (-3.0, UNBOUNDED)}.get(result.status, (-4.0, NUMERICAL))
    _report(ctx, display, exitflag, message)
    x = np.asarray(result.x, dtype=np.float64) if result.x is not None and exitflag >= 0 else None
    fval = float(cost @ x) if x is not None else np.zeros((0, 0))
    outs: list[Value] = [_column(x), fval, exitflag]
    if nargout >= 4:
        violation = _violation(x, ineq, rhs, eq, eq_rhs, lower, upper) if x is not None else np.zeros((0, 0))
        outs.append(_output_struct(iterations=float(getattr(result, "nit", 0)), constrviolation=violation,
                                   message=message.strip(), algorithm="dual-simplex-highs",
                                   firstorderopt=np.zeros((0, 0))))
    if nargout >= 5:
        outs.append(_multipliers(result, n, ineq, eq) if x is not None else StructArray.scalar({
            k: np.zeros((0, 0)) for k in ("ineqlin", "eqlin", "lower", "upper")}))
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])


def _violation(x: np.ndarray, ineq, rhs, eq, eq_rhs, lower: np.ndarray, upper: np.ndarray) -> float:
    """The largest amount by which x breaks a constraint (0 when feasible)."""
    gaps = [np.maximum(lower - x, 0), np.maximum(x - upper, 0)]
    if ineq is not None:
        gaps.append(np.maximum(ineq @ x - rhs, 0))
    if eq is not None:
        gaps.append(np.abs(eq @ x - eq_rhs))
    return float(max((float(np.max(g, initial=0.0)) for g in gaps), default=0.0))


def _multipliers(result, n: int, ineq, eq) -> StructArray:
    """MATLAB's lambda from HiGHS's marginals (the sensitivities of fval to b, beq and the bounds)."""
    def column(values, size: int) -> Value:
        return to_value(np.asarray(values, dtype=np.float64).reshape(-1, 1)) if size else np.zeros((0, 1))
    return StructArray.scalar({
        "ineqlin": column(-result.ineqlin.marginals, 0 if ineq is None else ineq.shape[0]),
        "eqlin": column(-result.eqlin.marginals, 0 if eq is None else eq.shape[0]),
        "lower": column(np.abs(result.lower.marginals), n),
        "upper": column(np.abs(result.upper.marginals), n)})


@builtin("lsqlin", family="funfun")
def lsqlin(ctx: CallContext, c: Value, d: Value, a: Value | None = None, b: Value | None = None,
           aeq: Value | None = None, beq: Value | None = None, lb: Value | None = None, ub: Value | None = None,
           x0: Value | None = None, options: Value | None = None, *, nargout: int = 1):
    """x = lsqlin(C, d, A, b), lsqlin(C, d, A, b, Aeq, beq, lb, ub, x0, options), [x, resnorm, residual, exitflag, output] = lsqlin(...)
    Solves a linearly constrained least-squares problem.

    Minimizes norm(C*x - d)^2 subject to A*x <= b, Aeq*x = beq, lb <= x <= ub ([] for a constraint not
    given). resnorm is norm(C*x - d)^2 and residual C*x - d; exitflag 1 (found) or -2 (no feasible
    point, x is []). With bounds alone the bounded-variable least-squares solution is exact; general
    linear constraints are solved as a quadratic program by sequential least squares (to about 1e-10).
    x0 is accepted and not needed (the problem is convex). Options: Display ('final' (default), 'off',
    'notify'). (lsqlin is MATLAB's Optimization Toolbox function.)

        x = lsqlin([1 0; 0 1], [2; 2], [1 1], 1)    % [0.5; 0.5]
    """
    if a is None or b is None:
        raise MatlabError("MATLAB:lsqlin:NotEnoughInputs", "The input to LSQLIN should be either a structure "
                          "with valid fields or consist of at least four arguments (the problem structure is "
                          "not supported here).")
    if class_of(c) not in ("double", "single") or class_of(d) not in ("double", "single"):
        raise MatlabError("MATLAB:lsqlin:InvalidInput", "C and d must be real double arrays.")
    matrix = _matrix("lsqlin", c, "C", None)
    if matrix is None:
        raise MatlabError("MATLAB:lsqlin:InvalidInput", "C must be a nonempty real matrix.")
    target = _vector("lsqlin", d, "d", matrix.shape[0])
    if target is None:
        raise MatlabError("MATLAB:lsqlin:InvalidInput", "d must be a real vector of one element per row of C.")
    n = matrix.shape[1]
    ineq, rhs, eq, eq_rhs, lower, upper = _constraints("lsqlin", n, a, b, aeq, beq, lb, ub)
    opts = toolbox_options("lsqlin", options)
    display = _display("lsqlin", opts)
    if ineq is None and eq is None:
        if np.all(np.isinf(lower)) and np.all(np.isinf(upper)):
            x = np.linalg.lstsq(matrix, target, rcond=None)[0]
        else:
            x = scipy.optimize.lsq_linear(matrix, target, bounds=(lower, upper), method="bvls", tol=1e-14).x
    else:
        x = _quadratic_program(matrix, target, ineq, rhs, eq, eq_rhs, lower, upper)
    found = x is not None
    _report(ctx, display, 1.0 if found else -2.0, QP_FOUND if found else QP_INFEASIBLE)
    residual = matrix @ x - target if found else None
    outs: list[Value] = [_column(x), float(residual @ residual) if found else np.zeros((0, 0)),
                         _column(residual), 1.0 if found else -2.0]
    if nargout >= 5:
        outs.append(_output_struct(message=(QP_FOUND if found else QP_INFEASIBLE).strip(),
                                   algorithm="active-set" if ineq is not None or eq is not None else "trust-region-reflective",
                                   constrviolation=_violation(x, ineq, rhs, eq, eq_rhs, lower, upper)
                                   if found else np.zeros((0, 0))))
    if nargout >= 6:
        raise MatlabError("MATLAB:lsqlin:TooManyOutputs", "lsqlin's lambda output is not supported here.")
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])


def _quadratic_program(matrix: np.ndarray, target: np.ndarray, ineq, rhs, eq, eq_rhs, lower: np.ndarray,
                       upper: np.ndarray) -> np.ndarray | None:
    """min 0.5*||C*x - d||^2 under the linear constraints by SLSQP from the least-squares point; None
    when no feasible point is found."""
    constraints = []
    if ineq is not None:
        constraints.append({"type": "ineq", "fun": lambda x: rhs - ineq @ x, "jac": lambda x: -ineq})
    if eq is not None:
        constraints.append({"type": "eq", "fun": lambda x: eq @ x - eq_rhs, "jac": lambda x: eq})
    bounds = [(None if np.isinf(lo) else lo, None if np.isinf(hi) else hi) for lo, hi in zip(lower, upper)]
    start = np.clip(np.linalg.lstsq(matrix, target, rcond=None)[0], lower, upper)
    result = scipy.optimize.minimize(lambda x: 0.5 * float((matrix @ x - target) @ (matrix @ x - target)), start,
                                     jac=lambda x: matrix.T @ (matrix @ x - target), method="SLSQP",
                                     bounds=bounds, constraints=constraints,
                                     options={"ftol": 1e-15, "maxiter": 1000})
    x = np.asarray(result.x, dtype=np.float64)
    scale = 1e-8 * max(1.0, float(np.max(np.abs(x), initial=0.0)))
    return x if _violation(x, ineq, rhs, eq, eq_rhs, lower, upper) <= scale else None
