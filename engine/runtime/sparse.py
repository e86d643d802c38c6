"""Sparse matrices: building them, converting them, indexing, indexed assignment and concatenation.

    sparse_of(value) -> SparseMatrix      a double/logical value as sparse (sparse(A))
    from_matrix(m, capacity) -> SparseMatrix   any scipy.sparse matrix in the engine's canonical form
    full_of(value) -> Value               a sparse value as the full value (others as they are)
    index(S, args) -> SparseMatrix        S(i), S(i, j), S(:), S(mask)
    assign(base, args, rhs, inplace)      base(args) = rhs where base or rhs is sparse
    concat(dim, values) -> SparseMatrix   [S, A], [S; A] with a sparse operand

The value type is values.SparseMatrix (a scipy.sparse.csc_array: MATLAB stores sparse matrices by
compressed columns too). MATLAB's rules kept here: indexing a sparse matrix gives a sparse matrix (a 1x1
one too); assignment keeps the base's class and sparsity, and a sparse right-hand side assigned into a
full array (or into a new variable) is stored as full; concatenation with any sparse operand is sparse. Operators are in
sparse_ops.py, the builtins in builtins/sparsefun.py.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import scipy.sparse as sp

from .errors import MatlabError
from .semantics import NUMERIC_CLASSES
from .values import SparseMatrix, Value, class_of, is_array_like, simplify, size_of, to_array


def from_matrix(matrix, capacity: int = 0) -> SparseMatrix:
    """``matrix`` (a scipy.sparse matrix or a 2-D ndarray) as a SparseMatrix in canonical form: compressed
    columns, sorted, no duplicates or stored zeros; float64, complex128 (only with a nonzero imaginary
    part, as MATLAB drops all-zero ones) or bool."""
    m = _from_dense(matrix) if isinstance(matrix, np.ndarray) else sp.csc_array(matrix, copy=True)
    kind = m.dtype.kind
    if kind == "c":
        m = m.astype(np.complex128) if np.any(m.data.imag) else sp.csc_array(m.real, dtype=np.float64)
    elif kind != "b" and m.dtype != np.float64:
        m = m.astype(np.float64)
    if not m.has_canonical_format:
        m.sum_duplicates()          # sorts the row indices too
    if not m.data.all():
        m.eliminate_zeros()
    return SparseMatrix(m, capacity)


def _from_dense(arr: np.ndarray):
    """A 2-D ndarray's nonzeros as a csc_array (built directly: scipy's dense path is slow for small ones)."""
    cols, rows = np.nonzero(arr.T)              # column-major order: by column, then by row
    indptr = np.zeros(arr.shape[1] + 1, dtype=np.int64)
    np.cumsum(np.bincount(cols, minlength=arr.shape[1]), out=indptr[1:])
    return sp.csc_array((arr[rows, cols], rows, indptr), shape=arr.shape)


def _scalar_at(S: SparseMatrix, i: int, j: int) -> SparseMatrix:
    """S(i + 1, j + 1) as a 1x1 sparse matrix, read from the compressed columns."""
    m = S.data
    lo, hi = m.indptr[j], m.indptr[j + 1]
    k = lo + int(np.searchsorted(m.indices[lo:hi], i))
    count = int(k < hi and m.indices[k] == i)
    return SparseMatrix(sp.csc_array((m.data[k:k + count].copy(), np.zeros(count, dtype=np.int32),
                                      np.array([0, count], dtype=np.int32)), shape=(1, 1)))


def _scalar_subscripts(shape: tuple[int, int], args: list) -> tuple[int, int] | None:
    """(row, column), 0-based, of S(i, j) or S(k) with whole real scalar subscripts inside S; else None."""
    m, n = shape
    if len(args) == 2 and type(args[0]) is float and type(args[1]) is float:
        i, j = args
        if 1 <= i <= m and 1 <= j <= n and i == int(i) and j == int(j):
            return int(i) - 1, int(j) - 1
    elif len(args) == 1 and type(args[0]) is float:
        k = args[0]
        if 1 <= k <= m * n and k == int(k):
            return (int(k) - 1) % m, (int(k) - 1) // m
    return None


def is_sparse(value: Value) -> bool:
    return type(value) is SparseMatrix


def not_two_dimensional() -> MatlabError:
    return MatlabError("MATLAB:sparse:inputMustBe2D", "N-dimensional sparse arrays are not supported; "
                                                      "sparse matrices have two dimensions.")


def sparse_of(value: Value, what: str = "sparse") -> SparseMatrix:
    """A numeric or logical value as a sparse matrix: double stays double, logical logical (char counts
    as its codes). Other classes (single, integers) have no sparse form in MATLAB."""
    if type(value) is SparseMatrix:
        return value
    cls = class_of(value)
    if cls not in ("double", "logical", "char") or not is_array_like(value):
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Undefined function '{what}' for input arguments of type '{cls}'.")
    arr = to_array(value)
    if arr.ndim > 2:
        raise not_two_dimensional()
    return from_matrix(arr)


def full_of(value: Value) -> Value:
    """The full value of a sparse matrix (1x1 as a scalar); any other value unchanged."""
    return simplify(value.to_full()) if type(value) is SparseMatrix else value


# ----------------------------------------------------------------------------------------------------
# reading S(args)


def _positions(shape: tuple[int, int], arg: Value) -> tuple[np.ndarray, tuple[int, ...]]:
    """Linear subscript ``arg`` as checked 0-based positions and the shape the subscript has."""
    from .indexing import _is_logical, checked, subscript
    idx, idx_shape = subscript(arg)
    return checked(idx, shape[0] * shape[1], 1, 1, _is_logical(arg)), idx_shape


def _keys(arg: Value, bound: int, position: int, n: int) -> np.ndarray | slice:
    from .indexing import _is_logical, checked, is_colon, subscript
    if is_colon(arg):
        return slice(None)
    idx, _ = subscript(arg)
    return checked(idx, bound, position, n, _is_logical(arg))


def _trailing_ones(args: list) -> list:
    """S(i, j, 1, ...): subscripts past the second must select the one page there is."""
    from .indexing import is_colon, position_out_of_bounds, subscript
    for position, arg in enumerate(args[2:], start=3):
        if not is_colon(arg):
            idx, _ = subscript(full_of(arg))
            if idx.size and idx.max() > 0:
                raise position_out_of_bounds(position, 1)
    return args[:2]


def elements_at(S: SparseMatrix, flat: np.ndarray) -> np.ndarray:
    """The values of S at 0-based column-major positions ``flat``, as a dense 1-D array."""
    m = S.shape[0]
    rows, cols = flat % m if m else flat, flat // m if m else flat
    out = np.zeros(flat.size, dtype=S.data.dtype)
    if flat.size:
        picked = S.data[rows, cols]
        out[:] = picked.toarray() if sp.issparse(picked) else np.asarray(picked).ravel()
    return out


def index(S: SparseMatrix, args: list) -> SparseMatrix:
    """``S(args...)``: a sparse result, whatever its size."""
    from .indexing import is_colon, linear_result_shape
    if not args:
        return from_matrix(S.data)
    at = _scalar_subscripts(S.shape, args)
    if at is not None:
        return _scalar_at(S, *at)
    if len(args) == 1:
        arg = args[0]
        m, n = S.shape
        if is_colon(arg):
            return from_matrix(S.data.reshape((m * n, 1), order="F"))
        idx, idx_shape = _positions(S.shape, arg)
        shape = linear_result_shape(S.shape, idx_shape, idx.size)
        if len(shape) > 2:
            raise not_two_dimensional()
        values = elements_at(S, idx)
        return from_matrix(values.reshape(shape, order="F"))
    args = _trailing_ones(args) if len(args) > 2 else args
    rows = _keys(args[0], S.shape[0], 1, 2)
    cols = _keys(args[1], S.shape[1], 2, 2)
    picked = S.data[:, cols] if type(cols) is not slice else S.data
    picked = picked[rows, :] if type(rows) is not slice else picked
    return from_matrix(picked)


# ----------------------------------------------------------------------------------------------------
# base(args) = rhs


def assign(base: Value | None, args: list, rhs: Value, inplace: bool = False) -> Value:
    """``base(args) = rhs`` where ``base`` or ``rhs`` is sparse (deletion: rhs a 0x0 double)."""
    from .indexing import assign_paren
    if type(base) is not SparseMatrix:          # a full base (or none) stays full
        return assign_paren(base, args, full_of(rhs), inplace)
    args = [full_of(a) for a in args]
    if type(rhs) is np.ndarray and rhs.shape == (0, 0) and rhs.dtype == np.float64:
        return _delete(base, args)
    if not args:
        raise MatlabError("MATLAB:index:emptyParenAssignment",
                          "Assignment with empty parentheses is not supported; use A = value.")
    at = _scalar_subscripts(base.shape, args)
    if at is not None and (type(rhs) is float and base.data.dtype == np.float64 or
                           type(rhs) is bool and base.data.dtype == np.bool_):
        return _set_element(base, *at, rhs)
    return _store(base, args, rhs)


def _set_element(S: SparseMatrix, i: int, j: int, x: float | bool) -> SparseMatrix:
    """S(i + 1, j + 1) = x of S's own class, in the compressed columns: the value replaced, inserted or
    (x zero) removed. The arrays of S are never changed (they may be shared), only new ones made."""
    m = S.data
    lo, hi = m.indptr[j], m.indptr[j + 1]
    k = lo + int(np.searchsorted(m.indices[lo:hi], i))
    present = k < hi and m.indices[k] == i
    if present and x != 0:
        data = m.data.copy()
        data[k] = x
        indices, indptr = m.indices, m.indptr
    elif present or x != 0:
        step = -1 if present else 1
        data = np.delete(m.data, k) if present else np.insert(m.data, k, x)
        indices = np.delete(m.indices, k) if present else np.insert(m.indices, k, i)
        indptr = m.indptr.copy()
        indptr[j + 1:] += step
    else:
        return S
    return SparseMatrix(sp.csc_array((data, indices, indptr), shape=m.shape), S.capacity)


def _rhs_values(base: SparseMatrix, rhs: Value) -> np.ndarray:
    """The right-hand side as a dense array of the base's class (complex makes a double base complex)."""
    from .indexing import _numeric_as
    if class_of(rhs) not in NUMERIC_CLASSES:
        raise MatlabError("MATLAB:invalidConversion",
                          f"Conversion to {base.matlab_class} from {class_of(rhs)} is not possible.")
    rhs = full_of(rhs)
    complex_ = base.data.dtype.kind == "c" or np.iscomplexobj(rhs)
    return _numeric_as(rhs, base.matlab_class, complex_)


