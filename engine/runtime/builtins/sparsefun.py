"""Sparse matrices: sparse full issparse nnz nonzeros nzmax spones speye spalloc sprand sprandn sprandsym
spdiags spfun, and the sparse forms of other builtins.

The value type and its indexing are runtime/sparse.py, the operators runtime/sparse_ops.py. Every other
builtin says what it does with a sparse argument (registry.set_sparse_form); those registered at the end
of this module: the ones that only look at class and size take sparse values as they are, a few compute
on the stored elements (sum, max, abs, find...), the rest of MATLAB's functions that return sparse
results run on the full matrix and store the result back as sparse, and a builtin with no sparse form
raises matfuse:sparse:unsupported naming itself.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np
import scipy.sparse as sp

from .. import ops
from ..errors import MatlabError, check_size, not_enough_inputs, too_many_inputs
from ..sparse import from_matrix, full_of, is_sparse, not_two_dimensional, sparse_of
from ..sparse_ops import on_stored
from ..values import SparseMatrix, Value, class_of, simplify, size_of, to_array
from .arguments import real_array, real_scalar
from .elementwise import ANY_NUMERIC, check_classes
from .random import generator
from .registry import BUILTINS, after_load, builtin, call_host, set_sparse_form

# ----------------------------------------------------------------------------------------------------
# arguments


MAX_SPARSE_DIM = 2 ** 48 - 1      # MATLAB's largest sparse dimension on 64-bit machines


def _count(fname: str, value: Value, what: str) -> int:
    """A nonnegative whole-number size argument (negative sizes count as 0, as in zeros)."""
    x = real_scalar(fname, full_of(value), what)
    if not math.isfinite(x) or x != math.floor(x):
        raise MatlabError(f"MATLAB:{fname}:nonIntegerSize", f"{what} must be a nonnegative integer.")
    if x > MAX_SPARSE_DIM:
        raise MatlabError("MATLAB:array:SizeLimitExceeded", "Sparse matrix sizes must be non-negative "
                          "integers less than MAXSIZE as defined by COMPUTER.")
    return max(int(x), 0)


def _shape(fname: str, m: Value, n: Value) -> tuple[int, int]:
    """(m, n) of a sparse matrix: its n + 1 column pointers must fit in memory."""
    shape = _count(fname, m, "Size"), _count(fname, n, "Size")
    check_size((shape[1] + 1,))
    return shape


def _sparse_arg(fname: str, value: Value) -> SparseMatrix:
    return sparse_of(value, fname)


def _column(fname: str, value: Value) -> np.ndarray:
    """A real numeric vector or scalar argument's elements, flat (sparse ones made full)."""
    return real_array(fname, full_of(value)).ravel(order="F")


def _diagonal_numbers(value: Value) -> np.ndarray:
    """spdiags' diagonal numbers d as int64 (those past every sparse size clipped: still outside)."""
    diagonals = _column("spdiags", value)
    if not np.all(np.isfinite(diagonals) & (diagonals == np.round(diagonals))):
        raise MatlabError("MATLAB:spdiags:InvalidDiagonals", "Diagonal numbers must be finite integers.")
    return np.clip(diagonals, -2.0 ** 49, 2.0 ** 49).astype(np.int64)


# ----------------------------------------------------------------------------------------------------
# building sparse matrices


def _triplets(fname: str, i: Value, j: Value, v: Value) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The subscripts (0-based) and values of sparse(i, j, v, ...); scalars expand to the others' length."""
    rows, cols = (real_array(fname, full_of(x)).ravel(order="F") for x in (i, j))
    values = full_of(v)
    if class_of(values) not in ("double", "logical"):
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Undefined function '{fname}' for input arguments of type '{class_of(values)}'.")
    values = to_array(values).ravel(order="F")
    n = max(rows.size, cols.size, values.size)
    parts = []
    for arr in (rows, cols, values):
        if arr.size not in (1, n):
            raise MatlabError("MATLAB:sparsfcn:vectorsMustBeSameLength",
                              "Vectors must be the same length.")
        parts.append(np.broadcast_to(arr, (n,)) if arr.size == 1 else arr)
    rows, cols, values = parts
    for subs in (rows, cols):
        if subs.size and (not np.all(subs == np.floor(subs)) or subs.min() < 1 or
                          not np.isfinite(subs).all()):
            raise MatlabError("MATLAB:sparsfcn:nonPosIndex", "Index into matrix must be positive.")
        if subs.size and subs.max() > MAX_SPARSE_DIM:
            raise MatlabError("MATLAB:array:SizeLimitExceeded", "Sparse matrix sizes must be non-negative "
                              "integers less than MAXSIZE as defined by COMPUTER.")
    return rows.astype(np.int64) - 1, cols.astype(np.int64) - 1, values


