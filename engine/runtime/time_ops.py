"""MATLAB's operators and properties of datetime and duration values (runtime/times.py).

    datetime + duration, duration + datetime, datetime + X     a datetime (a number X counts as days)
    datetime - datetime                                        a duration ('hh:mm:ss')
    datetime - duration, datetime - X                          a datetime
    duration +- duration, duration +- X, X +- duration         a duration (X in days)
    duration .* X, X .* duration, duration ./ X                a duration (* and / with a scalar too)
    duration ./ duration                                       a number
    -duration, +value, value', value.'
    == ~= < <= > >= between two of one class (text beside a datetime is read as a datetime, a
                    number beside a duration counts days)

with implicit expansion. Any other operator or operand class is MATLAB's error. ``route`` wraps ops.py's
operator tables once (as sparse_ops.py does for sparse matrices); ``colon`` is ``a:step:b`` on them;
``get_property`` and ``set_property`` are ``t.Year``, ``t.Format = fmt`` (indexing.py calls them).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from .errors import MatlabError
from .semantics import NUMERIC_CLASSES, broadcast_shape, expand_dims, numeric, to_value
from .time_text import check_datetime_format, check_duration_format, parse_datetimes
from .times import (DAY, DEFAULT_DATE_FORMAT, TIME_ZONES, DatetimeArray, DurationArray, TimeArray, from_parts,
                    parts)
from .values import CharArray, StringArray, Value, class_of, normalize_shape

Binary = Callable[[Value, Value], Value]


def unsupported(op: str, a: Value, b: Value | None = None) -> MatlabError:
    names = {"+": "Addition", "-": "Subtraction", "*": "Multiplication", ".*": "Multiplication",
             "/": "Division", "./": "Division"}
    if op in names and b is not None:
        return MatlabError("MATLAB:UndefinedFunction", f"{names[op]} is not defined between "
                           f"'{class_of(a)}' and '{class_of(b)}' values.")
    return MatlabError("MATLAB:UndefinedFunction",
                       f"Operator '{op}' is not supported for operands of type "
                       f"'{class_of(a if isinstance(a, TimeArray) else b)}'.")


def _kind(value: Value) -> str:
    """'datetime', 'duration', 'number' (real numeric or logical), 'text', or 'other'."""
    if isinstance(value, TimeArray):
        return value.matlab_class
    if type(value) in (CharArray, StringArray):
        return "text"
    if class_of(value) in NUMERIC_CLASSES and not np.iscomplexobj(numeric(value)):
        return "number"
    return "other"


def _seconds(value: Value, kind: str) -> np.ndarray:
    """The operand in seconds: a time value's data, a number as days, text read as datetimes."""
    if kind in ("datetime", "duration"):
        return value.data
    if kind == "number":
        return numeric(value).astype(np.float64) * DAY
    if type(value) is StringArray:
        return parse_datetimes(list(value.data.ravel(order="F")), None).reshape(value.shape, order="F")
    rows = value.rows() if value.shape[0] > 1 else [value.to_str()]         # a char matrix: one per row
    return parse_datetimes(rows, None).reshape(len(rows), 1)


