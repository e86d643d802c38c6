"""Matrix analysis and solvers: rref rcond condest normest subspace vecnorm lsqminnorm sylvester balance
polyeig.

Numerics through LAPACK (scipy): rcond is LAPACK's 1-norm estimate from the LU factors (as MATLAB's),
condest is computed exactly from the inverse (MATLAB's is a lower-bound estimate, equal for small
matrices), normest is MATLAB's power iteration. Inputs are double or single matrices.
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value, class_of
from .arguments import real_scalar
from ..ops import lu_rcond
from .linalg import FLOAT_CLASSES, _finite, _float_matrix, _matrix_norm, _norm_kind, _square, _vector_norm
from .matfun import _in_class, _rref
from .registry import builtin
from .sizes import dim_arg, first_nonsingleton, numeric_array, option_text


@builtin("rref", family="linalg")
def rref(a: Value, tol: Value | None = None, *, nargout: int = 1):
    """R = rref(A), rref(A, tol), [R, p] = rref(A)  reduced row echelon form, by Gauss-Jordan elimination
    with partial pivoting.

    Elements at or below tol (default max(size(A)) * eps * norm(A, inf)) count as zero. p is the row of
    pivot columns: length(p) is the rank, A(:, p) a basis of the column space.

        [R, p] = rref([1 2 1; 2 4 0])    % R = [1 2 0; 0 0 1], p = [1 3]
    """
    arr = _float_matrix("rref", a)
    limit = None if tol is None else real_scalar("rref", tol, "Tolerance")
    reduced, pivots = _rref(arr, limit)
    out = _in_class(reduced, arr)
    if nargout < 2:
        return out
    return out, to_value(np.array([pivots], dtype=np.float64).reshape(1, -1) + 1)


@builtin("rcond", family="linalg")
def rcond(a: Value) -> float:
    """r = rcond(A)  reciprocal condition number in the 1-norm, LAPACK's estimate from the LU factors.

    Near 1 for a well-conditioned matrix, near eps for a badly conditioned one, 0 for a singular one;
    Inf for an empty matrix, NaN when A has NaN.

        rcond(eye(3))      % 1
        rcond([1 1; 1 1])  % 0
    """
    arr = _square(_float_matrix("rcond", a))
    if arr.size == 0:
        return float(np.inf)
    if not np.all(np.isfinite(arr)):
        return float(np.nan) if np.isnan(arr).any() else 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)
        lu, _ = scipy.linalg.lu_factor(arr, check_finite=False)
    if np.any(np.diag(lu) == 0):
        return 0.0
    return lu_rcond(arr, lu)


@builtin("condest", family="linalg")
def condest(a: Value) -> float:
    """c = condest(A)  condition number in the 1-norm, norm(A, 1) * norm(inv(A), 1).

    Computed from the inverse (MATLAB estimates it, a lower bound that is exact for small matrices); a
    singular matrix gives Inf.

        condest([1 2; 3 4])    % 21
    """
    arr = _finite("condest", _square(_float_matrix("condest", a)), "condest")
    if arr.size == 0:
        return 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)
        lu, piv = scipy.linalg.lu_factor(arr, check_finite=False)
    if np.any(np.diag(lu) == 0):
        return float(np.inf)
    inverse = scipy.linalg.lu_solve((lu, piv), np.eye(arr.shape[0], dtype=arr.dtype))
    return _matrix_norm(arr, 1.0) * _matrix_norm(inverse, 1.0)


@builtin("normest", family="linalg")
def normest(ctx: CallContext, a: Value, tol: Value | None = None, *, nargout: int = 1):
    """n = normest(S), normest(S, tol), [n, count] = normest(...)  2-norm estimate by power iteration.

    Iterates until the relative change falls below tol (default 1e-6), at most 100 times (then warns,
    as MATLAB); count is the number of iterations. norm(S) gives the exact value.

        normest(magic(4))    % 34
    """
    arr = _float_matrix("normest", a)
    arr = arr.astype(np.result_type(arr.dtype, np.float64))
    tolerance = 1e-6 if tol is None else real_scalar("normest", tol, "tol")
    x = np.abs(arr).sum(axis=0)
    estimate = float(np.linalg.norm(x))
    count = 0
    if estimate > 0:
        x = x / estimate
        previous = 0.0
        while abs(estimate - previous) > tolerance * estimate:
            previous = estimate
            sx = arr @ x
            x = arr.conj().T @ sx
            norm_x = float(np.linalg.norm(x))
            estimate = norm_x / float(np.linalg.norm(sx))
            x = x / norm_x
            count += 1
            if count > 100:
                ctx.warn("MATLAB:normest:notconverge",
                         f"NORMEST did not converge for 100 iterations with tolerance {tolerance:g}")
                break
    return (estimate, float(count))[:max(nargout, 1)]


@builtin("subspace", family="linalg")
def subspace(a: Value, b: Value) -> float:
    """theta = subspace(A, B)  angle in radians between the column spaces of A and B.

    A and B have the same number of rows; a small angle means nearly linearly dependent spaces.

        subspace([1; 0], [1; 1])    % 0.7854 (pi/4)
    """
    qa, qb = (_orthonormal(_finite("subspace", _float_matrix("subspace", m), "SVD")) for m in (a, b))
    if qa.shape[0] != qb.shape[0]:
        raise MatlabError("MATLAB:subspace:rowMismatch", "A and B must have the same number of rows.")
    if qa.shape[1] < qb.shape[1]:
        qa, qb = qb, qa
    rest = qb - qa @ (qa.conj().T @ qb)
    size = float(scipy.linalg.svdvals(rest)[0]) if rest.size else 0.0
    return float(np.arcsin(min(1.0, size)))


def _orthonormal(arr: np.ndarray) -> np.ndarray:
    """orth(A): the left singular vectors of the singular values above max(size(A)) * eps(norm(A))."""
    if arr.size == 0:
        return np.zeros((arr.shape[0], 0))
    u, s, _ = scipy.linalg.svd(arr, full_matrices=False)
    limit = max(arr.shape) * float(np.spacing(s[0]))
    return u[:, :int(np.sum(s > limit))]


@builtin("vecnorm", family="linalg")
def vecnorm(a: Value, p: Value | None = None, dim: Value | None = None) -> Value:
    """N = vecnorm(A), vecnorm(A, p), vecnorm(A, p, dim)  p-norm of each vector along a dimension.

    The 2-norm by default; p is a positive number or Inf. The vectors run along the first dimension
    whose size is not 1, or along dim; the result has size 1 there.

        vecnorm([3 4; 0 0])      % [3 4]
        vecnorm([3 4; 0 0], 2, 2) % [5; 0]
    """
    if class_of(a) not in FLOAT_CLASSES:
        raise MatlabError("MATLAB:vecnorm:inputType", "Input must be a floating-point array.")
    arr = numeric_array(a, "vecnorm")
    kind = _norm_kind(p)
    if kind == "fro" or kind == -np.inf:
        raise MatlabError("MATLAB:vecnorm:unknownNorm", "p must be a positive real scalar or Inf.")
    axis = first_nonsingleton(arr.shape) if dim is None else dim_arg(dim)
    if axis >= arr.ndim:
        return to_value(np.abs(arr).astype(arr.real.dtype))
    moved = np.moveaxis(arr, axis, -1)
    flat = moved.reshape(int(np.prod(moved.shape[:-1])), moved.shape[-1])
    norms = np.array([_vector_norm(row, kind) for row in flat], dtype=arr.real.dtype)
    out = np.moveaxis(norms.reshape(moved.shape[:-1] + (1,)), -1, axis)
    return to_value(out)


@builtin("lsqminnorm", family="linalg")
def lsqminnorm(a: Value, b: Value, tol: Value | None = None) -> Value:
    """X = lsqminnorm(A, B), lsqminnorm(A, B, tol)  minimum-norm least-squares solution of A*X = B.

    Of all X minimizing norm(A*X - B), the one of least norm (unlike A \\ B, which for a rank-deficient A
    gives a basic solution); singular values at or below tol (default the SVD's rank tolerance) count as
    zero.

        lsqminnorm([1 1; 1 1], [2; 2])    % [1; 1]
    """
    arr = _finite("lsqminnorm", _float_matrix("lsqminnorm", a), "lsqminnorm")
    rhs = _finite("lsqminnorm", _float_matrix("lsqminnorm", b), "lsqminnorm")
    if arr.shape[0] != rhs.shape[0]:
        raise MatlabError("MATLAB:lsqminnorm:SizeMismatch", "A and B must have the same number of rows.")
    limit = None if tol is None else real_scalar("lsqminnorm", tol, "tol")
    if limit is not None and arr.size:
        limit = limit / float(scipy.linalg.svdvals(arr)[0]) if np.any(arr) else None
    x = scipy.linalg.lstsq(arr, rhs, cond=limit, lapack_driver="gelsd")[0] if arr.size else \
        np.zeros((arr.shape[1], rhs.shape[1]))
    return _in_class(x, arr if arr.dtype.itemsize <= rhs.dtype.itemsize else rhs)


@builtin("sylvester", family="linalg")
def sylvester(a: Value, b: Value, c: Value) -> Value:
    """X = sylvester(A, B, C)  solution of the Sylvester equation A*X + X*B = C.

    A is m-by-m, B n-by-n and C m-by-n (Bartels-Stewart, LAPACK's trsyl, as MATLAB).

        sylvester([1 0; 0 2], 3, [4; 10])    % [1; 2]
    """
    ma, mb = (_square(_finite("sylvester", _float_matrix("sylvester", m), "sylvester")) for m in (a, b))
    mc = _finite("sylvester", _float_matrix("sylvester", c), "sylvester")
    if mc.shape != (ma.shape[0], mb.shape[0]):
        raise MatlabError("MATLAB:sylvester:SizeMismatch",
                          "C must have as many rows as A and as many columns as B.")
    return _in_class(scipy.linalg.solve_sylvester(ma, mb, mc), ma)


@builtin("balance", family="linalg")
def balance(a: Value, option: Value | None = None, *, nargout: int = 1):
    """B = balance(A), [T, B] = balance(A), balance(A, 'noperm')  diagonal scaling that improves the
    accuracy of eigenvalues.

    B = T \\ A * T has rows and columns of closer norms and the same eigenvalues; T is a permuted diagonal
    matrix of powers of 2 ('noperm': scaling only). LAPACK's gebal, as MATLAB.

        [T, B] = balance([1 100; 0.01 1]);    % B = [1 1; 1 1]
    """
    arr = _square(_finite("balance", _float_matrix("balance", a), "balance"))
    permute = True
    if option is not None:
        if (option_text(option) or "").lower() != "noperm":
            raise MatlabError("MATLAB:balance:invalidOption", "The option must be 'noperm'.")
        permute = False
    if arr.size == 0:
        return arr.copy() if nargout < 2 else (arr.copy(), arr.copy())
    balanced, transform = scipy.linalg.matrix_balance(arr, permute=permute, scale=True)
    if nargout < 2:
        return _in_class(balanced, arr)
    return _in_class(transform, arr), _in_class(balanced, arr)


@builtin("polyeig", family="linalg")
def polyeig(*args: Value, nargout: int = 1):
    """e = polyeig(A0, A1, ..., Ap), [X, e] = polyeig(...)  eigenvalues of the matrix polynomial
    (A0 + lambda*A1 + ... + lambda^p*Ap) * x = 0.

    The Ak are n-by-n; e has n*p eigenvalues (Inf where Ap is singular), X the eigenvectors as columns
    of unit 2-norm. Solved as a generalized eigenproblem of the companion linearization; the order of
    the eigenvalues may differ from MATLAB's.

        polyeig([2 0; 0 6], [-3 0; 0 -5], eye(2))    % 1, 2, 2, 3 in some order
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    mats = [_finite("polyeig", _float_matrix("polyeig", m), "polyeig") for m in args]
    n = mats[0].shape[0]
    if any(m.shape != (n, n) for m in mats):
        raise MatlabError("MATLAB:polyeig:sizeMismatch", "Matrices must be square and of the same size.")
    if len(mats) == 1:
        values, vectors = np.full(n, np.inf), np.eye(n)
    else:
        values, vectors = scipy.linalg.eig(*_companion(mats))
        vectors = vectors[:n]
    e = to_value(np.asarray(values).reshape(-1, 1))
    if nargout < 2:
        return e
    norms = np.linalg.norm(vectors, axis=0)
    norms[norms == 0] = 1.0
    return to_value(vectors / norms), e


def _companion(mats: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(A, B) with A z = lambda B z for z = [x; lambda x; ...; lambda^(p-1) x]: the first block row
    holds A0 ... A(p-1) (B: -Ap in its last block), block row k says z_k = lambda * z_(k-1)."""
    n, p = mats[0].shape[0], len(mats) - 1
    dtype = np.result_type(*mats, np.float64)
    big_a = np.zeros((n * p, n * p), dtype=dtype)
    big_b = np.zeros((n * p, n * p), dtype=dtype)
    big_a[:n, :] = np.concatenate(mats[:p], axis=1)
    big_b[:n, (p - 1) * n:] = -mats[p]
    for k in range(1, p):
        big_a[k * n:(k + 1) * n, k * n:(k + 1) * n] = np.eye(n)
        big_b[k * n:(k + 1) * n, (k - 1) * n:k * n] = np.eye(n)
    return big_a, big_b
