"""Array construction: zeros ones eye linspace repmat reshape meshgrid diag tril triu magic.

``split_class`` (the trailing class name or ``'like', p`` of zeros/ones/eye/rand...) is shared with
random.py.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..threads import cpu_threads, in_parts
from ..semantics import cast_result, result_class, to_value, work_dtype
from ..values import (DTYPE_OF_CLASS, CellArray, CharArray, StringArray, StructArray, Value,
                      class_of, normalize_shape, size_of)
from .registry import builtin, set_refill_path
from .sizes import (check_size, integer_values, is_size_vector, is_text, numeric_array, option_text,
                    size_from_args)


def split_class(args: tuple[Value, ...], fname: str,
                classes: tuple[str, ...]) -> tuple[list[Value], str, bool]:
    """Separate size arguments from a trailing class name or ``'like', p``.

    Returns (size arguments, class name, complex?) where complex is true for ``'like'`` a complex p.
    """
    args = list(args)
    if len(args) >= 2 and is_text(args[-2], "like"):
        proto = args[-1]
        cls = class_of(proto)
        if cls not in classes:
            raise MatlabError("MATLAB:UnsupportedClass",
                              f"Class of prototype ('{cls}') is not supported by {fname}.")
        return args[:-2], cls, np.iscomplexobj(numeric_array(proto, fname))
    name = option_text(args[-1]) if args else None
    if name is not None:
        if name not in classes:
            raise MatlabError("MATLAB:UnsupportedClass", f"{fname} does not support class '{name}'.")
        return args[:-1], name, False
    return args, "double", False


def filled(shape: tuple[int, ...], value: float, cls: str, cplx: bool = False) -> np.ndarray:
    """A constant ndarray of a MATLAB class (complex when ``cplx``). Zeros come from np.zeros (calloc: a
    fresh 300x300 matrix 13 us against np.full's 20, filled in after that included)."""
    dtype = DTYPE_OF_CLASS[cls]
    if cplx:
        dtype = np.dtype(np.complex64 if cls == "single" else np.complex128)
    if value == 0 and math.copysign(1.0, value) > 0:
        return np.zeros(shape, dtype=dtype)
    return np.full(shape, value, dtype=dtype)


def finish(arr: np.ndarray, cplx: bool) -> Value:
    """The engine value of a constructed array; a complex ('like' a complex p) result stays complex."""
    if not cplx:
        return to_value(arr)
    return complex(arr[0, 0]) if arr.shape == (1, 1) and arr.dtype == np.complex128 else arr


NUMERIC_CLASSES = tuple(DTYPE_OF_CLASS)


@builtin("zeros", family="construct")
def zeros(*args: Value) -> Value:
    """zeros(n), zeros(m, n, ...), zeros([m n ...]), zeros(..., classname), zeros(..., 'like', p)

    An array of zeros of the given size (n gives n-by-n) and class ('double' unless a class name such as
    'single', 'int32' or 'logical' is given, or 'like' copies the class and complexity of p).

        z = zeros(2, 3, 'int8')
    """
    sizes, cls, cplx = split_class(args, "zeros", NUMERIC_CLASSES)
    return finish(filled(size_from_args(sizes, "zeros"), 0, cls, cplx), cplx)


@builtin("ones", family="construct")
def ones(*args: Value) -> Value:
    """ones(n), ones(m, n, ...), ones([m n ...]), ones(..., classname), ones(..., 'like', p)

    An array of ones of the given size and class; the size and class forms are those of zeros.

        o = ones(2, 'single')
    """
    sizes, cls, cplx = split_class(args, "ones", NUMERIC_CLASSES)
    return finish(filled(size_from_args(sizes, "ones"), 1, cls, cplx), cplx)


def _refill(fname: str, value: float) -> Callable[[np.ndarray, list], bool]:
    """The in-place form of zeros/ones (registry.set_refill_path) for real double sizes giving a double
    array of out's size (a 1x1 value is a Python float, never refilled)."""
    def refill(out: np.ndarray, args: list) -> bool:
        if out.dtype != np.float64 or out.size == 1 or not all(type(a) is float for a in args) \
                or size_from_args(args, fname) != out.shape:
            return False
        out.fill(value)
        return True
    return refill


set_refill_path("zeros", _refill("zeros", 0.0))
set_refill_path("ones", _refill("ones", 1.0))


@builtin("eye", family="construct")
def eye(*args: Value) -> Value:
    """eye(n), eye(m, n), eye([m n]), eye(..., classname), eye(..., 'like', p)

    An identity matrix: ones on the main diagonal, zeros elsewhere. Only two-dimensional sizes exist.

        I = eye(2, 3)
    """
    sizes, cls, cplx = split_class(args, "eye", NUMERIC_CLASSES)
    shape = size_from_args(sizes, "eye")
    if len(shape) > 2:
        raise MatlabError("MATLAB:eye:ndims", "N-dimensional arrays are not supported.")
    arr = filled(shape, 0, cls, cplx)
    np.fill_diagonal(arr, 1)
    return finish(arr, cplx)


LINSPACE_PART = 1 << 16          # elements per part of a long linspace (parts run on several threads)
COUNT = np.arange(LINSPACE_PART, dtype=np.float64)     # 0, 1, 2, ...: lo + COUNT is a part's k (exact)


def _linspace_row(d1: float, d2: float, n: int) -> np.ndarray:
    """MATLAB's linspace formula (linspace.m): d1 + (0:n1).*(d2-d1)./n1, ends exactly d1 and d2. Each
    element is computed on its own, so a long row is computed in parts, on every core (runtime/threads)."""
    y = np.empty(n)
    parts = -(-n // LINSPACE_PART)
    in_parts(parts, lambda p: _linspace_part(y, p * LINSPACE_PART, min(n, (p + 1) * LINSPACE_PART), d1, d2),
             cpu_threads() if parts > 1 else 1)
    if d1 == d2:
        y[:] = d1
    else:
        y[0], y[-1] = d1, d2
    return y.reshape(1, n)


def _linspace_part(y: np.ndarray, lo: int, hi: int, d1: float, d2: float) -> None:
    """Elements lo:hi of the linspace row ``y`` (linspace.m's three forms: the second and third where
    (d2-d1)*(n1-1) overflows)."""
    n1 = y.size - 1
    k = np.add(COUNT[:hi - lo], lo)            # numpy's float arange is 3x slower than this add
    out = y[lo:hi]
    with np.errstate(all="ignore"):
        if math.isinf((d2 - d1) * (n1 - 1)):
            if math.isinf(d2 - d1):
                np.subtract(d1 + (d2 / n1) * k, (d1 / n1) * k, out=out)
            else:
                np.add(d1, k * ((d2 - d1) / n1), out=out)
        else:                                   # d1 + k * (d2 - d1) / n1, in place (k, then y)
            np.divide(np.multiply(k, d2 - d1, out=k), n1, out=k)
            np.add(d1, k, out=out)


@builtin("linspace", family="construct")
def linspace(d1: Value, d2: Value, n: Value = 100.0) -> Value:
    """linspace(x1, x2), linspace(x1, x2, n)  row vector of n evenly spaced points from x1 to x2.

    n defaults to 100; fewer than one point gives an empty 1-by-0 row and n = 1 gives x2. The end points
    are exactly x1 and x2. The class is single if either end point is single.

        linspace(0, 1, 5)    % 0  0.25  0.5  0.75  1
    """
    ends = [numeric_array(v, "linspace") for v in (d1, d2)]
    if any(e.size != 1 for e in ends) or np.iscomplexobj(ends[0]) or np.iscomplexobj(ends[1]):
        raise MatlabError("MATLAB:linspace:scalarInputs", "Inputs must be real scalars.")
    count = numeric_array(n, "linspace")
    if count.size != 1 or np.iscomplexobj(count) or np.isnan(count).any():
        raise MatlabError("MATLAB:linspace:scalarInputs", "Inputs must be real scalars.")
    cls = result_class(d1, d2)
    if cls not in ("double", "single"):
        cls = "double"
    npts = check_size((1, math.floor(min(max(float(count.ravel()[0]), 0.0), 2.0 ** 62))))[1]   # ±Inf too
    a, b = (float(e.ravel()[0]) for e in ends)
    row = _linspace_row(a, b, npts) if npts > 1 else np.full((1, npts), b)
    return to_value(row.astype(work_dtype(cls), copy=False))


def restructure(value: Value, fn: Callable[[np.ndarray], np.ndarray], fname: str) -> Value:
    """Apply an ndarray transformation to the elements of any array value, keeping its kind."""
    if type(value) is CharArray:
        return CharArray(fn(value.codes))
    if type(value) in (CellArray, StringArray):
        return type(value)(fn(value.data))
    if type(value) is StructArray:
        return StructArray(list(value.fields), fn(value.data), value.classname)
    return to_value(fn(numeric_array(value, fname)))


@builtin("repmat", family="construct")
def repmat(a: Value, *reps: Value) -> Value:
    """repmat(A, n), repmat(A, m, n, ...), repmat(A, [m n ...])  tile copies of A.

    repmat(A, n) tiles n-by-n copies. Works on numeric, logical, char, cell, string and struct arrays.

        repmat([1 2], 2, 2)    % [1 2 1 2; 1 2 1 2]
    """
    if not reps:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    counts = size_from_args(list(reps), "repmat")
    shape = size_of(a)
    check_size(tuple(n * c for n, c in zip(shape + (1,) * len(counts), counts + (1,) * len(shape))))

    def tile(data: np.ndarray) -> np.ndarray:
        ndim = max(data.ndim, len(counts))
        data = data.reshape(data.shape + (1,) * (ndim - data.ndim))
        out = np.tile(data, counts + (1,) * (ndim - len(counts)))
        return out.reshape(normalize_shape(out.shape), order="F")
    return restructure(a, tile, "repmat")


def _repeat_counts(value: Value, length: int, what: str) -> np.ndarray:
    """Copies of each of ``length`` elements: a whole-number scalar (for all) or one per element."""
    whole = integer_values(value, "repelem")
    check_size((max(whole, default=0),))          # a count past memory (1e19) is MATLAB's size error
    counts = np.asarray(whole, dtype=np.int64)
    if counts.size not in (1, length) or np.any(counts < 0):
        raise MatlabError("MATLAB:repelem:invalidReplications",
                          f"Replication factors must be nonnegative integers, a scalar or one per {what}.")
    return np.broadcast_to(counts, (length,)) if counts.size == 1 else counts


@builtin("repelem", family="construct")
def repelem(a: Value, *reps: Value) -> Value:
    """u = repelem(v, n), B = repelem(A, r1, ..., rN)  repeat each element of an array.

    With one count, v must be a vector (or a scalar: a row of n copies): each element is repeated n
    times, or n(k) times for a vector n with one count per element. With a count per dimension, each
    element of A becomes an r1-by-...-by-rN block (rk a scalar, or a vector of one count per index
    along dimension k). Works on numeric, logical, char, cell, string and struct arrays.

        repelem([1 2 3], 2)          % [1 1 2 2 3 3]
        repelem([1 2; 3 4], 1, 2)    % [1 1 2 2; 3 3 4 4]
    """
    if not reps:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    shape = size_of(a)
    if len(reps) == 1:
        if len(shape) != 2 or (1 not in shape):
            raise MatlabError("MATLAB:repelem:invalidNumInputs",
                              "The first input must be a vector when only one replication factor is given.")
        along = 1 if shape[0] == 1 else 0
        counts = _repeat_counts(reps[0], shape[along], "element")
        return restructure(a, lambda data: np.repeat(data, counts, axis=along), "repelem")
    if len(reps) < len(shape):
        raise MatlabError("MATLAB:repelem:invalidNumInputs",
                          "Give one replication factor per dimension of the input.")

    def repeat(data: np.ndarray) -> np.ndarray:
        data = data.reshape(data.shape + (1,) * (len(reps) - data.ndim))
        for axis, rep in enumerate(reps):
            data = np.repeat(data, _repeat_counts(rep, data.shape[axis], "index of its dimension"), axis=axis)
        return data.reshape(normalize_shape(data.shape))
    return restructure(a, repeat, "repelem")


def _reshape_dims(args: tuple[Value, ...], total: int) -> tuple[int, ...]:
    """Target size of reshape, filling in the one [] argument."""
    if len(args) == 1:
        dims = integer_values(args[0], "reshape")
        if not is_size_vector(args[0]):
            raise MatlabError("MATLAB:checkDimsInput", "Size vector must be a row vector with real "
                              "elements.")
        if len(dims) < 2:
            raise MatlabError("MATLAB:getReshapeDims:sizeVector",
                              "Size vector must have at least two elements.")
        free = None
    else:
        dims, free = [], None
        for k, a in enumerate(args):
            if isinstance(a, np.ndarray) and a.size == 0:
                if free is not None:
                    raise MatlabError("MATLAB:getReshapeDims:unknownDim",
                                      "Size can only have one unknown dimension.")
                free, a = k, 1.0
            vals = integer_values(a, "reshape")
            if len(vals) != 1:
                raise MatlabError("MATLAB:getReshapeDims:notScalar", "Size arguments must be integer "
                                  "scalars.")
            dims.append(vals[0])
    if any(d < 0 for d in dims):
        raise MatlabError("MATLAB:getReshapeDims:negativeDims", "Size vector elements should be "
                          "nonnegative.")
    known = math.prod(dims)
    if free is not None:
        if known == 0 or total % known:
            raise MatlabError("MATLAB:getReshapeDims:notDivisible",
                              f"Product of known dimensions, {known}, not divisible into total number "
                              f"of elements, {total}.")
        dims[free] = total // known
    elif known != total:
        raise MatlabError("MATLAB:getReshapeDims:notSameNumel",
                          "Number of elements must not change. Use [] as one of the size inputs to "
                          "automatically calculate the appropriate size for that dimension.")
    return check_size(normalize_shape(tuple(dims)))


@builtin("reshape", family="construct")
def reshape(a: Value, *dims: Value) -> Value:
    """reshape(A, m, n, ...), reshape(A, [m n ...])  the elements of A in column-major order, resized.

    The number of elements must not change; one size argument may be [] to have it computed.

        reshape(1:6, 2, [])    % [1 3 5; 2 4 6]
    """
    if not dims:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    target = _reshape_dims(dims, math.prod(size_of(a)))
    return restructure(a, lambda data: data.reshape(target, order="F"), "reshape")


@builtin("meshgrid", family="construct")
def meshgrid(x: Value, y: Value | None = None, z: Value | None = None, *, nargout: int = 1) -> Value:
    """[X, Y] = meshgrid(x, y), meshgrid(x), [X, Y, Z] = meshgrid(x, y, z)  rectangular grid coordinates.

    X repeats the row x once per element of y; Y repeats the column y once per element of x. With one
    argument y = x; with three the grid is three-dimensional (numel(y)-by-numel(x)-by-numel(z)).

        [X, Y] = meshgrid(1:3, 1:2)
    """
    vecs = [x, x if y is None else y] + ([] if z is None else [z])
    if z is None and y is None and nargout == 3:
        vecs.append(x)
    arrays = [numeric_array(v, "meshgrid").ravel(order="F") for v in vecs]
    grids = np.meshgrid(*arrays, indexing="xy")
    outs = tuple(to_value(cast_result(g, result_class(v))) for g, v in zip(grids, vecs))
    return outs[:max(nargout, 1)]


@builtin("ndgrid", family="construct")
def ndgrid(*vectors: Value, nargout: int = 1) -> Value:
    """[X1, X2, ...] = ndgrid(x1, x2, ...), ndgrid(x)  N-d grid coordinates (the transpose of meshgrid).

    Output k varies along dimension k with the values of xk; with one argument x it is used for every
    output. The sizes are numel(x1)-by-numel(x2)-by-...

        [X, Y] = ndgrid(1:2, 1:3)    % X = [1 1 1; 2 2 2]
    """
    if not vectors:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    vecs = list(vectors) if len(vectors) > 1 else [vectors[0]] * max(nargout, 1)
    arrays = [numeric_array(v, "ndgrid").ravel(order="F") for v in vecs]
    if len(arrays) == 1:
        return to_value(cast_result(arrays[0].reshape(-1, 1), result_class(vecs[0])))
    grids = np.meshgrid(*arrays, indexing="ij")
    outs = tuple(to_value(cast_result(g, result_class(v))) for g, v in zip(grids, vecs))
    return outs[:max(nargout, 1)]


def _diag_offset(k: Value | None, fname: str = "diag") -> int:
    if k is None:
        return 0
    vals = integer_values(k, fname)
    if len(vals) != 1:
        raise MatlabError(f"MATLAB:{fname}:kthDiagInputNotInteger", "K-th diagonal input must be an "
                          "integer scalar.")
    return vals[0]


@builtin("diag", family="construct")
def diag(v: Value, k: Value | None = None) -> Value:
    """diag(v), diag(v, k)  a matrix with vector v on diagonal k; diag(A), diag(A, k)  a diagonal of A.

    For a vector, the result is square of size numel(v)+abs(k) with v on the k-th diagonal (k > 0 above
    the main diagonal). For a matrix, the result is the k-th diagonal as a column vector.

        diag([1 2 3])    % 3-by-3 with 1 2 3 on the diagonal
    """
    arr = numeric_array(v, "diag")
    offset = _diag_offset(k)
    if arr.ndim > 2:
        raise MatlabError("MATLAB:diag:firstInputMustBe2D", "First input must be 2-D.")
    if 1 in arr.shape:
        vec = arr.ravel(order="F")
        n = vec.size + abs(offset)
        out = np.zeros(check_size((n, n)), dtype=arr.dtype)
        rows = np.arange(vec.size) + max(-offset, 0)
        out[rows, rows + offset] = vec
        return to_value(out)
    if arr.shape == (0, 0):
        return to_value(arr.copy())
    if not -arr.shape[0] < offset < arr.shape[1]:
        return to_value(np.zeros((0, 1), arr.dtype))
    return to_value(np.diagonal(arr, offset).reshape(-1, 1).copy())


def _triangle(a: Value, k: Value | None, fname: str, keep) -> Value:
    arr = numeric_array(a, fname)
    if arr.ndim > 2:
        raise MatlabError(f"MATLAB:{fname}:firstInputMustBe2D", "First input must be 2-D.")
    offset = 0 if k is None else _diag_offset(k, fname)
    rows, cols = np.indices(arr.shape)
    return to_value(np.where(keep(cols - rows, offset), arr, np.zeros((), dtype=arr.dtype)))


@builtin("tril", family="construct")
def tril(a: Value, k: Value | None = None) -> Value:
    """tril(A), tril(A, k)  lower triangular part of A: elements on and below diagonal k, others zero.

    k = 0 is the main diagonal, k > 0 above it, k < 0 below it. The class of A is kept.

        tril(magic(3))    % [8 0 0; 3 5 0; 4 9 2]
    """
    return _triangle(a, k, "tril", lambda d, off: d <= off)


@builtin("triu", family="construct")
def triu(a: Value, k: Value | None = None) -> Value:
    """triu(A), triu(A, k)  upper triangular part of A: elements on and above diagonal k, others zero.

    k = 0 is the main diagonal, k > 0 above it, k < 0 below it. The class of A is kept.

        triu(magic(3))    % [8 1 6; 0 5 7; 0 0 2]
    """
    return _triangle(a, k, "triu", lambda d, off: d >= off)


def _magic_odd(n: int) -> np.ndarray:
    j, i = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1))
    a = np.mod(i + j - (n + 3) // 2, n)
    b = np.mod(i + 2 * j - 2, n)
    return n * a + b + 1


def _magic_doubly_even(n: int) -> np.ndarray:
    j, i = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1))
    keep = (np.mod(i, 4) // 2) == (np.mod(j, 4) // 2)
    m = np.arange(1, n * n + 1).reshape(n, n)
    return np.where(keep, n * n + 1 - m, m)


def _magic_singly_even(n: int) -> np.ndarray:
    p = n // 2
    half = _magic(p)
    m = np.block([[half, half + 2 * p * p], [half + 3 * p * p, half + p * p]])
    if n == 2:
        return m
    i = np.arange(p)
    k = (n - 2) // 4
    cols = np.r_[np.arange(k), np.arange(n - k + 1, n)]
    rows = np.r_[i, i + p]
    m[np.ix_(rows, cols)] = m[np.ix_(np.r_[i + p, i], cols)]
    rows, cols = np.array([k, k + p]), np.array([0, k])
    m[np.ix_(rows, cols)] = m[np.ix_(np.array([k + p, k]), cols)]
    return m


def _magic(n: int) -> np.ndarray:
    if n % 2:
        return _magic_odd(n)
    return _magic_doubly_even(n) if n % 4 == 0 else _magic_singly_even(n)


@builtin("magic", family="construct")
def magic(n: Value) -> Value:
    """magic(n)  an n-by-n magic square: the integers 1 to n^2 with equal row, column and diagonal sums.

    MATLAB's three constructions (odd n, n divisible by 4, other even n). magic(2) is not magic and
    n < 1 gives []. A non-integer n is floored.

        magic(3)    % [8 1 6; 3 5 7; 4 9 2]
    """
    arr = numeric_array(n, "magic")
    first = float(np.real(arr.ravel(order="F")[0])) if arr.size else 0.0
    if not math.isfinite(first):
        raise MatlabError("MATLAB:magic:nonFiniteInput", "Order of the magic square must be finite.")
    order = int(math.floor(first))
    if order < 1:
        return np.zeros((0, 0))
    check_size((order, order))
    return to_value(_magic(order).astype(np.float64))
