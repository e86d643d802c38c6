"""MATLAB indexing on engine values: reading ``A(...)``, ``c{...}``, ``s.f`` and ``end``.

    MAGIC_COLON                          what the VM passes for a bare ``:`` subscript
    index(value, args) -> Value          A(i), A(i, j, ...), A(:), A(mask), A()
    cell_index(value, args) -> list      c{...} as a comma list (column-major)
    get_field(value, name) -> list       s.name for every element of a struct array (a comma list)
    end_value(value, k, n) -> float      ``end`` as the k-th (0-based) of n subscripts

    assign(base, path, rhs, inplace=False)   base<path> = rhs, path steps ('()', args) | ('{}', args) |
                                         ('.', name); deletion is ('()', args) with rhs a 0x0 double

    fast_index(array, args), fast_assign(array, args, rhs, inplace)
                                         the common forms on an ndarray (an element, a row, a column by
                                         ``:`` and whole-number subscripts in range: numpy's basic
                                         slicing); None for any other form. ``index`` and ``assign``
                                         try them first; the VM's generated code calls them directly.
    fast_assign_field(s, name, args, rhs) -> bool   s.name(args) = rhs in place in an owned struct

``index`` returns new values (no memory shared with the indexed value), so the VM may own them;
``cell_index`` and ``get_field`` return the stored elements themselves (shared). Struct arrays and cells
may share their elements (a struct's dicts, a cell's contents): an element is updated in place only
when its container is owned and nothing else holds the element (``updatable``), else assignment
replaces it.
"""
from __future__ import annotations

import math
from sys import getrefcount
from typing import Any, Callable

import numpy as np

from .device import HOOKS, DeviceArray, to_host
from .errors import MatlabError, check_size, index_out_of_bounds
from .categoricals import CategoricalArray, codes_for
from .semantics import NUMERIC_CLASSES, cast_result, char_codes, numeric, string_elements
from .tables import Table
from .time_ops import get_property, set_property, time_elements
from .times import DatetimeArray, TimeArray
from .values import (CharArray, CellArray, FunctionHandle, HandleObject, SparseMatrix, StringArray, StructArray,
                     Value, as_matrix, class_of, is_array_like, normalize_shape, simplify, size_of, to_array)


class _MagicColon:
    """The bare ``:`` subscript."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "MAGIC_COLON"

    def __reduce__(self) -> str:
        return "MAGIC_COLON"        # unpickled as the one instance (code constants: vm/filecache.py)


MAGIC_COLON = _MagicColon()

# ----------------------------------------------------------------------------------------------------
# storage: every indexable value is an ndarray plus a way to rebuild a value of the same kind


def storage(value: Value) -> np.ndarray:
    """The ndarray holding a value's elements (numbers, char codes, or objects)."""
    t = type(value)
    if t is CharArray:
        return value.codes
    if t is StringArray or t is CellArray or t is StructArray or t is CategoricalArray or \
            isinstance(value, TimeArray):
        return value.data
    if is_array_like(value):
        return to_array(value)
    raise MatlabError("MATLAB:index:notIndexable",
                      f"Indexing into a value of type '{class_of(value)}' is not supported.")


def rewrap(like: Value, data: np.ndarray) -> Value:
    """A value of the same kind as ``like`` holding ``data`` (already in MATLAB shape)."""
    t = type(like)
    if t is CharArray:
        return CharArray(data)
    if t is StringArray or t is CellArray:
        return t(data)
    if t is StructArray:
        return StructArray(list(like.fields), data, like.classname)
    if isinstance(like, TimeArray) or t is CategoricalArray:
        return like.like(data)
    return simplify(data)


def numel(shape: tuple[int, ...]) -> int:
    return math.prod(shape)


