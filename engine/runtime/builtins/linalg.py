"""Linear algebra: dot cross norm det inv trace rank, and the factorizations eig svd chol lu qr with
pinv and cond.

(transpose, mtimes, mldivide and mrdivide are operators: runtime/ops.py.) Matrix functions take double or
single matrices (single stays single); dot, cross and trace follow the class rules of times and sum. The
factorizations call the LAPACK routines MATLAB uses (through scipy), so values agree to rounding; the
signs of eigenvectors of symmetric matrices may differ where LAPACK drivers differ. inv warns as MATLAB
does through ``ctx.warn``: an exactly singular matrix gives Inf with "Matrix is singular to working
precision.", an ill-conditioned one (reciprocal condition number below eps) gives "Matrix is close to
singular or badly scaled..." with its RCOND.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy

from ..errors import MatlabError
from ..ops import inverse
from ..semantics import cast_result, result_class, to_value, work_dtype
from ..values import INTEGER_CLASSES, Value, class_of
from .construct import diag
from .elementwise import ANY_NUMERIC, check_classes
from .reductions import sum_
from .registry import builtin
from .sizes import dim_arg, first_nonsingleton, is_text, numeric_array, option_text
from .arguments import real_scalar
from ..sparse import full_of, is_sparse

FLOAT_CLASSES = ("double", "single")


def _square(arr: np.ndarray) -> np.ndarray:
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise MatlabError("MATLAB:square", "Matrix must be square.")
    return arr


def _float_matrix(fname: str, a: Value) -> np.ndarray:
    """A double or single argument as a 2-d array (integer, logical and char are not supported)."""
    if class_of(a) not in FLOAT_CLASSES:
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Check for incorrect argument data type or missing argument in call to "
                          f"function '{fname}'.")
    arr = numeric_array(a, fname)
    if arr.ndim != 2:
        raise MatlabError(f"MATLAB:{fname}:inputMustBe2D", "Input must be 2-D.")
    return arr


@builtin("dot", family="linalg")
def dot(a: Value, b: Value, dim: Value | None = None) -> Value:
    """dot(A, B), dot(A, B, dim)  scalar (inner) product: sum(conj(A) .* B) along a dimension.

    Two vectors of the same length give a scalar whatever their orientation; arrays of the same size
    give the products along the first non-singleton dimension (or dim).

        dot([1 2 3], [4; 5; 6])    % 32
    """
    check_classes("dot", (a, b), ANY_NUMERIC)
    x, y = numeric_array(a, "dot"), numeric_array(b, "dot")
    cls = result_class(a, b)
    vectors = dim is None and x.ndim == y.ndim == 2 and 1 in x.shape and 1 in y.shape
    if vectors and x.size == y.size:
        x, y = x.reshape(-1, 1), y.reshape(-1, 1)
    elif x.shape != y.shape:
        raise MatlabError("MATLAB:dot:InputSizeMismatch", "A and B must be same size.")
    axis = first_nonsingleton(x.shape) if dim is None else dim_arg(dim)
    dtype = work_dtype(cls)
    with np.errstate(all="ignore"):
        products = np.conj(x.astype(dtype) if x.dtype.kind != "c" else x) * \
            (y.astype(dtype) if y.dtype.kind != "c" else y)
    if axis >= products.ndim:
        return to_value(cast_result(products, cls))
    return to_value(cast_result(products.sum(axis=axis, keepdims=True), cls))


@builtin("cross", family="linalg")
def cross(a: Value, b: Value, dim: Value | None = None) -> Value:
    """cross(A, B), cross(A, B, dim)  cross product of 3-element vectors (or of the 3-element slices of
    arrays along the first dimension of length 3, or dim).

    Two vectors of length 3 give a vector shaped like A; arrays must have the same size.

        cross([1 0 0], [0 1 0])    % 0 0 1
    """
    check_classes("cross", (a, b), ANY_NUMERIC)
    x, y = numeric_array(a, "cross"), numeric_array(b, "cross")
    cls = result_class(a, b)
    if dim is None and x.size == y.size == 3 and 1 in x.shape and 1 in y.shape:
        y = y.reshape(x.shape)
    if x.shape != y.shape:
        raise MatlabError("MATLAB:cross:InputSizeMismatch", "A and B must be of the same size.")
    if dim is None:
        axis = next((k for k, n in enumerate(x.shape) if n == 3), None)
    else:
        axis = dim_arg(dim)
    if axis is None or axis >= x.ndim or x.shape[axis] != 3:
        raise MatlabError("MATLAB:cross:InvalidDimAorBForCrossProd",
                          "A and B must have at least one dimension of length 3.")
    if cls in INTEGER_CLASSES:      # MATLAB's a(2).*b(3) - a(3).*b(2), ...: each product and difference saturates
        def term(p: int, q: int) -> np.ndarray:
            product = np.take(x, [p], axis).astype(np.float64) * np.take(y, [q], axis)
            return cast_result(product, cls).astype(np.float64)
        parts = [cast_result(term(p, q) - term(q, p), cls) for p, q in ((1, 2), (2, 0), (0, 1))]
        return to_value(np.concatenate(parts, axis=axis))
    dtype = work_dtype(cls)
    out = np.cross(x.astype(dtype) if x.dtype.kind != "c" else x,
                   y.astype(dtype) if y.dtype.kind != "c" else y, axis=axis)
    return to_value(cast_result(out, cls))


def _norm_kind(p: Value | None) -> float | str:
    if p is None:
        return 2.0
    if is_text(p, "fro"):
        return "fro"
    if is_text(p, "inf"):
        return np.inf
    arr = numeric_array(p, "norm")
    value = float(arr.ravel()[0]) if arr.size == 1 and not np.iscomplexobj(arr) else np.nan
    if not (value > 0 or value == -np.inf):
        raise MatlabError("MATLAB:norm:unknownNorm", "The norm type must be a positive number, Inf, -Inf "
                          "or 'fro'.")
    return value


def _vector_norm(v: np.ndarray, p: float | str) -> float:
    mag = np.abs(v)
    if p in ("fro", 2.0):
        return float(np.hypot.reduce(mag)) if mag.size else 0.0
    if mag.size == 0:
        return 0.0
    if p == np.inf:
        return float(mag.max())
    if p == -np.inf:
        return float(mag.min())
    if p == 1.0:
        return float(mag.sum())
    scale = float(mag.max())   # scaled so that mag ** p neither overflows nor underflows
    if scale == 0 or not math.isfinite(scale):
        return scale
    return scale * float(np.sum((mag / scale) ** p) ** (1.0 / p))


def _matrix_norm(m: np.ndarray, p: float | str) -> float:
    if m.size == 0:
        return 0.0
    if p == "fro":
        return float(np.sqrt(np.sum(np.abs(m) ** 2)))
    if p == 2.0:       # a NaN or Inf element gives NaN (Octave; LAPACK's SVD is undefined there)
        return float(scipy.linalg.svdvals(m)[0]) if np.isfinite(m).all() else math.nan
    if p == 1.0:
        return float(np.abs(m).sum(axis=0).max())
    if p == np.inf:
        return float(np.abs(m).sum(axis=1).max())
    raise MatlabError("MATLAB:norm:unknownNorm", "The only matrix norms available are 1, 2, inf, and "
                      "'fro'.")


@builtin("norm", family="linalg")
def norm(a: Value, p: Value | None = None) -> Value:
    """norm(v), norm(v, p), norm(A), norm(A, p)  vector or matrix norm.

    For a vector: the p-norm sum(abs(v).^p)^(1/p) for p = 2 (default), 1 or any positive p, max(abs(v))
    for Inf, min(abs(v)) for -Inf, and 'fro' as 2. For a matrix: p = 2 (largest singular value,
    default), 1 (largest column sum), Inf (largest row sum) or 'fro' (Frobenius). norm([]) is 0.

        norm([3 4])    % 5
    """
    arr = _float_matrix("norm", a)
    kind = _norm_kind(p)
    is_vector = 1 in arr.shape
    value = _vector_norm(arr.ravel(), kind) if is_vector else _matrix_norm(arr, kind)
    cls = class_of(a)
    return to_value(cast_result(np.array([[value]]), cls))


@builtin("det", family="linalg")
def det(a: Value) -> Value:
    """det(A)  determinant of a square matrix, from its LU factorization.

    det([]) is 1. Results for singular matrices may be tiny rather than exactly 0, as in MATLAB.

        det([1 2; 3 4])    % -2
    """
    arr = _square(_float_matrix("det", a))
    if arr.size == 0:
        return to_value(cast_result(np.ones((1, 1)), class_of(a)))
    with np.errstate(all="ignore"):
        return to_value(np.array([[np.linalg.det(arr)]], dtype=arr.dtype))


@builtin("inv", family="linalg")
def inv(a: Value) -> Value:
    """inv(A)  inverse of a square matrix.

    An exactly singular matrix gives Inf elements and the warning "Matrix is singular to working
    precision."; a badly conditioned one warns "Matrix is close to singular or badly scaled. Results may
    be inaccurate. RCOND = ...". A \\ b is faster and more accurate than inv(A)*b.

        inv([2 0; 0 4])    % [0.5 0; 0 0.25]
    """
    arr = _square(_float_matrix("inv", a))
    return arr.copy() if arr.size == 0 else to_value(inverse(arr))


@builtin("trace", family="linalg")
def trace(a: Value) -> Value:
    """trace(A)  sum of the diagonal elements of a square matrix.

    The class rules are those of sum (integers stay integer, logical gives double).

        trace(magic(3))    % 15
    """
    check_classes("trace", (a,), ANY_NUMERIC)
    _square(numeric_array(a, "trace"))
    return sum_(diag(a))


@builtin("rank", family="linalg")
def rank(a: Value, tol: Value | None = None) -> float:
    """rank(A), rank(A, tol)  number of singular values of A larger than a tolerance.

    The default tolerance is max(size(A)) * eps(norm(A)).

        rank(magic(4))    % 3
    """
    arr = _finite("rank", _float_matrix("rank", a), "SVD")
    if arr.size == 0:
        return 0.0
    s = scipy.linalg.svdvals(arr)
    limit = _tolerance("rank", tol)
    limit = max(arr.shape) * np.spacing(s[0].astype(arr.real.dtype)) if limit is None else limit
    return float(np.sum(s > limit))


def _tolerance(fname: str, tol: Value | None) -> float | None:
    """A tolerance argument as a float; None for none given (or [])."""
    if tol is None:
        return None
    arr = numeric_array(tol, fname)
    if arr.size == 0:
        return None
    if arr.size != 1 or np.iscomplexobj(arr):
        raise MatlabError(f"MATLAB:{fname}:invalidTolerance", "Tolerance must be a real scalar.")
    return float(arr.ravel()[0])


def _finite(fname: str, arr: np.ndarray, routine: str) -> np.ndarray:
    """``arr`` if it has no NaN or Inf, else MATLAB's error for the factorization ``routine``."""
    if not np.all(np.isfinite(arr)):
        raise MatlabError(f"MATLAB:{fname}:matrixWithNaNInf",
                          f"Input to {routine} must not contain NaN or Inf.")
    return arr