def _combine(fn: Callable, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    broadcast_shape(a.shape, b.shape)           # MATLAB's error for incompatible sizes
    with np.errstate(all="ignore"):
        out = fn(*expand_dims([a, b]))
    return out.reshape(normalize_shape(out.shape))


def _operand_of(cls: type, a: Value, b: Value) -> TimeArray:
    """The operand of class ``cls`` (the left one if both are): the result keeps its format."""
    return a if type(a) is cls else b


def _plus_minus(op: str) -> Binary:
    fn = np.add if op == "+" else np.subtract

    def operator(a: Value, b: Value) -> Value:
        ka, kb = _kind(a), _kind(b)
        if op == "-" and ka == "datetime" and kb in ("datetime", "text"):
            return DurationArray(_combine(fn, a.data, _seconds(b, kb)))
        if op == "-" and kb == "datetime" and ka == "text":
            return DurationArray(_combine(fn, _seconds(a, ka), b.data))
        if "datetime" in (ka, kb):
            if (ka, kb) == ("datetime", "datetime") or "other" in (ka, kb) or "text" in (ka, kb) or \
                    (op == "-" and kb == "datetime"):
                raise unsupported(op, a, b)
            like = _operand_of(DatetimeArray, a, b)
            return like.like(_combine(fn, _seconds(a, ka), _seconds(b, kb)))
        if "other" in (ka, kb) or "text" in (ka, kb):
            raise unsupported(op, a, b)
        like = _operand_of(DurationArray, a, b)
        return like.like(_combine(fn, _seconds(a, ka), _seconds(b, kb)))
    return operator


def _shape(value: Value) -> tuple[int, ...]:
    return value.shape if isinstance(value, TimeArray) else numeric(value).shape


def _times(op: str) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        ka, kb = _kind(a), _kind(b)
        if sorted((ka, kb)) != ["duration", "number"]:
            raise unsupported(op, a, b)
        if op == "*" and _shape(a) != (1, 1) and _shape(b) != (1, 1):
            raise unsupported(op, a, b)
        dur, number = (a, b) if ka == "duration" else (b, a)
        return dur.like(_combine(np.multiply, dur.data, numeric(number).astype(np.float64)))
    return operator


def _divide(op: str) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        ka, kb = _kind(a), _kind(b)
        if op == "/" and _shape(b) != (1, 1):
            raise unsupported(op, a, b)
        if (ka, kb) == ("duration", "duration"):
            return to_value(_combine(np.divide, a.data, b.data))
        if (ka, kb) == ("duration", "number"):
            return a.like(_combine(np.divide, a.data, numeric(b).astype(np.float64)))
        raise unsupported(op, a, b)
    return operator


def _comparison(op: str, cmp: Callable) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        ka, kb = _kind(a), _kind(b)
        kinds = {ka, kb} - {"text"} if "datetime" in (ka, kb) else \
            {ka, kb} - {"number"} if "duration" in (ka, kb) else {ka, kb}
        if len(kinds) != 1 or kinds - {"datetime", "duration"}:
            raise MatlabError("MATLAB:UndefinedFunction", f"Comparison is not defined between "
                              f"'{class_of(a)}' and '{class_of(b)}' values.")
        return to_value(_combine(cmp, _seconds(a, ka), _seconds(b, kb)))
    return operator


def _refused(op: str) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        raise unsupported(op, a, b)
    return operator


BINARY: dict[str, Binary] = {
    "+": _plus_minus("+"), "-": _plus_minus("-"), ".*": _times(".*"), "*": _times("*"),
    "./": _divide("./"), "/": _divide("/"),
    "==": _comparison("==", np.equal), "~=": _comparison("~=", np.not_equal), "<": _comparison("<", np.less),
    "<=": _comparison("<=", np.less_equal), ">": _comparison(">", np.greater),
    ">=": _comparison(">=", np.greater_equal),
}


def _uminus(a: TimeArray) -> Value:
    if type(a) is not DurationArray:
        raise unsupported("-", a)
    return a.like(-a.data)


def _transposed(a: TimeArray) -> Value:
    if a.data.ndim != 2:
        raise MatlabError("MATLAB:transpose:NDArray", "Transpose on ND array is not defined. Use PERMUTE instead.")
    return a.like(a.data.T.copy())


UNARY: dict[str, Callable[[Value], Value]] = {
    "-": _uminus, "+": lambda a: a.like(a.data.copy()), "'": _transposed, ".'": _transposed,
}


def route(binary: dict[str, Binary], unary: dict[str, Callable]) -> None:
    """Wrap ops.py's operator tables in place so that datetime and duration operands come here."""
    for op, fn in binary.items():
        binary[op] = _routed_binary(op, fn)
    for op, fn in unary.items():
        unary[op] = _routed_unary(op, fn)


def _routed_binary(op: str, plain: Binary) -> Binary:
    time_op = BINARY.get(op, _refused(op))

    def operator(a: Value, b: Value) -> Value:
        if isinstance(a, TimeArray) or isinstance(b, TimeArray):
            return time_op(a, b)
        return plain(a, b)
    operator.__name__ = plain.__name__
    return operator


def _routed_unary(op: str, plain: Callable[[Value], Value]) -> Callable[[Value], Value]:
    time_op = UNARY.get(op)

    def operator(a: Value) -> Value:
        if isinstance(a, TimeArray):
            if time_op is None:
                raise unsupported(op, a)
            return time_op(a)
        return plain(a)
    operator.__name__ = plain.__name__
    return operator


def colon(start: Value, step: Value | None, stop: Value) -> Value:
    """``a:b`` and ``a:step:b`` where an end is a datetime or duration: the step is a duration (or a
    number of days; 1 day without one); the result is a row of ``start``'s class and format."""
    first = start if isinstance(start, TimeArray) else stop
    if not isinstance(start, TimeArray) or type(stop) is not type(start):
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Colon operands must both be '{first.matlab_class}' values.")
    kind = _kind(step) if step is not None else "number"
    if kind not in ("duration", "number") or (step is not None and _shape(step) != (1, 1)) or \
            start.shape != (1, 1) or stop.shape != (1, 1):
        raise MatlabError("MATLAB:colon:InvalidInputs", "Colon operands must be scalars, and the step a "
                          "duration or a number of days.")
    delta = float(_seconds(step, kind).flat[0]) if step is not None else DAY
    a, b = float(start.data.flat[0]), float(stop.data.flat[0])
    if not (np.isfinite(a) and np.isfinite(b) and np.isfinite(delta)) or delta == 0 or (b - a) / delta < 0:
        return start.like(np.zeros((1, 0)))
    count = int(np.floor((b - a) / delta * (1 + 1e-12) + 1e-10)) + 1
    return start.like((a + delta * np.arange(count, dtype=np.float64)).reshape(1, -1))


# ---- properties: t.Year, t.Format = 'yyyy-MM-dd', d.Format = 'h'

DATETIME_PARTS = ("Year", "Month", "Day", "Hour", "Minute", "Second")


def get_property(value: TimeArray, name: str) -> Value:
    if name == "Format":
        return CharArray.from_str(value.display_format())
    if type(value) is DatetimeArray:
        if name in DATETIME_PARTS:
            return to_value(parts(value.data)[name.lower()])
        if name == "TimeZone":
            return CharArray.from_str(value.tz) if value.tz else CharArray(np.zeros((0, 0), dtype=np.uint16))
    raise _no_property(value, name)


def set_property(value: TimeArray, name: str, rhs: Value) -> TimeArray:
    """The value after ``value.name = rhs``: a new Format (or TimeZone), or one calendar part of every
    element changed (months and days past their ends carry over, as in datetime(y, m, d))."""
    if name == "Format":
        fmt = _text(rhs, "Format")
        if type(value) is DurationArray:
            return DurationArray(value.data.copy(), check_duration_format(fmt))
        fmt = "" if fmt == "default" else DEFAULT_DATE_FORMAT if fmt == "defaultdate" else fmt
        return DatetimeArray(value.data.copy(), check_datetime_format(fmt), value.tz)
    if type(value) is DatetimeArray and name == "TimeZone":
        return DatetimeArray(value.data.copy(), value.fmt, check_time_zone(_text(rhs, "TimeZone")))
    if type(value) is DatetimeArray and name in DATETIME_PARTS:
        found = parts(value.data)
        new = numeric(rhs).astype(np.float64)
        if new.size != 1 and new.shape != value.shape:
            raise MatlabError("MATLAB:datetime:InvalidPropertyAssignment",
                              f"The value assigned to {name} must be a scalar or have the datetime's size.")
        found[name.lower()] = np.broadcast_to(new.reshape(new.shape if new.size != 1 else (1, 1)), value.shape)
        return value.like(from_parts(*(found[p.lower()] for p in DATETIME_PARTS)))
    raise _no_property(value, name)


def check_time_zone(tz: str) -> str:
    if tz in TIME_ZONES:
        return tz
    raise MatlabError("matfuse:datetime:timeZone", f"The time zone '{tz}' is not supported: datetime values "
                      "here are unzoned ('') or 'UTC'.")


def _text(value: Value, what: str) -> str:
    if type(value) is CharArray and value.shape[0] <= 1:
        return value.to_str()
    if type(value) is StringArray and value.shape == (1, 1) and value.data[0, 0] is not None:
        return value.data[0, 0]
    raise MatlabError("MATLAB:datetime:InvalidPropertyAssignment", f"{what} must be a character vector or "
                      "string scalar.")


def _no_property(value: TimeArray, name: str) -> MatlabError:
    return MatlabError("MATLAB:noSuchMethodOrField", f"Unrecognized method, property, or field '{name}' for "
                       f"class '{value.matlab_class}'.")


def time_elements(base: TimeArray, value: Value) -> np.ndarray:
    """``value`` as elements of ``base``'s class for ``base(k) = value`` and concatenation: a value of
    that class, or text for a datetime; anything else is MATLAB's conversion error."""
    kind = _kind(value)
    if kind == base.matlab_class or (kind == "text" and type(base) is DatetimeArray):
        return _seconds(value, kind)
    raise MatlabError("MATLAB:invalidConversion",
                      f"Conversion to {base.matlab_class} from {class_of(value)} is not possible.")