@builtin("sparse", family="sparse", sparse="native")
def sparse(*args: Value) -> Value:
    """sparse(A), sparse(m, n), sparse(i, j, v), sparse(i, j, v, m, n), sparse(i, j, v, m, n, nz)

    A sparse matrix (stored by compressed columns, as MATLAB does): the nonzeros of a double or logical
    A; an m-by-n all-zero matrix; or the matrix with v(k) at (i(k), j(k)), where values with the same
    subscripts add up (logical values combine with or) and a scalar i, j or v is repeated. The size is
    max(i)-by-max(j) unless m and n are given; nz only reserves storage (nzmax). Single and integer
    values have no sparse form.

        S = sparse([1 2 2], [1 3 3], [4 5 6], 2, 3)    % (1,1) 4 and (2,3) 11
    """
    if len(args) == 1:
        return _sparse_arg("sparse", args[0])
    if len(args) == 2:
        m, n = _shape("sparse", *args)
        return SparseMatrix(sp.csc_array((m, n), dtype=np.float64))
    if len(args) not in (3, 5, 6):
        raise MatlabError("MATLAB:TooManyInputs" if len(args) > 6 else "MATLAB:sparse:wrongNumberOfInputs",
                          "Too many input arguments." if len(args) > 6 else
                          "Wrong number of input arguments: sparse takes 1, 2, 3, 5 or 6 arguments.")
    rows, cols, values = _triplets("sparse", *args[:3])
    if len(args) >= 5:
        m, n = _shape("sparse", args[3], args[4])
        if rows.size and (rows.max() >= m or cols.max() >= n):
            raise MatlabError("MATLAB:sparsfcn:indexExceedsMatrixDimensions",
                              "Index exceeds array bounds.")
    else:
        m = int(rows.max()) + 1 if rows.size else 0
        n = int(cols.max()) + 1 if cols.size else 0
    capacity = check_size((_count("sparse", args[5], "Storage"),))[0] if len(args) == 6 else 0
    logical = values.dtype == np.bool_
    summed = sp.coo_array((values.astype(np.float64) if logical else values, (rows, cols)), shape=(m, n))
    summed = sp.csc_array(summed)          # duplicates add up
    return from_matrix(summed.astype(np.bool_) if logical else summed, capacity)


@builtin("spalloc", family="sparse", sparse="native")
def spalloc(m: Value, n: Value, nz: Value) -> SparseMatrix:
    """spalloc(m, n, nz)  an m-by-n all-zero sparse matrix with room for nz nonzeros.

    The same as sparse([], [], [], m, n, nz): nzmax reports the room.

        S = spalloc(3, 3, 6); nzmax(S)    % 6
    """
    shape = _shape("spalloc", m, n)
    return SparseMatrix(sp.csc_array(shape, dtype=np.float64), check_size((_count("spalloc", nz, "Storage"),))[0])


def _size_args(fname: str, args: tuple[Value, ...]) -> tuple[int, int]:
    """(m, n) from f(n), f(m, n) or f([m n])."""
    if len(args) == 1:
        dims = real_array(fname, full_of(args[0])).ravel()
        if dims.size == 1:
            dims = np.repeat(dims, 2)
        if dims.size != 2:
            raise MatlabError(f"MATLAB:{fname}:sizeVector", "Size vector must have two elements.")
        args = (float(dims[0]), float(dims[1]))
    if len(args) != 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    return _shape(fname, args[0], args[1])


@builtin("speye", family="sparse", sparse="native")
def speye(*args: Value) -> SparseMatrix:
    """speye(n), speye(m, n), speye([m n])  sparse identity matrix.

    Ones on the main diagonal of an m-by-n (n-by-n) sparse double matrix.

        S = speye(3)    % (1,1) 1, (2,2) 1, (3,3) 1
    """
    m, n = _size_args("speye", args or (1.0,))
    return from_matrix(sp.eye_array(m, n, format="csc"))