def _square_float(fname: str, a: Value) -> np.ndarray:
    return _finite(fname, _square(_float_matrix(fname, a)), fname.upper())


def _is_hermitian(arr: np.ndarray) -> bool:
    return bool(np.array_equal(arr, arr.conj().T))


@builtin("eig", family="linalg")
def eig(a: Value, *args: Value, nargout: int = 1) -> Value:
    """e = eig(A), [V, D] = eig(A), [V, D, W] = eig(A), eig(A, B), eig(..., 'vector'|'matrix')
    Eigenvalues and eigenvectors.

    Eigenvalues and eigenvectors: e is a column of eigenvalues; A*V = V*D with D diagonal and the
    columns of V of unit 2-norm; W holds left eigenvectors, W'*A = D*W'. eig(A, B) solves the
    generalized problem A*V = B*V*D: for Hermitian A and Hermitian positive definite B by Cholesky
    (V normalized so that V'*B*V = I, real eigenvalues ascending), otherwise by the QZ algorithm
    (infinite eigenvalues are Inf). 'vector' returns the eigenvalues as a column, 'matrix' as a
    diagonal matrix (the defaults are a column for one output and a matrix for two). Symmetric
    (Hermitian) A gives real eigenvalues in ascending order; others use LAPACK's general solver (as
    MATLAB) and may give complex results.

        e = eig([2 0; 0 1])                  % 1; 2
        e = eig([2 0; 0 3], [1 0; 0 2])      % 1.5; 2
    """
    arr = _square_float("eig", a)
    shape = "vector" if nargout <= 1 else "matrix"
    other = None
    for arg in args:
        word = option_text(arg)
        if word is not None and word.lower() in ("vector", "matrix"):
            shape = word.lower()
        elif word is not None and word.lower() in ("chol", "qz", "balance", "nobalance"):
            continue                      # algorithm choices: LAPACK's drivers decide, as documented above
        elif word is None and other is None:
            other = _square_float("eig", arg)
        else:
            raise MatlabError("MATLAB:eig:unsupported", "eig supports eig(A), eig(A, B) and the options "
                              "'vector', 'matrix', 'chol', 'qz', 'balance' and 'nobalance'.")
    if other is not None and other.shape != arr.shape:
        raise MatlabError("MATLAB:eig:matrixSize", "Matrix sizes must agree.")
    values, vectors, left = _eigen(arr, other, nargout)
    values = values.astype(np.result_type(values.dtype, arr.dtype))
    d = np.diag(values) if shape == "matrix" else values.reshape(-1, 1)
    if nargout <= 1:
        return to_value(d)
    outs = (to_value(vectors.astype(np.result_type(vectors.dtype, arr.dtype))), to_value(d))
    if nargout > 2:
        outs += (to_value(left.astype(np.result_type(left.dtype, arr.dtype))),)
    return outs


