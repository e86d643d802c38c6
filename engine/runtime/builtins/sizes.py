"""Size queries (size, numel, length, ndims, is*) and the size/dimension argument parsing that the
construction, reduction and array builtins share.

Dimensions are 1-based in MATLAB arguments and 0-based (numpy axes) in the helpers' results.
"""
from __future__ import annotations

import math

import numpy as np

from ..errors import MAX_DIMS, MatlabError, too_many_dimensions
from ..errors import check_size  # noqa: F401  (used by the builtin families)
from ..semantics import NUMERIC_CLASSES, numeric, to_value
from ..values import (CharArray, HandleObject, StringArray, Value, class_of, is_array_like, normalize_shape,
                      size_of, to_array)
from .registry import builtin

DIM_ERROR = ("MATLAB:getdimarg:dimensionMustBePositiveInteger",
             "Dimension argument must be a positive integer scalar within indexing range.")


def option_text(value: Value) -> str | None:
    """The text of an option argument (a char row vector or a string scalar), else None."""
    if type(value) is CharArray and len(value.shape) == 2 and value.shape[0] <= 1:
        return value.to_str()
    if type(value) is StringArray and value.shape == (1, 1):
        return value.data[0, 0]
    return None


def is_text(value: Value, text: str | None = None) -> bool:
    """Whether ``value`` is option text (optionally equal, case-insensitively, to ``text``)."""
    word = option_text(value)
    return word is not None and (text is None or word.lower() == text.lower())


def numeric_array(value: Value, fname: str) -> np.ndarray:
    """A numeric, logical or char argument as an ndarray; anything else is a MATLAB error."""
    try:
        return numeric(value)
    except MatlabError:
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Check for incorrect argument data type or missing argument in call to "
                          f"function '{fname}'.") from None


def integer_values(value: Value, fname: str) -> list[int]:
    """The elements of a real numeric argument that must hold whole numbers (sizes, counts)."""
    if type(value) is float and value.is_integer():
        return [int(value)]
    arr = numeric_array(value, fname)
    if np.iscomplexobj(arr) or type(value) is CharArray:
        raise MatlabError("MATLAB:NonIntegerInput", "Size inputs must be integers.")
    flat = arr.ravel(order="F").astype(np.float64)
    if not np.all(np.isfinite(flat)) or np.any(flat != np.floor(flat)):
        raise MatlabError("MATLAB:NonIntegerInput", "Size inputs must be integers.")
    return [int(v) for v in flat]


def real_values(value: Value, fname: str, what: str = "Input") -> np.ndarray:
    """A real numeric or logical argument as a float64 array of its shape; char, complex and other
    classes are a MATLAB error naming ``what``."""
    if type(value) is float:
        return np.array([[value]])
    if type(value) is CharArray or not is_array_like(value) or np.iscomplexobj(to_array(value)):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"{what} must be a real number.")
    return to_array(value).astype(np.float64)


def count_value(value: Value, fname: str, what: str, allow_inf: bool = False) -> float:
    """A nonnegative whole-number scalar argument (Inf too with ``allow_inf``)."""
    arr = real_values(value, fname, what) if not isinstance(value, CharArray) else np.zeros(0)
    number = float(arr.flat[0]) if arr.size == 1 else math.nan
    if not (number >= 0 and (number.is_integer() or (allow_inf and number == math.inf))):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput",
                          f"{what} must be a nonnegative integer{' or Inf' if allow_inf else ''}.")
    return number


def whole_scalar(value: Value) -> int | None:
    """A real numeric or logical scalar that holds a whole number, as an int; None for anything else
    (text, non-scalars, fractions, NaN, Inf), so that the caller raises its own MATLAB error."""
    if type(value) is float:
        return int(value) if value.is_integer() else None
    if type(value) in (CharArray, StringArray) or class_of(value) not in NUMERIC_CLASSES:
        return None
    arr = numeric(value)
    if arr.size != 1 or arr.dtype.kind == "c":
        return None
    x = arr.ravel()[0]
    return int(x) if arr.dtype.kind in "iub" or (np.isfinite(x) and x == np.floor(x)) else None


def is_size_vector(value: Value) -> bool:
    """Whether a size argument is a row vector (a scalar included)."""
    shape = size_of(value)
    return len(shape) == 2 and shape[0] == 1


def size_from_args(args: list[Value], fname: str) -> tuple[int, ...]:
    """MATLAB size arguments: () -> 1x1, (n) -> nxn, (m, n, ...) or ([m n ...]); negatives count as 0."""
    if not args:
        return (1, 1)
    if len(args) == 1:
        dims = integer_values(args[0], fname)
        if not is_size_vector(args[0]):
            raise MatlabError("MATLAB:checkDimsInput",
                              "Size vector must be a row vector with real elements.")
        dims = dims * 2 if len(dims) == 1 else dims
    else:
        dims = []
        for a in args:
            vals = integer_values(a, fname)
            if len(vals) != 1:
                raise MatlabError("MATLAB:NonScalarInput", "Size inputs must be scalar.")
            dims.append(vals[0])
    return check_size(normalize_shape([max(d, 0) for d in dims]))


