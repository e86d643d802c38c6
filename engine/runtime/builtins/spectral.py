"""Partial singular value decompositions and generalized eigenproblems: svds qz ordeig.

svds takes the k singular values MATLAB's sigma asks for from LAPACK's full SVD (as eigs does for
eigenvalues) while the matrix is small enough to be made full, and from scipy.sparse.linalg.svds
(ARPACK) for a larger sparse one. qz is LAPACK's QZ (scipy.linalg.qz) in MATLAB's convention
(Q*A*Z = AA), its generalized eigenvectors found by back substitution on the triangular pair as
LAPACK's tgevc does; ordeig reads the eigenvalues off a (quasi-)triangular Schur form in place.
"""
from __future__ import annotations

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from ..errors import MatlabError
from ..semantics import to_value
from ..sparse import is_sparse
from ..values import FunctionHandle, StructArray, Value
from .arguments import real_scalar
from .registry import builtin
from .sizes import numeric_array, option_text

DENSE_LIMIT = 4_000_000          # elements up to which the full SVD is computed
SVDS_OPTIONS = ("tolerance", "maxiterations", "subspacedimension", "leftstartvector", "rightstartvector",
                "failuretreatment", "display", "tol", "maxit", "p", "u0", "v0", "disp", "fail")
SIGMAS = {"largest": "largest", "l": "largest", "smallest": "smallest", "smallestnz": "smallestnz"}


def _svds_matrix(a: Value):
    if type(a) is FunctionHandle:
        raise MatlabError("MATLAB:svds:unsupported", "svds supports a full or sparse matrix A, not a function.")
    matrix = a.data if is_sparse(a) else numeric_array(a, "svds")
    if matrix.ndim != 2:
        raise MatlabError("MATLAB:svds:InvalidA", "A must be a 2-D matrix.")
    if not np.isfinite(matrix.data if sp.issparse(matrix) else matrix).all():
        raise MatlabError("MATLAB:svds:matrixWithNaNInf", "Input to SVDS must not contain NaN or Inf.")
    return matrix.astype(np.complex128 if matrix.dtype.kind == "c" else np.float64)


def _check_options(rest: list[Value]) -> None:
    """Options steer ARPACK's iteration: they are checked for their names and otherwise change nothing."""
    if rest and type(rest[0]) is StructArray:
        rest = rest[1:]
    if len(rest) % 2:
        raise MatlabError("MATLAB:svds:ArgNameValueMismatch", "Name-value arguments must come in pairs.")
    for name in rest[::2]:
        word = option_text(name)
        if word is None or word.lower() not in SVDS_OPTIONS:
            raise MatlabError("MATLAB:svds:unsupported", f"svds does not support the option '{word}'.")


def _pick(s: np.ndarray, k: int, sigma) -> np.ndarray:
    """Indices of the k singular values sigma asks for, in descending order of value."""
    if sigma == "largest":
        chosen = np.argsort(-s, kind="stable")[:k]
    elif sigma == "smallestnz":
        nonzero = np.flatnonzero(s > max(s.shape) * np.finfo(float).eps * (s.max() if s.size else 0))
        chosen = nonzero[np.argsort(s[nonzero], kind="stable")[:k]]
    elif sigma == "smallest":
        chosen = np.argsort(s, kind="stable")[:k]
    else:
        chosen = np.argsort(np.abs(s - sigma), kind="stable")[:k]
    return chosen[np.argsort(-s[chosen], kind="stable")]


@builtin("svds", family="linalg", sparse="native")
def svds(a: Value, *args: Value, nargout: int = 1):
    """s = svds(A), svds(A, k), svds(A, k, sigma), svds(A, k, sigma, Name, Value), [U, S, V] = svds(...), [U, S, V, flag] = svds(...)
    A few singular values (and singular vectors) of a full or sparse matrix.

    The k (default 6, at most min(size(A))) largest singular values, or those sigma picks:
    'largest', 'smallest', 'smallestnz' (the smallest nonzero ones) or a number (the ones closest to
    it), returned in descending order. [U, S, V] gives orthonormal columns with A*V = U*S; flag is 0
    (converged). Matrices up to 4e6 elements get LAPACK's full SVD (exact to rounding), larger sparse
    ones scipy's ARPACK ('largest' and 'smallest' only). Options (Tolerance, MaxIterations, start
    vectors...) are accepted and change nothing; a function handle for A is not supported.

        s = svds(diag(1:10), 3)    % [10; 9; 8]
    """
    matrix = _svds_matrix(a)
    rest = list(args)
    k = min(6, min(matrix.shape))
    if rest and option_text(rest[0]) is None and type(rest[0]) is not StructArray:
        value = real_scalar("svds", rest.pop(0), "K")
        if not (np.isfinite(value) and value == int(value) and value >= 0):
            raise MatlabError("MATLAB:svds:InvalidK", "K must be a nonnegative integer.")
        k = min(int(value), min(matrix.shape))
    sigma = "largest"
    if rest and type(rest[0]) is not StructArray and (option_text(rest[0]) is None or len(rest) % 2):
        value = rest.pop(0)
        word = option_text(value)
        if word is not None and word.lower() not in SIGMAS:
            raise MatlabError("MATLAB:svds:InvalidSigma", "sigma must be 'largest', 'smallest', 'smallestnz' "
                              "or a real scalar.")
        sigma = SIGMAS[word.lower()] if word is not None else real_scalar("svds", value, "sigma")
    _check_options(rest)
    U, s, V = _decompose(matrix, k, sigma)
    if nargout <= 1:
        return to_value(s.reshape(-1, 1))
    return (to_value(U), to_value(np.diag(s)), to_value(V), 0.0)[:nargout]