def _eigen(arr: np.ndarray, other: np.ndarray | None, nargout: int) -> tuple:
    """(eigenvalues, right eigenvectors or None, left eigenvectors or None) of A or of the pencil (A, B)."""
    hermitian = _is_hermitian(arr) and (other is None or (_is_hermitian(other) and _positive_definite(other)))
    if hermitian and nargout <= 2:
        if nargout <= 1:
            return scipy.linalg.eigvalsh(arr, other), None, None
        values, vectors = scipy.linalg.eigh(arr, other)
        return values, vectors, None
    with np.errstate(all="ignore"):
        if nargout <= 1:
            return scipy.linalg.eigvals(arr, other, homogeneous_eigvals=False), None, None
        values, left, right = scipy.linalg.eig(arr, other, left=True, right=True)
    if other is not None:         # LAPACK's generalized vectors are not normalized: unit 2-norm, as MATLAB
        right = right / np.linalg.norm(right, axis=0, keepdims=True)
        left = left / np.linalg.norm(left, axis=0, keepdims=True)
    return values, right, left


def _positive_definite(arr: np.ndarray) -> bool:
    try:
        scipy.linalg.cholesky(arr)
    except np.linalg.LinAlgError:
        return False
    return True


@builtin("svd", family="linalg")
def svd(a: Value, econ: Value | None = None, *, nargout: int = 1) -> Value:
    """s = svd(A), [U, S, V] = svd(A), [U, S, V] = svd(A, 'econ'), svd(A, 0)  singular value decomposition.

    s is the column of singular values in decreasing order; A = U*S*V' with U and V unitary and S
    diagonal of the size of A ('econ' and 0: the economy size, only the first min(m, n) columns; 0
    applies when A has more rows than columns).

        s = svd([3 0; 0 4])    % 4; 3
    """
    arr = _finite("svd", _float_matrix("svd", a), "SVD")
    if nargout <= 1:
        return to_value(scipy.linalg.svdvals(arr).reshape(-1, 1).astype(arr.real.dtype))
    economy = econ is not None and (is_text(econ, "econ") or (
        option_text(econ) is None and numeric_array(econ, "svd").size == 1 and arr.shape[0] > arr.shape[1]))
    u, s, vh = scipy.linalg.svd(arr, full_matrices=not economy, lapack_driver="gesvd")
    sigma = np.zeros((u.shape[1], vh.shape[0]), dtype=arr.real.dtype)
    np.fill_diagonal(sigma, s)
    return to_value(u), to_value(sigma), to_value(vh.conj().T.copy())