def _store(base: SparseMatrix, args: list, rhs: Value) -> SparseMatrix:
    from .indexing import _fit_rhs, plan_targets
    if len(args) > 2:
        args = _trailing_ones(args)
    values = _rhs_values(base, rhs)
    plan = plan_targets(base.shape, args, size_of(rhs), values.dtype.itemsize)
    if len(plan.shape) > 2:
        raise not_two_dimensional()
    values = _fit_rhs(values, plan, len(args) == 1)
    if len(args) == 2 and plan.shape == base.shape:
        stored = _store_block(base, plan, values)
        if stored is not None:
            return stored
    rows, cols = (np.broadcast_arrays(*plan.keys) if len(args) == 2 else plan.keys)
    values = np.broadcast_to(values, rows.shape)
    rows, cols, values = (a.ravel(order="F") for a in (rows, cols, values))
    m = plan.shape[0]
    keys = cols.astype(np.int64) * m + rows
    last = keys.size - 1 - np.unique(keys[::-1], return_index=True)[1]   # a repeated target: the last wins
    old = base.data.tocoo()
    old_keys = old.col.astype(np.int64) * m + old.row
    keep = ~np.isin(old_keys, keys)
    dtype = np.result_type(old.dtype, values.dtype)
    merged = sp.coo_array((np.concatenate([old.data[keep].astype(dtype), values[last].astype(dtype)]),
                           (np.concatenate([old.row[keep], rows[last]]),
                            np.concatenate([old.col[keep], cols[last]]))), shape=plan.shape)
    return from_matrix(merged, base.capacity)


