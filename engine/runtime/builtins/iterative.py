"""Iterative linear solvers: pcg gmres bicgstab minres lsqr cgs bicg qmr.

MATLAB's Krylov solvers, written out here (scipy's cg, gmres and bicgstab report neither MATLAB's flag,
relres and iter nor the residual history), with MATLAB's defaults (tol 1e-6, maxit min(n, 20), gmres's
restart and outer iterations), its flags (0 converged, 1 maxit reached, 3 stagnated, 4 a scalar of the
method too small or too large), its choice of the returned iterate (the one of smallest residual when it
did not converge) and its messages when called without the flag output. A and the preconditioners are
full or sparse matrices (a sparse A is never made full; a preconditioner is factorized once) or function
handles.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable

import numpy as np
import scipy.linalg as la
import scipy.sparse.linalg as spla

from ..context import CallContext
from ..errors import MAX_BYTES, MatlabError, out_of_memory
from ..semantics import to_value
from ..sparse import full_of, is_sparse
from ..values import CharArray, FunctionHandle, Value
from .arguments import real_scalar
from .funfun import callable_of
from .registry import builtin
from .sizes import numeric_array

Operator = Callable[[np.ndarray], np.ndarray]
EPS = float(np.finfo(float).eps)


def _given(value: Value | None) -> bool:
    return value is not None and not (type(value) is np.ndarray and value.size == 0)


def _real_matrix(fname: str, value: Value):
    """A real matrix argument: a scipy sparse array for a sparse one, else a float64 ndarray in MATLAB's
    column-major layout (a value downloaded from the device may come row-major: BLAS would then sum A*x
    in another order, and on a singular system the iterates part ways between devices)."""
    if is_sparse(value):
        matrix = value.data
    else:
        matrix = numeric_array(value, fname)
    if matrix.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only here.")
    return matrix.astype(np.float64) if is_sparse(value) else np.asfortranarray(matrix, dtype=np.float64)


def _handle(ctx: CallContext, fname: str, value: FunctionHandle, n: int) -> Operator:
    """x -> f(x) for a handle that must return a real vector of n elements."""
    f = callable_of(ctx, fname, value)
    return lambda x: _vector_result(fname, f(to_value(x.reshape(-1, 1))), n)


def _vector_result(fname: str, value: Value, n: int | None) -> np.ndarray:
    """A function's result as a real float vector (of n elements when n is given)."""
    arr = numeric_array(full_of(value), fname)
    if arr.dtype.kind == "c" or (n is not None and arr.size != n):
        raise MatlabError(f"MATLAB:{fname}:InvalidFunctionOutput", "The function must return a real column "
                          "vector of the size of b." if n is not None else "The function must return a real vector.")
    return arr.ravel(order="F").astype(np.float64)


def _iterations(fname: str, maxit: Value) -> int:
    count = real_scalar(fname, maxit, "maxit")
    if not (np.isfinite(count) and count >= 0 and count == int(count)):
        raise MatlabError(f"MATLAB:{fname}:InvalidMaxit", "maxit must be a nonnegative integer.")
    return int(count)


def _times(ctx: CallContext, fname: str, value: Value, n: int) -> Operator:
    """x -> A*x for a square matrix, a sparse matrix or a function handle."""
    if type(value) is FunctionHandle:
        return _handle(ctx, fname, value, n)
    matrix = _real_matrix(fname, value)
    if matrix.shape != (n, n):
        raise MatlabError(f"MATLAB:{fname}:NonSquareMatrix", "A must be a square matrix with as many rows as b.")
    return lambda x: matrix @ x


def _solver(ctx: CallContext, fname: str, value: Value, n: int) -> Operator:
    """x -> M\\x for a preconditioner: a handle, or a matrix factorized once (LU; sparse LU when sparse)."""
    if type(value) is FunctionHandle:
        return _handle(ctx, fname, value, n)
    return _factorized(fname, value, n)(False)


def _factorized(fname: str, value: Value, n: int) -> Callable[[bool], Operator]:
    """transposed -> (x -> M\\x, or M'\\x when transposed) for a matrix M, factorized once."""
    matrix = _real_matrix(fname, value)
    if matrix.shape != (n, n):
        raise MatlabError(f"MATLAB:{fname}:WrongPrecondSize", "M must be a square matrix of the size of b.")
    if is_sparse(value):
        try:
            lu = spla.splu(matrix.tocsc())
        except RuntimeError:        # exactly singular
            return lambda transposed: lambda x: np.full_like(x, np.inf)
        return lambda transposed: lambda x: lu.solve(x, trans="T" if transposed else "N")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", la.LinAlgWarning)       # a singular M: its solves give Inf or NaN
        factors = la.lu_factor(matrix, check_finite=False)
    return lambda transposed: lambda x: la.lu_solve(factors, x, trans=int(transposed), check_finite=False)


@dataclass
class System:
    """A*x = b with everything the solvers read: the operators, the tolerance and iteration limit."""
    times: Operator
    precond: list[Operator]
    rhs: np.ndarray
    x: np.ndarray
    tol: float
    maxit: int | None

    def precondition(self, r: np.ndarray) -> np.ndarray:
        for solve in self.precond:
            r = solve(r)
        return r