@builtin("pinv", family="linalg")
def pinv(a: Value, tol: Value | None = None) -> Value:
    """pinv(A), pinv(A, tol)  Moore-Penrose pseudoinverse, from the SVD.

    Singular values at or below tol (default max(size(A)) * norm(A) * eps) are treated as zero.

        pinv([1 2; 2 4])    % [0.04 0.08; 0.08 0.16]
    """
    arr = _finite("pinv", _float_matrix("pinv", a), "SVD")
    if arr.size == 0:
        return to_value(np.zeros(arr.shape[::-1], arr.dtype))
    u, s, vh = scipy.linalg.svd(arr, full_matrices=False)
    limit = _tolerance("pinv", tol)
    limit = max(arr.shape) * s[0] * np.finfo(arr.real.dtype).eps if limit is None else limit
    keep = s > max(limit, 0.0)
    inverse = (vh[keep].conj().T / s[keep]) @ u[:, keep].conj().T
    return to_value(inverse.astype(arr.dtype))


@builtin("cond", family="linalg")
def cond(a: Value, p: Value | None = None) -> float:
    """cond(A), cond(A, p)  condition number: norm(A, p) * norm(inv(A), p), for p = 2 (default) the
    ratio of the largest to the smallest singular value.

    p may be 1, 2, Inf or 'fro' (p other than 2 needs a square matrix). A singular matrix gives Inf.

        cond([1 0; 0 100])    % 100
    """
    arr = _float_matrix("cond", a)
    kind = _norm_kind(p)
    if arr.size == 0:
        return 0.0
    if kind == 2.0:
        s = scipy.linalg.svdvals(_finite("cond", arr, "SVD"))
        return float(np.inf if s[-1] == 0 else s[0] / s[-1])
    _square(arr)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)
        try:
            inverse = scipy.linalg.inv(arr, check_finite=False)
        except np.linalg.LinAlgError:
            return float(np.inf)
    return _matrix_norm(arr, kind) * _matrix_norm(inverse, kind)


