"""MATLAB's operators with a sparse operand. ops.py routes every operator through ``route``: an operand
that is a SparseMatrix sends the operation here, any other goes to ops.py's own implementation.

Whether the result is sparse follows MATLAB (S sparse, F full, x a full scalar):

    S + S, S - S (any two sparse)     sparse      S + F, S + x, S - x      full
    S .* S, S .* F, S .* x            sparse      S ./ X, X ./ S, S .\\ X  sparse
    (a vector F expands along S's rows or columns without making S full)
    S .^ X (S the base)               sparse      x .^ S, S .^ y (y <= 0)  full
    S * S, x * S, S * x, S / x        sparse      S * F, F * S (S 1x1 too)  full
    S \\ B                            sparse when B is, else full (scipy.sparse.linalg.spsolve)
    comparisons, &, |, ~              sparse logical
    -S, +S, S', S.'                   sparse

The common cases are computed on the stored elements alone. Where zeros matter (0 ./ 0, a comparison
true at zero, an Inf in the full operand of .*) the operation runs on the full matrices through ops.py,
so every answer is the full answer (MATLAB's size-limit error where the full matrix cannot fit), stored
back as sparse where MATLAB's result is sparse. Operands of another class than double, logical or char
(single, integers) are an error: MATLAB has no sparse form of them.
"""
from __future__ import annotations

import math
import warnings
from typing import Callable

import numpy as np
import scipy.sparse as sp

from .errors import MatlabError, inner_dimensions
from .sparse import from_matrix, full_of, not_two_dimensional
from .values import SparseMatrix, Value, class_of, size_of, sparse_unsupported, to_array

Binary = Callable[[Value, Value], Value]
SPARSE_RESULT = frozenset({".*", "./", ".\\", ".^", "==", "~=", "<", "<=", ">", ">=", "&", "|"})
PLAIN: dict[str, Callable] = {}          # ops.py's own binary operators and truth (filled by ``route``)
PLAIN_UNARY: dict[str, Callable] = {}    # ops.py's own unary operators
COMPARE: dict[str, Callable] = {"==": np.equal, "~=": np.not_equal, "<": np.less, "<=": np.less_equal,
                                ">": np.greater, ">=": np.greater_equal}


def _check_operands(op: str, a: Value, b: Value) -> None:
    """The other operand of a sparse one: double, logical or char, two-dimensional."""
    for v in (a, b):
        cls = class_of(v)
        if type(v) is not SparseMatrix and cls not in ("double", "logical", "char"):
            raise MatlabError("MATLAB:UndefinedFunction", f"Operator '{op}' is not supported for a sparse "
                                                          f"matrix and a value of class '{cls}'.")
        if len(size_of(v)) > 2:
            raise not_two_dimensional()


def _numbers(S: SparseMatrix):
    """The stored matrix with logical values as double (arithmetic on logical gives double)."""
    return S.data.astype(np.float64) if S.data.dtype == np.bool_ else S.data


def _scalar(value: Value) -> float | complex | None:
    """A full numeric scalar as a Python number, else None."""
    if type(value) is SparseMatrix or size_of(value) != (1, 1):
        return None
    return to_array(value).reshape(()).item()


def on_stored(S: SparseMatrix, fn: Callable[[np.ndarray], np.ndarray]) -> SparseMatrix:
    """``fn`` (elementwise, fn(0) == 0) applied to the stored elements only: same sparsity pattern."""
    m = S.data
    stored = m.data if m.nnz else np.zeros(1, dtype=m.dtype)     # no nonzeros: a zero tells the class
    values = to_array(fn(stored.reshape(-1, 1))).ravel()[:m.nnz]
    return from_matrix(sp.csc_array((values, m.indices, m.indptr), shape=m.shape))


def _dense(op: str, a: Value, b: Value) -> Value:
    """The operation on the full matrices; sparse again where MATLAB's result is sparse (always when
    both operands are)."""
    result = PLAIN[op](full_of(a), full_of(b))
    sparse = op in SPARSE_RESULT or (type(a) is SparseMatrix and type(b) is SparseMatrix)
    return from_matrix(to_array(result)) if sparse else result


