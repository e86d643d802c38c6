"""jsonencode and jsondecode: MATLAB values to JSON text and back, by MATLAB's conversion rules.

Encoding: a scalar is a JSON scalar, a vector a flat array, a matrix or N-D array nested arrays (row by
row), a struct an object (a struct array an array of objects), a cell an array, char text a string
(a char matrix an array of its rows), NaN and Inf null. Decoding: numbers of one array become a column
vector (nested arrays of one size a matrix or N-D array), booleans a logical array, strings a cell
column of char, objects with the same fields a struct array (else a cell), anything mixed a cell column;
field names are made valid MATLAB names.
"""
from __future__ import annotations

import json
import math
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..maps import ContainersMap
from ..semantics import to_value
from ..values import CellArray, CharArray, StringArray, StructArray, Value, class_of, to_array
from .arguments import name_values
from .registry import builtin
from .sizes import option_text
from .tablefiles import valid_name

INTEGER_DIGITS = 2 ** 53          # integer-valued doubles below this are written without a fraction


# ---------------------------------------------------------------- encoding

def _flag(fname: str, value: Value, what: str) -> bool:
    arr = to_array(value)
    if arr.size != 1 or arr.dtype.kind not in "biuf":
        raise MatlabError(f"MATLAB:{fname}:InvalidOption", f"The value of '{what}' must be true or false.")
    return bool(arr.ravel()[0])


def _number(x: Any, nan_null: bool) -> Any:
    """One numeric element as a JSON-ready Python value (the text is made by _text)."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (complex, np.complexfloating)):
        raise MatlabError("MATLAB:jsonencode:ComplexNotSupported", "Complex values are not supported.")
    if isinstance(x, (np.integer, int)):
        return int(x)
    if isinstance(x, np.float32):       # a single's shortest text, not its double's 17 digits
        x = float(str(x))
    x = float(x)
    if not math.isfinite(x):
        return None if nan_null else _Raw("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))
    return x


class _Raw(str):
    """Text written into the JSON as it is (NaN and Inf when ConvertInfAndNaN is false)."""


def _nested(arr: np.ndarray, leaf: Any) -> Any:
    """An array as MATLAB nests it: a vector flat, a matrix as rows, N-D arrays by the first dimension
    outermost."""
    if arr.ndim == 2 and 1 in arr.shape:
        return [leaf(x) for x in arr.ravel(order="F")]
    return [_nested(arr[k], leaf) if arr[k].ndim > 1 else [leaf(x) for x in arr[k]] for k in range(arr.shape[0])]


def _encodable(value: Value, nan_null: bool) -> Any:
    """A MATLAB value as Python lists, dicts and scalars in MATLAB's JSON shape."""
    if isinstance(value, ContainersMap):
        return {str(k): _encodable(v, nan_null) for k, v in value.entries.items()}
    if type(value) is StructArray:
        items = [{name: _encodable(element[name], nan_null) for name in value.fields}
                 for element in value.data.ravel(order="F")]
        return items[0] if value.data.shape == (1, 1) else _nested(_indices(value.data.shape), lambda k: items[k])
    if type(value) is CellArray:
        return [_encodable(v, nan_null) for v in value.data.ravel(order="F")]
    if type(value) is CharArray:
        if value.codes.size == 0 or value.shape[0] == 1 and value.codes.ndim == 2:
            return value.to_str()
        return value.rows()
    if type(value) is StringArray:
        texts = value.data
        if texts.size == 1:
            return texts.ravel()[0]
        return _nested(texts, lambda s: s)
    kind = class_of(value)
    if kind in ("function_handle",) or not isinstance(to_array_or_none(value), np.ndarray):
        raise MatlabError("MATLAB:jsonencode:UnsupportedType", f"Unable to encode a value of class '{kind}'.")
    arr = to_array(value)
    if arr.size == 1 and arr.ndim == 2:
        return _number(arr.ravel()[0], nan_null)
    if arr.size == 0:
        return []
    return _nested(arr, lambda x: _number(x, nan_null))


def to_array_or_none(value: Value) -> np.ndarray | None:
    try:
        return to_array(value)
    except (TypeError, ValueError, AttributeError, MatlabError):
        return None


def _indices(shape: tuple[int, ...]) -> np.ndarray:
    """The column-major index of every element, laid out in ``shape``."""
    return np.arange(math.prod(shape)).reshape(shape, order="F")


def _text(item: Any, indent: int | None, depth: int = 0) -> str:
    """JSON text of an encodable item: numbers as MATLAB writes them (integers without a fraction, others
    to 17 significant digits at most, the shortest that reads back the same)."""
    pad, inner = ("", "") if indent is None else ("\n" + " " * indent * depth, "\n" + " " * indent * (depth + 1))
    colon = ":" if indent is None else ": "
    if isinstance(item, _Raw):
        return str(item)
    if item is None:
        return "null"
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, float):
        if item.is_integer() and abs(item) < INTEGER_DIGITS:
            return str(int(item))
        mantissa, _, exponent = repr(item).partition("e")
        return mantissa + (f"e{int(exponent)}" if exponent else "")
    if isinstance(item, str):
        return json.dumps(item, ensure_ascii=False)
    if isinstance(item, dict):
        if not item:
            return "{}"
        parts = [json.dumps(k, ensure_ascii=False) + colon + _text(v, indent, depth + 1) for k, v in item.items()]
        return "{" + inner + ("," + inner).join(parts) + pad + "}"
    if not item:
        return "[]"
    parts = [_text(v, indent, depth + 1) for v in item]
    return "[" + inner + ("," + inner).join(parts) + pad + "]"