def dim_arg(value: Value) -> int:
    """A MATLAB dimension argument (positive integer scalar) as a 0-based axis."""
    vals = dim_list(value)
    if len(vals) != 1:
        raise MatlabError(*DIM_ERROR)
    return vals[0]


def dim_list(value: Value) -> list[int]:
    """A dimension or vector of dimensions (vecdim) as 0-based axes; each must be a positive integer."""
    if type(value) in (CharArray, StringArray):
        raise MatlabError(*DIM_ERROR)
    arr = numeric_array(value, "dim").ravel(order="F")
    if arr.size == 0 or np.iscomplexobj(arr):
        raise MatlabError(*DIM_ERROR)
    flat = arr.astype(np.float64)
    if np.any(flat < 1) or np.any(flat != np.floor(flat)) or not np.all(np.isfinite(flat)):
        raise MatlabError(*DIM_ERROR)
    return [int(v) - 1 for v in flat]


def clamp_axis(axis: int, ndim: int) -> int:
    """An axis past the last dimension names a singleton; any one of them will do, so use the first."""
    return min(axis, ndim)


def along_axis(arr: np.ndarray, axis: int, result_length: int = 1) -> tuple[np.ndarray, int]:
    """``arr`` with trailing singletons so that it has ``axis``, and the axis to work along. An axis
    past the last names a singleton: where the result has length 1 along it, any one serves (the
    first); otherwise the result needs axis + 1 dimensions, and more than MAX_DIMS is MATLAB's error."""
    if result_length == 1:
        axis = clamp_axis(axis, arr.ndim)
    elif axis >= MAX_DIMS:
        raise too_many_dimensions()
    if axis >= arr.ndim:
        arr = arr.reshape(arr.shape + (1,) * (axis + 1 - arr.ndim))
    return arr, axis


def first_nonsingleton(shape: tuple[int, ...]) -> int:
    """MATLAB's default working dimension: the first whose size is not 1 (0-based; 0 if none)."""
    for axis, n in enumerate(shape):
        if n != 1:
            return axis
    return 0


def _dims_row(dims: list[int] | tuple[int, ...]) -> np.ndarray:
    return np.array([list(dims)], dtype=np.float64)


def _size_at(shape: tuple[int, ...], axis: int) -> int:
    return shape[axis] if axis < len(shape) else 1


def measured_size(a: Value) -> tuple[int, ...]:
    """What size and length measure: the array size, or what a handle class's own size method says
    (a containers.Map is Count-by-1, though it is one object: numel is 1)."""
    if isinstance(a, HandleObject):
        return a.overloaded_size() or a.shape
    return size_of(a)


@builtin("size", family="size")
def size(a: Value, *dims: Value, nargout: int = 1) -> Value:
    """size(A)  the dimensions of an array; size(A, dim) one of them; [m, n] = size(A) several.

    With one output, size returns a row vector of all dimensions, or of those named by dim, a vector of
    dimensions, or several dimension arguments. With several outputs each gets one dimension and the last
    one gets the product of the remaining dimensions; outputs past ndims(A) are 1.

        [m, n] = size(zeros(2, 3, 4))    % m = 2, n = 12
    """
    shape = measured_size(a)
    if dims:
        axes = [ax for d in dims for ax in dim_list(d)]
        picked = [_size_at(shape, ax) for ax in axes]
        if nargout <= 1:
            return float(picked[0]) if len(picked) == 1 else _dims_row(picked)
        if nargout != len(picked):
            raise MatlabError("MATLAB:size:NumOutputsNotEqualToNumDims",
                              "Number of output arguments must equal the number of requested dimensions.")
        return tuple(float(n) for n in picked)
    if nargout <= 1:
        return _dims_row(shape)
    padded = list(shape) + [1] * (nargout - len(shape))
    head = padded[:nargout - 1]
    return tuple(float(n) for n in head) + (float(math.prod(padded[nargout - 1:])),)


@builtin("numel", family="size")
def numel(a: Value) -> float:
    """numel(A)  number of elements of an array.

    The product of size(A); 1 for scalars, structs and function handles.

        numel(zeros(3, 4))    % 12
    """
    return float(math.prod(size_of(a)))


@builtin("length", family="size")
def length(a: Value) -> float:
    """length(A)  length of the largest dimension, or 0 for an empty array.

    Equivalent to max(size(A)) for non-empty arrays.

        length(zeros(3, 7))    % 7
    """
    shape = measured_size(a)
    return 0.0 if 0 in shape else float(max(shape))


@builtin("ndims", family="size")
def ndims(a: Value) -> float:
    """ndims(A)  number of dimensions of an array (always at least 2).

    Trailing singleton dimensions are not counted beyond the second.

        ndims(zeros(2, 3, 4))    % 3
    """
    return float(len(size_of(a)))


@builtin("isempty", family="size")
def isempty(a: Value) -> bool:
    """isempty(A)  true if A has no elements (some dimension is 0).

    Works on every class: numeric, char, string, cell and struct arrays.

        isempty(zeros(0, 3))    % true
    """
    return 0 in size_of(a)