def _same_shape(a: Value, b: Value) -> bool:
    return size_of(a) == size_of(b)


def _finite(value: Value) -> bool:
    return bool(np.isfinite(to_array(value)).all())


# ----------------------------------------------------------------------------------------------------
# elementwise


def _plus_minus(op: str) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        if type(a) is SparseMatrix and type(b) is SparseMatrix and _same_shape(a, b):
            return from_matrix(_numbers(a) + _numbers(b) if op == "+" else _numbers(a) - _numbers(b))
        return _dense(op, a, b)
    return operator


def _scaled(S: SparseMatrix, factors: Value) -> SparseMatrix | None:
    """S .* v for a finite vector v along S's rows (m-by-1) or columns (1-by-n), with implicit expansion,
    on the stored elements: None for any other v."""
    m, n = S.shape
    shape = size_of(factors)
    if shape not in ((m, 1), (1, n)) or shape == (m, n):
        return None
    v = to_array(full_of(factors)).ravel()
    if not np.isfinite(v).all():
        return None
    diagonal = sp.diags_array(v, format="csc")
    return from_matrix(diagonal @ _numbers(S) if shape == (m, 1) else _numbers(S) @ diagonal)


def _times(a: Value, b: Value) -> Value:
    if type(a) is not SparseMatrix:
        a, b = b, a
    x = _scalar(b)
    if x is not None and math.isfinite(abs(x)):
        return from_matrix(_numbers(a) * x)
    if _same_shape(a, b):
        if type(b) is SparseMatrix:
            return from_matrix(_numbers(a).multiply(_numbers(b)))
        if _finite(b):
            return from_matrix(_numbers(a).multiply(to_array(b)))
    scaled = _scaled(a, b)
    return scaled if scaled is not None else _dense(".*", a, b)


def _rdivide(a: Value, b: Value) -> Value:
    x = _scalar(b)
    if type(a) is SparseMatrix and x is not None and x != 0 and math.isfinite(abs(x)):
        return from_matrix(_numbers(a) / x)
    if type(a) is SparseMatrix and type(b) is not SparseMatrix and x is None:
        divisors = to_array(b)
        if divisors.ndim == 2 and 1 in divisors.shape and divisors.all():
            scaled = _scaled(a, 1.0 / divisors)
            if scaled is not None:
                return scaled
    return _dense("./", a, b)


def _ldivide(a: Value, b: Value) -> Value:
    return _rdivide(b, a)


def _power(a: Value, b: Value) -> Value:
    x = _scalar(b)
    if type(a) is SparseMatrix and x is not None and not isinstance(x, complex) and x > 0:
        return on_stored(a, lambda v: PLAIN[".^"](v, x))
    if type(a) is not SparseMatrix or x is not None:    # x .^ S, S .^ 0, S .^ -1: full (0 .^ 0 is 1)
        return PLAIN[".^"](full_of(a), full_of(b))
    return _dense(".^", a, b)


# ----------------------------------------------------------------------------------------------------
# comparisons and logical operators


def _nan_checked(S: SparseMatrix):
    """The stored matrix as logical; NaN has no logical value."""
    from .ops import nan_to_logical_error
    if S.data.dtype.kind in "fc" and np.isnan(S.data.data).any():
        raise nan_to_logical_error()
    return S.data.astype(np.bool_)


def _comparison(op: str) -> Binary:
    cmp = COMPARE[op]

    def operator(a: Value, b: Value) -> Value:
        sparse_first = type(a) is SparseMatrix
        S, other = (a, b) if sparse_first else (b, a)
        x = _scalar(other)
        order = op not in ("==", "~=")
        if x is not None and not (order and isinstance(x, complex)):
            at_zero = cmp(0, x) if sparse_first else cmp(x, 0)
            if not at_zero:                         # only the stored elements can be true
                return on_stored(S, lambda v: cmp(v.real if order else v, x) if sparse_first
                                 else cmp(x, v.real if order else v))
        return _dense(op, a, b)
    return operator


