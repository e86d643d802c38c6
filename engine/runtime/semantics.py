"""MATLAB's class promotion, implicit expansion and casting rules, in one place.

Operators (ops.py), concatenation (concat.py), indexing (indexing.py) and the math builtins all use these
rules, so MATLAB's behaviour is decided once:

    promote(cls_a, cls_b) -> str          class of a binary result from two class names: integer wins
                                          (two different integer classes: MATLAB:mixedClasses), then single,
                                          then double; logical and char count as double
    promote_all(classes) -> str           the same over several class names (the fused kernels' rule)
    result_class(*values) -> str          the same, over the classes of several engine values
    broadcast_shape(sa, sb, ...) -> tuple implicit expansion of MATLAB sizes (incompatible sizes error)
    expand_dims(arrays) -> list           arrays padded to one ndim so numpy broadcasts like MATLAB
    numeric(value) -> np.ndarray          a numeric, logical or char value as an ndarray (char -> codes)
    round_half_away(arr) -> np.ndarray    MATLAB's round (halves away from zero), exact
    cast_result(arr, cls) -> np.ndarray   an array converted to a MATLAB class: integers round half away
                                          from zero, saturate, NaN -> 0; single is float32; complex kept
    work_dtype(cls) -> np.dtype           float dtype results of class cls are computed in
    to_value(arr) -> Value                a numpy result in MATLAB form: MATLAB shape, all-zero imaginary
                                          parts dropped, 1x1 double/logical as Python scalars
    elementwise(fn, *values, cls=None)    fn applied to numeric arrays with expansion and class rules
    number_text(x) -> str                 a number as string(x) writes it ("a" + 1 is "a1")
    char_codes(value) -> np.ndarray       char/numeric/logical as char codes (uint16)
    string_elements(value) -> np.ndarray  string/char/numeric as string-array storage

Integer results are computed in float64 and then rounded and saturated, so int8(100) + int8(100) is 127
and int32(7) / int32(2) is 4 (ops.py computes int64/uint64 exactly where float64 would lose digits).
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

import numpy as np

from .errors import MatlabError, incompatible_sizes
from .threads import converted
from .values import (DTYPE_OF_CLASS, INTEGER_CLASSES, CharArray, SparseMatrix, StringArray, Value, as_matrix,
                     class_of, is_array_like, normalize_shape, simplify, to_array)

NUMERIC_CLASSES = ("double", "single", "logical", "char") + INTEGER_CLASSES
_FLOAT_OF_CLASS = {"single": np.dtype(np.float32)}


def promote(cls_a: str, cls_b: str) -> str:
    """Result class of combining classes ``cls_a`` and ``cls_b`` arithmetically."""
    if cls_a == cls_b:
        return "double" if cls_a in ("logical", "char") else cls_a
    a_int, b_int = cls_a in INTEGER_CLASSES, cls_b in INTEGER_CLASSES
    if a_int and b_int:
        raise MatlabError("MATLAB:mixedClasses", "Integers can only be combined with integers of the "
                                                 "same class, or scalar doubles.")
    if a_int or b_int:
        return cls_a if a_int else cls_b
    if "single" in (cls_a, cls_b):
        return "single"
    return "double"


def promote_all(classes: Iterable[str]) -> str:
    """``promote`` over the classes of several operands (one class: its arithmetic class)."""
    classes = iter(classes)
    cls = next(classes)
    cls = promote(cls, cls)
    for other in classes:
        cls = promote(cls, other)
    return cls


def result_class(*values: Value) -> str:
    """Result class of an arithmetic operation on ``values`` (see ``promote``)."""
    cls = class_of(values[0])
    if cls not in NUMERIC_CLASSES:
        raise _not_numeric(cls)
    cls = promote(cls, cls)
    for value in values[1:]:
        other = class_of(value)
        if other not in NUMERIC_CLASSES:
            raise _not_numeric(other)
        cls = promote(cls, other)
    return cls


def _not_numeric(cls: str) -> MatlabError:
    return MatlabError("MATLAB:UndefinedFunction",
                       f"Arithmetic is not supported for operands of type '{cls}'.")


def broadcast_shape(sa: tuple[int, ...], *others: tuple[int, ...],
                    keep_dims: bool = False) -> tuple[int, ...]:
    """MATLAB implicit expansion of sizes: each dimension equal, or 1 in all operands but one. The result
    is a MATLAB size (no trailing singletons), unless ``keep_dims``: as many dimensions as the longest
    operand (the GPU kernels read each operand through that many strides)."""
    out = sa
    for sb in others:
        out = _expand(out, sb)
    return out if keep_dims or all(sb == sa for sb in others) else normalize_shape(out)


def _expand(sa: tuple[int, ...], sb: tuple[int, ...]) -> tuple[int, ...]:
    if sa == sb:
        return sa
    n = max(len(sa), len(sb))
    sa = tuple(sa) + (1,) * (n - len(sa))
    sb = tuple(sb) + (1,) * (n - len(sb))
    out = []
    for a, b in zip(sa, sb):
        if a == b or b == 1:
            out.append(a)
        elif a == 1:
            out.append(b)
        else:
            raise incompatible_sizes()
    return tuple(out)


def numeric(value: Value) -> np.ndarray:
    """A numeric, logical or char value as an ndarray with MATLAB's shape (char gives its codes); a
    sparse matrix is matfuse:sparse:unsupported (the operation has no sparse form)."""
    if is_array_like(value) or type(value) is SparseMatrix:
        return to_array(value)
    raise _not_numeric(class_of(value))


def expand_dims(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Give every array the same number of dimensions (trailing singletons), so numpy's broadcasting
    (which aligns trailing dimensions) matches MATLAB's (which aligns leading ones)."""
    n = max(a.ndim for a in arrays)
    return [a if a.ndim == n else a.reshape(a.shape + (1,) * (n - a.ndim)) for a in arrays]


