"""Incomplete factorizations for preconditioning the iterative solvers: ichol ilu.

scipy has neither MATLAB's incomplete Cholesky nor an incomplete LU whose factors are MATLAB's (spilu
is SuperLU's ILUTP, with its own column ordering and dropping rule), so both are computed here on
dictionaries of sparse rows or columns, keeping only the pattern of A ('nofill') or the entries above
MATLAB's drop tolerance ('ict', 'crout'): ilu row by row (the IKJ order, each row updated by the rows
of U above it), ichol column by column (right-looking, so that michol can move the fill it leaves out
to diagonals not yet factored).
"""
from __future__ import annotations

import heapq
import math

import numpy as np
import scipy.sparse as sp

from ..errors import MatlabError
from ..sparse import from_matrix, is_sparse
from ..values import SparseMatrix, Value
from .arguments import options_struct, real_scalar
from .registry import builtin
from .sizes import option_text


def _square_sparse(fname: str, a: Value) -> sp.csr_array:
    if not is_sparse(a) or a.shape[0] != a.shape[1]:
        raise MatlabError(f"MATLAB:{fname}:SparseSquareInput", "A must be a sparse square matrix.")
    if a.data.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real matrices only here.")
    return sp.csr_array(a.data.astype(np.float64))


def _choice(fname: str, options: dict, name: str, allowed: tuple[str, ...], default: str) -> str:
    if name not in options:
        return default
    word = option_text(options[name])
    if word is None or word.lower() not in allowed:
        raise MatlabError(f"MATLAB:{fname}:Invalid{name.capitalize()}",
                          f"{name} must be one of " + ", ".join(f"'{a}'" for a in allowed) + ".")
    return word.lower()


def _droptol(fname: str, options: dict) -> float:
    tol = real_scalar(fname, options["droptol"], "droptol") if "droptol" in options else 0.0
    if not tol >= 0:
        raise MatlabError(f"MATLAB:{fname}:InvalidDroptol", "droptol must be a nonnegative scalar.")
    return tol


def _eliminate(row: dict[int, float], upto: int, factor_rows: list[dict[int, float]], pivot, keep_fill: bool,
               dropped) -> dict[int, float]:
    """Row elimination: for each k < upto of ``row`` in increasing order, row[k] becomes the multiplier
    row[k] / pivot(k) (deleted when ``dropped(k, value)``), and row -= multiplier * factor_rows[k] on the
    entries past k (new positions only when ``keep_fill``): row k of U."""
    pending = [k for k in row if k < upto]
    heapq.heapify(pending)
    while pending:
        k = heapq.heappop(pending)
        value = row[k]
        if dropped(k, value):
            del row[k]
            continue
        row[k] = value = value / pivot(k)
        for j, u in factor_rows[k].items():
            if j <= k:
                continue
            if j in row:
                row[j] -= value * u
            elif keep_fill:
                row[j] = -value * u
                if j < upto:
                    heapq.heappush(pending, j)
    return row


def _to_sparse(rows: list[dict[int, float]], n: int) -> SparseMatrix:
    i = np.repeat(np.arange(n), [len(r) for r in rows])
    j = np.fromiter((k for r in rows for k in r), dtype=np.int64, count=i.size)
    v = np.fromiter((x for r in rows for x in r.values()), dtype=np.float64, count=i.size)
    return from_matrix(sp.csc_array((v, (i, j)), shape=(n, n)))


@builtin("ichol", family="linalg", sparse="native")
def ichol(a: Value, opts: Value | None = None) -> SparseMatrix:
    """L = ichol(A), L = ichol(A, opts)  incomplete Cholesky factor of a sparse symmetric positive
    definite A: L*L' is close to A.

    Only the lower triangle of A is read. opts is a structure: type 'nofill' (the default: L has the
    pattern of tril(A)) or 'ict' (threshold dropping: an entry L(i,j) is dropped when L(i,j)*L(j,j) is
    below droptol*norm(A(j:end,j),1), droptol default 0), michol 'on' (with 'nofill': the fill left
    out is subtracted from the diagonal, so that L*L'*e = A*e for e = ones), diagcomp alpha (factor
    A + alpha*diag(diag(A))), shape 'lower' (L) or 'upper' (L'). A nonpositive pivot is an error. L and
    L' precondition pcg: pcg(A, b, tol, maxit, L, L').

        L = ichol(sparse([4 -1; -1 4]));    % [2 0; -0.5 1.9365]
    """
    A = _square_sparse("ichol", a)
    options = options_struct("ichol", opts, ("type", "droptol", "michol", "diagcomp", "shape"), "struct")
    kind = _choice("ichol", options, "type", ("nofill", "ict"), "nofill")
    modified = _choice("ichol", options, "michol", ("off", "on"), "off") == "on"
    if modified and kind == "ict":
        raise MatlabError("MATLAB:ichol:michol", "ichol supports michol 'on' with type 'nofill' only.")
    shape = _choice("ichol", options, "shape", ("lower", "upper"), "lower")
    droptol = _droptol("ichol", options) if kind == "ict" else 0.0
    alpha = real_scalar("ichol", options["diagcomp"], "diagcomp") if "diagcomp" in options else 0.0
    lower = sp.csc_array(sp.tril(A + alpha * sp.diags_array(A.diagonal()), format="csc"))
    tolerances = droptol * np.asarray(abs(sp.tril(A, format="csc")).sum(axis=0)).ravel()
    factor = _cholesky_columns(lower, kind == "ict", tolerances, modified)
    L = _to_sparse(factor, lower.shape[0])
    return from_matrix(L.data if shape == "upper" else L.data.T)


