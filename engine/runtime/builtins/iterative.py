"""Iterative linear solvers: pcg.

pcg is the preconditioned conjugate gradient method for symmetric positive definite systems, written
out here (scipy's cg reports neither MATLAB's flag, relres and iter nor the residual history), with
MATLAB's defaults (tol 1e-6, maxit min(n, 20)), its flags, its choice of the returned iterate (the one of
smallest residual when it did not converge) and its messages when called without the flag output.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import FunctionHandle, Value
from .arguments import real_scalar
from .funfun import callable_of
from .sizes import numeric_array
from .registry import builtin


def _operator(ctx: CallContext, value: Value, n: int, what: str) -> Callable[[np.ndarray], np.ndarray]:
    """x -> A*x (or M\\x for a preconditioner) for a matrix, a sparse matrix or a function handle."""
    if type(value) is FunctionHandle:
        f = callable_of(ctx, "pcg", value)
        return lambda x: numeric_array(f(to_value(x.reshape(-1, 1))), "pcg").ravel().astype(np.float64)
    matrix = numeric_array(value, "pcg").astype(np.float64)
    if matrix.shape != (n, n):
        raise MatlabError("MATLAB:pcg:WrongPrecondSize" if what != "A" else "MATLAB:pcg:NonSquareMatrix",
                          f"{what} must be a square matrix of the size of b." if what != "A"
                          else "A must be a square matrix with as many rows as b.")
    if what == "A":
        return lambda x: matrix @ x
    return lambda x: np.linalg.solve(matrix, x)


def _given(value: Value | None) -> bool:
    return value is not None and not (type(value) is np.ndarray and value.size == 0)


@builtin("pcg", family="linalg", sparse="full")
def pcg(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
        m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = pcg(A, b), pcg(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = pcg(...)
    Solves A*x = b for symmetric positive definite A by preconditioned conjugate gradients.

    A is a matrix (a sparse one is made full) or a function handle returning A*x; M1 and M2 (matrices or handles
    returning M\\x) precondition with M = M1*M2. Stops when norm(b - A*x)/norm(b) <= tol (default 1e-6) or
    after maxit iterations (default min(n, 20)); [] takes a default. flag is 0 (converged), 1 (maxit
    reached), 3 (stagnated) or 4 (a scalar of the method became too small or too large: A or M not
    positive definite); without converging x is the iterate of smallest residual. Without the flag
    output pcg prints MATLAB's message. resvec holds the residual norms, from the one at x0.

        x = pcg([4 -1; -1 4], [3; 3])    % [1; 1] (pcg converged at iteration 1 ...)
    """
    column = numeric_array(b, "pcg")
    if any(type(v) is not FunctionHandle and numeric_array(v, "pcg").dtype.kind == "c"
           for v in (a, b, m1, m2, x0) if _given(v)):
        raise MatlabError("MATLAB:pcg:complexInput", "pcg supports real inputs only here.")
    if column.ndim != 2 or column.shape[1] != 1:
        raise MatlabError("MATLAB:pcg:RHSnotColumn", "Right hand side must be a column vector.")
    rhs = column.astype(np.float64).ravel()
    n = rhs.size
    times = _operator(ctx, a, n, "A")
    tolerance = real_scalar("pcg", tol, "tol") if _given(tol) else 1e-6
    limit = int(real_scalar("pcg", maxit, "maxit")) if _given(maxit) else min(n, 20)
    precond = [_operator(ctx, m, n, "M") for m in (m1, m2) if _given(m)]
    x = numeric_array(x0, "pcg").astype(np.float64).ravel(order="F") if _given(x0) else np.zeros(n)
    norm_b = float(np.linalg.norm(rhs))
    if norm_b == 0:
        outs = (to_value(np.zeros((n, 1))), 0.0, 0.0, 0.0, to_value(np.zeros((1, 1))))
        return outs[0] if nargout <= 1 else outs[:nargout]
    x, flag, relres, iteration, history = _iterate(times, precond, rhs, x, tolerance, limit, norm_b)
    if nargout < 2:
        ctx.write(_message(flag, iteration, relres, tolerance, limit) + "\n")
    outs = (to_value(x.reshape(-1, 1)), float(flag), relres, float(iteration),
            to_value(np.array(history).reshape(-1, 1)))
    return outs[0] if nargout <= 1 else outs[:nargout]


def _iterate(times, precond, rhs: np.ndarray, x: np.ndarray, tol: float, limit: int, norm_b: float):
    """The PCG loop: (x, flag, relres, iterations, residual norms)."""
    r = rhs - times(x)
    history = [float(np.linalg.norm(r))]
    best, best_norm, best_iter = x.copy(), history[0], 0
    if history[0] <= tol * norm_b:
        return x, 0, history[0] / norm_b, 0, history
    p, rho_old = np.zeros_like(x), 1.0
    for k in range(1, limit + 1):
        z = r
        for solve in precond:
            z = solve(z)
        rho = float(r @ z)
        if rho == 0 or not np.isfinite(rho):
            return best, 4, best_norm / norm_b, best_iter, history
        p = z if k == 1 else z + (rho / rho_old) * p
        q = times(p)
        pq = float(p @ q)
        if pq <= 0 or not np.isfinite(pq):
            return best, 4, best_norm / norm_b, best_iter, history
        alpha = rho / pq
        if np.linalg.norm(alpha * p) <= np.finfo(float).eps * np.linalg.norm(x):
            return best, 3, best_norm / norm_b, best_iter, history
        x = x + alpha * p
        r = rhs - times(x)
        history.append(float(np.linalg.norm(r)))
        if history[-1] < best_norm:
            best, best_norm, best_iter = x.copy(), history[-1], k
        if history[-1] <= tol * norm_b:
            return x, 0, history[-1] / norm_b, k, history
        rho_old = rho
    return best, 1, best_norm / norm_b, best_iter, history


def _message(flag: int, iteration: int, relres: float, tol: float, limit: int) -> str:
    if flag == 0:
        return f"pcg converged at iteration {iteration} to a solution with relative residual {relres:.2g}."
    why = {1: "because the maximum number of iterations was reached",
           3: "because the method stagnated",
           4: "because a scalar quantity became too small or too large to continue computing"}[flag]
    return (f"pcg stopped at iteration {limit if flag == 1 else iteration} without converging to the desired "
            f"tolerance {tol:.2g}\n{why}.\nThe iterate returned (number {iteration}) has relative residual "
            f"{relres:.2g}.")
