"""Matrix functions, subspaces, decompositions and solvers: expm logm sqrtm funm null orth schur hess
linsolve lsqnonneg lscov.

The algorithms are MATLAB's, through scipy: expm by scaling and squaring with Pade approximants, logm by
inverse scaling and squaring, sqrtm and funm by the Schur method (funm by Schur-Parlett for a general
function), schur and hess by LAPACK, lsqnonneg by the Lawson-Hanson active-set method. Bases from null
and orth come from the SVD, so a column may differ from MATLAB's by its sign where LAPACK builds differ.
Inputs are double or single square matrices (single stays single).
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..ops import mldivide
from ..semantics import to_value
from ..values import FunctionHandle, StructArray, Value
from .linalg import _finite, _float_matrix, _square, _tolerance
from .registry import builtin
from .sizes import is_text, numeric_array, option_text


def _square_matrix(fname: str, a: Value) -> np.ndarray:
    return _finite(fname, _square(_float_matrix(fname, a)), fname)


def _in_class(result: np.ndarray, like: np.ndarray) -> Value:
    """A matrix function's result in the precision of its input (complex kept where it arises)."""
    single = like.dtype in (np.float32, np.complex64)
    if np.iscomplexobj(result):
        return to_value(result.astype(np.complex64 if single else np.complex128))
    return to_value(result.astype(np.float32 if single else np.float64))


def _real_if_real(result: np.ndarray, arr: np.ndarray) -> np.ndarray:
    """A real input whose function has negligible imaginary parts gives a real result (as MATLAB's
    real Schur path does for matrices with real results)."""
    if np.iscomplexobj(result) and not np.iscomplexobj(arr):
        scale = max(float(np.abs(result).max(initial=0.0)), 1.0)
        if float(np.abs(result.imag).max(initial=0.0)) <= 10 * np.finfo(arr.dtype).eps * scale:
            return result.real.copy()
    return result


@builtin("expm", family="linalg")
def expm(a: Value) -> Value:
    """expm(A)  matrix exponential, by scaling and squaring with Pade approximants (as MATLAB).

    Not exp(A), which works elementwise.

        expm([0 1; 0 0])    % [1 1; 0 1]
    """
    arr = _square_matrix("expm", a)
    return _in_class(scipy.linalg.expm(arr) if arr.size else arr.copy(), arr)


@builtin("logm", family="linalg")
def logm(ctx: CallContext, a: Value) -> Value:
    """logm(A)  principal matrix logarithm, the inverse of expm, by inverse scaling and squaring.

    A matrix with a nonpositive real eigenvalue has no principal logarithm: MATLAB warns and returns
    a non-principal one (complex).

        logm([1 1; 0 1])    % [0 1; 0 0]
    """
    arr = _square_matrix("logm", a)
    if arr.size == 0:
        return arr.copy()
    eigenvalues = scipy.linalg.eigvals(arr)
    if np.any((np.abs(eigenvalues.imag) <= 0) & (eigenvalues.real <= 0)):
        ctx.warn("MATLAB:logm:nonPosRealEig", "Principal matrix logarithm is not defined for A with "
                 "nonpositive real eigenvalues. A non-principal matrix logarithm is returned.")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            result = scipy.linalg.logm(arr)
        except ValueError:          # scipy's inverse scaling and squaring overflowed (entries near realmax)
            raise MatlabError("matfuse:logm:overflow", "logm cannot compute this logarithm: its inverse "
                              "scaling and squaring overflows (entries near realmax).") from None
    return _in_class(_real_if_real(np.asarray(result), arr), arr)


@builtin("sqrtm", family="linalg")
def sqrtm(ctx: CallContext, a: Value) -> Value:
    """sqrtm(A)  principal matrix square root X, with X*X = A, by the Schur method.

    A singular matrix may have no square root: MATLAB warns "Matrix is singular and may not have a
    square root.". Not sqrt(A), which works elementwise.

        sqrtm([4 0; 0 9])    % [2 0; 0 3]
    """
    arr = _square_matrix("sqrtm", a)
    if arr.size == 0:
        return arr.copy()
    if np.any(np.diag(scipy.linalg.schur(arr, output="complex")[0]) == 0):
        ctx.warn("MATLAB:sqrtm:SingularMatrix", "Matrix is singular and may not have a square root.")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        result = scipy.linalg.sqrtm(arr)
    return _in_class(_real_if_real(np.asarray(result), arr), arr)


