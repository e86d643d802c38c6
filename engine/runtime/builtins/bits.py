"""Bits and integer division: bitand bitor bitxor bitshift bitget bitset bitcmp, idivide, typecast and
swapbytes.

Integer classes are worked on in their own width; doubles that must hold whole numbers are checked (an
error, not a silent rounding) and are read as 'uint64' unless an assumedtype names another class. Two
different integer classes do not mix (semantics.promote).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..semantics import cast_result, numeric, result_class, to_value
from ..values import DTYPE_OF_CLASS, INTEGER_CLASSES, Value, class_of
from .elementwise import ANY_NUMERIC, _require_real, check_classes
from .integers import expanded
from .registry import Operation, builtin
from .sizes import option_text


# -- bits ---------------------------------------------------------------------------------------------

BIT_TYPES = INTEGER_CLASSES


def _assumed_type(value: Value | None, fname: str) -> str:
    if value is None:
        return "uint64"
    word = option_text(value)
    if word not in BIT_TYPES:
        raise MatlabError(f"MATLAB:{fname}:InvalidAssumedType",
                          "ASSUMEDTYPE must be an integer type name.")
    return word


def _bit_operands(fname: str, values: tuple[Value, ...],
                  assumed: Value | None) -> tuple[list[np.ndarray], str, np.dtype]:
    """Arguments as arrays of one integer dtype (doubles as ``assumed``, default uint64, after checking
    they hold whole numbers in its range), the result class and that dtype."""
    check_classes(fname, values, ANY_NUMERIC)
    _require_real(fname, values)
    cls = result_class(*values)
    if cls == "single":
        raise MatlabError(f"MATLAB:{fname}:singleInput", f"{fname} does not support single inputs.")
    work = cls if cls in INTEGER_CLASSES else _assumed_type(assumed, fname)
    dtype = DTYPE_OF_CLASS[work]
    info = np.iinfo(dtype)
    arrays = []
    for value in values:
        arr = numeric(value)
        if arr.dtype.kind in "fb":
            a = arr.astype(np.float64)
            if not np.all((a == np.round(a)) & (a >= float(info.min)) & (a <= float(info.max))):
                raise MatlabError(f"MATLAB:{fname}:outOfRange",
                                  "Double inputs must have integer values in the range of ASSUMEDTYPE.")
            arr = a.astype(dtype)
        arrays.append(arr.astype(dtype))
    return arrays, cls, dtype


def _bit_result(out: np.ndarray, cls: str) -> Value:
    return to_value(out.astype(np.float64) if cls not in INTEGER_CLASSES else out)


def _register_bitwise(name: str, fn: Callable[[np.ndarray, np.ndarray], np.ndarray], summary: str,
                      example: str) -> None:
    def impl(a: Value, b: Value, assumed: Value | None = None) -> Value:
        (x, y), cls, _ = _bit_operands(name, (a, b), assumed)
        x, y = expanded([x, y])
        return _bit_result(fn(x, y), cls)

    impl.__name__ = name
    impl.__doc__ = (f"{name}(A, B), {name}(A, B, assumedtype)  bit-wise {summary} of corresponding "
                    f"elements.\n\nA and B are integers of one class, or doubles holding whole numbers "
                    f"(read as 'uint64', or as assumedtype such as 'int8' for negative values); an "
                    f"integer class and a double mix. They expand against each other; the result has "
                    f"their class.\n\n    {example}\n")
    builtin(name, family="math", op=Operation(arity=2))(impl)


_register_bitwise("bitand", np.bitwise_and, "AND", "bitand(12, [10 6])    % 8  4")
_register_bitwise("bitor", np.bitwise_or, "OR", "bitor(uint8(12), uint8(3))    % 15")
_register_bitwise("bitxor", np.bitwise_xor, "XOR", "bitxor(5, 3)    % 6")


@builtin("bitshift", family="math", op=Operation(arity=2))
def bitshift(a: Value, k: Value, assumed: Value | None = None) -> Value:
    """bitshift(A, k), bitshift(A, k, assumedtype)  A shifted left by k bits (right for negative k).

    Bits shifted past the width of the class are lost (no saturation); a right shift of a signed
    integer keeps the sign. Doubles are shifted as 'uint64' (or assumedtype). k expands against A.

        bitshift(1, [3 0 -1])    % 8  1  0
    """
    (x,), cls, dtype = _bit_operands("bitshift", (a,), assumed)
    check_classes("bitshift", (k,), ANY_NUMERIC)
    shifts = numeric(k)
    if shifts.dtype.kind == "c" or not np.all(shifts == np.round(shifts)):
        raise MatlabError("MATLAB:bitshift:NonIntegerShift", "The shift must be an integer.")
    x, s = expanded([x, shifts.astype(np.int64)])
    bits = dtype.itemsize * 8
    left = np.left_shift(x, np.clip(s, 0, bits - 1).astype(dtype)) * (s < bits)
    right = np.right_shift(x, np.clip(-s, 0, bits - 1).astype(dtype))
    right = np.where(-s >= bits, np.where(x < 0, -1, 0), right) if dtype.kind == "i" else right * (-s < bits)
    return _bit_result(np.where(s >= 0, left, right).astype(dtype), cls)


def _bit_positions(fname: str, bit: Value, width: int) -> np.ndarray:
    check_classes(fname, (bit,), ANY_NUMERIC)
    positions = numeric(bit)
    if positions.dtype.kind == "c" or \
            not np.all((positions == np.round(positions)) & (positions >= 1) & (positions <= width)):
        raise MatlabError(f"MATLAB:{fname}:BitOutOfRange", f"BIT must be an integer between 1 and {width}.")
    return positions.astype(np.int64) - 1


def _bit_width(cls: str) -> int:
    return 53 if cls not in INTEGER_CLASSES else DTYPE_OF_CLASS[cls].itemsize * 8


@builtin("bitget", family="math")
def bitget(a: Value, bit: Value, assumed: Value | None = None) -> Value:
    """bitget(A, bit)  the bit at position bit (1 is the least significant) of each element: 0 or 1.

    The result has A's class (Octave returns logical); bit and A expand against each other. For doubles,
    bit lies in 1..53.

        bitget(uint8(5), 1:3)    % 1  0  1
    """
    (x,), cls, dtype = _bit_operands("bitget", (a,), assumed)
    x, pos = expanded([x, _bit_positions("bitget", bit, _bit_width(cls))])
    out = np.right_shift(x, pos.astype(dtype)) & dtype.type(1)
    return _bit_result(out.astype(dtype), cls)


@builtin("bitset", family="math")
def bitset(a: Value, bit: Value, v: Value = 1.0, assumed: Value | None = None) -> Value:
    """bitset(A, bit), bitset(A, bit, V)  A with the bit at position bit set to 1 (or to V, 0 or 1).

    bit 1 is the least significant; A, bit and V expand against each other; the result has A's class.

        bitset(0, [1 3])    % 1  4
    """
    (x,), cls, dtype = _bit_operands("bitset", (a,), assumed)
    check_classes("bitset", (v,), ANY_NUMERIC)
    x, pos, value = expanded([x, _bit_positions("bitset", bit, _bit_width(cls)), numeric(v) != 0])
    mask = np.left_shift(dtype.type(1), pos.astype(dtype))
    out = np.where(value, x | mask, x & ~mask)
    return _bit_result(out.astype(dtype), cls)


@builtin("bitcmp", family="math")
def bitcmp(a: Value, assumed: Value | None = None) -> Value:
    """bitcmp(A), bitcmp(A, assumedtype)  bit-wise complement of each element.

    Integer classes flip all their bits; doubles are complemented as 'uint64', or as assumedtype (e.g.
    bitcmp(5, 'uint8') is 250).

        bitcmp(uint8(5))    % 250
    """
    (x,), cls, dtype = _bit_operands("bitcmp", (a,), assumed)
    return _bit_result(np.invert(x), cls)


_CASTABLE = ("double", "single") + INTEGER_CLASSES


@builtin("typecast", family="types")
def typecast(x: Value, class_name: Value) -> Value:
    """typecast(X, type)  the bytes of numeric vector X read as another numeric class, without changing
    them (typecast(single(1), 'uint32') is 1065353216).

    type is 'double', 'single' or an integer class name. The number of bytes must divide evenly; the
    result is a row unless X is a column.

        typecast(uint8([1 0 0 0]), 'uint32')    % 1
    """
    cls = option_text(class_name)
    if cls not in _CASTABLE:
        raise MatlabError("MATLAB:typecast:unsupportedClass", "Unsupported class.")
    check_classes("typecast", (x,), _CASTABLE)
    arr = numeric(x)
    if arr.dtype.kind == "c" or (arr.ndim == 2 and min(arr.shape) > 1) or arr.ndim > 2:
        raise MatlabError("MATLAB:typecast:inputMustBeVector", "The first input argument must be a full, "
                          "real, non-sparse, numeric vector.")
    target = DTYPE_OF_CLASS[cls]
    flat = np.ascontiguousarray(arr.ravel(order="F"))
    if flat.nbytes % target.itemsize:
        raise MatlabError("MATLAB:typecast:notEnoughInputElements",
                          "Too few input values to make output type.")
    out = flat.view(target)
    return to_value(out.reshape(-1, 1) if arr.shape[1] == 1 and arr.shape[0] != 1 else out.reshape(1, -1))


@builtin("swapbytes", family="types")
def swapbytes(x: Value) -> Value:
    """swapbytes(X)  X with the byte order of each element reversed (little- to big-endian and back).

    X is numeric (double, single or an integer class); the class and size are kept.

        swapbytes(uint16(1))    % 256
    """
    check_classes("swapbytes", (x,), _CASTABLE)
    arr = numeric(x)
    if arr.dtype.kind == "c":
        raise MatlabError("MATLAB:swapbytes:complexInput", "Complex input is not supported.")
    return to_value(arr.byteswap())


# -- integer division ---------------------------------------------------------------------------------

_ROUNDINGS = ("fix", "round", "floor", "ceil")


@builtin("idivide", family="math", op=Operation(arity=2))
def idivide(a: Value, b: Value, opt: Value | None = None) -> Value:
    """idivide(A, B), idivide(A, B, opt)  integer division with the quotient rounded by opt.

    opt is 'fix' (default, toward zero), 'round' (to nearest, halves away from zero), 'floor' or 'ceil'.
    A and B are integers of one class, or one is an integer and the other a double scalar (not with
    int64/uint64); the result has the integer class. Division by zero saturates like A./B.

        idivide(int32([7 -7]), int32(2))             % 3  -3
        idivide(int32([7 -7]), int32(2), 'floor')    % 3  -4
    """
    word = "fix" if opt is None else option_text(opt)
    if word is None or word.lower() not in _ROUNDINGS:
        raise MatlabError("MATLAB:idivide:InvalidRoundingOption",
                          "OPT must be 'fix', 'round', 'floor', or 'ceil'.")
    check_classes("idivide", (a, b), ANY_NUMERIC)
    _require_real("idivide", (a, b))
    classes = (class_of(a), class_of(b))
    integer = [c for c in classes if c in INTEGER_CLASSES]
    if not integer:
        raise MatlabError("MATLAB:idivide:IntegerInputRequired",
                          "At least one of the inputs must belong to an integer class.")
    cls = result_class(a, b)
    if len(integer) == 1:
        other = b if classes[0] in INTEGER_CLASSES else a
        if numeric(other).size != 1 or classes.count("double") != 1 or cls in ("int64", "uint64"):
            raise MatlabError("MATLAB:idivide:mixedClasses", "When one input is not an integer, it must be a "
                              "double scalar and the other input must not be int64 or uint64.")
        with np.errstate(all="ignore"):
            x, y = expanded([numeric(a).astype(np.float64), numeric(b).astype(np.float64)])
            return to_value(cast_result(_rounded_quotient(x / y, word.lower()), cls))
    x, y = expanded([numeric(a), numeric(b)])
    return to_value(_exact_division(x, y, word.lower(), DTYPE_OF_CLASS[cls]))


def _rounded_quotient(q: np.ndarray, how: str) -> np.ndarray:
    if how == "fix":
        return np.trunc(q)
    if how == "floor":
        return np.floor(q)
    if how == "ceil":
        return np.ceil(q)
    return np.trunc(q) + np.where(np.abs(q - np.trunc(q)) >= 0.5, np.sign(q), 0)


def _exact_division(x: np.ndarray, y: np.ndarray, how: str, dtype: np.dtype) -> np.ndarray:
    """Integer quotients x./y rounded as ``how``, exactly (int64, or Python integers for the 64-bit
    classes), saturating like A./B where y is 0."""
    info = np.iinfo(dtype)
    wide = np.dtype(object) if dtype.itemsize == 8 else np.dtype(np.int64)
    p, q = x.astype(wide), y.astype(wide)
    zero = q == 0
    divisor = np.where(zero, 1, q).astype(wide)
    floor, rest = np.floor_divide(p, divisor), np.remainder(p, divisor)   # rest has the divisor's sign
    positive = (p < 0) == (q < 0)
    if how == "floor":
        step = np.zeros(p.shape, dtype=bool)
    elif how == "ceil":
        step = rest != 0
    elif how == "fix":
        step = (rest != 0) & ~positive
    else:                                        # 'round': halves away from zero
        twice, size = 2 * np.abs(rest), np.abs(divisor)
        step = (twice > size) | ((twice == size) & positive)
    quotient = np.where(zero, np.where(p == 0, 0, np.where(p > 0, int(info.max), int(info.min))),
                        floor + step.astype(wide))
    return np.clip(quotient, int(info.min), int(info.max)).astype(dtype)
