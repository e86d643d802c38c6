"""Numbers from text: str2double (parsing only) and str2num (parsing, or evaluation by the engine)."""
from __future__ import annotations

import re

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..values import CellArray, CharArray, StringArray, Value
from .registry import builtin
from .textutil import is_text_scalar, text_arg

_UNSIGNED = r"(?:inf|nan|(?:\d[\d,]*\.?\d*|\.\d+)(?:[ed][+-]?\d+)?)"
_REAL = rf"[+-]?{_UNSIGNED}"
_NUMBER = re.compile(rf"^\s*(?P<re>{_REAL})?\s*(?:(?P<im>[+-]\s*{_UNSIGNED}?)\s*\*?\s*[ij])?\s*$",
                     re.IGNORECASE)


def parse_number(text: str) -> float | complex | None:
    """MATLAB's str2double reading of one text: a real or complex number, or None."""
    m = _NUMBER.match(text)
    if not m or not (m.group("re") or m.group("im")):
        return _imaginary_only(text)
    real = _real(m.group("re")) if m.group("re") else 0.0
    if m.group("im") is None:
        return real
    imag = m.group("im").replace(" ", "")
    return complex(real, _real(imag if imag not in "+-" else imag + "1"))


def _imaginary_only(text: str) -> complex | None:
    m = re.match(rf"^\s*({_REAL})?\s*\*?\s*[ij]\s*$", text, re.IGNORECASE)
    if not m:
        return None
    value = m.group(1)
    return complex(0.0, _real(value) if value and value not in "+-" else float((value or "") + "1"))


def _real(text: str) -> float:
    return float(text.replace(",", "").lower().replace("d", "e"))


@builtin("str2double", family="strings")
def str2double(s):
    """str2double(str)  convert text to a double; NaN where the text is not one number.

    Accepts a char vector, string array or cell array (one result per element, NaN for non-text
    elements); understands Inf, NaN, exponents, thousands commas and complex numbers like '1+2i'.

        str2double({'3.5', 'abc'})   % [3.5 NaN]
    """
    if type(s) is CellArray:
        values = [_double_of(v) for v in s.data.ravel(order="F")]
        return _numbers(values, s.shape)
    if type(s) is StringArray:
        values = [_double_of(StringArray.scalar(v)) for v in s.data.ravel(order="F")]
        return _numbers(values, s.shape)
    return _double_of(s)


def _double_of(value: Value) -> float | complex:
    if not is_text_scalar(value) or (type(value) is StringArray and value.data.flat[0] is None):
        return float("nan")
    number = parse_number(text_arg(value, "str2double"))
    return float("nan") if number is None else number


def _numbers(values: list, shape: tuple[int, ...]) -> Value:
    dtype = np.complex128 if any(type(v) is complex for v in values) else np.float64
    arr = np.array(values, dtype=dtype).reshape(shape, order="F")
    return float(arr[0, 0]) if arr.shape == (1, 1) and dtype == np.float64 else arr


_KEYWORD_VALUES = {"true": True, "false": False, "pi": np.pi, "inf": np.inf, "nan": np.nan,
                   "eps": np.finfo(float).eps}


def _matrix_rows(text: str) -> list[list[str]] | None:
    body = text.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    elif "[" in body or "]" in body:
        return None
    rows = [r for r in re.split(r"[;\n]", body) if r.strip()]
    return [[t for t in re.split(r"[,\s]+", r.strip()) if t] for r in rows]


def _element(token: str) -> float | complex | bool | None:
    lowered = token.lower()
    sign = -1.0 if lowered.startswith("-") else 1.0
    if lowered.lstrip("+-") in _KEYWORD_VALUES and lowered not in ("true", "false"):
        return sign * _KEYWORD_VALUES[lowered.lstrip("+-")]
    if lowered in ("true", "false"):
        return _KEYWORD_VALUES[lowered]
    if "," in token:
        return None
    return parse_number(token)


@builtin("str2num", family="strings")
def str2num(ctx, s, nargout=1):
    """[x, tf] = str2num(str)  convert text to a numeric array by evaluating it, as in [str].

    Plain numbers and matrices of numbers (spaces or commas between elements, semicolons or newlines
    between rows, optionally in brackets; Inf, NaN, pi, eps, true, false) are read directly; any other
    text is evaluated as a MATLAB expression in brackets. Text that does not evaluate gives [] and
    tf = false.

        str2num('[1 2; 3 4]')   % [1 2; 3 4]
        str2num('2+3')          % 5
    """
    text = "\n".join(s.rows()) if type(s) is CharArray else text_arg(s, "str2num")
    rows = _matrix_rows(text)
    values = None if rows is None else [[_element(t) for t in row] for row in rows]
    if values is not None and all(v is not None for row in values for v in row) and \
            len({len(row) for row in values}) <= 1:
        result = _matrix(values)
    else:
        result = _evaluate(ctx, text)
    ok = result is not None
    result = np.zeros((0, 0)) if result is None else result
    return (result, ok) if nargout > 1 else result


def _evaluate(ctx: CallContext, text: str) -> Value | None:
    """The value of [text] computed by the engine (through an anonymous function), or None."""
    try:
        fn = ctx.make_handle("@() [" + text.replace("\n", ";") + "]")
        outputs = ctx.call(fn, [], 1)
    except MatlabError:
        return None
    return outputs[0] if outputs else None


def _matrix(rows: list[list]) -> Value:
    if not rows:
        return np.zeros((0, 0))
    all_logical = all(type(v) is bool for row in rows for v in row)
    dtype = np.bool_ if all_logical else (
        np.complex128 if any(type(v) is complex for row in rows for v in row) else np.float64)
    arr = np.array(rows, dtype=dtype)
    return arr.item() if arr.shape == (1, 1) and dtype != np.complex128 else arr