@builtin("chol", family="linalg")
def chol(a: Value, triangle: Value | None = None, *, nargout: int = 1) -> Value:
    """R = chol(A), L = chol(A, 'lower'), [R, p] = chol(A)  Cholesky factorization.

    R is upper triangular with R'*R = A (L lower with L*L' = A), using only the upper (lower) triangle
    of A. A must be positive definite: otherwise chol is an error, or with two outputs p is the order
    of the first leading minor that is not (0 when A is positive definite) and R factors A(1:p-1, 1:p-1).

        R = chol([4 2; 2 3])    % [2 1; 0 1.4142]
    """
    arr = _square(_float_matrix("chol", a))
    if not np.all(np.isfinite(arr)):
        raise MatlabError("MATLAB:posdef", "Matrix must be positive definite.")
    lower = triangle is not None and is_text(triangle, "lower")
    if triangle is not None and not lower and not is_text(triangle, "upper"):
        raise MatlabError("MATLAB:chol:inputType", "Triangle must be 'upper' or 'lower'.")
    try:
        factor = scipy.linalg.cholesky(arr, lower=lower) if arr.size else arr.copy()
    except np.linalg.LinAlgError:
        if nargout < 2:
            raise MatlabError("MATLAB:posdef", "Matrix must be positive definite.") from None
        p = _failing_minor(arr, lower)
        leading = arr[:p - 1, :p - 1]
        return to_value(scipy.linalg.cholesky(leading, lower=lower) if p > 1 else leading), float(p)
    return (to_value(factor), 0.0)[:max(nargout, 1)]


def _failing_minor(arr: np.ndarray, lower: bool) -> int:
    """The order p of the first leading minor that is not positive definite (chol's second output)."""
    for p in range(1, arr.shape[0] + 1):
        try:
            scipy.linalg.cholesky(arr[:p, :p], lower=lower)
        except np.linalg.LinAlgError:
            return p
    return 0


@builtin("lu", family="linalg")
def lu(a: Value, form: Value | None = None, *, nargout: int = 1) -> Value:
    """[L, U] = lu(A), [L, U, P] = lu(A), [L, U, p] = lu(A, 'vector'), Y = lu(A)  LU factorization
    with partial pivoting.

    P*A = L*U with L unit lower triangular and U upper triangular; with two outputs L is P'*L (a
    permuted lower triangle) so that A = L*U. 'vector' gives the permutation as a row vector p with
    A(p, :) = L*U ('matrix', the default, as a matrix). One output gives Y = L + U - eye, the LAPACK form.

        [L, U, P] = lu([1 2; 3 4])
    """
    arr = _float_matrix("lu", a)
    if form is not None and not (is_text(form, "vector") or is_text(form, "matrix")):
        raise MatlabError("MATLAB:lu:invalidOption", "The option must be 'vector' or 'matrix'.")
    if nargout <= 1:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)
            return to_value(scipy.linalg.lu_factor(arr, check_finite=False)[0] if arr.size else arr.copy())
    if arr.size == 0:
        m, n = arr.shape
        lower, upper, perm = np.eye(m, min(m, n)), np.zeros((min(m, n), n)), np.eye(m)
    else:
        perm, lower, upper = scipy.linalg.lu(arr, check_finite=False)
    if nargout == 2:
        return to_value(perm @ lower), to_value(upper)
    if form is not None and is_text(form, "vector"):
        order = np.argmax(perm, axis=0) if perm.size else np.zeros(0)
        return to_value(lower), to_value(upper), to_value(order.reshape(1, -1) + 1.0)
    return to_value(lower), to_value(upper), to_value(perm.T.copy())