def _decompose(matrix, k: int, sigma) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    m, n = matrix.shape
    if k == 0:
        return np.zeros((m, 0)), np.zeros(0), np.zeros((n, 0))
    if m * n <= DENSE_LIMIT:
        dense = matrix.toarray() if sp.issparse(matrix) else matrix
        U, s, Vh = np.linalg.svd(dense, full_matrices=False)
        chosen = _pick(s, k, sigma)
        return U[:, chosen], s[chosen], Vh[chosen].conj().T
    if sigma not in ("largest", "smallest") or k >= min(m, n):
        raise MatlabError("MATLAB:svds:unsupported", "For a matrix this large svds supports 'largest' and "
                          "'smallest' with k < min(size(A)).")
    U, s, Vh = spla.svds(sp.csc_array(matrix), k=k, which="LM" if sigma == "largest" else "SM")
    order = np.argsort(-s, kind="stable")
    return U[:, order], s[order], Vh[order].conj().T


# ----------------------------------------------------------------------------------------------------
# qz and ordeig


def _square_pair(fname: str, a: Value, b: Value) -> tuple[np.ndarray, np.ndarray]:
    arrays = []
    for value in (a, b):
        arr = numeric_array(value, fname)
        if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
            raise MatlabError(f"MATLAB:{fname}:NonSquareMatrix", "A and B must be square matrices.")
        arrays.append(arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64))
    if arrays[0].shape != arrays[1].shape:
        raise MatlabError(f"MATLAB:{fname}:MatrixSizeMismatch", "A and B must be the same size.")
    if not all(np.isfinite(x).all() for x in arrays):
        raise MatlabError(f"MATLAB:{fname}:matrixWithNaNInf", "Input to QZ must not contain NaN or Inf.")
    return arrays[0], arrays[1]


def _unit_largest(vectors: np.ndarray) -> np.ndarray:
    """Each column scaled so its largest component has |real| + |imag| = 1 (LAPACK's tgevc)."""
    size = np.abs(vectors.real) + np.abs(vectors.imag)
    largest = size.max(axis=0)
    return vectors / np.where(largest == 0, 1, largest)