@builtin("spones", family="sparse", sparse="native")
def spones(s: Value) -> SparseMatrix:
    """spones(S)  ones where S has nonzeros: the sparsity pattern of S as a sparse double matrix.

    A full S is made sparse first.

        spones(sparse([0 5; -2 0]))    % (2,1) 1 and (1,2) 1
    """
    return on_stored(_sparse_arg("spones", s), lambda v: np.ones(v.shape))


@builtin("spfun", family="sparse", sparse="native")
def spfun(ctx, fn: Value, s: Value) -> SparseMatrix:
    """spfun(fun, S)  fun applied to the nonzeros of S only: the result has the sparsity pattern of S.

    fun is a function handle or name, called once with the column of nonzeros; it must return as many
    values (zeros it returns are not stored). exp of the nonzeros, say, leaves the zeros at zero.

        spfun(@exp, sparse([0 1]))    % (1,2) 2.7183
    """
    S = _sparse_arg("spfun", s)
    values = S.data.data.reshape(-1, 1)
    result = ctx.call(fn, [simplify(values.copy())], 1)[0]
    out = to_array(full_of(result))
    if out.size != values.size:
        raise MatlabError("MATLAB:spfun:sizeMismatch",
                          "The function must return one value for each nonzero of S.")
    return on_stored(S, lambda v: out.reshape(v.shape))


def _draw_random(ctx, args: tuple[Value, ...], fname: str, sample: Callable) -> SparseMatrix:
    """sprand and sprandn: round(m*n*density) subscript pairs drawn uniformly (rows, then columns), the
    distinct ones kept, then one value for each, all from the session's generator."""
    rng = generator(ctx.state)
    if len(args) == 1:
        pattern = _sparse_arg(fname, args[0]).data.tocoo()
        order = np.lexsort((pattern.row, pattern.col))
        rows, cols, shape = pattern.row[order], pattern.col[order], pattern.shape
    elif len(args) == 3:
        shape = _shape(fname, args[0], args[1])
        density = real_scalar(fname, full_of(args[2]), "Density")
        if not 0 <= density or math.isnan(density):
            raise MatlabError(f"MATLAB:{fname}:invalidDensity", "Density must be between 0 and 1.")
        wanted = check_size((round(shape[0] * shape[1] * min(density, 1.0)),), 16)[0]
        rows = np.fix(rng.random_sample(wanted) * shape[0]).astype(np.int64)
        cols = np.fix(rng.random_sample(wanted) * shape[1]).astype(np.int64)
        pairs = np.unique(np.stack([rows, cols], axis=1), axis=0)   # sorted as unique(..., 'rows')
        rows, cols = pairs[:, 0], pairs[:, 1]
    else:
        raise MatlabError(f"MATLAB:{fname}:unsupportedForm",
                          f"{fname} takes (S) or (m, n, density); the reciprocal condition number form "
                          "is not supported.")
    values = sample(rng, rows.size)
    return from_matrix(sp.coo_array((values, (rows, cols)), shape=shape))


@builtin("sprand", family="sparse", sparse="native")
def sprand(ctx, *args: Value) -> SparseMatrix:
    """sprand(m, n, density), sprand(S)  sparse matrix of uniformly distributed random values.

    At most round(density*m*n) nonzeros (that many random subscript pairs, repeats kept once) with
    values in (0, 1); sprand(S) puts random values where S has nonzeros. The numbers come from the
    session's generator, so rng(seed) makes them reproducible; they are not MATLAB's draw for draw. The
    reciprocal-condition-number form sprand(m, n, density, rc) is not supported.

        rng(0); S = sprand(4, 4, 0.5);    % at most 8 nonzeros
    """
    return _draw_random(ctx, args, "sprand", lambda rng, n: rng.random_sample(n))


@builtin("sprandn", family="sparse", sparse="native")
def sprandn(ctx, *args: Value) -> SparseMatrix:
    """sprandn(m, n, density), sprandn(S)  sparse matrix of normally distributed random values.

    As sprand, with standard normal values.

        rng(0); S = sprandn(100, 100, 0.01);
    """
    return _draw_random(ctx, args, "sprandn", lambda rng, n: rng.standard_normal(n))