KNOWN_FUNCTIONS = {"exp": scipy.linalg.expm, "log": scipy.linalg.logm, "sqrt": scipy.linalg.sqrtm,
                   "sin": scipy.linalg.sinm, "cos": scipy.linalg.cosm, "sinh": scipy.linalg.sinhm,
                   "cosh": scipy.linalg.coshm}


@builtin("funm", family="linalg")
def funm(ctx: CallContext, a: Value, fun: Value) -> Value:
    """funm(A, fun)  matrix function F = fun(A) of a square matrix, for a function handle fun.

    @exp, @log, @sqrt, @sin, @cos, @sinh and @cosh use the dedicated algorithms; another handle is
    called as fun(x, 0) on a vector of values (MATLAB's fun(x, k) convention; only k = 0 is used) and
    the matrix function is formed by the Schur-Parlett method, which is accurate when the eigenvalues
    of A are distinct.

        funm([1 2; 0 1], @exp)    % same as expm([1 2; 0 1])
    """
    arr = _square_matrix("funm", a)
    if type(fun) is not FunctionHandle:
        raise MatlabError("MATLAB:funm:InvalidFun", "The second argument must be a function handle.")
    if arr.size == 0:
        return arr.copy()
    known = KNOWN_FUNCTIONS.get(fun.name) if fun.params is None else None
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if known is not None:
            result = np.asarray(known(arr))
        else:
            def scalar_function(values: np.ndarray) -> np.ndarray:
                out = numeric_array(ctx.call(fun, [to_value(np.asarray(values).reshape(-1, 1)), 0.0], 1)[0], "funm")
                if out.size != np.size(values):
                    raise MatlabError("MATLAB:funm:InvalidFunOutput",
                                      "fun(x, k) must return an array with one value for each value of x.")
                return out.reshape(np.shape(values))
            result = np.asarray(scipy.linalg.funm(arr, scalar_function, disp=False)[0])
    return _in_class(_real_if_real(result, arr), arr)