def _and(a: Value, b: Value) -> Value:
    if type(a) is not SparseMatrix:
        a, b = b, a
    if type(b) is SparseMatrix and _same_shape(a, b):
        return from_matrix(_nan_checked(a).multiply(_nan_checked(b)))
    x = _scalar(b)
    if x is not None and x == x:
        mask = _nan_checked(a)
        return from_matrix(mask if x != 0 else sp.csc_array(mask.shape, dtype=np.bool_))
    return _dense("&", a, b)


def _or(a: Value, b: Value) -> Value:
    if type(a) is SparseMatrix and type(b) is SparseMatrix and _same_shape(a, b):
        return from_matrix(_nan_checked(a) + _nan_checked(b))
    return _dense("|", a, b)


# ----------------------------------------------------------------------------------------------------
# matrix operators


def _matrix_operands(op: str, a: Value, b: Value) -> tuple[Value, Value]:
    """Operands of * \\ / as 2-D matrices (an N-d full operand is MATLAB's error)."""
    for v in (a, b):
        if len(size_of(v)) > 2:
            raise MatlabError("MATLAB:mtimes:ndArrays", "Arguments must be 2-D, or at least one argument "
                                                        "must be scalar.")
    return a, b


def _mtimes(a: Value, b: Value) -> Value:
    if _scalar(a) is not None or _scalar(b) is not None:
        return _times(a, b)
    if size_of(a) == (1, 1) or size_of(b) == (1, 1):    # a 1x1 sparse: sparse with sparse, else full
        product = _times(a, b)
        return product if type(a) is SparseMatrix and type(b) is SparseMatrix else full_of(product)
    a, b = _matrix_operands("*", a, b)
    if size_of(a)[1] != size_of(b)[0]:
        raise inner_dimensions()
    if type(a) is SparseMatrix and type(b) is SparseMatrix:
        return from_matrix(_numbers(a) @ _numbers(b))
    if type(a) is SparseMatrix:
        return _full_result(_numbers(a) @ to_array(b))
    return _full_result((_numbers(b).T @ to_array(a).T).T)


def _full_result(arr) -> Value:
    from .semantics import to_value
    return to_value(np.asarray(arr))


def _mldivide(a: Value, b: Value) -> Value:
    if size_of(a) == (1, 1):
        return _ldivide(a, b)
    a, b = _matrix_operands("\\", a, b)
    (m, n), rows = size_of(a), size_of(b)[0]
    if m != rows:
        raise MatlabError("MATLAB:dimagree", "Matrix dimensions must agree.")
    if type(a) is not SparseMatrix or m != n:     # full A, or least squares: on the full matrices
        return _full_solve(a, b)
    import scipy.sparse.linalg
    rhs = _numbers(b) if type(b) is SparseMatrix else to_array(b).astype(np.result_type(to_array(b), float))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            x = scipy.sparse.linalg.spsolve(_numbers(a).tocsc(), rhs)
        except RuntimeError:            # exactly singular: the full solve's Inf and NaN, as MATLAB gives
            return _full_solve(a, b)
    x = (x.toarray() if sp.issparse(x) else np.asarray(x)).reshape((n, size_of(b)[1]), order="F")
    return from_matrix(x) if type(b) is SparseMatrix else _full_result(x)


def _full_solve(a: Value, b: Value) -> Value:
    """A \\ B on the full matrices (sparse when B is)."""
    result = PLAIN["\\"](full_of(a), full_of(b))
    return from_matrix(to_array(result)) if type(b) is SparseMatrix else result


def _mrdivide(a: Value, b: Value) -> Value:
    if size_of(b) == (1, 1):
        return _rdivide(a, b)
    return _transpose(_mldivide(_transpose(b), _transpose(a)))