@builtin("sprandsym", family="sparse", sparse="native")
def sprandsym(ctx, *args: Value) -> SparseMatrix:
    """sprandsym(n, density), sprandsym(S), sprandsym(n, density, rc), sprandsym(n, density, rc, 1)

    A symmetric sparse matrix of normally distributed random values: about density*n*n nonzeros
    (sprand's draw for the lower triangle, mirrored), or, for sprandsym(S), values where the lower
    triangle and diagonal of S have nonzeros. With rc the matrix is positive definite with reciprocal
    condition number rc: a diagonal matrix of eigenvalues from 1 down to rc (or the n values of a
    vector rc) turned by random plane rotations until the density is reached, so its eigenvalues are
    exact. The numbers come from the session's generator (rng), not MATLAB's draw for draw; kinds 2 and
    3 are not supported.

        rng(0); S = sprandsym(5, 0.4); issymmetric(S)    % true
    """
    if len(args) in (3, 4):
        return _conditioned_symmetric(ctx, *args)
    if len(args) == 1:
        given = _sparse_arg("sprandsym", args[0])
        if given.shape[0] != given.shape[1]:
            raise MatlabError("MATLAB:square", "Matrix must be square.")
        pattern = sp.tril(given.data, format="csc")
        lower = _draw_random(ctx, (from_matrix(pattern),), "sprandsym", lambda rng, n: rng.standard_normal(n))
    elif len(args) == 2:
        n = _count("sprandsym", args[0], "Size")
        drawn = _draw_random(ctx, (float(n), float(n), args[1]), "sprandsym", lambda rng, k: rng.standard_normal(k))
        lower = from_matrix(sp.tril(drawn.data, format="csc"))
    else:
        raise MatlabError("MATLAB:sprandsym:invalidArguments",
                          "sprandsym takes (S), (n, density), (n, density, rc) or (n, density, rc, 1).")
    return from_matrix(lower.data + sp.tril(lower.data, -1, format="csc").T)


def _conditioned_symmetric(ctx, n: Value, density: Value, rc: Value, kind: Value = 1.0) -> SparseMatrix:
    """sprandsym(n, density, rc, 1): random Jacobi rotations of diag(eigenvalues) until the density."""
    if real_scalar("sprandsym", full_of(kind), "kind") != 1:
        raise MatlabError("MATLAB:sprandsym:unsupportedKind", "sprandsym supports kind 1 only.")
    size = _count("sprandsym", n, "Size")
    check_size((size, size))
    fill = real_scalar("sprandsym", full_of(density), "Density")
    values = _column("sprandsym", rc)
    if values.size == 1:
        if not 0 <= values[0] <= 1:
            raise MatlabError("MATLAB:sprandsym:invalidRC", "rc must be between 0 and 1.")
        values = values[0] ** (np.arange(size) / max(size - 1, 1))
    elif values.size != size:
        raise MatlabError("MATLAB:sprandsym:invalidRC", "A vector rc must have n elements (the eigenvalues).")
    rng = generator(ctx.state)
    matrix = np.diag(values.astype(np.float64))
    stored, target = np.count_nonzero(matrix), min(fill, 1.0) * size * size
    for _ in range(size * size):
        if stored >= target or size < 2:
            break
        i, j = rng.choice(size, 2, replace=False)
        angle = 2 * np.pi * rng.random_sample()
        c, s = np.cos(angle), np.sin(angle)
        before = 2 * np.count_nonzero(matrix[[i, j]]) - np.count_nonzero(matrix[np.ix_([i, j], [i, j])])
        rows = matrix[[i, j]]
        matrix[[i, j]] = np.array([[c, s], [-s, c]]) @ rows
        columns = matrix[:, [i, j]]
        matrix[:, [i, j]] = columns @ np.array([[c, -s], [s, c]])
        stored += 2 * np.count_nonzero(matrix[[i, j]]) - np.count_nonzero(matrix[np.ix_([i, j], [i, j])]) - before
    return from_matrix((matrix + matrix.T) / 2)


def _diagonal_rows(d: int, m: int, n: int) -> np.ndarray:
    """0-based rows i of diagonal d of an m-by-n matrix (column i + d)."""
    return np.arange(max(0, -d), min(m, n - d))


def _diagonal_offset(d: int, m: int, n: int) -> int:
    """Row of B's column that holds element (i, i + d): i + d when m >= n, else i (MATLAB's spdiags)."""
    return d if m >= n else 0