@builtin("qr", family="linalg")
def qr(a: Value, *options: Value, nargout: int = 1) -> Value:
    """R = qr(A), [Q, R] = qr(A), [Q, R, P] = qr(A), qr(A, 'econ'), qr(A, 0), qr(..., 'vector'|'matrix')
    Orthogonal-triangular decomposition.

    QR factorization A = Q*R with Q unitary and R upper triangular (Householder, as LAPACK and MATLAB,
    so diagonal entries of R may be negative). 'econ' and 0 give the economy size (only min(m, n)
    columns of Q and rows of R). With three outputs the columns are pivoted so that A*P = Q*R, or
    A(:, p) = Q*R for the permutation vector p that qr(A, 0) and 'vector' give.

        [Q, R] = qr([3 1; 4 2])
    """
    arr = _float_matrix("qr", a)
    economy, as_vector = False, False
    for option in options:
        if is_text(option, "econ"):
            economy = True
        elif is_text(option, "vector") or is_text(option, "matrix"):
            as_vector = is_text(option, "vector")
        elif option_text(option) is None and numeric_array(option, "qr").size == 1 and \
                not numeric_array(option, "qr").any():
            economy, as_vector = True, True
        else:
            raise MatlabError("MATLAB:qr:unknownOption", "The options must be 0, 'econ', 'vector' or 'matrix'.")
    mode = "economic" if economy else "full"
    if nargout <= 1:
        r = scipy.linalg.qr(arr, mode="r", check_finite=False)[0]
        return to_value(r[:min(arr.shape)] if economy else r)
    if nargout == 2:
        q, r = scipy.linalg.qr(arr, mode=mode, check_finite=False)
        return to_value(q), to_value(r)
    q, r, piv = scipy.linalg.qr(arr, mode=mode, pivoting=True, check_finite=False)
    if as_vector:
        return to_value(q), to_value(r), to_value(piv.reshape(1, -1) + 1.0)
    return to_value(q), to_value(r), to_value(np.eye(arr.shape[1], dtype=arr.real.dtype)[:, piv])


EIGS_ORDER = {          # sigma -> sort key of an eigenvalue (the k first are returned, in that order)
    "largestabs": lambda v: -np.abs(v), "smallestabs": np.abs,
    "largestreal": lambda v: -v.real, "smallestreal": lambda v: v.real,
    "largestimag": lambda v: -v.imag, "smallestimag": lambda v: v.imag,
}
EIGS_SHORT = {"lm": "largestabs", "sm": "smallestabs", "la": "largestreal", "lr": "largestreal",
              "sa": "smallestreal", "sr": "smallestreal", "li": "largestimag", "si": "smallestimag"}
EIGS_OPTIONS = ("tolerance", "maxiterations", "subspacedimension", "startvector", "display",
                "issymmetricdefinite", "failure", "fail")