def _system(ctx: CallContext, fname: str, a: Value, b: Value, tol: Value | None, maxit: Value | None,
            m1: Value | None, m2: Value | None, x0: Value | None, times: Operator | None = None) -> System:
    """The System of a call (``times``, when given, is x -> A*x already built from ``a``)."""
    b, tol, maxit, x0 = (None if v is None else full_of(v) for v in (b, tol, maxit, x0))
    column = numeric_array(b, fname)
    if column.dtype.kind == "c" or (_given(x0) and numeric_array(x0, fname).dtype.kind == "c"):
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only here.")
    if column.ndim != 2 or column.shape[1] != 1:
        raise MatlabError(f"MATLAB:{fname}:RHSnotColumn", "Right hand side must be a column vector.")
    rhs = column.astype(np.float64).ravel()
    n = rhs.size
    times = times or _times(ctx, fname, a, n)
    tolerance = real_scalar(fname, tol, "tol") if _given(tol) else 1e-6
    limit = _iterations(fname, maxit) if _given(maxit) else None
    precond = [_solver(ctx, fname, m, n) for m in (m1, m2) if _given(m)]
    if _given(x0):
        x = numeric_array(x0, fname).astype(np.float64).ravel(order="F")
        if x.size != n:
            raise MatlabError(f"MATLAB:{fname}:WrongInitGuessSize",
                              "Initial guess must be a column vector of the length of b.")
    else:
        x = np.zeros(n)
    return System(times, precond, rhs, x, tolerance, limit)


@dataclass
class Result:
    x: np.ndarray
    flag: int
    relres: float
    iteration: float | tuple[int, int]
    history: list[float]
    stopped_at: float | tuple[int, int] | None = None     # where it stopped, when not where x was found


class _Progress:
    """An iteration's residual norms (resvec) and its best iterate, which it returns when it stops without
    converging."""

    def __init__(self, s: System, x: np.ndarray, residual: np.ndarray, norm_b: float) -> None:
        self.history = [float(np.linalg.norm(residual))]
        self.best, self.best_norm, self.best_iter = x.copy(), self.history[0], 0
        self.norm_b, self.goal = norm_b, s.tol * norm_b

    def at_start(self, x: np.ndarray) -> Result | None:
        """The converged Result when x0 already meets the tolerance."""
        start = self.history[0]
        return Result(x, 0, start / self.norm_b, 0, self.history) if start <= self.goal else None

    def record(self, x: np.ndarray, residual: np.ndarray, at: float) -> Result | None:
        """Note the residual b - A*x of the iterate x (number ``at``); the converged Result when it
        meets the tolerance."""
        norm = float(np.linalg.norm(residual))
        self.history.append(norm)
        if norm < self.best_norm:
            self.best, self.best_norm, self.best_iter = x.copy(), norm, at
        return Result(x, 0, norm / self.norm_b, at, self.history) if norm <= self.goal else None

    def stop(self, flag: int, at: float) -> Result:
        """The best iterate, with the flag and the iteration the method stopped at."""
        return Result(self.best, flag, self.best_norm / self.norm_b, self.best_iter, self.history, at)


def _finish(ctx: CallContext, fname: str, system: System, result: Result, nargout: int):
    """The outputs [x, flag, relres, iter, resvec]; without the flag output, MATLAB's message."""
    if nargout < 2:
        ctx.write(_message(fname, result, system.tol) + "\n")
    it = result.iteration
    iteration = to_value(np.array([[float(it[0]), float(it[1])]])) if isinstance(it, tuple) else float(it)
    outs = (to_value(result.x.reshape(-1, 1)), float(result.flag), float(result.relres), iteration,
            to_value(np.array(result.history, dtype=np.float64).reshape(-1, 1)))
    return outs[0] if nargout <= 1 else outs[:nargout]


def _solve(ctx: CallContext, fname: str, iterate: Callable[[System, int, float], Result], system: System,
           nargout: int):
    """Run ``iterate`` (at most maxit iterations, default min(n, 20)) unless b is zero, and finish."""
    norm_b = float(np.linalg.norm(system.rhs))
    limit = min(system.rhs.size, 20) if system.maxit is None else system.maxit
    result = _zero_rhs(system.rhs.size) if norm_b == 0 else iterate(system, limit, norm_b)
    return _finish(ctx, fname, system, result, nargout)


def _zero_rhs(n: int, gmres_iter: bool = False) -> Result:
    """b = 0: x = 0 solves it exactly (MATLAB returns it without iterating)."""
    return Result(np.zeros(n), 0, 0.0, (0, 0) if gmres_iter else 0.0, [0.0])


def _count(it: float | tuple[int, int]) -> str:
    if isinstance(it, tuple):
        return f"outer iteration {it[0]} (inner iteration {it[1]})"
    return f"iteration {it:g}"


def _number(it: float | tuple[int, int]) -> str:
    return f"{it[0]}({it[1]})" if isinstance(it, tuple) else f"{it:g}"