@builtin("isscalar", family="size")
def isscalar(a: Value) -> bool:
    """isscalar(A)  true if A is 1-by-1.

    A string scalar is a scalar; a char row of several characters is not.

        isscalar(5)    % true
    """
    return size_of(a) == (1, 1)


@builtin("isvector", family="size")
def isvector(a: Value) -> bool:
    """isvector(A)  true if A is 1-by-N or N-by-1 (N >= 0, so a scalar is a vector).

    Arrays of more than two dimensions are never vectors.

        isvector([1 2 3])    % true
    """
    shape = size_of(a)
    return len(shape) == 2 and 1 in shape


@builtin("ismatrix", family="size")
def ismatrix(a: Value) -> bool:
    """ismatrix(A)  true if A has two dimensions (m-by-n, including empties and scalars).

    False only for arrays with three or more dimensions.

        ismatrix(zeros(2, 3, 4))    % false
    """
    return len(size_of(a)) == 2


@builtin("isrow", family="size")
def isrow(a: Value) -> bool:
    """isrow(A)  true if A is 1-by-N.

    A char row vector such as 'abc' is a row.

        isrow(1:4)    % true
    """
    shape = size_of(a)
    return len(shape) == 2 and shape[0] == 1


@builtin("iscolumn", family="size")
def iscolumn(a: Value) -> bool:
    """iscolumn(A)  true if A is N-by-1.

    A scalar is both a row and a column.

        iscolumn((1:4)')    % true
    """
    shape = size_of(a)
    return len(shape) == 2 and shape[1] == 1



def _grid_size(sz: Value, fname: str) -> list[float]:
    """The size vector as floats, so that products of huge sizes overflow to Inf, as in MATLAB."""
    dims = integer_values(sz, fname)
    if len(dims) < 2 or min(dims) < 0:
        raise MatlabError(f"MATLAB:{fname}:InvalidSize", "Size vector must have at least two "
                          "nonnegative elements.")
    return [float(d) for d in dims]


def _subscripts(value: Value, fname: str) -> np.ndarray:
    """Subscripts or linear indices as float64 (range checks follow); complex values are an error."""
    arr = numeric_array(value, fname)
    if np.iscomplexobj(arr):
        raise MatlabError(f"MATLAB:{fname}:complexSubscripts", "Subscript indices must be real.")
    return arr.astype(np.float64)


@builtin("sub2ind", family="size")
def sub2ind(sz: Value, *subs: Value) -> Value:
    """sub2ind(sz, I, J, ...)  linear indices of the subscripts (I, J, ...) in an array of size sz.

    The subscript arrays must have equal sizes; column-major order, 1-based. Subscripts beyond the size
    are an error.

        sub2ind([3 4], 2, 3)    % 8
    """
    dims = _grid_size(sz, "sub2ind")
    if not subs:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    arrays = [_subscripts(s, "sub2ind") for s in subs]
    if any(a.shape != arrays[0].shape for a in arrays):
        raise MatlabError("MATLAB:sub2ind:SubscriptVectorSize", "The subscript vectors must all be of "
                          "the same size.")
    dims = dims[:len(arrays) - 1] + [math.prod(dims[len(arrays) - 1:])]
    dims += [1] * (len(arrays) - len(dims))
    linear = np.zeros(arrays[0].shape)
    stride = 1
    for values, n in zip(arrays, dims):
        if np.any(values < 1) or np.any(values > n) or np.any(values != np.floor(values)):
            raise MatlabError("MATLAB:sub2ind:IndexOutOfRange", "Out of range subscript.")
        with np.errstate(invalid="ignore", over="ignore"):
            linear += np.where(values > 1, (values - 1) * stride, 0.0)   # 0 * Inf is no offset
        stride *= n
    return to_value(linear + 1)


@builtin("ind2sub", family="size")
def ind2sub(sz: Value, ind: Value, *, nargout: int = 1) -> Value:
    """[I, J, ...] = ind2sub(sz, ind)  subscripts of linear indices in an array of size sz.

    With fewer outputs than dimensions the last output indexes the remaining dimensions together; with
    one output the result is the linear index itself. Indices beyond numel are an error.

        [r, c] = ind2sub([3 4], 8)    % r = 2, c = 3
    """
    dims = _grid_size(sz, "ind2sub")
    count = max(nargout, 1)
    dims = dims[:count - 1] + [math.prod(dims[count - 1:])] + [1] * max(count - len(dims), 0)
    values = _subscripts(ind, "ind2sub")
    if np.any(values < 1) or np.any(values > math.prod(dims)) or np.any(values != np.floor(values)):
        raise MatlabError("MATLAB:ind2sub:IndexOutOfRange", "Index out of range.")
    rest = values - 1
    outs = []
    for n in dims[:count]:   # every n > 0 here unless ind is empty
        with np.errstate(all="ignore"):
            outs.append(to_value(np.mod(rest, n) + 1))
            rest = np.floor_divide(rest, n)
    return tuple(outs)