@builtin("spdiags", family="sparse", sparse="native")
def spdiags(*args: Value, nargout: int = 1) -> Value:
    """spdiags(B, d, m, n), spdiags(B, d, A), [B, d] = spdiags(A), B = spdiags(A, d)

    Sparse matrices from diagonals and diagonals of matrices. spdiags(B, d, m, n) is the m-by-n sparse
    matrix whose diagonal d(k) (0 the main one, positive above it) holds column k of B: when m >= n
    element (i, i+d(k)) is B(i+d(k), k), else B(i, k). spdiags(B, d, A) replaces those diagonals of A.
    spdiags(A) returns the nonzero diagonals of A as the columns of B (and their numbers d), and
    spdiags(A, d) the diagonals d, in the same layout.

        S = spdiags([1 2 3; 4 5 6]', [0 1], 3, 3)    % 1 2 3 on the diagonal, 5 6 above it
    """
    if len(args) in (1, 2):
        return _extract_diagonals(*args, nargout=nargout)
    if len(args) not in (3, 4):
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    diagonals = _diagonal_numbers(args[1])
    if len(args) == 3:
        base = _sparse_arg("spdiags", args[2])
        m, n = base.shape
        keep = base.data.tocoo()
    else:
        m, n = _count("spdiags", args[2], "Size"), _count("spdiags", args[3], "Size")
        keep = sp.coo_array((m, n))
    check_classes("spdiags", (args[0],), ANY_NUMERIC)
    B = to_array(full_of(args[0]))
    if B.ndim > 2:
        raise not_two_dimensional()
    B = B.reshape(B.shape[0], -1) if B.size else np.zeros((0, diagonals.size))
    if B.shape[1] != diagonals.size and B.size != 1:
        raise MatlabError("MATLAB:spdiags:InvalidSizeBAndD",
                          "The number of columns of B must equal the number of diagonals d.")
    rows, cols, values = [], [], []
    for k, d in enumerate(diagonals.tolist()):
        i = _diagonal_rows(d, m, n)
        take = i + _diagonal_offset(d, m, n)
        column = B[:, 0] if B.shape[1] == 1 and B.size == 1 else B[:, k]
        if take.size and (take.max() >= column.size) and column.size != 1:
            raise MatlabError("MATLAB:spdiags:InvalidSizeBAndD", "B does not hold the diagonals asked for.")
        rows.append(i)
        cols.append(i + d)
        values.append(np.broadcast_to(column, take.shape) if column.size == 1 else column[take])
    rows, cols = np.concatenate(rows or [np.zeros(0, int)]), np.concatenate(cols or [np.zeros(0, int)])
    values = np.concatenate(values or [np.zeros(0)])
    replaced = np.isin(keep.col.astype(np.int64) - keep.row, diagonals)
    return from_matrix(sp.coo_array(
        (np.concatenate([keep.data[~replaced].astype(np.result_type(values, float)), values]),
         (np.concatenate([keep.row[~replaced], rows]), np.concatenate([keep.col[~replaced], cols]))),
        shape=(m, n)))


def _extract_diagonals(a: Value, d: Value | None = None, *, nargout: int = 1) -> Value:
    A = sparse_of(a, "spdiags").data
    if len(A.shape) != 2:
        raise not_two_dimensional()
    m, n = A.shape
    coo = A.tocoo()
    if d is None:
        diagonals = np.unique(coo.col.astype(np.int64) - coo.row[coo.data != 0])
    else:
        diagonals = _diagonal_numbers(d)
    B = np.zeros((min(m, n), diagonals.size), dtype=np.result_type(A.dtype, np.float64))
    dense_rows = min(m, n)
    for k, dk in enumerate(diagonals.tolist()):
        i = _diagonal_rows(dk, m, n)
        if not i.size:
            continue
        where = i + _diagonal_offset(dk, m, n)
        inside = where < dense_rows
        B[where[inside], k] = np.asarray(A[i[inside], i[inside] + dk]).ravel()
    out_d = diagonals.reshape(-1, 1).astype(np.float64)
    return (simplify(B), simplify(out_d)) if nargout > 1 else simplify(B)


# ----------------------------------------------------------------------------------------------------
# asking about sparse matrices