def _mpower(a: Value, b: Value) -> Value:
    x = _scalar(b)
    if type(a) is SparseMatrix and x is not None and size_of(a) == (1, 1):
        return _power(a, b)
    if type(a) is not SparseMatrix or x is None or isinstance(x, complex) or x < 0 or \
            not float(x).is_integer():
        raise sparse_unsupported("The matrix power ^ of a sparse matrix, except to a nonnegative integer "
                                 "power,")
    m, n = size_of(a)
    if m != n:
        raise MatlabError("MATLAB:mpower:notScalarAndSquareMatrix",
                          "Incorrect dimensions for raising a matrix to a power. Check that the matrix is "
                          "square and the power is a scalar. To operate on each element of the matrix "
                          "individually, use POWER (.^) for elementwise power.")
    import scipy.sparse.linalg
    return from_matrix(scipy.sparse.linalg.matrix_power(_numbers(a), int(x)))


# ----------------------------------------------------------------------------------------------------
# unary operators and conditions


def _uminus(a: SparseMatrix) -> SparseMatrix:
    return from_matrix(-_numbers(a))


def _uplus(a: SparseMatrix) -> SparseMatrix:
    return from_matrix(_numbers(a))


def _not(a: SparseMatrix) -> SparseMatrix:
    _nan_checked(a)
    return from_matrix(to_array(PLAIN_UNARY["~"](a.to_full())))


def _transpose(a: Value) -> Value:
    return from_matrix(a.data.T) if type(a) is SparseMatrix else PLAIN_UNARY[".'"](a)


def _ctranspose(a: SparseMatrix) -> SparseMatrix:
    return from_matrix(a.data.conj().T)


def truth(S: SparseMatrix) -> bool:
    """``if S``: every element nonzero (NaN is an error); a zero element is enough to decide."""
    _nan_checked(S)
    m, n = S.shape
    if S.data.nnz < m * n:
        return False
    return PLAIN["truth"](S.to_full())


BINARY: dict[str, Binary] = {
    "+": _plus_minus("+"), "-": _plus_minus("-"), ".*": _times, "./": _rdivide, ".\\": _ldivide,
    ".^": _power, "*": _mtimes, "\\": _mldivide, "/": _mrdivide, "^": _mpower,
    "&": _and, "|": _or, **{op: _comparison(op) for op in COMPARE},
}
UNARY: dict[str, Callable[[Value], Value]] = {
    "-": _uminus, "+": _uplus, "~": _not, "'": _ctranspose, ".'": _transpose,
}


def _routed_binary(op: str, plain: Binary) -> Binary:
    sparse_op = BINARY[op]

    def operator(a: Value, b: Value) -> Value:
        if type(a) is SparseMatrix or type(b) is SparseMatrix:
            _check_operands(op, a, b)
            return sparse_op(a, b)
        return plain(a, b)
    operator.__name__ = plain.__name__
    return operator


def _routed_unary(op: str, plain: Callable[[Value], Value]) -> Callable[[Value], Value]:
    sparse_op = UNARY[op]

    def operator(a: Value) -> Value:
        return sparse_op(a) if type(a) is SparseMatrix else plain(a)
    operator.__name__ = plain.__name__
    return operator


def route(binary: dict[str, Binary], unary: dict[str, Callable], plain_truth: Callable[[Value], bool]
          ) -> Callable[[Value], bool]:
    """Wrap ops.py's operator tables in place so that sparse operands come here; returns ``truth``
    accepting a sparse condition. Called once, by ops.py as it is loaded."""
    for op, fn in binary.items():
        PLAIN[op] = fn
        binary[op] = _routed_binary(op, fn)
    for op, fn in unary.items():
        PLAIN_UNARY[op] = fn
        unary[op] = _routed_unary(op, fn)
    PLAIN["truth"] = plain_truth

    def routed_truth(value: Value) -> bool:
        return truth(value) if type(value) is SparseMatrix else plain_truth(value)
    routed_truth.__doc__ = plain_truth.__doc__
    return routed_truth