def fold_shape(shape: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The shape seen by n subscripts: padded with ones, or with the trailing dimensions folded into the
    last subscript."""
    if n >= len(shape):
        return tuple(shape) + (1,) * (n - len(shape))
    return tuple(shape[:n - 1]) + (numel(shape[n - 1:]),)


# ----------------------------------------------------------------------------------------------------
# subscripts


def bad_subscript() -> MatlabError:
    return MatlabError("MATLAB:badsubscript", "Array indices must be positive integers or logical values.")


def position_out_of_bounds(position: int, bound: int) -> MatlabError:
    return MatlabError("MATLAB:badsubscript", f"Index in position {position} exceeds array bounds. "
                                              f"Index must not exceed {bound}.")


def is_colon(arg: Value) -> bool:
    return arg is MAGIC_COLON or (type(arg) is CharArray and arg.shape == (1, 1) and arg.codes[0, 0] == 58)


# Subscripts above this (far past any array that fits in memory) are clamped to it, so that every
# subscript fits an int64 index; ``extent`` recovers the exact value for error messages.
INDEX_CEILING = 2 ** 62


def subscript(arg: Value) -> tuple[np.ndarray, tuple[int, ...]]:
    """A non-colon subscript as 0-based int64 indices (flat) and the shape the indices have. Every
    numeric class is checked as MATLAB does: positive whole numbers (NaN, Inf, 0, negatives and
    fractions are errors); values past INDEX_CEILING (uint64 or double up to realmax) are clamped."""
    t = type(arg)
    if t is float or t is int:
        if not (arg >= 1 and math.isfinite(arg) and arg == int(arg)):
            raise bad_subscript()
        return np.array([min(int(arg), INDEX_CEILING) - 1], dtype=np.int64), (1, 1)
    if t is bool or (t is np.ndarray and arg.dtype == np.bool_):
        mask = np.asarray(arg)
        found = np.flatnonzero(mask.ravel(order="F"))
        shape = (1, found.size) if mask.ndim == 2 and mask.shape[0] == 1 else (found.size, 1)
        return found.astype(np.int64), shape
    if t is np.ndarray or t is CharArray:
        values = arg.codes if t is CharArray else arg
        if values.dtype.kind == "c":
            values = values.real
        flat = values.ravel(order="F")
        if values.dtype.kind == "f" and not (np.all(flat == np.trunc(flat)) and np.isfinite(flat).all()):
            raise bad_subscript()
        if flat.size and flat.min() < 1:
            raise bad_subscript()
        if flat.size and flat.dtype.kind in "uf" and flat.max() > INDEX_CEILING:
            flat = np.minimum(flat, flat.dtype.type(INDEX_CEILING))
        return flat.astype(np.int64) - 1, values.shape
    if t is complex:
        return subscript(arg.real)
    if t is SparseMatrix:
        return subscript(simplify(arg.to_full()))      # a subscript has no more elements than it selects
    raise MatlabError("MATLAB:badsubscript", f"Unable to use a value of type {class_of(arg)} as an index.")


def extent(idx: np.ndarray, arg: Value) -> int:
    """The length a dimension needs to hold subscripts ``idx`` (from ``arg``): exact even where
    ``subscript`` clamped them."""
    if not idx.size:
        return 0
    top = int(idx.max()) + 1
    if top < INDEX_CEILING:
        return top
    values = arg.codes if type(arg) is CharArray else arg
    return int(np.max(np.real(values)))


def checked(idx: np.ndarray, bound: int, position: int, n: int, logical: bool) -> np.ndarray:
    """``idx`` after checking it against the dimension size ``bound``."""
    if idx.size and idx.max() >= bound:
        if logical:
            raise MatlabError("MATLAB:badsubscript",
                              "The logical indices contain a true value outside of the array bounds.")
        if n == 1:
            raise index_out_of_bounds(int(idx.max()) + 1, bound)
        raise position_out_of_bounds(position, bound)
    return idx


def _is_logical(arg: Value) -> bool:
    t = type(arg)
    if t is SparseMatrix:
        return arg.data.dtype == np.bool_
    return t is bool or (t is np.ndarray and arg.dtype == np.bool_)


def _is_vector(shape: tuple[int, ...]) -> bool:
    return len(shape) == 2 and (shape[0] == 1) != (shape[1] == 1)


def linear_result_shape(shape: tuple[int, ...], idx_shape: tuple[int, ...], count: int) -> tuple[int, ...]:
    """Shape of A(idx): idx's shape, except that a vector A with a vector idx keeps A's orientation."""
    if _is_vector(shape) and (_is_vector(idx_shape) or idx_shape == (1, 1)):
        return (1, count) if shape[0] == 1 else (count, 1)
    return idx_shape


# ----------------------------------------------------------------------------------------------------
# reading


def _scalar_element(data: np.ndarray, flat: int) -> Value:
    """One element of a numeric array as a value (fast path of A(i))."""
    m = data.shape[0]
    x = data[flat % m, flat // m] if data.ndim == 2 else data[np.unravel_index(flat, data.shape, order="F")]
    if data.dtype == np.float64:
        return float(x)
    if data.dtype == np.bool_:
        return bool(x)
    return simplify(np.array([[x]], dtype=data.dtype))


_ALL = slice(None)
_SCALARS = (float, bool)


def _span(arg: Value, bound: int) -> slice | None:
    """A subscript that is ``:`` or one whole number in 1..bound, as a slice of that dimension; None for
    any other (the general path checks it and raises MATLAB's error)."""
    if type(arg) is float:
        if 1.0 <= arg <= bound:          # the range test first: NaN and Inf fail it
            k = int(arg)
            if k == arg:
                return slice(k - 1, k)
        return None
    if arg is MAGIC_COLON or type(arg) is CharArray and is_colon(arg):
        return _ALL
    return None


def real_if_zero_imag(data: np.ndarray) -> np.ndarray:
    """A complex indexing result whose imaginary parts are all zero, as a real array: MATLAB's indexing
    drops them (isreal(V(:, 1)) of eig's vectors of a real eigenvalue; sort and max then order by value,
    not by magnitude), as its arithmetic does."""
    if data.dtype.kind == "c" and not data.imag.any():
        return data.real.copy()
    return data


def fast_index(value: np.ndarray, args: list) -> Value | None:
    """A(:), A(i), and A(i, j) on a matrix where each subscript is ``:`` or a whole number in range (a
    row, a column, an element: numpy's basic slicing, no index arrays); None if not that form."""
    if len(args) == 1:
        i = args[0]
        if i is MAGIC_COLON or type(i) is CharArray and is_colon(i):    # (':' where A might be a function)
            return simplify(real_if_zero_imag(_column(value)))
        if type(i) is float and 1.0 <= i <= value.size and i == int(i):
            return _scalar_element(value, int(i) - 1)
    elif len(args) == 2 and value.ndim == 2:
        i, j = args
        if type(i) is float and type(j) is float:
            if 1.0 <= i <= value.shape[0] and 1.0 <= j <= value.shape[1] and i == int(i) and j == int(j):
                return _scalar_element(value, (int(j) - 1) * value.shape[0] + int(i) - 1)
            return None
        rows = _span(i, value.shape[0])
        cols = _span(j, value.shape[1])
        if rows is not None and cols is not None:
            return simplify(real_if_zero_imag(value[rows, cols].copy()))
    return None


def _column(data: np.ndarray) -> np.ndarray:
    """``data(:)``: a new column of its elements in column order (numpy's reshape gives a view where they
    lie in that order already: copied then)."""
    column = data.reshape((-1, 1), order="F")
    return column.copy() if np.may_share_memory(column, data) else column


def select(data: np.ndarray, args: list) -> np.ndarray:
    """The elements of ``data`` that subscripts ``args`` select, as a new array in MATLAB shape."""
    shape = data.shape
    if len(args) == 1:
        arg = args[0]
        if is_colon(arg):
            return _column(data)
        idx, idx_shape = subscript(arg)
        checked(idx, data.size, 1, 1, _is_logical(arg))
        flat = data if data.ndim == 1 else data.reshape(-1, order="F")
        return flat[idx].reshape(linear_result_shape(shape, idx_shape, idx.size), order="F")
    dims = fold_shape(shape, len(args))
    view = data.reshape(dims, order="F")
    keys = []
    for position, (arg, bound) in enumerate(zip(args, dims), start=1):
        if is_colon(arg):
            keys.append(np.arange(bound))
        else:
            idx, _ = subscript(arg)
            keys.append(checked(idx, bound, position, len(args), _is_logical(arg)))
    out = view[np.ix_(*keys)]
    return out.reshape(normalize_shape(out.shape), order="F")


def index(value: Value, args: list) -> Value:
    """``value(args...)``: parenthesis indexing of any indexable value (see module docstring)."""
    if type(value) is np.ndarray:
        fast = fast_index(value, args)
        if fast is not None:
            return fast
    elif not args and type(value) in _SCALARS:
        return value                        # x() of a scalar: the scalar (immutable, nothing to copy)
    if type(value) is FunctionHandle:
        raise MatlabError("MATLAB:index:functionHandle", "Function handles must be called, not indexed.")
    if isinstance(value, HandleObject):
        return value.index(args)
    if type(value) is Table:
        return table_ops.index(value, args)
    if isinstance(value, DeviceArray) or any(isinstance(a, DeviceArray) for a in args):
        value, args = to_host(value), [to_host(a) for a in args]
        if isinstance(value, DeviceArray) or any(isinstance(a, DeviceArray) for a in args):
            return HOOKS.index(index, value, args)
    if type(value) is SparseMatrix:
        from .sparse import index as sparse_index
        return sparse_index(value, args)
    if type(value) is CellArray or type(value) is StructArray:
        key = _element_key(value.data, args)
        if key is not None:                 # c(k), s(k): one existing element
            one = np.empty((1, 1), dtype=object)
            one[0, 0] = value.data[key]
            return rewrap(value, one)
    data = storage(value)
    out = data.copy() if not args else select(data, args)
    return rewrap(value, real_if_zero_imag(as_matrix(out)))


def cell_index(value: Value, args: list) -> list:
    """``c{args...}``: the selected cell contents as a comma list, column-major. On a string array,
    ``s{k}`` gives the characters of the selected strings (char rows)."""
    if type(value) is StringArray:
        data = value.data if not args else select(value.data, args)
        return [_string_chars(text) for text in data.ravel(order="F")]
    if type(value) is Table:
        return [table_ops.brace(value, args)]
    if type(value) is not CellArray:
        raise MatlabError("MATLAB:cellRefFromNonCell", "Brace indexing is not supported for variables of "
                                                       "this type.")
    if len(args) == 1 and type(args[0]) is float and value.data.ndim == 2:
        i = args[0]
        if 1.0 <= i <= value.data.size and i == int(i):
            k, m = int(i) - 1, value.data.shape[0]
            return [value.data[k % m, k // m]]
    data = value.data.copy() if not args else select(value.data, args)
    return list(data.ravel(order="F"))


def _string_chars(text: str | None) -> CharArray:
    if text is None:
        raise MatlabError("MATLAB:string:MissingNotConvertible",
                          "Unable to convert a missing element to a character vector.")
    return CharArray.from_str(text)


def get_field(value: Value, name: str) -> list:
    """``s.name``: the field of every element of a struct array (column-major) as a comma list."""
    if isinstance(value, HandleObject):
        return [value.get_field(name)]
    if isinstance(value, TimeArray):
        return [get_property(value, name)]
    if type(value) is Table:
        return [table_ops.field(value, name)]
    if type(value) is not StructArray:
        raise MatlabError("MATLAB:structRefFromNonStruct",
                          "Dot indexing is not supported for variables of this type.")
    if name not in value.fields:
        raise unknown_field(value, name)
    data = value.data
    if data.size == 1:
        return [data.flat[0][name]]
    return [d[name] for d in data.ravel(order="F")]


def get_method(value: Value, name: str) -> list:
    """``value.name`` followed by ``(args)``: a handle object's method bound to it (``m.values({k})``),
    anything else's field (``s.f(2)``)."""
    if isinstance(value, HandleObject):
        return [value.get_method(name)]
    return get_field(value, name)


def unknown_field(value: StructArray, name: str) -> MatlabError:
    if value.classname == "struct":
        return MatlabError("MATLAB:nonExistentField", f'Unrecognized field name "{name}".')
    return MatlabError("MATLAB:noSuchMethodOrField",
                       f"Unrecognized method, property, or field '{name}' for class '{value.classname}'.")


def end_value(value: Value, k: int, n: int) -> float:
    """The value of ``end`` in subscript k (0-based) of n: numel, a dimension, or folded trailing dims."""
    shape = size_of(value)
    if n == 1:
        return float(numel(shape))
    return float(fold_shape(shape, n)[k])



# ----------------------------------------------------------------------------------------------------
# assignment: assign(base, path, rhs, inplace), path steps ('()', args) | ('{}', args) | ('.', name)


def assign(base: Value | None, path: list, rhs: Value, inplace: bool = False) -> Value:
    """The new value of ``base`` after ``base<path> = rhs``; ``base`` None creates the variable.

    With ``inplace`` (the caller owns ``base`` exclusively) a base whose class and size do not change is
    updated in its own buffer and returned, and so is a field's value or a cell's content along the path
    that nothing else holds (``updatable``); otherwise ``base`` is never modified. ``s.data.x = s`` stores
    the value ``s`` had: never ``base`` itself, which would then hold itself.
    """
    return _assign_path(base, path, rhs, inplace and rhs is not base)


_FAST_KINDS = {float: "fc", bool: "b"}


def fast_assign(base: np.ndarray, args: list, rhs: Value, inplace: bool) -> np.ndarray | None:
    """A(i) = x, A(end+1) = x (growing a vector), and A(i, j) = x on a matrix where each subscript is
    ``:`` or a whole number in range and x a real scalar or an array of A's own class whose size fits
    (a row, a column, an element); None when the assignment is not of this form."""
    if base.ndim != 2:
        return None
    if len(args) == 2:
        return _store_span(base, args, rhs, inplace)
    kinds = _FAST_KINDS.get(type(rhs))
    if kinds is None or base.dtype.kind not in kinds:
        return None
    m, n = base.shape
    if len(args) != 1 or type(args[0]) is not float or not 1.0 <= args[0] < INDEX_CEILING or \
            args[0] != int(args[0]):
        return None
    k = int(args[0]) - 1
    if k < m * n:
        out = base if inplace else base.copy()
        out[k % m, k // m] = rhs
        return out
    if m != 1 and n != 1 and (m, n) != (0, 0):
        return None
    shape = (k + 1, 1) if n == 1 and m != 1 else (1, k + 1)
    out = np.zeros(check_size(shape, base.dtype.itemsize), dtype=base.dtype)
    out.reshape(-1)[:base.size] = base.reshape(-1)
    out.reshape(-1)[k] = rhs
    return out


def _store_span(base: np.ndarray, args: list, rhs: Value, inplace: bool) -> np.ndarray | None:
    """A(i, j) = x for ``fast_assign`` (subscripts ``:`` or in range, nothing grows; an empty A's ``:``
    takes its length from x: the general path)."""
    m, n = base.shape
    if not m or not n:
        return None
    rows = _span(args[0], m)
    cols = _span(args[1], n)
    if rows is None or cols is None:
        return None
    t = type(rhs)
    if t is np.ndarray:
        if rhs.dtype is not base.dtype and rhs.dtype != base.dtype or not rhs.size:
            return None
        target = (m if rows is _ALL else 1, n if cols is _ALL else 1)
        if rhs.size == 1:
            rhs = rhs.reshape(())
        elif rhs.shape != target:
            if [d for d in rhs.shape if d != 1] != [d for d in target if d != 1]:
                return None             # the general path raises the size mismatch
            rhs = rhs.reshape(target, order="F")
    elif base.dtype.kind not in _FAST_KINDS.get(t, ""):
        return None
    out = base if inplace else base.copy()
    out[rows, cols] = rhs
    return out


def _assign_path(base: Value | None, path: list, rhs: Value, inplace: bool) -> Value:
    if isinstance(base, HandleObject):
        return base.assign(path, rhs)       # changes the object itself: every copy of it sees the change
    kind, arg = path[0]
    rest = path[1:]
    if kind == "." and isinstance(base, TimeArray):
        if rest:
            rhs = assign(get_property(base, arg), rest, rhs)
        return set_property(base, arg, rhs)
    if type(base) is Table:
        return table_ops.assign(base, path, rhs)
    if kind == ".":
        return _assign_field(base, arg, rest, rhs, inplace)
    if kind == "{}":
        return _assign_brace(base, arg, rest, rhs, inplace)
    if rest:
        return _assign_element_field(base, arg, rest, rhs, inplace)
    if type(base) is np.ndarray:
        done = fast_assign(base, arg, rhs, inplace)
        if done is not None:
            return done
    return assign_paren(base, arg, rhs, inplace)


def _is_null(value: Value | None) -> bool:
    """None (no variable yet) or [] (a 0x0 double): assignment may turn these into any class."""
    return value is None or (type(value) is np.ndarray and value.shape == (0, 0) and value.dtype == np.float64)


_EMPTY = np.zeros((0, 0))


def _struct_base(base: Value | None, inplace: bool) -> StructArray:
    if _is_null(base):
        return StructArray([], np.empty((0, 0), dtype=object))
    if type(base) is not StructArray:
        raise MatlabError("MATLAB:structAssToNonStruct", "Unable to perform assignment because dot "
                                                         "indexing is not supported for variables of "
                                                         "this type.")
    return base if inplace else StructArray(list(base.fields), base.data.copy(), base.classname)


def _add_field(s: StructArray, name: str) -> None:
    """Add field ``name`` (value []) to every element of ``s``, which the caller owns."""
    if name not in s.fields:
        s.fields = [*s.fields, name]
        for k, d in enumerate(s.data.flat):
            s.data.flat[k] = {**d, name: _EMPTY}


# ---- in place inside an owned container
# ``inplace`` says that the caller owns the base exclusively, and with it the storage of its elements. An
# element (a field's value, a cell's content) may then be updated in place too when nothing else holds
# it: its CPython reference count is what its container's one reference and the test's own call make
# (_ONE_HOLDER, measured at import through the same function), while a variable, a temporary, another
# struct or cell sharing it or a numpy view of it each add one. Its storage must be its own as well: an
# array that owns its buffer (not a view), a cell, struct or char array whose storage only it holds.


def _holders(container: Any, key: Any) -> int:
    """The reference count of ``container[key]`` as seen from here (see _ONE_HOLDER)."""
    return getrefcount(container[key])


_ONE_HOLDER = _holders({"item": []}, "item")


def updatable(container: Any, key: Any) -> bool:
    """Whether ``container[key]``, inside a container the caller owns exclusively (an owned struct or
    cell; a frame's registers, tier 2), may be updated in place (see above). An array's device copy, if the accelerator keeps one, is dropped: it would go
    stale."""
    if _holders(container, key) != _ONE_HOLDER:
        return False
    item = container[key]
    t = type(item)
    if t is np.ndarray:
        if item.base is not None or item.dtype == object:
            return False
        if HOOKS.host_written is not None:
            HOOKS.host_written(item)
        return True
    if t is CellArray or t is StructArray or t is StringArray or t is CharArray:
        store = "codes" if t is CharArray else "data"
        return _holders(item.__dict__, store) == _ONE_HOLDER and getattr(item, store).base is None
    return False


def fast_assign_field(s: StructArray, name: str, args: list, rhs: Value) -> bool:
    """``s.name(args) = rhs`` where the caller owns the scalar struct ``s`` exclusively: True when done in
    place (the field holds an array nothing else holds, and ``fast_assign`` takes the form), else False
    and nothing changed."""
    data = s.data
    if data.shape != (1, 1) or name not in s.fields or _holders(data, (0, 0)) != _ONE_HOLDER or \
            type(data[0, 0][name]) is not np.ndarray or not updatable(data[0, 0], name):
        return False
    value = data[0, 0][name]
    new = fast_assign(value, args, rhs, True)
    if new is None:
        return False
    if new is not value:            # grown: a new array
        data[0, 0] = {**data[0, 0], name: new}
    return True


def _element_key(data: np.ndarray, args: list) -> tuple[int, int] | None:
    """The numpy position of the one existing element of a matrix that whole-number subscripts ``args``
    (one or two, in range) address; None for any other subscripts."""
    if data.ndim != 2:
        return None
    m, n = data.shape
    if len(args) == 1:
        i = args[0]
        if type(i) is float and 1.0 <= i <= m * n and i == int(i):
            k = int(i) - 1
            return k % m, k // m
    elif len(args) == 2:
        i, j = args
        if type(i) is float and type(j) is float and 1.0 <= i <= m and 1.0 <= j <= n and \
                i == int(i) and j == int(j):
            return int(i) - 1, int(j) - 1
    return None


def _one_result(count: int, what: str) -> MatlabError:
    return MatlabError("MATLAB:index:expected_one_output_from_expression",
                       f"Expected one output from a {what} indexing expression, but there were {count} "
                       f"results.")


def check_field_name(name: str) -> str:
    """``name`` if it can name a struct field (a letter, then letters, digits and underscores, at most
    63 characters), else MATLAB's error: ``s.('a b') = 1`` is an error, as in MATLAB."""
    if not (name.isascii() and name.isidentifier() and name[0] != "_" and len(name) <= 63):
        raise MatlabError("MATLAB:AddField:InvalidFieldName", f"Invalid field name: '{name}'.")
    return name


def _assign_field(base: Value | None, name: str, rest: list, rhs: Value, inplace: bool) -> StructArray:
    """base.name<rest> = rhs on a scalar struct (created from nothing or [])."""
    check_field_name(name)
    s = _struct_base(base, inplace)
    if s.data.size == 0:
        s = StructArray(s.fields, np.array([[{f: _EMPTY for f in s.fields}]], dtype=object), s.classname)
    if s.data.size != 1:
        raise _one_result(s.data.size, "curly brace or dot")
    if not rest:
        value = rhs
    else:
        own = inplace and name in s.fields and _holders(s.data, (0, 0)) == _ONE_HOLDER and \
            updatable(s.data[0, 0], name)
        value = _assign_path(s.data[0, 0].get(name), rest, rhs, own)
        if own and s.data[0, 0][name] is value:
            return s                # updated where it is
    _add_field(s, name)
    s.data[0, 0] = {**s.data[0, 0], name: value}
    return s


def _addressed(data: np.ndarray, args: list, what: str) -> Value | None:
    """The one element of an object array that ``args`` address; None if it lies beyond ``data``."""
    plan = plan_targets(data.shape, args, (1, 1))
    if plan.count != 1:
        raise _one_result(plan.count, what)
    if plan.shape != data.shape:
        return None
    return plan.view(data)[plan.keys].ravel()[0]


def _assign_brace(base: Value | None, args: list, rest: list, rhs: Value, inplace: bool) -> Value:
    """base{args}<rest> = rhs on a cell array (created from nothing or []) or a string array."""
    if _is_null(base):
        base = CellArray(np.empty((0, 0), dtype=object))
    if type(base) is StringArray:                   # s{k} = 'text', s{k}(2) = 'X': the k-th string's chars
        current = _addressed(base.data, args, "curly brace")
        chars = None if current is None else _string_chars(current)
        return assign_paren(base, args, _assign_path(chars, rest, rhs, False) if rest else rhs, inplace)
    if type(base) is not CellArray:
        raise MatlabError("MATLAB:cellAssToNonCell", "Unable to perform assignment because brace indexing "
                                                     "is not supported for variables of this type.")
    key = _element_key(base.data, args)
    if key is not None:             # an existing element: set (or update) it where it is
        value = rhs
        if rest:
            own = inplace and updatable(base.data, key)    # before the element is fetched (a reference)
            value = _assign_path(base.data[key], rest, rhs, own)
        data = base.data if inplace else base.data.copy()
        data[key] = value
        return base if inplace else CellArray(data)
    current = _addressed(base.data, args, "curly brace")
    cell = np.empty((1, 1), dtype=object)
    cell[0, 0] = _assign_path(current, rest, rhs, False) if rest else rhs
    return assign_paren(base, args, CellArray(cell), inplace)


def _assign_element_field(base: Value | None, args: list, rest: list, rhs: Value,
                          inplace: bool) -> StructArray:
    """base(args).name<...> = rhs: one element of a struct array (grown as needed)."""
    if rest[0][0] != ".":
        raise MatlabError("MATLAB:index:parenMustBeLast",
                          "()-indexing must appear last in an index expression.")
    s = _struct_base(base, inplace)
    key = _element_key(s.data, args)
    current = s.data[key] if key is not None else _addressed(s.data, args, "dot")
    fields = dict(current) if current is not None else {f: _EMPTY for f in s.fields}
    element = StructArray(list(s.fields), np.array([[fields]], dtype=object), s.classname)
    element = _assign_path(element, rest, rhs, True)
    for name in element.fields:
        _add_field(s, name)
    if key is None:
        return assign_paren(s, args, element, True)
    s.data[key] = element.data[0, 0]          # an existing element: replaced where it is
    return s


# ---- A(args) = rhs


class TargetPlan:
    """Where A(args) = rhs writes: the result's shape, and index keys into a view of it."""

    def __init__(self, shape: tuple[int, ...], keys: tuple, counts: tuple[int, ...],
                 view_shape: tuple[int, ...] | None = None):
        self.shape = shape              # shape of the result (grown as needed), MATLAB-normalised
        self.keys = keys                # numpy index into view(result)
        self.counts = counts            # positions per subscript
        self.count = numel(counts)
        self.view_shape = view_shape    # the result seen with one dimension per subscript (a view)

    def view(self, data: np.ndarray) -> np.ndarray:
        return data if self.view_shape is None else data.reshape(self.view_shape, order="F")


def _grow_linear(shape: tuple[int, ...], needed: int) -> tuple[int, ...]:
    """Shape after A(k) = v with k up to ``needed``: vectors grow along their length."""
    if needed <= numel(shape):
        return shape
    if len(shape) == 2 and (shape[0] == 1 or shape == (0, 0)):
        return (1, needed)
    if len(shape) == 2 and shape[1] == 1:
        return (needed, 1)
    raise MatlabError("MATLAB:subsassigndimmismatch", "Attempt to grow array along ambiguous dimension.")


def _colon_counts(counts: list[int | None], rhs_shape: tuple[int, ...]) -> list[int]:
    """Sizes for ':' over dimensions of length 0, taken from the right-hand side's sizes: position by
    position when the other subscripts agree with them (A(:, 2) = [1; 2]), else its non-singleton
    sizes in order (A(1, :) = [1; 2] gives a row)."""
    if numel(rhs_shape) == 1:
        return [1 if c is None else c for c in counts]
    if len(counts) == len(rhs_shape) and all(c is None or c == d for c, d in zip(counts, rhs_shape)):
        return [d if c is None else c for c, d in zip(counts, rhs_shape)]
    pending = [d for d in rhs_shape if d != 1]
    out = []
    for c in counts:
        if c is None:
            out.append(pending.pop(0) if pending else 1)
            continue
        if c != 1 and pending and pending[0] == c:
            pending.pop(0)
        out.append(c)
    return out


def _linear_plan(shape: tuple[int, ...], arg: Value, itemsize: int) -> TargetPlan:
    if is_colon(arg):
        total = numel(shape)
        return TargetPlan(shape, np.unravel_index(np.arange(total), shape, order="F"), (total,))
    idx, _ = subscript(arg)
    if _is_logical(arg):
        checked(idx, numel(shape), 1, 1, True)
    grown = check_size(_grow_linear(shape, extent(idx, arg)), itemsize)
    return TargetPlan(grown, np.unravel_index(idx, grown, order="F"), (idx.size,))


def plan_targets(shape: tuple[int, ...], args: list, rhs_shape: tuple[int, ...],
                 itemsize: int = 8) -> TargetPlan:
    """Plan A(args) = rhs for an A of ``shape`` (elements of ``itemsize`` bytes): the grown shape and
    the positions written; growth past the memory limit is MATLAB's size-limit error."""
    shape = tuple(shape)
    if len(args) == 1:
        return _linear_plan(shape, args[0], itemsize)
    n = len(args)
    dims = fold_shape(shape, n)
    keys: list[np.ndarray | None] = []
    for position, (arg, bound) in enumerate(zip(args, dims), start=1):
        if is_colon(arg):
            keys.append(np.arange(bound) if bound else None)     # ':' of a length-0 dimension: from rhs
            continue
        idx, _ = subscript(arg)
        if _is_logical(arg):
            checked(idx, bound, position, n, True)
        keys.append(idx)
    counts = _colon_counts([None if k is None else k.size for k in keys], rhs_shape)
    keys = [np.arange(c) if k is None else k for k, c in zip(keys, counts)]
    grown = tuple(max(d, k.size and int(k.max()) + 1) for d, k in zip(dims, keys))
    if grown != dims:
        check_size(tuple(max(d, extent(k, a)) for d, k, a in zip(dims, keys, args)), itemsize)
    if n < len(shape):
        if grown != dims:
            raise MatlabError("MATLAB:subsassigndimmismatch",
                              "Attempt to grow array along ambiguous dimension.")
        flat = np.ravel_multi_index(np.ix_(*keys), dims, order="F")
        return TargetPlan(shape, np.unravel_index(flat, shape, order="F"), tuple(counts))
    return TargetPlan(normalize_shape(grown), np.ix_(*keys), tuple(counts), view_shape=grown)


def _size_text(shape: tuple[int, ...]) -> str:
    return "-by-".join(str(d) for d in shape)


def _fit_rhs(rhs: np.ndarray, plan: TargetPlan, linear: bool) -> np.ndarray:
    """The right-hand side's elements arranged like the target positions (a scalar expands)."""
    if rhs.size == 1:
        return rhs.reshape(())
    if linear:
        if rhs.size != plan.count:
            raise MatlabError("MATLAB:subsassignnumelmismatch", "Unable to perform assignment because the "
                                                                "left and right sides have different "
                                                                "numbers of elements.")
        return rhs.reshape(-1, order="F").reshape(plan.keys[0].shape, order="F")
    if [d for d in plan.counts if d != 1] != [d for d in rhs.shape if d != 1]:
        raise MatlabError("MATLAB:subsassigndimmismatch",
                          f"Unable to perform assignment because the size of the left side is "
                          f"{_size_text(normalize_shape(plan.counts))} and the size of the right side is "
                          f"{_size_text(rhs.shape)}.")
    return rhs.reshape(plan.counts, order="F")


# ---- class of the result of A(args) = rhs


def _numeric_as(value: Value, cls: str, complex_: bool) -> np.ndarray:
    """A numeric/char/logical value's elements as storage of class ``cls`` (char: uint16 codes).
    Indexed assignment keeps the array's class, so a logical array takes 2 as true; NaN has no
    logical value."""
    if cls == "char":
        return char_codes(value)
    arr = numeric(value)
    if cls == "logical" and arr.dtype.kind in "fc" and np.isnan(arr).any():
        raise MatlabError("MATLAB:nologicalnan", "NaN's cannot be converted to logicals.")
    arr = cast_result(arr, cls)
    if complex_ and arr.dtype.kind != "c":
        arr = arr.astype(np.complex64 if cls == "single" else np.complex128)
    return arr


def _string_rhs(value: Value) -> np.ndarray:
    if type(value) in (CellArray, StructArray, FunctionHandle):
        raise _conversion("string", value)
    return string_elements(value)


def _conversion(target: str, value: Value) -> MatlabError:
    return MatlabError("MATLAB:invalidConversion",
                       f"Conversion to {target} from {class_of(value)} is not possible.")


_Wrap = Callable[[np.ndarray], Value]


def _operands(base: Value | None, rhs: Value) -> tuple[np.ndarray, np.ndarray, _Wrap, str]:
    """The base's storage (converted to the result's class when that changes), the rhs as storage of
    the same kind, a function that wraps result storage as a value, and the fill for growth."""
    if _is_null(base):
        base = _null_like(rhs)
    t = type(base)
    if t is CellArray:
        if type(rhs) is not CellArray:
            raise _conversion("cell", rhs)
        return base.data, rhs.data, CellArray, "empty"
    if t is StructArray:
        fields = _fields_of(base, rhs)
        return base.data, _struct_rhs(base, rhs), \
            (lambda d: StructArray(list(fields), d, base.classname)), "struct"
    if t is StringArray:
        return base.data, _string_rhs(rhs), StringArray, "missing"
    if isinstance(base, TimeArray):
        return base.data, time_elements(base, rhs), base.like, "nan" if t is DatetimeArray else "zero"
    if t is CategoricalArray:       # a name that is no category yet becomes one (unless protected):
        codes, cats = codes_for(base, rhs)      # then a new array, never the old one changed in place
        data = base.data if cats == base.cats else base.data.copy()
        return data, codes, lambda d: base.with_cats(d, cats), "nan"
    cls = class_of(base)
    if class_of(rhs) not in NUMERIC_CLASSES:
        raise _conversion(cls, rhs)
    data = storage(base)
    complex_ = data.dtype.kind == "c" or type(rhs) is complex or (type(rhs) is np.ndarray and
                                                                    rhs.dtype.kind == "c")
    if cls == "char":
        return data, _numeric_as(rhs, "char", False), CharArray, "zero"
    if complex_ and data.dtype.kind != "c":
        data = _numeric_as(base, cls, complex_)
    return data, _numeric_as(rhs, cls, complex_), simplify, "zero"


def _null_like(rhs: Value) -> Value:
    """An empty value of the kind that assigning ``rhs`` into nothing creates."""
    t = type(rhs)
    if t is CellArray or t is StringArray:
        return t(np.empty((0, 0), dtype=object))
    if t is StructArray:
        return StructArray(list(rhs.fields), np.empty((0, 0), dtype=object), rhs.classname)
    if t is CharArray:
        return CharArray(np.zeros((0, 0), dtype=np.uint16))
    if t is FunctionHandle:
        raise MatlabError("MATLAB:functionHandle:nonscalar", "Nonscalar arrays of function handles are "
                                                             "not allowed; use cell arrays instead.")
    if isinstance(rhs, TimeArray) or t is CategoricalArray:
        return rhs.like(np.zeros((0, 0)))
    return np.zeros((0, 0), dtype=storage(rhs).dtype)


def _struct_rhs(base: StructArray, rhs: Value) -> np.ndarray:
    if type(rhs) is not StructArray:
        raise _conversion("struct", rhs)
    if set(rhs.fields) != set(base.fields) and base.data.size:
        raise MatlabError("MATLAB:heterogeneousStrucAssignment",
                          "Subscripted assignment between dissimilar structures.")
    return rhs.data


def _grown(data: np.ndarray, shape: tuple[int, ...], fill: str, fields: list[str]) -> np.ndarray:
    """``data`` copied into the corner of a new array of ``shape``; the rest is zeros, NaN (NaT), []
    cells, <missing> strings, or structs with empty fields."""
    if fill == "zero":
        out = np.zeros(shape, dtype=data.dtype)
    elif fill == "nan":
        out = np.full(shape, np.nan)
    else:
        out = np.empty(shape, dtype=object)
        if fill == "empty":
            out.fill(_EMPTY)
    corner = tuple(slice(0, d) for d in data.shape) + (0,) * (len(shape) - data.ndim)
    out[corner] = data
    if fill == "struct":
        new = np.ones(shape, dtype=bool)
        new[corner] = False
        for k in np.flatnonzero(new):
            out.flat[k] = {f: _EMPTY for f in fields}
    return out


def assign_paren(base: Value | None, args: list, rhs: Value, inplace: bool = False) -> Value:
    """``base(args) = rhs``, including deletion (rhs a 0x0 double) and growth."""
    if isinstance(base, DeviceArray) or isinstance(rhs, DeviceArray) or any(isinstance(a, DeviceArray) for a in args):
        base, rhs, args = to_host(base), to_host(rhs), [to_host(a) for a in args]
        if isinstance(base, DeviceArray) or isinstance(rhs, DeviceArray) or any(isinstance(a, DeviceArray) for a in args):
            return HOOKS.assign(assign_paren, base, args, rhs, inplace)
    if type(base) is SparseMatrix or type(rhs) is SparseMatrix:
        from .sparse import assign as sparse_assign
        return sparse_assign(base, args, rhs, inplace)
    if not _is_null(base) and type(rhs) is np.ndarray and rhs.shape == (0, 0) and rhs.dtype == np.float64:
        return delete(base, args)
    if not args:
        raise MatlabError("MATLAB:index:emptyParenAssignment",
                          "Assignment with empty parentheses is not supported; use A = value.")
    data, values, wrap, fill = _operands(base, rhs)
    shared = data is _storage_or_none(base)
    plan = plan_targets(data.shape, args, values.shape, data.dtype.itemsize)
    values = _fit_rhs(values, plan, len(args) == 1)
    if plan.shape != data.shape:
        data, shared = _grown(data, plan.shape, fill, _fields_of(base, rhs)), False
    elif shared and not inplace:
        data, shared = data.copy(), False
    plan.view(data)[plan.keys] = values
    return base if shared else wrap(data)


def _fields_of(base: Value | None, rhs: Value) -> list[str]:
    if type(base) is StructArray and base.data.size:
        return base.fields
    return list(getattr(rhs, "fields", []))


def _storage_or_none(value: Value | None) -> np.ndarray | None:
    return None if value is None or type(value) in (float, bool, complex) else storage(value)


# ---- A(args) = []


def null_assignment() -> MatlabError:
    return MatlabError("MATLAB:subsdeldimmismatch", "A null assignment can have only one non-colon index.")


def _deletion_keys(data: np.ndarray, args: list) -> tuple[np.ndarray, tuple[int, ...], int]:
    """For A(args) = []: the folded view of A, its shape, and the axis to delete along (-1: every
    subscript is a colon). A subscript that spans its whole dimension counts as a colon, unless no other
    subscript deletes: then the first of them does (A(:, 1) = [] of a column leaves a rows-by-0 array)."""
    dims = fold_shape(data.shape, len(args))
    axis, chosen, spanning = -1, None, None
    for position, (arg, bound) in enumerate(zip(args, dims)):
        if is_colon(arg):
            continue
        idx, _ = subscript(arg)
        if np.array_equal(np.unique(idx), np.arange(bound)):
            spanning = spanning or (position, idx)
            continue
        if axis >= 0:
            raise null_assignment()
        axis, chosen = position, idx
    if axis < 0 and spanning is not None:
        axis, chosen = spanning
    return chosen, dims, axis


def _out_of_range_deletion() -> MatlabError:
    return MatlabError("MATLAB:index:outOfRangeForDeletion", "Matrix index is out of range for deletion.")


def delete(base: Value, args: list) -> Value:
    """``base(args) = []``: remove elements (one subscript) or whole slices (one non-colon subscript)."""
    data = storage(base)
    if len(args) == 1:
        out = _delete_linear(data, args[0])
    elif not args:
        raise null_assignment()
    else:
        idx, dims, axis = _deletion_keys(data, args)
        if axis < 0:
            axis, idx = 0, np.arange(dims[0])
        if idx.size and idx.max() >= dims[axis]:
            raise _out_of_range_deletion()
        out = np.delete(data.reshape(dims, order="F"), idx, axis=axis)
        out = out.reshape(normalize_shape(out.shape), order="F")
    return rewrap(base, out)


def _delete_linear(data: np.ndarray, arg: Value) -> np.ndarray:
    if is_colon(arg):
        return data.reshape(-1, order="F")[:0].reshape(0, 0)
    idx, _ = subscript(arg)
    if not idx.size:
        return data.copy()
    if idx.max() >= data.size:
        raise _out_of_range_deletion()
    keep = np.ones(data.size, dtype=bool)
    keep[idx] = False
    kept = data.reshape(-1, order="F")[keep]
    column = data.ndim == 2 and data.shape[1] == 1 and data.shape[0] != 1
    return kept.reshape((-1, 1) if column else (1, -1))


from . import table_ops  # noqa: E402  (it reads this module's functions; tables route through it)