def _message(fname: str, result: Result, tol: float) -> str:
    if result.flag == 0:
        return (f"{fname} converged at {_count(result.iteration)} to a solution with relative residual "
                f"{result.relres:.2g}.")
    why = {1: "because the maximum number of iterations was reached",
           2: "because the system involving the preconditioner was ill conditioned",
           3: "because the method stagnated",
           4: "because a scalar quantity became too small or too large to continue computing",
           5: "because the preconditioner is not symmetric positive definite"}[result.flag]
    stopped = result.stopped_at if result.stopped_at is not None else result.iteration
    return (f"{fname} stopped at {_count(stopped)} without converging to the desired tolerance {tol:.2g}\n"
            f"{why}.\nThe iterate returned (number {_number(result.iteration)}) has relative residual "
            f"{result.relres:.2g}.")


# ----------------------------------------------------------------------------------------------------
# pcg


@builtin("pcg", family="linalg", sparse="native")
def pcg(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
        m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = pcg(A, b), pcg(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = pcg(...)
    Solves A*x = b for symmetric positive definite A by preconditioned conjugate gradients.

    A is a full or sparse matrix or a function handle returning A*x; M1 and M2 (matrices, e.g. the
    factors of ichol, or handles returning M\\x) precondition with M = M1*M2. Stops when
    norm(b - A*x)/norm(b) <= tol (default 1e-6) or after maxit iterations (default min(n, 20)); [] takes
    a default. flag is 0 (converged), 1 (maxit reached), 3 (stagnated) or 4 (a scalar of the method
    became too small or too large: A or M not positive definite); without converging x is the iterate
    of smallest residual. Without the flag output pcg prints MATLAB's message. resvec holds the residual
    norms, from the one at x0.

        x = pcg([4 -1; -1 4], [3; 3])    % [1; 1] (pcg converged at iteration 1 ...)
    """
    return _solve(ctx, "pcg", _pcg_iterate, _system(ctx, "pcg", a, b, tol, maxit, m1, m2, x0), nargout)


def _pcg_iterate(s: System, limit: int, norm_b: float) -> Result:
    x = s.x
    r = s.rhs - s.times(x)
    progress = _Progress(s, x, r, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    p, rho_old = np.zeros_like(x), 1.0
    for k in range(1, limit + 1):
        z = s.precondition(r)
        rho = float(r @ z)
        if rho == 0 or not np.isfinite(rho):
            return progress.stop(4, k)
        p = z if k == 1 else z + (rho / rho_old) * p
        q = s.times(p)
        pq = float(p @ q)
        if pq <= 0 or not np.isfinite(pq):
            return progress.stop(4, k)
        alpha = rho / pq
        if np.linalg.norm(alpha * p) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + alpha * p
        r = s.rhs - s.times(x)
        if (done := progress.record(x, r, k)) is not None:
            return done
        rho_old = rho
    return progress.stop(1, limit)


# ----------------------------------------------------------------------------------------------------
# bicgstab


@builtin("bicgstab", family="linalg", sparse="native")
def bicgstab(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
             m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = bicgstab(A, b), bicgstab(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = bicgstab(...)
    Solves A*x = b for a square (nonsymmetric) A by the biconjugate gradients stabilized method.

    The arguments are pcg's: A a full or sparse matrix or a handle returning A*x, M = M1*M2 the
    preconditioner (matrices, e.g. the factors of ilu, or handles returning M\\x), tol (default 1e-6)
    on norm(b - A*x)/norm(b), maxit (default min(n, 20)), x0. Each iteration has two halves, so iter
    may end in .5 and resvec holds 2*iter + 1 residual norms. flag is 0 (converged), 1 (maxit reached),
    3 (stagnated) or 4 (breakdown); without converging x is the iterate of smallest residual. Without
    the flag output bicgstab prints MATLAB's message.

        x = bicgstab([4 1; 2 3], [5; 5])    % [1; 1]
    """
    system = _system(ctx, "bicgstab", a, b, tol, maxit, m1, m2, x0)
    return _solve(ctx, "bicgstab", _bicgstab_iterate, system, nargout)


def _bicgstab_iterate(s: System, limit: int, norm_b: float) -> Result:
    x = s.x
    r = s.rhs - s.times(x)
    shadow = r.copy()
    progress = _Progress(s, x, r, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    rho, alpha, omega = 1.0, 1.0, 1.0
    p, v = np.zeros_like(x), np.zeros_like(x)
    for k in range(1, limit + 1):
        rho_old, rho = rho, float(shadow @ r)
        if rho == 0 or not np.isfinite(rho):
            return progress.stop(4, k)
        p = r if k == 1 else r + (rho / rho_old) * (alpha / omega) * (p - omega * v)
        ph = s.precondition(p)
        v = s.times(ph)
        rtv = float(shadow @ v)
        if rtv == 0 or not np.isfinite(rtv):
            return progress.stop(4, k)
        alpha = rho / rtv
        if np.linalg.norm(alpha * ph) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k - 0.5)
        x = x + alpha * ph
        if (done := progress.record(x, s.rhs - s.times(x), k - 0.5)) is not None:
            return done
        r = r - alpha * v
        sh = s.precondition(r)
        t = s.times(sh)
        tt = float(t @ t)
        if tt == 0 or not np.isfinite(tt):
            return progress.stop(4, k)
        omega = float(t @ r) / tt
        if omega == 0:
            return progress.stop(4, k)
        if np.linalg.norm(omega * sh) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + omega * sh
        r = r - omega * t
        if (done := progress.record(x, s.rhs - s.times(x), float(k))) is not None:
            return done
    return progress.stop(1, limit)


# ----------------------------------------------------------------------------------------------------
# cgs and bicg


@builtin("cgs", family="linalg", sparse="native")
def cgs(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
        m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = cgs(A, b), cgs(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = cgs(...)
    Solves A*x = b for a square A by the conjugate gradients squared method.

    The arguments, outputs and messages are pcg's: A a full or sparse matrix or a handle returning
    A*x, M = M1*M2 the preconditioner, tol (default 1e-6) on norm(b - A*x)/norm(b), maxit (default
    min(n, 20)), x0; flag 0 (converged), 1 (maxit reached), 3 (stagnated) or 4 (breakdown).

        x = cgs([4 1; 2 3], [5; 5])    % [1; 1]
    """
    return _solve(ctx, "cgs", _cgs_iterate, _system(ctx, "cgs", a, b, tol, maxit, m1, m2, x0), nargout)


def _cgs_iterate(s: System, limit: int, norm_b: float) -> Result:
    x = s.x
    r = s.rhs - s.times(x)
    shadow = r.copy()
    progress = _Progress(s, x, r, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    rho = 1.0
    p = q = np.zeros_like(x)
    for k in range(1, limit + 1):
        rho_old, rho = rho, float(shadow @ r)
        if rho == 0 or not np.isfinite(rho):
            return progress.stop(4, k)
        if k == 1:
            u = p = r
        else:
            beta = rho / rho_old
            u = r + beta * q
            p = u + beta * (q + beta * p)
        v = s.times(s.precondition(p))
        rtv = float(shadow @ v)
        if rtv == 0 or not np.isfinite(rtv):
            return progress.stop(4, k)
        alpha = rho / rtv
        q = u - alpha * v
        step = alpha * s.precondition(u + q)
        if np.linalg.norm(step) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + step
        r = r - s.times(step)
        if (done := progress.record(x, s.rhs - s.times(x), k)) is not None:
            return done
    return progress.stop(1, limit)


@builtin("bicg", family="linalg", sparse="native")
def bicg(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
         m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = bicg(A, b), bicg(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = bicg(...)
    Solves A*x = b for a square A by the biconjugate gradients method.

    As pcg, with products by A' as well: A is a full or sparse matrix or a handle afun with
    afun(x, 'notransp') = A*x and afun(x, 'transp') = A'*x, and the preconditioners M1 and M2 are
    matrices or handles of the same two forms (returning M\\x and M'\\x). tol (default 1e-6) applies
    to norm(b - A*x)/norm(b), maxit defaults to min(n, 20); flag 0 (converged), 1 (maxit reached),
    3 (stagnated) or 4 (breakdown).

        x = bicg([4 1; 2 3], [5; 5])    % [1; 1]
    """
    n = numeric_array(full_of(b), "bicg").shape[0]
    if type(a) is FunctionHandle:
        forward, adjoint, _ = _lsqr_operators(ctx, "bicg", a, n)
    else:
        forward = _times(ctx, "bicg", a, n)
        matrix = _real_matrix("bicg", a)
        adjoint = matrix.T.__matmul__
    system = _system(ctx, "bicg", a, b, tol, maxit, None, None, x0, times=forward)
    precond = [_lsqr_preconditioner(ctx, "bicg", m, n) for m in (m1, m2) if _given(m)]
    norm_b = float(np.linalg.norm(system.rhs))
    result = _zero_rhs(n) if norm_b == 0 else _bicg_iterate(system, adjoint, precond, min(n, 20)
                                                            if system.maxit is None else system.maxit, norm_b)
    return _finish(ctx, "bicg", system, result, nargout)


def _bicg_iterate(s: System, adjoint: Operator, precond: list[tuple[Operator, Operator]], limit: int,
                  norm_b: float) -> Result:
    """BiCG: residuals r of A*x = b and shadow residuals of A'*y = r0, preconditioned by M and M'."""
    def solve(v: np.ndarray) -> np.ndarray:                 # M \\ v, M = M1*M2
        for forward, _ in precond:
            v = forward(v)
        return v

    def solve_transposed(v: np.ndarray) -> np.ndarray:      # M' \\ v
        for _, backward in reversed(precond):
            v = backward(v)
        return v
    x = s.x
    r = s.rhs - s.times(x)
    shadow = r.copy()
    progress = _Progress(s, x, r, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    rho = 1.0
    p = pt = np.zeros_like(x)
    for k in range(1, limit + 1):
        z, zt = solve(r), solve_transposed(shadow)
        rho_old, rho = rho, float(z @ shadow)
        if rho == 0 or not np.isfinite(rho):
            return progress.stop(4, k)
        if k == 1:
            p, pt = z, zt
        else:
            beta = rho / rho_old
            p, pt = z + beta * p, zt + beta * pt
        q, qt = s.times(p), adjoint(pt)
        ptq = float(pt @ q)
        if ptq == 0 or not np.isfinite(ptq):
            return progress.stop(4, k)
        alpha = rho / ptq
        if np.linalg.norm(alpha * p) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + alpha * p
        r, shadow = r - alpha * q, shadow - alpha * qt
        if (done := progress.record(x, s.rhs - s.times(x), k)) is not None:
            return done
    return progress.stop(1, limit)


@builtin("qmr", family="linalg", sparse="native")
def qmr(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
        m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = qmr(A, b), qmr(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = qmr(...)
    Solves A*x = b for a square A by the quasi-minimal residual method.

    As bicg (the same forms of A, M1 and M2, products by A' included): the Lanczos biorthogonalization
    without look-ahead, M1 the left and M2 the right preconditioner. tol (default 1e-6) applies to
    norm(b - A*x)/norm(b), maxit defaults to min(n, 20); flag 0 (converged), 1 (maxit reached), 3
    (stagnated) or 4 (breakdown).

        x = qmr([4 1 0; 2 5 1; 0 1 3], [1; 2; 3])    % [0.22; 0.12; 0.96]
    """
    n = numeric_array(full_of(b), "qmr").shape[0]
    if type(a) is FunctionHandle:
        forward, adjoint, _ = _lsqr_operators(ctx, "qmr", a, n)
    else:
        forward = _times(ctx, "qmr", a, n)
        adjoint = _real_matrix("qmr", a).T.__matmul__
    system = _system(ctx, "qmr", a, b, tol, maxit, None, None, x0, times=forward)
    identity = (lambda v: v, lambda v: v)
    left, right = (_lsqr_preconditioner(ctx, "qmr", m, n) if _given(m) else identity for m in (m1, m2))
    norm_b = float(np.linalg.norm(system.rhs))
    result = _zero_rhs(n) if norm_b == 0 else _qmr_iterate(system, adjoint, left, right, min(n, 20)
                                                           if system.maxit is None else system.maxit, norm_b)
    return _finish(ctx, "qmr", system, result, nargout)


def _qmr_iterate(s: System, adjoint: Operator, left: tuple[Operator, Operator], right: tuple[Operator, Operator],
                 limit: int, norm_b: float) -> Result:
    """QMR as in Barrett et al., Templates for the Solution of Linear Systems (the algorithm MATLAB's qmr
    follows): Lanczos vectors v, w with M1 on the left and M2 on the right (each as (M\\x, M'\\x)), and
    the quasi-residual minimized by Givens-like scalars theta, gamma, eta."""
    x = s.x
    r = s.rhs - s.times(x)
    progress = _Progress(s, x, r, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    v_tilde, w_tilde = r.copy(), r.copy()
    y, z = left[0](v_tilde), right[1](w_tilde)
    rho, xi = float(np.linalg.norm(y)), float(np.linalg.norm(z))
    gamma, eta, theta, epsilon = 1.0, -1.0, 0.0, 1.0
    d = step = np.zeros_like(x)                # the correction and its residual change, carried along
    for k in range(1, limit + 1):
        if rho == 0 or xi == 0 or not np.isfinite(rho * xi):
            return progress.stop(4, k)
        v, y = v_tilde / rho, y / rho
        w, z = w_tilde / xi, z / xi
        delta = float(z @ y)
        if delta == 0 or not np.isfinite(delta):
            return progress.stop(4, k)
        y_tilde, z_tilde = right[0](y), left[1](z)
        if k == 1:
            p, q = y_tilde, z_tilde
        else:
            p = y_tilde - (xi * delta / epsilon) * p
            q = z_tilde - (rho * delta / epsilon) * q
        p_tilde = s.times(p)
        epsilon = float(q @ p_tilde)
        beta = epsilon / delta
        if epsilon == 0 or beta == 0 or not np.isfinite(beta):
            return progress.stop(4, k)
        v_tilde = p_tilde - beta * v
        y = left[0](v_tilde)
        rho_old, rho = rho, float(np.linalg.norm(y))
        w_tilde = adjoint(q) - beta * w
        z = right[1](w_tilde)
        xi = float(np.linalg.norm(z))
        gamma_old, theta_old = gamma, theta
        theta = rho / (gamma_old * abs(beta))
        gamma = 1.0 / np.sqrt(1.0 + theta * theta)
        if gamma == 0 or not np.isfinite(theta):
            return progress.stop(4, k)
        eta = -eta * rho_old * gamma * gamma / (beta * gamma_old * gamma_old)
        carry = (theta_old * gamma) ** 2
        d = eta * p + carry * d
        step = eta * p_tilde + carry * step
        if np.linalg.norm(d) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + d
        r = r - step
        if (done := progress.record(x, s.rhs - s.times(x), k)) is not None:
            return done
    return progress.stop(1, limit)


# ----------------------------------------------------------------------------------------------------
# gmres


@builtin("gmres", family="linalg", sparse="native")
def gmres(ctx: CallContext, a: Value, b: Value, restart: Value | None = None, tol: Value | None = None,
          maxit: Value | None = None, m1: Value | None = None, m2: Value | None = None,
          x0: Value | None = None, *, nargout: int = 1):
    """x = gmres(A, b), gmres(A, b, restart, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = gmres(...)
    Solves A*x = b for a square A by the generalized minimum residual method, restarted every restart
    inner iterations.

    A is a full or sparse matrix or a handle returning A*x; M = M1*M2 is a left preconditioner
    (matrices or handles returning M\\x), and the tolerance tol (default 1e-6) applies to the
    preconditioned relative residual norm(M\\(b - A*x))/norm(M\\b), which relres reports. restart = []
    or n does not restart: then maxit (default min(n, 10)) bounds the inner iterations; otherwise maxit
    (default min(ceil(n/restart), 10)) bounds the outer ones. iter is [outer inner]; resvec holds the
    preconditioned residual norms of every inner iteration, from the one at x0. flag is 0, 1 (maxit
    reached) or 3 (stagnated). Without the flag output gmres prints MATLAB's message.

        x = gmres([4 1; 2 3], [5; 5])    % [1; 1]
    """
    system = _system(ctx, "gmres", a, b, tol, maxit, m1, m2, x0)
    n = system.rhs.size
    wanted = real_scalar("gmres", restart, "restart") if _given(restart) else float(n)
    inner = int(wanted) if np.isfinite(wanted) else 0
    if inner < 1:
        raise MatlabError("MATLAB:gmres:InvalidRestart", "restart must be a positive integer.")
    if inner >= n:
        outer, inner = 1, min(n, system.maxit if system.maxit is not None else min(n, 10))
    else:
        outer = system.maxit if system.maxit is not None else min(-(-n // inner), 10)
    if min(outer, inner) < 1:
        raise MatlabError("MATLAB:gmres:InvalidMaxit", "maxit must be a positive integer.")
    norm_b = float(np.linalg.norm(system.rhs))
    result = _zero_rhs(n, True) if norm_b == 0 else _gmres_iterate(system, outer, inner)
    return _finish(ctx, "gmres", system, result, nargout)


def _gmres_iterate(s: System, outer: int, inner: int) -> Result:
    """Restarted GMRES with modified Gram-Schmidt Arnoldi and Givens rotations on the preconditioned
    system M\\A x = M\\b."""
    n = s.rhs.size
    norm_mb = float(np.linalg.norm(s.precondition(s.rhs)))
    target = s.tol * norm_mb
    x = s.x
    r = s.precondition(s.rhs - s.times(x))
    history = [float(np.linalg.norm(r))]
    if history[0] <= target:
        return Result(x, 0, history[0] / norm_mb, (0, 0), history)
    if (n + inner + 1) * (inner + 1) * 8 > MAX_BYTES:   # the basis and the Hessenberg matrix: numpy
        raise out_of_memory()                            # would take them and the system end the session
    for out in range(1, outer + 1):
        beta = float(np.linalg.norm(r))
        basis = np.zeros((n, inner + 1))
        hess = np.zeros((inner + 1, inner))
        cs, sn = np.zeros(inner), np.zeros(inner)
        g = np.zeros(inner + 1)
        g[0] = beta
        basis[:, 0] = r / beta
        steps = 0
        for k in range(inner):
            w = s.precondition(s.times(basis[:, k]))
            for j in range(k + 1):
                hess[j, k] = basis[:, j] @ w
                w = w - hess[j, k] * basis[:, j]
            hess[k + 1, k] = np.linalg.norm(w)
            if hess[k + 1, k] != 0:
                basis[:, k + 1] = w / hess[k + 1, k]
            for j in range(k):
                hess[j, k], hess[j + 1, k] = (cs[j] * hess[j, k] + sn[j] * hess[j + 1, k],
                                              -sn[j] * hess[j, k] + cs[j] * hess[j + 1, k])
            radius = np.hypot(hess[k, k], hess[k + 1, k])
            cs[k], sn[k] = (1.0, 0.0) if radius == 0 else (hess[k, k] / radius, hess[k + 1, k] / radius)
            hess[k, k], hess[k + 1, k] = radius, 0.0
            g[k], g[k + 1] = cs[k] * g[k], -sn[k] * g[k]
            history.append(abs(float(g[k + 1])))
            steps = k + 1
            if history[-1] <= target or hess[k, k] == 0:
                break
        y = la.solve_triangular(hess[:steps, :steps], g[:steps], check_finite=False) \
            if np.all(np.diag(hess[:steps, :steps])) else np.linalg.lstsq(hess[:steps, :steps], g[:steps])[0]
        update = basis[:, :steps] @ y
        stagnated = np.linalg.norm(update) <= EPS * np.linalg.norm(x)
        x = x + update
        r = s.precondition(s.rhs - s.times(x))
        relres = float(np.linalg.norm(r)) / norm_mb
        if relres <= s.tol:
            return Result(x, 0, relres, (out, steps), history)
        if stagnated:
            return Result(x, 3, relres, (out, steps), history)
    return Result(x, 1, relres, (outer, inner), history)


# ----------------------------------------------------------------------------------------------------
# minres


@builtin("minres", family="linalg", sparse="native")
def minres(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
           m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = minres(A, b), minres(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec] = minres(...)
    Solves A*x = b for a symmetric, possibly indefinite A by the minimum residual method.

    The arguments are pcg's: A a full or sparse symmetric matrix or a handle returning A*x, M = M1*M2 a
    symmetric positive definite preconditioner (matrices or handles returning M\\x), tol (default 1e-6)
    on norm(b - A*x)/norm(b), maxit (default min(n, 20)), x0. resvec holds norm(b - A*x) at x0 and
    after each iteration. flag is 0 (converged), 1 (maxit reached), 3 (stagnated), 4 (breakdown) or 5
    (M not positive definite); without converging x is the iterate of smallest residual. Without the
    flag output minres prints MATLAB's message. The sixth output (resveccg) is not supported.

        x = minres([2 1; 1 -3], [3; -2])    % [1; 1]
    """
    if nargout > 5:
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments: minres's resveccg output is "
                          "not supported.")
    return _solve(ctx, "minres", _minres_iterate, _system(ctx, "minres", a, b, tol, maxit, m1, m2, x0), nargout)


def _minres_iterate(s: System, limit: int, norm_b: float) -> Result:
    """Paige and Saunders' MINRES: Lanczos vectors in the M inner product, Givens rotations on the
    tridiagonal system, x updated by the search directions w."""
    x = s.x
    r1 = s.rhs - s.times(x)
    progress = _Progress(s, x, r1, norm_b)
    if (done := progress.at_start(x)) is not None:
        return done
    y = s.precondition(r1)
    beta = float(r1 @ y)
    if beta <= 0 or not np.isfinite(beta):
        return progress.stop(5, 0)
    beta = old_beta = np.sqrt(beta)
    r2 = r1
    dbar = epsilon = 0.0
    phibar, cs, sn = beta, -1.0, 0.0
    w = w2 = np.zeros_like(x)
    for k in range(1, limit + 1):
        v = y / beta
        y = s.times(v)
        if k >= 2:
            y = y - (beta / old_beta) * r1
        alpha = float(v @ y)
        y = y - (alpha / beta) * r2
        r1, r2 = r2, y
        y = s.precondition(r2)
        old_beta, beta = beta, float(r2 @ y)
        if beta < 0 or not np.isfinite(beta):
            return progress.stop(5, k)
        beta = np.sqrt(beta)
        old_epsilon = epsilon
        delta = cs * dbar + sn * alpha
        gbar = sn * dbar - cs * alpha
        epsilon, dbar = sn * beta, -cs * beta
        gamma = max(float(np.hypot(gbar, beta)), EPS)
        cs, sn = gbar / gamma, beta / gamma
        phi, phibar = cs * phibar, sn * phibar
        w1, w2 = w2, w
        w = (v - old_epsilon * w1 - delta * w2) / gamma
        if np.linalg.norm(phi * w) <= EPS * np.linalg.norm(x):
            return progress.stop(3, k)
        x = x + phi * w
        if (done := progress.record(x, s.rhs - s.times(x), k)) is not None:
            return done
        if beta == 0:
            return progress.stop(4, k)
    return progress.stop(1, limit)


# ----------------------------------------------------------------------------------------------------
# lsqr


def _lsqr_operators(ctx: CallContext, fname: str, a: Value, m: int) -> tuple[Operator, Operator, int | None]:
    """(x -> A*x, y -> A'*y, columns of A or None for a handle) for a matrix or afun(x, 'notransp' | 'transp')."""
    if type(a) is FunctionHandle:
        f = callable_of(ctx, fname, a)

        def call(x: np.ndarray, how: str) -> np.ndarray:
            return _vector_result(fname, f(to_value(x.reshape(-1, 1)), CharArray.from_str(how)), None)
        return (lambda x: call(x, "notransp")), (lambda y: call(y, "transp")), None
    matrix = _real_matrix(fname, a)
    if matrix.ndim != 2 or matrix.shape[0] != m:
        raise MatlabError(f"MATLAB:{fname}:RHSsizeMismatch", "Right hand side must be a column vector of the "
                          "length of the number of rows of A.")
    return (lambda x: matrix @ x), (lambda y: matrix.T @ y), matrix.shape[1]


@builtin("lsqr", family="linalg", sparse="native")
def lsqr(ctx: CallContext, a: Value, b: Value, tol: Value | None = None, maxit: Value | None = None,
         m1: Value | None = None, m2: Value | None = None, x0: Value | None = None, *, nargout: int = 1):
    """x = lsqr(A, b), lsqr(A, b, tol, maxit, M1, M2, x0), [x, flag, relres, iter, resvec, lsvec] = lsqr(...)
    Solves A*x = b, or the least squares problem min norm(b - A*x) when it has no solution, for a
    rectangular A, by the LSQR method (Paige and Saunders).

    A is a full or sparse m-by-n matrix or a handle afun with afun(x, 'notransp') = A*x and
    afun(y, 'transp') = A'*y; M = M1*M2 (n-by-n matrices) is a right preconditioner. Stops when
    norm(b - A*x)/norm(b) <= tol (default 1e-6), or when the least squares residual is reached:
    norm(A'*r)/(norm(A, 'fro')*norm(r)) <= tol, or after maxit iterations (default min([m n 20])).
    resvec holds norm(b - A*x) from x0 on, lsvec the estimates of norm(A'*r)/norm(A, 'fro') of each
    iteration (with A*inv(M) for A).
    flag is 0 (converged), 1 (maxit reached), 3 (stagnated) or 4 (breakdown). Without the flag output
    lsqr prints MATLAB's message.

        x = lsqr([1 0; 0 1; 1 1], [1; 1; 2])    % [1; 1]
    """
    b, tol, maxit, x0 = (None if v is None else full_of(v) for v in (b, tol, maxit, x0))
    column = numeric_array(b, "lsqr")
    if column.ndim != 2 or column.shape[1] != 1:
        raise MatlabError("MATLAB:lsqr:RHSnotColumn", "Right hand side must be a column vector.")
    if column.dtype.kind == "c":
        raise MatlabError("MATLAB:lsqr:complexInput", "lsqr supports real inputs only here.")
    rhs = column.astype(np.float64).ravel()
    forward, adjoint, n = _lsqr_operators(ctx, "lsqr", a, rhs.size)
    start = numeric_array(x0, "lsqr").astype(np.float64).ravel(order="F") if _given(x0) else None
    n = n if n is not None else (start.size if start is not None else adjoint(rhs).size)
    x = start if start is not None else np.zeros(n)
    if x.size != n:
        raise MatlabError("MATLAB:lsqr:WrongInitGuessSize", "Initial guess must be a column vector of the "
                          "length of the number of columns of A.")
    precond = [_lsqr_preconditioner(ctx, "lsqr", m, n) for m in (m1, m2) if _given(m)]
    system = System(forward, [], rhs, x, real_scalar("lsqr", tol, "tol") if _given(tol) else 1e-6,
                    _iterations("lsqr", maxit) if _given(maxit) else min(rhs.size, n, 20))
    norm_b = float(np.linalg.norm(rhs))
    if norm_b == 0:
        result, estimates = _zero_rhs(n), []
    else:
        result, estimates = _lsqr_iterate(system, adjoint, precond, norm_b)
    outs = _finish(ctx, "lsqr", system, result, max(nargout, 1))
    if nargout <= 5:
        return outs
    return (*outs, to_value(np.array(estimates, dtype=np.float64).reshape(-1, 1)))


def _lsqr_preconditioner(ctx: CallContext, fname: str, value: Value, n: int) -> tuple[Operator, Operator]:
    """(x -> M\\x, x -> M'\\x) for a matrix, or a handle mfun(x, 'notransp' | 'transp')."""
    if type(value) is FunctionHandle:
        forward, adjoint, _ = _lsqr_operators(ctx, fname, value, n)
        return forward, adjoint
    solve = _factorized(fname, value, n)
    return solve(False), solve(True)


def _lsqr_iterate(s: System, adjoint: Operator, precond: list[tuple[Operator, Operator]],
                  norm_b: float) -> tuple[Result, list[float]]:
    """Golub-Kahan bidiagonalization of A*inv(M) with the QR updates of LSQR; x = x0 + M\\y."""
    def solve(v: np.ndarray) -> np.ndarray:          # M \ v, M = M1*M2
        for forward, _ in precond:
            v = forward(v)
        return v

    def solve_transposed(v: np.ndarray) -> np.ndarray:   # M' \ v
        for _, backward in reversed(precond):
            v = backward(v)
        return v
    x0 = s.x
    u = s.rhs - s.times(x0)
    history = [float(np.linalg.norm(u))]
    estimates: list[float] = []
    best, best_norm, best_iter = x0.copy(), history[0], 0
    if history[0] <= s.tol * norm_b:
        return Result(x0, 0, history[0] / norm_b, 0, history), []

    def stop(flag: int, k: int) -> tuple[Result, list[float]]:
        return Result(best, flag, best_norm / norm_b, best_iter, history, k), estimates
    beta = history[0]
    u = u / beta
    v = solve_transposed(adjoint(u))
    alpha = float(np.linalg.norm(v))
    if alpha == 0:
        return stop(4, 0)
    v = v / alpha
    y, w = np.zeros_like(x0), v.copy()
    phibar, rhobar, norm_a2 = beta, alpha, alpha * alpha
    for k in range(1, s.maxit + 1):
        u = s.times(solve(v)) - alpha * u
        beta = float(np.linalg.norm(u))
        if beta > 0:
            u = u / beta
        v = solve_transposed(adjoint(u)) - beta * v
        alpha = float(np.linalg.norm(v))
        if alpha > 0:
            v = v / alpha
        norm_a2 += alpha * alpha + beta * beta
        rho = float(np.hypot(rhobar, beta))
        if rho == 0 or not np.isfinite(rho):
            return stop(4, k)
        c, sn = rhobar / rho, beta / rho
        theta, rhobar = sn * alpha, -c * alpha
        phi, phibar = c * phibar, sn * phibar
        step = (phi / rho) * w
        if np.linalg.norm(step) <= EPS * np.linalg.norm(y):
            return stop(3, k)
        y = y + step
        w = v - (theta / rho) * w
        x = x0 + solve(y)
        normr = float(np.linalg.norm(s.rhs - s.times(x)))
        history.append(normr)
        normar = abs(phibar * alpha * c)
        estimates.append(normar / np.sqrt(norm_a2))
        if normr < best_norm:
            best, best_norm, best_iter = x.copy(), normr, k
        if normr <= s.tol * norm_b or estimates[-1] <= s.tol * normr:
            return Result(x, 0, normr / norm_b, k, history), estimates
    return stop(1, s.maxit)
