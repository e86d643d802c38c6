"""Array rearrangement and search: find sort flip fliplr flipud circshift permute ipermute squeeze kron.

Shape-only operations (flip, circshift, permute, squeeze) work on every array kind (numeric, logical,
char, cell, string, struct) through ``construct.restructure``. sort handles numeric, logical and char
arrays, and cell arrays of character vectors (the cellstr helpers here are shared with sets.py).
"""
from __future__ import annotations

import numpy as np

from ..errors import MAX_DIMS, MatlabError, too_many_dimensions
from ..semantics import cast_result, result_class, to_value
from ..values import CellArray, CharArray, StringArray, Value, normalize_shape, size_of
from .construct import restructure
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin
from .sizes import (DIM_ERROR, check_size, dim_arg, first_nonsingleton, integer_values, is_text,
                    numeric_array, option_text)


def _oriented(values: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """A 1-d result of find shaped as MATLAB returns it: a row for a row-vector input, else a column;
    an empty result from a 0-by-0 or scalar input is 0-by-0."""
    if values.size == 0 and shape in ((0, 0), (1, 1)):
        return values.reshape(0, 0)
    if len(shape) == 2 and shape[0] == 1:
        return values.reshape(1, -1)
    return values.reshape(-1, 1)


@builtin("find", family="array")
def find(x: Value, n: Value | None = None, direction: Value | None = None, *, nargout: int = 1) -> Value:
    """find(X), find(X, n), find(X, n, 'first'|'last'), [row, col] = find(...), [row, col, v] = find(...)

    Linear indices of the nonzero elements of X in column-major order (at most n of them, the first or
    last n). A row vector X gives a row, other shapes a column. With two or three outputs, the row and
    column subscripts (the column of an N-d array counts the trailing dimensions together) and the values.

        [r, c] = find([0 2; 3 0])    % r = [2; 1], c = [1; 2]
    """
    check_classes("find", (x,), ANY_NUMERIC)
    arr = numeric_array(x, "find")
    flat = arr.ravel(order="F")
    hits = np.flatnonzero(flat != 0)
    return find_outputs(hits, flat[hits], arr.shape, n, direction, nargout=nargout)


def find_outputs(hits: np.ndarray, values: np.ndarray, shape: tuple[int, ...], n: Value | None = None,
                 direction: Value | None = None, *, nargout: int = 1) -> tuple:
    """find's outputs from the 0-based column-major positions of the nonzeros (``hits``) and their
    ``values`` in a matrix of ``shape`` (a sparse matrix's find reads its stored elements)."""
    if n is not None:
        count = integer_values(n, "find")
        if len(count) != 1 or count[0] < 0:
            raise MatlabError("MATLAB:find:secondArgNotPositiveInteger",
                              "Second argument must be a positive scalar integer.")
        last = direction is not None and is_text(direction, "last")
        if direction is not None and not last and not is_text(direction, "first"):
            raise MatlabError("MATLAB:find:invalidDirection", "Invalid search option. Use 'first' or "
                              "'last'.")
        keep = slice(len(hits) - count[0], None) if last and count[0] < len(hits) else slice(count[0])
        hits, values = hits[keep], values[keep]
    outs = (hits % shape[0] + 1.0, hits // shape[0] + 1.0, values)
    if nargout <= 1:
        outs = (hits + 1.0,)
    return tuple(to_value(_oriented(out, shape)) for out in outs[:max(nargout, 1)])


def is_cellstr(value: Value) -> bool:
    return type(value) is CellArray and all(
        type(v) is CharArray and v.shape[0] <= 1 for v in value.data.flat)


def cell_texts(value: CellArray) -> list[str]:
    return [v.to_str() for v in value.data.ravel(order="F")]


def cell_of(texts: list[str], shape: tuple[int, ...]) -> CellArray:
    data = np.empty(len(texts), dtype=object)
    for k, t in enumerate(texts):
        data[k] = CharArray.from_str(t)
    return CellArray(data.reshape(shape, order="F"))


def ascending_order(arr: np.ndarray, axis: int) -> np.ndarray:
    """Stable ascending sort permutation along an axis (NaN last); complex by magnitude, then angle."""
    if arr.dtype.kind == "c":
        return np.lexsort((np.angle(arr), np.abs(arr)), axis=axis)
    return np.argsort(arr, axis=axis, kind="stable")


def _sort_order(arr: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    """Stable sort permutation; descending order puts NaN first and keeps equal elements in order."""
    if not descending:
        return ascending_order(arr, axis)
    flipped = ascending_order(np.flip(arr, axis), axis)
    return np.flip(arr.shape[axis] - 1 - flipped, axis)


def _sort_mode(args: tuple[Value, ...], shape: tuple[int, ...]) -> tuple[int, bool]:
    axis, descending = first_nonsingleton(shape), False
    for k, arg in enumerate(args):
        word = option_text(arg)
        if word is not None:
            word = word.lower()
            if word not in ("ascend", "descend"):
                raise MatlabError("MATLAB:sort:sortDirection", "Sorting direction must be 'ascend' or "
                                  "'descend'.")
            descending = word == "descend"
        elif k == 0:
            axis = dim_arg(arg)
        else:
            raise MatlabError(*DIM_ERROR)
    return axis, descending


@builtin("sort", family="array")
def sort(a: Value, *args: Value, nargout: int = 1) -> Value:
    """sort(A), sort(A, dim), sort(A, 'descend'), sort(A, dim, 'ascend'|'descend'), [B, I] = sort(...)

    Sorts along the first non-singleton dimension (or dim), stably: equal elements keep their order.
    NaN goes last in ascending order and first in descending order; complex values sort by magnitude,
    then angle. I holds the 1-based positions of B's elements along the sorted dimension. Cell arrays of
    character vectors and string vectors sort in character-code order (missing strings last).

        [b, i] = sort([3 1 2], 'descend')    % b = [3 2 1], i = [1 3 2]
    """
    if is_cellstr(a):
        return _sort_cellstr(a, args, nargout)
    if type(a) is StringArray:
        return _sort_strings(a, args, nargout)
    check_classes("sort", (a,), ANY_NUMERIC)
    arr = numeric_array(a, "sort")
    axis, descending = _sort_mode(args, arr.shape)
    if axis >= arr.ndim:
        order = np.zeros(arr.shape, dtype=np.intp)
        data = arr.copy()
    else:
        order = _sort_order(arr, axis, descending)
        data = np.take_along_axis(arr, order, axis=axis)
    value = CharArray(data.astype(np.uint16)) if type(a) is CharArray else to_value(data)
    return (value, to_value(order + 1.0))[:max(nargout, 1)]


def _sort_cellstr(a: CellArray, args: tuple[Value, ...], nargout: int) -> Value:
    _, descending = _sort_mode(args, a.shape)
    if 1 not in a.shape or len(a.shape) > 2:
        raise MatlabError("MATLAB:sort:cellstrVector", "Sorting a cell array of character vectors works "
                          "on vectors only.")
    texts = cell_texts(a)
    order = sorted(range(len(texts)), key=texts.__getitem__, reverse=descending)  # stable both ways
    index = np.array(order, dtype=np.float64).reshape(a.shape) + 1
    return (cell_of([texts[k] for k in order], a.shape), to_value(index))[:max(nargout, 1)]


def _sort_strings(a: StringArray, args: tuple[Value, ...], nargout: int) -> Value:
    """A string vector sorts like a cell array of character vectors; <missing> elements go last."""
    _, descending = _sort_mode(args, a.shape)
    if 1 not in a.shape or len(a.shape) > 2:
        raise MatlabError("MATLAB:sort:cellstrVector", "Sorting a string array works on vectors only.")
    texts = list(a.data.ravel(order="F"))
    present = [k for k, t in enumerate(texts) if t is not None]
    order = sorted(present, key=texts.__getitem__, reverse=descending) + \
        [k for k, t in enumerate(texts) if t is None]
    data = np.empty(len(order), dtype=object)
    data[:] = [texts[k] for k in order]
    index = np.array(order, dtype=np.float64).reshape(a.shape) + 1
    return (StringArray(data.reshape(a.shape)), to_value(index))[:max(nargout, 1)]


def _flip_axis(a: Value, dim: Value | None) -> int:
    return first_nonsingleton(size_of(a)) if dim is None else dim_arg(dim)


def _flipped(a: Value, axis: int, fname: str) -> Value:
    if axis >= len(size_of(a)):
        return a
    return restructure(a, lambda data: np.flip(data, axis).copy(), fname)


@builtin("flip", family="array")
def flip(a: Value, dim: Value | None = None) -> Value:
    """flip(A), flip(A, dim)  reverse the order of elements along the first non-singleton dimension (or dim).

    Works on arrays of every class.

        flip([1 2 3])    % 3 2 1
    """
    return _flipped(a, _flip_axis(a, dim), "flip")


@builtin("fliplr", family="array")
def fliplr(a: Value) -> Value:
    """fliplr(A)  reverse the order of the columns of A (flip along dimension 2).

    Works on arrays of every class.

        fliplr([1 2; 3 4])    % [2 1; 4 3]
    """
    return _flipped(a, 1, "fliplr")


@builtin("flipud", family="array")
def flipud(a: Value) -> Value:
    """flipud(A)  reverse the order of the rows of A (flip along dimension 1).

    Works on arrays of every class.

        flipud([1 2; 3 4])    % [3 4; 1 2]
    """
    return _flipped(a, 0, "flipud")


@builtin("rot90", family="array")
def rot90(a: Value, k: Value = 1.0) -> Value:
    """rot90(A), rot90(A, k)  rotate A counterclockwise by 90 degrees (k times; negative k clockwise).

    Works on arrays of every class; for N-d arrays the first two dimensions rotate.

        rot90([1 2; 3 4])    % [2 4; 1 3]
    """
    turns = integer_values(k, "rot90")
    if len(turns) != 1:
        raise MatlabError("MATLAB:rot90:kNonInteger", "k must be an integer scalar.")
    return restructure(a, lambda data: np.rot90(data, turns[0] % 4).copy(), "rot90")


@builtin("circshift", family="array")
def circshift(a: Value, k: Value, dim: Value | None = None) -> Value:
    """circshift(A, K), circshift(A, K, dim)  shift elements circularly.

    A scalar K shifts along the first non-singleton dimension (or dim) by K positions (K < 0: toward the
    start); a vector K shifts dimension j by K(j).

        circshift([1 2 3 4], 1)    % 4 1 2 3
    """
    shifts = integer_values(k, "circshift")
    if dim is not None:
        if len(shifts) != 1:
            raise MatlabError("MATLAB:circshift:shiftDim", "With a dimension argument the shift must be a "
                              "scalar.")
        axes = [dim_arg(dim)]
    elif len(shifts) == 1:
        axes = [first_nonsingleton(size_of(a))]
    else:
        axes = list(range(len(shifts)))
    ndim = len(size_of(a))
    pairs = [(s, ax) for s, ax in zip(shifts, axes) if ax < ndim]
    if not pairs:
        return a
    return restructure(a, lambda data: np.roll(data, [s for s, _ in pairs], [ax for _, ax in pairs]),
                       "circshift")


def _permutation(order: Value, ndim: int, fname: str) -> list[int]:
    perm = [d - 1 for d in integer_values(order, fname)]
    if sorted(perm) != list(range(len(perm))) or len(perm) < ndim:
        raise MatlabError(f"MATLAB:{fname}:badPermutation" if len(perm) >= ndim else
                          f"MATLAB:{fname}:tooFewIndices",
                          "ORDER must have at least N elements for an N-D array."
                          if len(perm) < ndim else "ORDER contains an invalid permutation index.")
    return perm


def _permuted(a: Value, perm: list[int], fname: str) -> Value:
    def apply(data: np.ndarray) -> np.ndarray:
        data = data.reshape(data.shape + (1,) * (len(perm) - data.ndim))
        out = np.transpose(data, perm)
        return out.reshape(normalize_shape(out.shape))
    return restructure(a, apply, fname)


@builtin("permute", family="array")
def permute(a: Value, order: Value) -> Value:
    """permute(A, order)  rearrange the dimensions of A: dimension k of the result is dimension order(k).

    order must be a permutation of 1:n with n at least ndims(A). Works on arrays of every class.

        size(permute(zeros(2, 3, 4), [3 1 2]))    % 4 2 3
    """
    return _permuted(a, _permutation(order, len(size_of(a)), "permute"), "permute")


@builtin("ipermute", family="array")
def ipermute(a: Value, order: Value) -> Value:
    """ipermute(A, order)  inverse of permute: ipermute(permute(A, order), order) is A.

    order must be a permutation of 1:n with n at least ndims(A).

        size(ipermute(zeros(4, 2, 3), [3 1 2]))    % 2 3 4
    """
    perm = _permutation(order, len(size_of(a)), "ipermute")
    return _permuted(a, list(np.argsort(perm)), "ipermute")


@builtin("squeeze", family="array")
def squeeze(a: Value) -> Value:
    """squeeze(A)  remove singleton dimensions of an N-d array; matrices are returned unchanged.

    A 1-by-1-by-n array becomes n-by-1. Works on arrays of every class.

        size(squeeze(zeros(1, 1, 3, 2)))    % 3 2
    """
    shape = size_of(a)
    if len(shape) <= 2:
        return a
    kept = tuple(n for n in shape if n != 1)
    target = normalize_shape(kept + (1,) * (2 - len(kept))) if len(kept) < 2 else kept
    return restructure(a, lambda data: data.reshape(target, order="F"), "squeeze")


@builtin("kron", family="array")
def kron(a: Value, b: Value) -> Value:
    """kron(A, B)  Kronecker tensor product: every element of A times the whole of B.

    For an m-by-n A and p-by-q B the result is mp-by-nq. Class rules are those of times.

        kron([1 2], [1; 2])    % [1 2; 2 4]
    """
    cls = result_class(a, b)
    x, y = numeric_array(a, "kron"), numeric_array(b, "kron")
    if x.ndim > 2 or y.ndim > 2:
        raise MatlabError("MATLAB:kron:ndims", "kron supports two-dimensional arrays only.")
    check_size((x.shape[0] * y.shape[0], x.shape[1] * y.shape[1]))
    with np.errstate(all="ignore"):
        return to_value(cast_result(np.kron(x.astype(np.float64) if x.dtype.kind != "c" else x,
                                            y.astype(np.float64) if y.dtype.kind != "c" else y), cls))


@builtin("shiftdim", family="array")
def shiftdim(a: Value, n: Value | None = None, *, nargout: int = 1):
    """B = shiftdim(A, n), [B, m] = shiftdim(A)  shift the dimensions of an array.

    For n > 0 the dimensions move n places to the left, the leading ones wrapping round to the end
    (permute by [n+1:ndims, 1:n]); for n < 0, -n leading singleton dimensions are added. Without n,
    the leading singleton dimensions are removed and m counts them. Works on arrays of every class.

        size(shiftdim(zeros(1, 1, 3)))       % 3 1
        size(shiftdim(zeros(2, 3, 4), 1))    % 3 4 2
    """
    shape = size_of(a)
    if n is None:
        lead = next((k for k, size in enumerate(shape) if size != 1), 0)
        kept = shape[lead:] + (1,) * max(0, 2 - len(shape[lead:]))
        out = restructure(a, lambda data: data.reshape(kept, order="F"), "shiftdim")
        return out if nargout < 2 else (out, float(lead))
    shift = integer_values(n, "shiftdim")
    if len(shift) != 1:
        raise MatlabError("MATLAB:shiftdim:InvalidN", "N must be an integer scalar.")
    if shift[0] < 0:
        if len(shape) - shift[0] > MAX_DIMS:
            raise too_many_dimensions()
        target = (1,) * -shift[0] + shape
        return restructure(a, lambda data: data.reshape(target, order="F"), "shiftdim")
    ndim = len(shape)
    k = shift[0] % ndim if shift[0] >= ndim else shift[0]
    return _permuted(a, list(range(k, ndim)) + list(range(k)), "shiftdim")