def _store_block(base: SparseMatrix, plan: Any, values: np.ndarray) -> SparseMatrix | None:
    """``S(r, c) = values`` inside S, with no repeated subscript in r or c (None otherwise: then the last
    of a repeated target wins, which the general path settles): the entries of S in the block are
    cleared and the nonzeros of values added, in time proportional to the nonzeros of S and the size of
    the block (the general path sorts every target against every entry: a loop assembling a matrix
    block by block slowed down as the matrix filled)."""
    rows, cols = (np.asarray(k).ravel() for k in plan.keys)
    m = base.data
    row_hit, col_hit = np.zeros(m.shape[0], dtype=np.bool_), np.zeros(m.shape[1], dtype=np.bool_)
    row_hit[rows], col_hit[cols] = True, True
    if np.count_nonzero(row_hit) != rows.size or np.count_nonzero(col_hit) != cols.size:
        return None
    dtype = np.result_type(m.dtype, values.dtype)
    block = np.broadcast_to(values, (rows.size, cols.size))
    i, j = np.nonzero(block)
    placed = sp.csc_array((block[i, j].astype(dtype), (rows[i], cols[j])), shape=m.shape)
    cleared = np.repeat(col_hit, np.diff(m.indptr)) & row_hit[m.indices]
    if cleared.any():
        keep = ~cleared               # S's own arrays are never changed: they may be shared
        counts = np.bincount(np.repeat(np.arange(m.shape[1]), np.diff(m.indptr))[keep], minlength=m.shape[1])
        m = sp.csc_array((m.data[keep], m.indices[keep], np.concatenate([[0], np.cumsum(counts)])), shape=m.shape)
    return from_matrix(m.astype(dtype, copy=False) + placed, base.capacity)