def round_half_away(arr: np.ndarray) -> np.ndarray:
    """Round to the nearest integer, halves away from zero (MATLAB's round), exactly."""
    whole = np.trunc(arr)
    with np.errstate(invalid="ignore"):
        return whole + np.where(np.abs(arr - whole) >= 0.5, np.sign(arr), 0.0)


def _to_integer(arr: np.ndarray, cls: str) -> np.ndarray:
    dtype = DTYPE_OF_CLASS[cls]
    info = np.iinfo(dtype)
    if arr.dtype == dtype:
        return arr
    if arr.dtype.kind in "iub":
        wide = arr.astype(np.int64) if arr.dtype != np.uint64 else arr
        if arr.dtype.kind == "b" or (info.min <= wide.min(initial=0) and wide.max(initial=0) <= info.max):
            return arr.astype(dtype)
        return np.clip(arr.astype(object), int(info.min), int(info.max)).astype(dtype)
    if arr.dtype == object:
        return np.clip(arr, int(info.min), int(info.max)).astype(dtype)
    if arr.dtype.kind == "c":
        raise MatlabError("MATLAB:complexInteger", "Complex integer values are not supported.")
    rounded = round_half_away(arr.astype(np.float64, copy=False))
    high = rounded >= float(info.max)
    low = rounded <= float(info.min)
    out = np.where(np.isnan(rounded) | high | low, 0.0, rounded).astype(dtype)
    out[high] = info.max
    out[low] = info.min
    return out


def cast_result(arr: np.ndarray, cls: str) -> np.ndarray:
    """``arr`` converted to MATLAB class ``cls`` (double, single, logical or an integer class)."""
    if cls in INTEGER_CLASSES:
        return _to_integer(arr, cls)
    if cls == "logical":
        return arr if arr.dtype == np.bool_ else arr != 0
    if cls == "char":
        raise MatlabError("MATLAB:internal", "cast_result does not produce char arrays.")
    if arr.dtype.kind == "c":
        return arr.astype(np.complex64 if cls == "single" else np.complex128, copy=False)
    return converted(arr, DTYPE_OF_CLASS[cls])


def work_dtype(cls: str) -> np.dtype:
    """The float dtype a result of class ``cls`` is computed in (float32 for single, else float64)."""
    return _FLOAT_OF_CLASS.get(cls, np.dtype(np.float64))


def to_value(arr: np.ndarray) -> Value:
    """A numpy result in the engine's MATLAB form: MATLAB shape, complex with all-zero imaginary parts
    made real, 1x1 double/logical results as Python scalars."""
    if arr.ndim != 2:
        arr = as_matrix(arr)
    if arr.dtype.kind == "c" and not arr.imag.any():
        arr = arr.real.copy()
    return simplify(arr)


def python_ints(arr: np.ndarray) -> np.ndarray | None:
    """An object array of Python ints, or None if some element is not an integer value."""
    if arr.dtype.kind in "iub":
        return arr.astype(object)
    if arr.dtype.kind == "c" or not np.all(np.isfinite(arr) & (arr == np.trunc(arr))):
        return None
    return np.frompyfunc(int, 1, 1)(arr).astype(object)