def _triangular_eigenvectors(S: np.ndarray, P: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(right, left) generalized eigenvectors y, x of the upper triangular pair (S, P):
    (P(k,k)*S - S(k,k)*P) y = 0 and x' (P(k,k)*S - S(k,k)*P) = 0, with y(k) = x(k) = 1."""
    n = S.shape[0]
    tiny = np.finfo(float).eps * max(np.abs(S).max(), np.abs(P).max(), 1.0)
    right = np.zeros((n, n), dtype=np.complex128)
    left = np.zeros((n, n), dtype=np.complex128)
    for k in range(n):
        M = P[k, k] * S - S[k, k] * P
        right[k, k] = left[k, k] = 1.0
        for j in range(k - 1, -1, -1):
            pivot = M[j, j] if abs(M[j, j]) > tiny else tiny
            right[j, k] = -(M[j, j + 1:k + 1] @ right[j + 1:k + 1, k]) / pivot
        for j in range(k + 1, n):
            pivot = M[j, j] if abs(M[j, j]) > tiny else tiny
            left[j, k] = -(np.conj(M[k:j, j]) @ left[k:j, k]) / np.conj(pivot)
    return right, left


@builtin("qz", family="linalg")
def qz(a: Value, b: Value, flag: Value | None = None, *, nargout: int = 1):
    """[AA, BB, Q, Z] = qz(A, B), [AA, BB, Q, Z, V, W] = qz(A, B), qz(A, B, 'complex' | 'real')
    The generalized Schur (QZ) decomposition of the square matrices A and B.

    Q and Z are unitary with Q*A*Z = AA and Q*B*Z = BB, both upper triangular ('complex', the
    default), or with 'real' (real A and B) AA quasi-triangular (2-by-2 blocks for complex pairs) and
    BB triangular. The generalized eigenvalues are diag(AA)./diag(BB) (ordeig(AA, BB)). V and W hold
    right and left generalized eigenvectors: A*V*diag(diag(BB)) = B*V*diag(diag(AA)) and
    diag(diag(BB))*W'*A = diag(diag(AA))*W'*B, each column scaled so its largest component has
    |real| + |imag| = 1 (the 'complex' form only).

        [AA, BB] = qz([1 2; 3 4], eye(2)); ordeig(AA, BB)    % the eigenvalues of [1 2; 3 4]
    """
    A, B = _square_pair("qz", a, b)
    word = "complex" if flag is None else option_text(flag)
    if word is None or word.lower() not in ("complex", "real"):
        raise MatlabError("MATLAB:qz:InvalidFlag", "The flag must be 'complex' or 'real'.")
    word = word.lower()
    if word == "real" and (A.dtype.kind == "c" or B.dtype.kind == "c"):
        raise MatlabError("MATLAB:qz:complexReal", "The 'real' form needs real A and B.")
    if word == "real" and nargout > 4:
        raise MatlabError("MATLAB:qz:unsupported", "The eigenvectors V and W are supported with the "
                          "'complex' form only.")
    if A.size == 0:
        empty = np.zeros((0, 0))
        return tuple(to_value(empty) for _ in range(6))[:max(nargout, 1)] if nargout > 1 else to_value(empty)
    AA, BB, Q, Z = scipy.linalg.qz(A, B, output=word)
    outs = [AA, BB, Q.conj().T, Z]
    if nargout > 4:
        right, left = _triangular_eigenvectors(AA, BB)
        outs += [_unit_largest(Z @ right), _unit_largest(Q @ left)]
    return tuple(to_value(x) for x in outs)[:max(nargout, 1)] if nargout > 1 else to_value(AA)


def _block_starts(T: np.ndarray) -> list[int]:
    """Starting rows of the 1-by-1 and 2-by-2 diagonal blocks of a quasi-triangular T."""
    n, starts, k = T.shape[0], [], 0
    while k < n:
        starts.append(k)
        k += 2 if k + 1 < n and T[k + 1, k] != 0 else 1
    return starts


def _quasi_triangular(fname: str, T: np.ndarray) -> None:
    below = np.tril(T, -2)
    if np.any(below != 0) or np.any((np.diag(T, -1)[:-1] != 0) & (np.diag(T, -1)[1:] != 0)):
        raise MatlabError(f"MATLAB:{fname}:InvalidSchurForm", "The input must be upper quasi-triangular.")
    if T.dtype.kind == "c" and np.any(np.diag(T, -1) != 0):
        raise MatlabError(f"MATLAB:{fname}:InvalidSchurForm", "A complex input must be upper triangular.")


def _block_eigenvalues(A: np.ndarray, B: np.ndarray | None) -> list[complex]:
    """The two eigenvalues of a 2-by-2 diagonal block (of the pair A, B), the one of positive imaginary
    part first. A block holding Inf or NaN (LAPACK refuses it) gets the closed form's values, p +- sqrt(q):
    Inf or NaN as IEEE arithmetic makes them."""
    blocks = (A,) if B is None else (A, B)
    if all(np.isfinite(m).all() for m in blocks):
        return sorted(scipy.linalg.eigvals(A, B), key=lambda z: -z.imag)
    if B is not None:
        return [complex(np.nan, np.nan)] * 2
    with np.errstate(invalid="ignore", over="ignore"):
        p = (A[0, 0] + A[1, 1]) / 2
        root = np.sqrt(complex(((A[0, 0] - A[1, 1]) / 2) ** 2 + A[0, 1] * A[1, 0]))
        return [p + root, p - root]


@builtin("ordeig", family="linalg")
def ordeig(a: Value, b: Value | None = None) -> Value:
    """E = ordeig(T), E = ordeig(AA, BB)  the eigenvalues of a quasi-triangular Schur matrix (from schur)
    or the generalized eigenvalues of a quasi-triangular pair (from qz), in their order on the diagonal.

    A 1-by-1 block gives T(k,k) (or AA(k,k)/BB(k,k)); a 2-by-2 block a complex conjugate pair, positive
    imaginary part first. E is a column.

        ordeig([1 2 3; 0 4 5; 0 -6 4])    % [1; 4+5.4772i; 4-5.4772i]
    """
    T = numeric_array(a, "ordeig")
    if T.ndim != 2 or T.shape[0] != T.shape[1]:
        raise MatlabError("MATLAB:ordeig:NonSquareMatrix", "The input must be a square matrix.")
    _quasi_triangular("ordeig", T)
    S = None
    if b is not None:
        S = numeric_array(b, "ordeig")
        if S.shape != T.shape or np.any(np.tril(S, -1) != 0):
            raise MatlabError("MATLAB:ordeig:InvalidSchurForm", "BB must be upper triangular of the size of AA.")
    values = []
    for k in _block_starts(T):
        if k + 1 < T.shape[0] and T[k + 1, k] != 0:
            values += _block_eigenvalues(T[k:k + 2, k:k + 2], None if S is None else S[k:k + 2, k:k + 2])
        else:
            with np.errstate(divide="ignore", invalid="ignore"):
                values.append(T[k, k] / S[k, k] if S is not None else T[k, k])
    return to_value(np.array(values, dtype=np.complex128).reshape(-1, 1))