@builtin("jsonencode", family="files")
def jsonencode(data: Value, *options: Value) -> Value:
    """jsonencode(data), jsonencode(data, 'ConvertInfAndNaN', tf, 'PrettyPrint', tf)  JSON text (a char
    row) of a MATLAB value.

    Scalars are JSON scalars, vectors flat arrays, matrices nested arrays row by row, structs objects
    (struct arrays arrays of objects), cells arrays, text strings, containers.Map objects. NaN and Inf
    are null unless ConvertInfAndNaN is false; PrettyPrint indents by two spaces.

        jsonencode(struct('a', [1 2 3], 'b', 'text'))    % '{"a":[1,2,3],"b":"text"}'
    """
    opts = name_values("jsonencode", options, ("ConvertInfAndNaN", "PrettyPrint"))
    nan_null = _flag("jsonencode", opts["ConvertInfAndNaN"], "ConvertInfAndNaN") \
        if "ConvertInfAndNaN" in opts else True
    pretty = _flag("jsonencode", opts["PrettyPrint"], "PrettyPrint") if "PrettyPrint" in opts else False
    return CharArray.from_str(_text(_encodable(data, nan_null), 2 if pretty else None))


# ---------------------------------------------------------------- decoding

def _decoded(item: Any, names: bool) -> Value:
    if item is None:
        return to_value(np.zeros((0, 0)))
    if isinstance(item, bool):
        return to_value(np.array([[item]]))
    if isinstance(item, (int, float)):
        return float(item)
    if isinstance(item, str):
        return CharArray.from_str(item)
    if isinstance(item, dict):
        return StructArray.scalar(_fields(item, names))
    return _decoded_array(item, names)


def _fields(obj: dict, names: bool) -> dict[str, Value]:
    out: dict[str, Value] = {}
    for key, v in obj.items():
        name = valid_name(key) if names else key
        while name in out:                        # two keys made one name: MATLAB numbers the later
            name = f"{name}_1"
        out[name] = _decoded(v, names)
    return out


def _decoded_array(items: list, names: bool) -> Value:
    """A JSON array: a column of numbers (null as NaN) or booleans, a matrix or N-D array from nested
    arrays of one shape, a struct array from objects with the same fields, otherwise a cell column."""
    if not items:
        return to_value(np.zeros((0, 0)))
    numeric = _numeric_block(items)
    if numeric is not None:
        return to_value(numeric)
    if all(type(v) is bool for v in items):
        return to_value(np.array(items, dtype=bool).reshape(-1, 1))
    if all(isinstance(v, dict) for v in items) and len({tuple(_fields(v, names)) for v in items}) == 1:
        records = [_fields(v, names) for v in items]
        data = np.empty((len(records), 1), dtype=object)
        for k, record in enumerate(records):
            data[k, 0] = record
        return StructArray(list(records[0]), data)
    cells = np.empty((len(items), 1), dtype=object)
    for k, v in enumerate(items):
        cells[k, 0] = _decoded(v, names)
    return CellArray(cells)


def _numeric_block(items: list) -> np.ndarray | None:
    """Numbers (and nulls), or nested arrays of them of one shape, as a double array: a
    flat list is a column; nesting gives rows then columns then pages."""
    def leaf(v: Any) -> bool:
        return v is None or (isinstance(v, (int, float)) and not isinstance(v, bool))
    if all(leaf(v) for v in items):          # all null too (Octave: NaN)
        return np.array([np.nan if v is None else float(v) for v in items]).reshape(-1, 1)
    if not all(isinstance(v, list) and v for v in items):
        return None
    inner = [_numeric_block(v) for v in items]
    if any(b is None for b in inner) or len({b.shape for b in inner}) != 1:
        return None
    if inner[0].shape[1] == 1:                     # rows of numbers: a matrix
        return np.stack([b[:, 0] for b in inner], axis=0)
    return np.stack(inner, axis=0)


@builtin("jsondecode", family="files")
def jsondecode(text: Value, *options: Value) -> Value:
    """jsondecode(txt), jsondecode(txt, 'makeValidName', tf)  the MATLAB value of JSON text.

    null is [] (NaN inside a numeric array), numbers double, true/false logical, strings char. An array
    of numbers is a column vector, nested arrays of one size a matrix (or N-D array), an array of
    booleans a logical column, an array of objects with the same fields a struct column, any other array
    a cell column. Object keys become field names made valid (matlab.lang.makeValidName) unless
    makeValidName is false.

        s = jsondecode('{"a": [1, 2, 3], "b": {"c": true}}');   % s.a is [1; 2; 3], s.b.c is true
    """
    source = option_text(text)
    if source is None:
        raise MatlabError("MATLAB:jsondecode:InvalidInput", "JSON text must be a character vector or string scalar.")
    opts = name_values("jsondecode", options, ("makeValidName",))
    names = _flag("jsondecode", opts["makeValidName"], "makeValidName") if "makeValidName" in opts else True
    try:
        item = json.loads(source, parse_constant=lambda word: float(word.replace("Infinity", "inf")))
    except json.JSONDecodeError as exc:
        raise MatlabError("MATLAB:json:ExpectedValue",
                          f"Unable to parse JSON text: {exc.msg} at line {exc.lineno}, column {exc.colno}.") from None
    except RecursionError:
        raise MatlabError("MATLAB:json:TooDeep", "The JSON text is nested too deeply.") from None
    return _decoded(item, names)