def _cholesky_columns(lower: sp.csc_array, fill: bool, tolerances: np.ndarray,
                      modified: bool) -> list[dict[int, float]]:
    """The columns of L, right-looking: column k is scaled by the square root of its pivot, then
    updates the columns to its right: on their pattern only (with ``modified`` the fill left out goes
    to both diagonals), or everywhere with ``fill``, where entries below tolerances[k] are dropped."""
    n = lower.shape[0]
    columns = [dict(zip(lower.indices[lower.indptr[j]:lower.indptr[j + 1]].tolist(),
                        lower.data[lower.indptr[j]:lower.indptr[j + 1]].tolist())) for j in range(n)]
    factor = []
    for k in range(n):
        column = columns[k]
        pivot = column.pop(k, 0.0)
        if not pivot > 0:
            raise MatlabError("MATLAB:ichol:Breakdown", "Encountered nonpositive pivot.")
        root = math.sqrt(pivot)
        entries = sorted((i, v / root) for i, v in column.items() if not (fill and abs(v) < tolerances[k]))
        for position, (i, li) in enumerate(entries):
            for j, lj in entries[:position + 1]:
                target = columns[j]
                if fill or i in target:
                    target[i] = target.get(i, 0.0) - li * lj
                elif modified:
                    columns[i][i] -= li * lj
                    columns[j][j] -= li * lj
        factor.append({k: root, **dict(entries)})
    return factor


@builtin("ilu", family="linalg", sparse="native")
def ilu(a: Value, opts: Value | None = None, *, nargout: int = 1):
    """[L, U] = ilu(A), [L, U] = ilu(A, opts), W = ilu(A)  incomplete LU factorization of a sparse
    square A: L*U is close to A, L unit lower triangular, U upper triangular.

    opts is a structure: type 'nofill' (the default: L and U keep the pattern of A) or 'crout'
    (threshold dropping, as Octave's ilu does it: entries of U below droptol*norm(A(i,:)) and of L below
    droptol*norm(A(:,j))/U(j,j) are dropped, the diagonal kept; droptol default 0), udiag 1 (a zero
    diagonal entry of U replaced by its row's drop tolerance). Type 'ilutp' (pivoting) and milu are not
    supported. With one output W = L + U - speye(n). L and U precondition gmres and bicgstab:
    gmres(A, b, [], tol, maxit, L, U).

        [L, U] = ilu(sparse([4 1; 1 4]));    % L = [1 0; 0.25 1], U = [4 1; 0 3.75]
    """
    A = _square_sparse("ilu", a)
    options = options_struct("ilu", opts, ("type", "droptol", "milu", "udiag", "thresh"), "struct")
    kind = _choice("ilu", options, "type", ("nofill", "crout", "ilutp"), "nofill")
    if kind == "ilutp" or _choice("ilu", options, "milu", ("off", "row", "col"), "off") != "off":
        raise MatlabError("MATLAB:ilu:unsupportedType",
                          "ilu supports the types 'nofill' and 'crout' without milu here.")
    droptol = _droptol("ilu", options) if kind == "crout" else 0.0
    udiag = "udiag" in options and real_scalar("ilu", options["udiag"], "udiag") != 0
    n = A.shape[0]
    squares = A.multiply(A)
    column_tol = droptol * np.sqrt(np.asarray(squares.sum(axis=0)).ravel())
    row_tol = droptol * np.sqrt(np.asarray(squares.sum(axis=1)).ravel())
    lower: list[dict[int, float]] = []
    upper: list[dict[int, float]] = []
    for i in range(n):
        start, stop = A.indptr[i], A.indptr[i + 1]
        row = dict(zip(A.indices[start:stop].tolist(), A.data[start:stop].tolist()))
        row = _eliminate(row, i, upper, lambda k: upper[k][k], kind == "crout",
                         lambda k, v: kind == "crout" and abs(v) < column_tol[k])
        lower.append({k: v for k, v in row.items() if k < i})
        lower[i][i] = 1.0
        pivot = row.get(i, 0.0)
        if pivot == 0 and udiag:
            pivot = row_tol[i]
        if pivot == 0:
            raise MatlabError("MATLAB:ilu:ZeroPivot", "There is a pivot equal to zero. Consider decreasing "
                              "the drop tolerance or consider using the 'udiag' option.")
        upper.append({i: pivot, **{j: v for j, v in row.items()
                                  if j > i and not (kind == "crout" and abs(v) < row_tol[i])}})
    L, U = _to_sparse(lower, n), _to_sparse(upper, n)
    if nargout >= 3:
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments: the permutation output of "
                          "ilu belongs to type 'ilutp', which is not supported.")
    if nargout <= 1:
        return from_matrix(L.data + U.data - sp.eye_array(n, format="csc"))
    return L, U