def working_arrays(arrays: list[np.ndarray], cls: str, exact: bool = False) -> list[np.ndarray]:
    """The arrays in the precision a result of class ``cls`` is computed in: float32 for single,
    float64 otherwise (complex stays complex). With ``exact``, an int64/uint64 result whose operands
    are whole numbers with one past 2^53 is computed on Python ints instead, where float64 would lose
    the low digits (``-(int64(2)^53 + 1)``); ``exact`` is for functions that numpy runs on object
    arrays (negation, abs, comparisons, sums and differences)."""
    if exact and cls in ("int64", "uint64") and any(
            a.dtype.kind in "iu" and a.size and (a.max() > 2 ** 53 or a.min() < -2 ** 53) for a in arrays):
        ints = [python_ints(a) for a in arrays]
        if all(i is not None for i in ints):
            return ints
    dtype = work_dtype(cls)
    return [a if a.dtype.kind == "c" else a.astype(dtype, copy=False) for a in arrays]


def elementwise(fn: Callable[..., np.ndarray], *values: Value, cls: str | None = None,
                exact: bool = False) -> Value:
    """``fn`` applied to the values as arrays, with MATLAB class rules and implicit expansion.

    The inputs reach ``fn`` as float arrays of the working precision (float32 for single, float64
    otherwise; complex stays complex) with a common number of dimensions. The result has class ``cls``
    (default: the promoted class of the inputs); a boolean result from ``fn`` is logical. ``exact``:
    see working_arrays.

        elementwise(np.hypot, 3.0, np.array([[4.0, 5.0]]))   # -> array([[5., 5.83...]])
    """
    target = cls or result_class(*values)
    arrays = [numeric(v) for v in values]
    if len(arrays) > 1:
        shape = arrays[0].shape
        for a in arrays[1:]:
            shape = broadcast_shape(shape, a.shape)
        arrays = expand_dims(arrays)
    arrays = working_arrays(arrays, target, exact)
    with np.errstate(all="ignore"):
        out = np.asarray(fn(*arrays))
    if out.dtype != np.bool_:
        out = cast_result(out, target)
    return to_value(out)


def from_parts(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    """The complex array re + im*i, built without arithmetic: 1j * Inf is NaN + Inf*i, so re + 1j * im
    would lose an infinite imaginary part's real partner (complex(1, Inf) is 1 + Inf*i)."""
    re, im = np.broadcast_arrays(np.asarray(re), np.asarray(im))
    out = np.empty(re.shape, dtype=np.result_type(re.dtype, im.dtype, np.complex64))
    out.real, out.imag = re, im
    return out


def number_text(x: complex | float | bool) -> str:
    """A number as MATLAB's string() writes it (integers in full, others with 5 significant digits)."""
    if isinstance(x, complex):
        return f"{number_text(x.real)}{'+' if x.imag >= 0 else '-'}{number_text(abs(x.imag))}i"
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Inf" if x > 0 else "-Inf"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return format(float(x), ".5g")


def hex_literal(text: str) -> np.ndarray:
    """The value of a ``0x...`` literal: the smallest unsigned integer class that holds it (``0x1F`` is
    uint8, ``0x100`` uint16), as MATLAB types hexadecimal literals without a suffix."""
    value = int(text, 16)
    for cls in ("uint8", "uint16", "uint32", "uint64"):
        if value <= np.iinfo(DTYPE_OF_CLASS[cls]).max:
            return np.array([[value]], dtype=DTYPE_OF_CLASS[cls])
    raise MatlabError("MATLAB:parse", f"Hexadecimal literal {text} does not fit in 64 bits.")


def char_codes(value: Value) -> np.ndarray:
    """A char, numeric or logical value as char codes (uint16; numbers rounded and clipped, NaN 0)."""
    if type(value) is CharArray:
        return value.codes
    arr = np.nan_to_num(numeric(value).real.astype(np.float64), nan=0.0)
    return np.clip(round_half_away(arr), 0, 65535).astype(np.uint16)


def string_elements(value: Value) -> np.ndarray:
    """A string, char or numeric value as string-array storage (object array of str, None = missing):
    a char row is one string, a char matrix one string per row, numbers as ``number_text``."""
    t = type(value)
    if t is StringArray:
        return value.data
    if t is CharArray:
        if value.shape[0] == 1 or value.codes.size == 0 and len(value.shape) == 2:
            return np.array([[value.to_str()]], dtype=object)
        return np.array([[row] for row in value.rows()], dtype=object)
    cls = class_of(value)
    if cls not in NUMERIC_CLASSES:
        raise MatlabError("MATLAB:invalidConversion", f"Conversion to string from {cls} is not possible.")
    arr = numeric(value)
    out = np.empty(arr.shape, dtype=object)
    for k, x in enumerate(arr.flat):
        out.flat[k] = number_text(x.item())
    return out