@builtin("full", family="sparse", sparse="native")
def full(a: Value) -> Value:
    """full(S)  a sparse matrix as a full (ordinary) matrix; any other value unchanged.

    The class stays double or logical.

        full(speye(2))    % [1 0; 0 1]
    """
    return full_of(a)


@builtin("issparse", family="sparse", sparse="native")
def issparse(a: Value) -> bool:
    """issparse(S)  true if S is a sparse matrix.

    False for every other value, full numeric matrices included.

        issparse(speye(3))    % true
    """
    return is_sparse(a)


@builtin("nonzeros", family="sparse", sparse="native")
def nonzeros(a: Value) -> Value:
    """nonzeros(A)  the nonzero elements of A as a full column, in column-major order.

    Works on sparse and full numeric or logical matrices.

        nonzeros([0 2; 3 0])    % [3; 2]
    """
    if is_sparse(a):
        return simplify(a.data.data.reshape(-1, 1).copy())
    check_classes("nonzeros", (a,), ANY_NUMERIC)
    arr = to_array(a)
    flat = arr.ravel(order="F")
    return simplify(flat[flat != 0].reshape(-1, 1))


@builtin("nzmax", family="sparse", sparse="native")
def nzmax(a: Value) -> float:
    """nzmax(S)  the storage allocated for nonzeros of S (at least nnz(S), and at least 1).

    For a full matrix, numel(A).

        nzmax(spalloc(4, 4, 10))    % 10
    """
    if is_sparse(a):
        return float(max(a.data.nnz, a.capacity, 1))
    return float(math.prod(size_of(a)))


# ----------------------------------------------------------------------------------------------------
# sparse forms of other builtins


def _through_full(name: str, sparse_outputs: tuple[int, ...] = (0,)) -> Callable:
    """A sparse form for builtin ``name`` that computes on the full matrices and stores the outputs
    numbered in ``sparse_outputs`` as sparse (MATLAB's results there are sparse)."""
    def form(ctx, *args: Value, nargout: int = 1) -> tuple:
        outs = call_host(replace(BUILTINS[name], sparse="full"), ctx, list(args), nargout)
        return tuple(_as_sparse(out) if k in sparse_outputs else out for k, out in enumerate(outs))
    return form


def _as_sparse(value: Value) -> Value:
    return sparse_of(value) if class_of(value) in ("double", "logical") else value


def _on_nonzeros(name: str) -> Callable:
    """A sparse form for an elementwise builtin with f(0) == 0: computed on the stored elements only."""
    through = _through_full(name)

    def form(ctx, *args: Value, nargout: int = 1) -> Value:
        if len(args) != 1:
            return through(ctx, *args, nargout=nargout)
        entry = replace(BUILTINS[name], sparse="full")
        return on_stored(args[0], lambda v: call_host(entry, ctx, [simplify(v)], 1)[0])
    return form


def _sum_form(ctx, a: Value, *rest: Value, nargout: int = 1) -> Value:
    """sum(S), sum(S, 1 | 2 | 'all') on the stored elements; other forms on the full matrix."""
    if not is_sparse(a) or len(rest) > 1:
        return _through_full("sum")(ctx, a, *rest, nargout=nargout)[0]
    m, n = a.shape
    if rest and class_of(rest[0]) == "char":
        if full_of(rest[0]).to_str().lower() != "all":
            return _through_full("sum")(ctx, a, *rest, nargout=nargout)[0]
        axis = None
    else:
        dim = rest[0] if rest else (1.0 if m != 1 else 2.0)
        axis = {1.0: 0, 2.0: 1}.get(np.asarray(full_of(dim)).item() if size_of(dim) == (1, 1) else None)
        if axis is None:
            return _through_full("sum")(ctx, a, *rest, nargout=nargout)[0]
    values = a.data.astype(np.float64) if a.data.dtype == np.bool_ else a.data
    total = values.sum() if axis is None else values.sum(axis=axis)
    return from_matrix(np.asarray(total).reshape((1, n) if axis == 0 else (m, 1) if axis == 1 else (1, 1)))


