"""Partial singular value decompositions: svds.

svds takes the k singular values MATLAB's sigma asks for from LAPACK's full SVD (as eigs does for
eigenvalues) while the matrix is small enough to be made full, and from scipy.sparse.linalg.svds
(ARPACK) for a larger sparse one.
"""
from __future__ import annotations

import numpy as np
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
        if not (value == int(value) and value >= 0):
            raise MatlabError("MATLAB:svds:InvalidK", "K must be a nonnegative integer.")
        k = min(int(value), min(matrix.shape))
    sigma = "largest"
    if rest and type(rest[0]) is not StructArray and (option_text(rest[0]) is None or
                                                     option_text(rest[0]).lower() in SIGMAS):
        word = option_text(rest[0])
        sigma = SIGMAS[word.lower()] if word is not None else real_scalar("svds", rest[0], "sigma")
        rest.pop(0)
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