def _svd_rank(arr: np.ndarray, tol: Value | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(U, s, V, rank) of the SVD, rank counting singular values above tol (default
    max(size(A)) * eps(norm(A)))."""
    u, s, vh = scipy.linalg.svd(arr, full_matrices=True, lapack_driver="gesvd")
    limit = _tolerance("null", tol)
    if limit is None:
        limit = max(arr.shape) * float(np.spacing(s[0].astype(arr.real.dtype))) if s.size else 0.0
    return u, s, vh.conj().T, int(np.sum(s > limit))


@builtin("null", family="linalg")
def null(a: Value, option: Value | None = None) -> Value:
    """Z = null(A), null(A, tol), null(A, 'r')  basis of the null space of A: A*Z is (nearly) zero.

    The columns of Z are orthonormal, from the SVD (singular values at or below tol, default
    max(size(A)) * eps(norm(A)), count as zero); 'r' gives the "rational" basis from the reduced row
    echelon form instead, whose entries are small integers for small integer A.

        null([1 1; 1 1], 'r')    % [-1; 1]
    """
    arr = _finite("null", _float_matrix("null", a), "SVD")
    if option is not None and is_text(option, "r"):
        return to_value(_rational_null(arr))
    if arr.size == 0:
        return to_value(np.eye(arr.shape[1], dtype=arr.dtype))
    _, _, v, rank = _svd_rank(arr, option)
    return to_value(v[:, rank:].astype(arr.dtype))


def _rational_null(arr: np.ndarray) -> np.ndarray:
    """MATLAB's null(A, 'r'): free variables set to the identity, pivot variables from rref(A)."""
    reduced, pivots = _rref(arr)
    n = arr.shape[1]
    free = [k for k in range(n) if k not in pivots]
    basis = np.zeros((n, len(free)), dtype=arr.dtype)
    for j, column in enumerate(free):
        basis[column, j] = 1
        for row, pivot in enumerate(pivots):
            basis[pivot, j] = -reduced[row, column]
    return basis


def _rref(arr: np.ndarray, tol: float | None = None) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form by Gauss-Jordan elimination with partial pivoting (MATLAB's rref,
    default tolerance max(size(A)) * eps * norm(A, inf))."""
    a = arr.astype(np.result_type(arr.dtype, np.float64)).copy()
    m, n = a.shape
    if tol is None:
        tol = max(m, n) * np.finfo(np.float64).eps * (np.abs(a).sum(axis=1).max() if a.size else 0.0)
    pivots: list[int] = []
    row = 0
    for col in range(n):
        if row >= m:
            break
        best = row + int(np.argmax(np.abs(a[row:, col])))
        if abs(a[best, col]) <= tol:
            a[row:, col] = 0
            continue
        pivots.append(col)
        a[[row, best]] = a[[best, row]]
        a[row] = a[row] / a[row, col]
        others = [r for r in range(m) if r != row]
        a[others] -= np.outer(a[others, col], a[row])
        row += 1
    return a, pivots


@builtin("orth", family="linalg")
def orth(a: Value, tol: Value | None = None) -> Value:
    """Q = orth(A), orth(A, tol)  orthonormal basis of the range (column space) of A.

    The columns of Q are the left singular vectors of the singular values above tol (default
    max(size(A)) * eps(norm(A))); a column may differ from MATLAB's by its sign.

        orth([1 1; 1 1])    % [-0.7071; -0.7071] (up to sign)
    """
    arr = _finite("orth", _float_matrix("orth", a), "SVD")
    if arr.size == 0:
        return to_value(np.zeros((arr.shape[0], 0), arr.dtype))
    u, _, _, rank = _svd_rank(arr, tol)
    return to_value(u[:, :rank].astype(arr.dtype))


@builtin("schur", family="linalg")
def schur(a: Value, form: Value | None = None, *, nargout: int = 1) -> Value:
    """T = schur(A), [U, T] = schur(A), schur(A, 'real'), schur(A, 'complex')  Schur decomposition
    A = U*T*U' with U unitary.

    For real A the real Schur form is the default: T is quasi-upper-triangular with 2-by-2 blocks for
    complex eigenvalue pairs; 'complex' makes T upper triangular (complex). Complex A always gives the
    complex form.

        T = schur([1 2; 0 3])    % [1 2; 0 3]
    """
    arr = _square_matrix("schur", a)
    if form is not None and not (is_text(form, "real") or is_text(form, "complex")):
        raise MatlabError("MATLAB:schur:InvalidInput", "The second argument must be 'real' or 'complex'.")
    output = "complex" if np.iscomplexobj(arr) or (form is not None and is_text(form, "complex")) else "real"
    if arr.size == 0:
        return (arr.copy(), arr.copy()) if nargout > 1 else arr.copy()
    t, u = scipy.linalg.schur(arr, output=output)
    return (to_value(u), to_value(t)) if nargout > 1 else to_value(t)


@builtin("hess", family="linalg")
def hess(a: Value, *, nargout: int = 1) -> Value:
    """H = hess(A), [P, H] = hess(A)  Hessenberg form: H is zero below the first subdiagonal and
    A = P*H*P' with P unitary.

    The generalized form hess(A, B) is not supported.

        H = hess(magic(3))
    """
    arr = _square_matrix("hess", a)
    if arr.size == 0:
        return (arr.copy(), arr.copy()) if nargout > 1 else arr.copy()
    h, p = scipy.linalg.hessenberg(arr, calc_q=True)
    return (to_value(p), to_value(h)) if nargout > 1 else to_value(h)


LINSOLVE_FIELDS = ("LT", "UT", "UHESS", "SYM", "POSDEF", "RECT", "TRANSA")


def _linsolve_options(opts: Value) -> dict[str, bool]:
    if type(opts) is not StructArray or opts.data.size != 1:
        raise MatlabError("MATLAB:linsolve:OptsNotStruct", "The third argument must be a scalar structure.")
    record = opts.data.ravel()[0]
    unknown = [f for f in opts.fields if f not in LINSOLVE_FIELDS]
    if unknown:
        raise MatlabError("MATLAB:linsolve:InvalidOptsField", f"Invalid field name '{unknown[0]}' in options.")
    return {f: bool(np.all(numeric_array(record[f], "linsolve"))) for f in opts.fields}


@builtin("linsolve", family="linalg")
def linsolve(a: Value, b: Value, opts: Value | None = None, *, nargout: int = 1) -> Value:
    """X = linsolve(A, B), linsolve(A, B, opts), [X, r] = linsolve(...)  solves A*X = B.

    Without opts, as A\\B (LU for square A, least squares by QR otherwise). opts is a struct of
    logical fields telling linsolve what A is: LT or UT (triangular: a triangular solve), SYM with
    POSDEF (Cholesky), RECT (least squares), TRANSA (solve A'*X = B); UHESS and SYM alone solve as
    a general matrix. r is the reciprocal condition number of a square A, or its rank for a
    rectangular one.

        opts.UT = true; linsolve([2 1; 0 4], [4; 8], opts)    % [1; 2]
    """
    arr, rhs = _float_matrix("linsolve", a), _float_matrix("linsolve", b)
    flags = _linsolve_options(opts) if opts is not None else {}
    triangular = (flags.get("LT") or flags.get("UT")) and arr.shape[0] == arr.shape[1] and arr.size
    transposed = bool(flags.get("TRANSA"))
    if transposed and not triangular:
        arr = arr.conj().T
    if arr.shape[1 if transposed and triangular else 0] != rhs.shape[0]:
        raise MatlabError("MATLAB:dimagree", "Matrix dimensions must agree.")
    square = arr.shape[0] == arr.shape[1]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if triangular:
            x = scipy.linalg.solve_triangular(arr, rhs, lower=bool(flags.get("LT")), trans="C" if transposed else "N",
                                              check_finite=False)
        elif flags.get("POSDEF") and flags.get("SYM") and square and arr.size:
            x = scipy.linalg.cho_solve(scipy.linalg.cho_factor(arr, check_finite=False), rhs, check_finite=False)
        else:
            x = numeric_array(mldivide(to_value(arr), to_value(rhs)), "linsolve")
    dtype = np.result_type(arr.dtype, rhs.dtype)
    result = to_value(np.asarray(x).astype(dtype))
    if nargout < 2:
        return result
    if square:
        r = 0.0 if arr.size == 0 else float(1.0 / np.linalg.cond(arr, 1)) if np.all(np.isfinite(arr)) else np.nan
    else:
        r = float(np.linalg.matrix_rank(arr)) if arr.size else 0.0
    return result, r


@builtin("lsqnonneg", family="linalg")
def lsqnonneg(c: Value, d: Value, *rest: Value, nargout: int = 1) -> Value:
    """x = lsqnonneg(C, d), [x, resnorm, residual, exitflag] = lsqnonneg(...)  nonnegative least
    squares: the x >= 0 that minimizes norm(C*x - d).

    The Lawson-Hanson active-set method (as MATLAB). resnorm is norm(C*x - d)^2, residual is d - C*x,
    exitflag 1. An options struct (optimset) may follow; its tolerances are not used.

        lsqnonneg([1 0; 0 1; 1 1], [2; -1; 1])    % [1.5; 0]
    """
    matrix, target = _float_matrix("lsqnonneg", c), _float_matrix("lsqnonneg", d)
    if np.iscomplexobj(matrix) or np.iscomplexobj(target):
        raise MatlabError("MATLAB:lsqnonneg:ComplexCorD", "C and d must be real.")
    matrix, target = matrix.astype(np.float64), target.astype(np.float64)
    if not (np.isfinite(matrix).all() and np.isfinite(target).all()):
        raise MatlabError("MATLAB:lsqnonneg:NaNOrInf", "C and d must not contain NaN or Inf.")
    if 1 not in target.shape or target.size != matrix.shape[0]:
        raise MatlabError("MATLAB:lsqnonneg:InvalidD", "d must be a vector with one element per row of C.")
    x, _ = scipy.optimize.nnls(matrix, target.ravel())
    residual = target.ravel() - matrix @ x
    outs = (to_value(x.reshape(-1, 1)), float(residual @ residual), to_value(residual.reshape(-1, 1)), 1.0)
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


@builtin("lscov", family="linalg")
def lscov(a: Value, b: Value, v: Value | None = None, alg: Value | None = None, *, nargout: int = 1) -> Value:
    """x = lscov(A, B), lscov(A, B, w), lscov(A, B, V), [x, stdx, mse, S] = lscov(...)
    Least-squares solution with known weights or covariance.

    The x minimizing (B - A*x)'*W*(B - A*x): W = I without a third argument, diag(w) for a vector of m
    weights, inv(V) for an m-by-m covariance matrix V (a fourth argument 'chol' or 'orth' names MATLAB's
    algorithm; both give this x). mse = r'*W*r/(m - n) for the residual r (one per column of B), stdx
    the estimated standard errors sqrt(diag(S)), and S = mse*inv(A'*W*A) (B a single column).

        x = lscov([1 0; 1 1; 1 2], [1; 2; 4])    % [0.8333; 1.5]
    """
    matrix, target = _float_matrix("lscov", a), _float_matrix("lscov", b)
    if np.iscomplexobj(matrix) or np.iscomplexobj(target):
        raise MatlabError("MATLAB:lscov:ComplexInput", "lscov supports real inputs only here.")
    m, n = matrix.shape
    if target.shape[0] != m:
        raise MatlabError("MATLAB:lscov:InputSizeMismatch", "A and B must have the same number of rows.")
    if alg is not None and (option_text(alg) or "").lower() not in ("chol", "orth"):
        raise MatlabError("MATLAB:lscov:InvalidAlg", "ALG must be 'chol' or 'orth'.")
    given = None if v is None else _float_matrix("lscov", v).astype(np.float64)
    if given is None or given.size == 0:
        root = np.eye(m)                                  # W = root' * root
    elif 1 in given.shape and given.size == m:
        weights = given.ravel()
        if np.any(weights < 0):
            raise MatlabError("MATLAB:lscov:NegativeWeights", "Weights must be nonnegative.")
        root = np.diag(np.sqrt(weights))
    elif given.shape == (m, m):
        try:
            root = scipy.linalg.solve_triangular(np.linalg.cholesky(given), np.eye(m), lower=True)
        except np.linalg.LinAlgError:
            raise MatlabError("MATLAB:lscov:NotPosDef", "V must be symmetric positive definite here.") from None
    else:
        raise MatlabError("MATLAB:lscov:InvalidV", "The third input must be a vector of m weights or an m-by-m "
                          "covariance matrix.")
    wa, wb = root @ matrix.astype(np.float64), root @ target.astype(np.float64)
    x = np.linalg.lstsq(wa, wb, rcond=None)[0]
    outs: list[Value] = [to_value(x)]
    if nargout >= 2:
        r = wb - wa @ x
        dof = m - n
        mse = (r * r).sum(axis=0) / dof if dof > 0 else np.zeros(r.shape[1])
        inverse = np.linalg.pinv(wa.T @ wa)
        covariance = [mse_k * inverse for mse_k in mse]
        stdx = np.column_stack([np.sqrt(np.diag(c)) for c in covariance])
        outs += [to_value(stdx), to_value(mse.reshape(1, -1)) if mse.size != 1 else float(mse[0])]
        if nargout >= 4:
            if target.shape[1] != 1:
                raise MatlabError("MATLAB:lscov:TooManyOutputs", "S is only available for a B of one column.")
            outs.append(to_value(covariance[0]))
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])