def _extreme_form(name: str) -> Callable:
    """max(S) / min(S) (and along dim 1 or 2) on the stored elements when S has no NaN and one output
    is asked for; every other form on the full matrix (its first output sparse)."""
    through = _through_full(name)

    def form(ctx, a: Value, *rest: Value, nargout: int = 1) -> Value:
        plain = is_sparse(a) and nargout <= 1 and a.data.dtype.kind == "f" and not np.isnan(a.data.data).any()
        axis = None
        if plain and len(rest) == 2 and size_of(rest[0]) == (0, 0) and size_of(rest[1]) == (1, 1):
            axis = {1.0: 0, 2.0: 1}.get(np.asarray(full_of(rest[1])).item())
        elif plain and not rest:
            axis = 0 if a.shape[0] != 1 else 1
        if axis is None or 0 in a.shape:
            outs = through(ctx, a, *rest, nargout=nargout)
            return outs if nargout > 1 else outs[0]
        found = a.data.max(axis=axis) if name == "max" else a.data.min(axis=axis)
        m, n = a.shape
        return from_matrix(found.toarray().reshape((1, n) if axis == 0 else (m, 1)) if sp.issparse(found)
                           else np.asarray(found).reshape((1, n) if axis == 0 else (m, 1)))
    return form


def _find_form(ctx, x: Value, *rest: Value, nargout: int = 1) -> tuple:
    """find on the stored elements: their positions are the nonzeros, column-major."""
    from .arrays import find_outputs
    if not is_sparse(x):
        return _through_full("find", ())(ctx, x, *rest, nargout=nargout)
    S = x.data
    cols = np.repeat(np.arange(S.shape[1], dtype=np.int64), np.diff(S.indptr))
    return find_outputs(cols * S.shape[0] + S.indices, S.data, x.shape, *rest, nargout=nargout)


def _isequal_form(name: str) -> Callable:
    def form(ctx, *args: Value, nargout: int = 1) -> bool:
        if all(is_sparse(a) for a in args) and name == "isequal":
            first = args[0]
            return all(a.shape == first.shape and (a.data != first.data).nnz == 0 for a in args[1:])
        return _through_full(name, ())(ctx, *args, nargout=nargout)[0]
    return form


def _nnz_form(ctx, a: SparseMatrix, nargout: int = 1) -> float:
    return float(a.data.nnz)


def _logical_form(ctx, a: SparseMatrix, nargout: int = 1) -> SparseMatrix:
    if a.data.dtype.kind in "fc" and np.isnan(a.data.data).any():
        raise MatlabError("MATLAB:nologicalnan", "NaN's cannot be converted to logicals.")
    return from_matrix(a.data.astype(np.bool_))


def _double_form(ctx, a: SparseMatrix, nargout: int = 1) -> SparseMatrix:
    return from_matrix(a.data.astype(np.float64) if a.data.dtype == np.bool_ else a.data)


def _isreal_form(ctx, a: SparseMatrix, nargout: int = 1) -> bool:
    return a.data.dtype.kind != "c"


def _operator_form(symbol: str, arity: int) -> Callable:
    """plus(S, A) and the other function forms of operators: the routed operator (ops.BINARY)."""
    def form(ctx, *args: Value, nargout: int = 1) -> Value:
        if len(args) != arity:
            raise not_enough_inputs() if len(args) < arity else too_many_inputs()
        table = ops.BINARY if arity == 2 else ops.UNARY
        return table[symbol](*args)
    return form


def _reshape_form(ctx, a: Value, *dims: Value, nargout: int = 1) -> Value:
    """reshape(S, m, n) / reshape(S, [m n]): sparse, column-major."""
    from .construct import _reshape_dims
    if not is_sparse(a) or not dims:
        return _through_full("reshape")(ctx, a, *dims, nargout=nargout)[0]
    shape = _reshape_dims([full_of(d) for d in dims], a.shape[0] * a.shape[1])
    shape = tuple(shape[:2]) if len(shape) > 2 and all(d == 1 for d in shape[2:]) else tuple(shape)
    if len(shape) > 2:
        raise not_two_dimensional()
    return from_matrix(a.data.reshape(shape, order="F"))


def _offset(fname: str, k: Value | None) -> int | None:
    """A diagonal number argument (0 when absent), or None when it is not a whole real scalar (the full
    implementation then says what is wrong)."""
    if k is None:
        return 0
    k = full_of(k)
    if type(k) is not float or not math.isfinite(k) or k != math.floor(k):
        return None
    return int(max(-2.0 ** 49, min(2.0 ** 49, k)))      # past every sparse size (2^48 - 1): the same diagonal