def _delete(base: SparseMatrix, args: list) -> SparseMatrix:
    """``S(args) = []``: whole rows or columns go without making S full (a linear deletion works on the
    full matrix)."""
    from .indexing import _deletion_keys, _out_of_range_deletion, delete
    if len(args) < 2:
        return from_matrix(to_array(delete(base.to_full(), args)), base.capacity)
    args = _trailing_ones(args) if len(args) > 2 else args
    shape_only = np.broadcast_to(np.zeros((), dtype=np.bool_), base.shape)   # _deletion_keys reads a shape
    idx, dims, axis = _deletion_keys(shape_only, args)
    if axis < 0:
        axis, idx = 0, np.arange(dims[0])
    if idx.size and idx.max() >= dims[axis]:
        raise _out_of_range_deletion()
    kept = np.setdiff1d(np.arange(dims[axis]), idx)
    picked = base.data[kept, :] if axis == 0 else base.data[:, kept]
    return from_matrix(picked, base.capacity)


# ----------------------------------------------------------------------------------------------------
# [S, A] and [S; A]


def concat(dim: int, kind: str, values: list) -> SparseMatrix:
    """Concatenation along ``dim`` (1 or 2) of numeric operands of which one at least is sparse: a
    sparse result of class ``kind`` (double, or logical when every operand is; char counts as its
    codes). Empty operands are left out as in full concatenation."""
    from .concat import dimension_mismatch
    if kind not in ("double", "logical"):
        raise MatlabError("MATLAB:UndefinedFunction", f"Concatenation of a sparse matrix with a value of "
                                                      f"class '{kind}' is not supported.")
    if dim > 2:
        raise not_two_dimensional()
    parts = [v.data if type(v) is SparseMatrix else _dense_part(v) for v in values]
    nonempty = [p for p in parts if p.shape[0] * p.shape[1]]
    parts = nonempty or [p for p in parts if p.shape != (0, 0)] or parts[:1]
    along = 1 - (dim - 1)        # the dimension that must agree
    if any(p.shape[along] != parts[0].shape[along] for p in parts):
        raise dimension_mismatch()
    joined = (sp.vstack if dim == 1 else sp.hstack)(parts, format="csc") if len(parts) > 1 else parts[0]
    dtype = np.bool_ if kind == "logical" else np.result_type(joined.dtype, np.float64)
    return from_matrix(joined.astype(dtype))


def _dense_part(value: Value):
    arr = to_array(value)
    if arr.ndim > 2:
        raise not_two_dimensional()
    return sp.csc_array(arr)