@builtin("eigs", family="linalg", sparse="native")
def eigs(a: Value, *args: Value, nargout: int = 1) -> Value:
    """d = eigs(A), eigs(A, k), eigs(A, k, sigma), eigs(A, B, ...), eigs(..., Name, Value), [V, D] = eigs(...),
    [V, D, flag] = eigs(...)
    A subset of the eigenvalues (and eigenvectors) of a square matrix, full or sparse.

    The k (default 6) eigenvalues of largest magnitude, or those that sigma picks: 'largestabs',
    'smallestabs', 'largestreal', 'smallestreal', 'largestimag', 'smallestimag' (or the old 'lm', 'sm',
    'la'/'lr', 'sa'/'sr', 'li', 'si'), or a number (the eigenvalues closest to it). d is a column in
    that order; [V, D] gives unit-norm eigenvectors and D = diag(d); flag is 0 (converged). eigs(A, B,
    ...) solves the generalized problem A*V = B*V*D; where B is Hermitian positive definite the
    eigenvectors have unit B-norm (V'*B*V = I when A is Hermitian too). matfuse computes every
    eigenvalue with LAPACK (as eig) and picks the k, so the options that steer an iterative solver
    (Tolerance, MaxIterations, SubspaceDimension, StartVector, Display, IsSymmetricDefinite) change
    nothing. A function handle for A and 'bothendsreal'/'bothendsimag' are not supported.

        d = eigs(diag(1:10), 3)                    % 10; 9; 8
        d = eigs(diag(1:10), 2, 'smallestabs')     % 1; 2
    """
    if class_of(a) == "function_handle":
        raise MatlabError("MATLAB:eigs:unsupported", "eigs supports a full or sparse matrix A, not a function.")
    arr = _square_float("eigs", full_of(a) if is_sparse(a) else a)
    n = arr.shape[0]
    rest = list(args)
    other = None              # B of the generalized problem: a matrix before k
    if rest and option_text(rest[0]) is None and (is_sparse(rest[0]) or numeric_array(rest[0], "eigs").size > 1
                                                  or _scalar_b(rest, n)):
        b = rest.pop(0)
        other = _square_float("eigs", full_of(b) if is_sparse(b) else b)
        if other.shape != arr.shape:
            raise MatlabError("MATLAB:eigs:BsizeMismatch", "B must be the same size as A.")
    positional = []           # k, then sigma (a number or a word that is not an option name)
    while rest and len(positional) < 2 and (option_text(rest[0]) is None or (
            positional and option_text(rest[0]).lower() not in EIGS_OPTIONS)):
        positional.append(rest.pop(0))
    if len(rest) % 2:
        raise MatlabError("MATLAB:eigs:ArgNameValueMismatch", "Name-value arguments must come in pairs.")
    for name in rest[::2]:
        word = option_text(name)
        if word is None or word.lower() not in EIGS_OPTIONS:
            raise MatlabError("MATLAB:eigs:unsupported", f"eigs does not support the option '{word}'.")
    k = min(6, n)
    if positional:
        k = real_scalar("eigs", positional[0], "K")
        if not (k == int(k) and 0 <= k <= n):
            raise MatlabError("MATLAB:eigs:InvalidK", f"K must be an integer from 0 to {n}, the size of A.")
        k = int(k)
    order = _eigs_order(positional[1] if len(positional) > 1 else None)
    values, vectors, _ = _eigen(arr, other, 2)
    if other is not None and not _is_hermitian(arr) and _is_hermitian(other) and _positive_definite(other):
        vectors = vectors / np.sqrt(np.einsum("ij,ij->j", vectors.conj(), other @ vectors).real)   # B-norm 1
    pick = np.argsort(order(values), kind="stable")[:k]
    values, vectors = values[pick], vectors[:, pick]
    if nargout <= 1:
        return to_value(values.reshape(-1, 1))
    return (to_value(vectors), to_value(np.diag(values)), 0.0)[:nargout]


def _scalar_b(rest: list, n: int) -> bool:
    """Whether eigs(A, b, ...) of a 1-by-1 A has a scalar B: the form (A, B, k, sigma, ...), told from (A, k,
    sigma, Name, Value, ...) by its third argument, a number or a sigma word rather than an option name."""
    if n != 1 or len(rest) < 3 or option_text(rest[1]) is not None:
        return False
    word = option_text(rest[2])
    return word is None or word.lower() not in EIGS_OPTIONS


def _eigs_order(sigma: Value | None):
    if sigma is None:
        return EIGS_ORDER["largestabs"]
    word = option_text(sigma)
    if word is None:
        target = complex(numeric_array(sigma, "eigs").ravel()[0])
        return lambda v: np.abs(v - target)
    name = EIGS_SHORT.get(word.lower(), word.lower())
    if name not in EIGS_ORDER:
        raise MatlabError("MATLAB:eigs:unsupported", f"eigs does not support sigma '{word}': use 'largestabs', "
                          "'smallestabs', 'largestreal', 'smallestreal', 'largestimag', 'smallestimag' or a number.")
    return EIGS_ORDER[name]