def _diag_form(ctx, a: Value, *rest: Value, nargout: int = 1) -> Value:
    """diag(v, k) of a sparse vector is a sparse matrix, diag(S, k) of a sparse matrix a sparse column."""
    k = _offset("diag", rest[0] if rest else None)
    if not is_sparse(a) or len(rest) > 1 or k is None:
        return _through_full("diag")(ctx, a, *rest, nargout=nargout)[0]
    m, n = a.shape
    if m == 1 or n == 1:
        size = m * n + abs(k)
        _shape("diag", float(size), float(size))
        values = a.data.toarray().ravel(order="F")
        return from_matrix(sp.diags_array(values, offsets=k, shape=(size, size), format="csc"))
    return from_matrix(a.data.diagonal(k).reshape(-1, 1))


def _triangle_form(name: str) -> Callable:
    """tril(S, k) and triu(S, k) by scipy.sparse (sparse results)."""
    cut = sp.tril if name == "tril" else sp.triu

    def form(ctx, a: Value, *rest: Value, nargout: int = 1) -> Value:
        k = _offset(name, rest[0] if rest else None)
        if not is_sparse(a) or len(rest) > 1 or k is None:
            return _through_full(name)(ctx, a, *rest, nargout=nargout)[0]
        return from_matrix(cut(a.data, k, format="csc"))
    return form


def _kron_form(ctx, a: Value, b: Value, nargout: int = 1) -> Value:
    """kron(A, B) with a sparse operand: sparse (scipy.sparse.kron)."""
    return from_matrix(sp.kron(sparse_of(a, "kron").data, sparse_of(b, "kron").data, format="csc"))


NATIVE = ("class", "size", "numel", "length", "ndims", "isempty", "isscalar", "isvector", "ismatrix",
          "isrow", "iscolumn", "isa", "isnumeric", "islogical", "isfloat", "isinteger", "ischar", "iscell",
          "isstruct", "isstring", "iscellstr", "isobject", "disp", "display", "horzcat", "vertcat", "cat",
          "struct", "setfield", "deal")
ON_NONZEROS = ("abs", "sqrt", "sin", "tan", "sinh", "tanh", "asin", "atan", "asinh", "atanh", "floor",
               "ceil", "round", "fix", "sign", "real", "imag", "conj", "isnan", "isinf", "expm1", "log1p")
THROUGH_FULL = ("cos", "exp", "cosh", "any", "all", "prod", "cumsum", "cumprod", "mean", "fliplr",
                "flipud", "repmat", "mod", "rem", "hypot", "atan2", "xor", "isfinite", "inv", "trace", "chol")
FULL = ("norm", "det", "isdiag", "istril", "istriu", "issymmetric", "ishermitian", "isbanded",
        "bandwidth", "condest", "normest")     # MATLAB's results are full
OPERATORS = {"plus": "+", "minus": "-", "times": ".*", "rdivide": "./", "ldivide": ".\\", "power": ".^",
             "mtimes": "*", "mrdivide": "/", "mldivide": "\\", "mpower": "^", "eq": "==", "ne": "~=",
             "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "and": "&", "or": "|"}
UNARY_OPERATORS = {"uminus": "-", "uplus": "+", "not": "~", "ctranspose": "'", "transpose": ".'"}


@after_load
def _register_forms() -> None:
    for name in NATIVE:
        set_sparse_form(name, "native")
    for name in ON_NONZEROS:
        set_sparse_form(name, _on_nonzeros(name))
    for name in THROUGH_FULL:
        set_sparse_form(name, _through_full(name))
    for name in FULL:
        set_sparse_form(name, "full")
    for name, symbol in OPERATORS.items():
        set_sparse_form(name, _operator_form(symbol, 2))
    for name, symbol in UNARY_OPERATORS.items():
        set_sparse_form(name, _operator_form(symbol, 1))
    forms = {"sum": _sum_form, "max": _extreme_form("max"), "min": _extreme_form("min"), "find": _find_form,
             "isequal": _isequal_form("isequal"), "isequaln": _isequal_form("isequaln"), "nnz": _nnz_form,
             "logical": _logical_form, "double": _double_form, "isreal": _isreal_form,
             "reshape": _reshape_form, "diag": _diag_form, "tril": _triangle_form("tril"),
             "triu": _triangle_form("triu"), "kron": _kron_form}
    for name, form in forms.items():
        set_sparse_form(name, form)
