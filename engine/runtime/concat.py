"""MATLAB concatenation: ``[a, b]``, ``[a; b]`` and ``cat(dim, ...)``.

    horzcat(values) -> Value     [v1, v2, ...]
    vertcat(values) -> Value     [v1; v2; ...]
    cat(dim, values) -> Value    along dimension dim (1-based)

The result's kind: categorical if any operand is one (text operands are category names; the categories
the others bring follow the first categorical's), else cell if any operand is a cell (other operands
become 1x1 cells), else struct (same field names required), else string if any operand is a string
(chars and numbers become strings), else datetime or
duration if an operand is one (the others must be of its class, or [], or text read as dates), else
char if any operand is char (numbers become codes), else numeric: the leftmost integer class wins, then
single, then double; logical stays logical only when every operand is logical. Empty operands are left
out when some operand is not empty (they still count for the class). Results never share memory with the
operands.
"""
from __future__ import annotations

import numpy as np

from .device import HOOKS, DeviceArray, to_host
from .categoricals import CategoricalArray, elements as categorical_elements, join as categorical_join
from .errors import MAX_DIMS, MatlabError, too_many_dimensions
from .tables import Table
from .semantics import NUMERIC_CLASSES, cast_result, char_codes, numeric, string_elements
from .time_ops import time_elements
from .times import TimeArray
from .values import (INTEGER_CLASSES, CellArray, CharArray, FunctionHandle, SparseMatrix, StringArray,
                     StructArray, Value, class_of, normalize_shape, simplify)


def dimension_mismatch() -> MatlabError:
    return MatlabError("MATLAB:catenate:dimensionMismatch",
                       "Dimensions of arrays being concatenated are not consistent.")


def horzcat(values: list) -> Value:
    """``[v1, v2, ...]``."""
    if all(type(v) is float for v in values) and values:
        return float(values[0]) if len(values) == 1 else np.array([values], dtype=np.float64)
    return cat(2, values)


def vertcat(values: list) -> Value:
    """``[v1; v2; ...]``."""
    if all(type(v) is float for v in values) and values:
        return float(values[0]) if len(values) == 1 else np.array(values, dtype=np.float64).reshape(-1, 1)
    return cat(1, values)


def cat(dim: int, values: list) -> Value:
    """Concatenation of ``values`` along dimension ``dim`` (1-based) with MATLAB's class rules."""
    if not values:
        return np.zeros((0, 0))
    if any(isinstance(v, DeviceArray) for v in values):
        values = [to_host(v) for v in values]
        if any(isinstance(v, DeviceArray) for v in values):   # MATLAB: with a gpuArray, a gpuArray
            return HOOKS.concat(values, lambda host: cat(dim, host))
    if any(type(v) is Table for v in values):
        return table_ops.concat(dim, values)
    kind = _result_kind(values)
    if kind not in ("cell", "struct", "string", "categorical") and any(type(v) is SparseMatrix for v in values):
        from .sparse import concat as sparse_concat
        return sparse_concat(dim, kind, values)
    if kind == "categorical":
        joined = categorical_join(values)
        arrays = [categorical_elements(joined, v) for v in values]
    else:
        arrays = [_storage_as(kind, v, values) for v in values]
    nonempty = [a for a in arrays if a.size]
    parts = nonempty if nonempty else [a for a in arrays if a.shape != (0, 0)] or arrays[:1]
    data = _join(dim, parts)
    return joined.like(data) if kind == "categorical" else _wrap(kind, values, data)


# ----------------------------------------------------------------------------------------------------


def _result_kind(values: list) -> str:
    """'cell', 'struct', 'string', 'char', or the numeric class of the result."""
    types = {type(v) for v in values}
    if CategoricalArray in types:       # text and [] beside it become categorical too
        return "categorical"
    if CellArray in types:
        return "cell"
    if StructArray in types:
        return "struct"
    if FunctionHandle in types:
        if len(values) == 1:
            return "function_handle"
        raise MatlabError("MATLAB:functionHandle:nonscalar", "Nonscalar arrays of function handles are not "
                                                             "allowed; use cell arrays instead.")
    if StringArray in types:
        return "string"
    timed = next((v for v in values if isinstance(v, TimeArray)), None)
    if timed is not None:
        return timed.matlab_class
    classes = [class_of(v) for v in values]
    for cls in classes:
        if cls not in NUMERIC_CLASSES:
            raise MatlabError("MATLAB:catenate:invalidType", f"Concatenation with a value of class '{cls}' "
                                                             f"is not supported.")
    if "char" in classes:
        return "char"
    for cls in classes:
        if cls in INTEGER_CLASSES:
            return cls
    if "single" in classes:
        return "single"
    return "logical" if all(c == "logical" for c in classes) else "double"


def _storage_as(kind: str, value: Value, values: list) -> np.ndarray:
    """An operand as result storage of the given kind."""
    if kind == "cell":
        if type(value) is CellArray:
            return value.data
        if type(value) is np.ndarray and value.shape == (0, 0):
            return np.empty((0, 0), dtype=object)
        cell = np.empty((1, 1), dtype=object)
        cell[0, 0] = value
        return cell
    if kind == "struct":
        return _struct_storage(value)
    if kind == "function_handle":
        return np.array([[value]], dtype=object)
    if kind == "string":
        if type(value) is np.ndarray and value.shape == (0, 0):
            return np.empty((0, 0), dtype=object)
        return string_elements(value)
    if kind == "char":
        return char_codes(value)
    if kind in ("datetime", "duration"):
        if type(value) is np.ndarray and value.shape == (0, 0):
            return np.zeros((0, 0))
        return time_elements(next(v for v in values if isinstance(v, TimeArray)), value)
    arr = numeric(value)
    if arr.dtype.kind == "c" and kind in ("double", "single"):
        return arr.astype(np.complex64 if kind == "single" else np.complex128, copy=False)
    return cast_result(arr, kind)


def _struct_storage(value: Value) -> np.ndarray:
    if type(value) is StructArray:
        return value.data
    if type(value) is np.ndarray and value.shape == (0, 0):
        return np.empty((0, 0), dtype=object)
    raise MatlabError("MATLAB:catenate:structNonStruct",
                      "Concatenation of a struct with a non-struct value is not supported.")


def _join(dim: int, parts: list[np.ndarray]) -> np.ndarray:
    if len(parts) == 1:
        return parts[0].copy()
    ndim = max(dim, max(p.ndim for p in parts))
    if ndim > MAX_DIMS:
        raise too_many_dimensions()
    padded = [p.reshape(p.shape + (1,) * (ndim - p.ndim)) for p in parts]
    first = padded[0].shape
    for p in padded[1:]:
        if any(a != b for k, (a, b) in enumerate(zip(first, p.shape)) if k != dim - 1):
            raise dimension_mismatch()
    dtype = np.result_type(*parts) if parts[0].dtype != object else object
    out = np.concatenate(padded, axis=dim - 1, dtype=dtype)
    return out.reshape(normalize_shape(out.shape), order="F")


def _struct_fields(values: list) -> list[str]:
    """Field names of the struct operands (first struct's order); they must agree."""
    structs = [v for v in values if type(v) is StructArray]
    fields = structs[0].fields
    for s in structs[1:]:
        if set(s.fields) != set(fields) and s.data.size and structs[0].data.size:
            raise MatlabError("MATLAB:catenate:structFieldBad", "Names of fields in structure arrays being "
                                                                "concatenated do not match.")
    return list(fields)


def _wrap(kind: str, values: list, data: np.ndarray) -> Value:
    if kind == "cell":
        return CellArray(data)
    if kind == "struct":
        classname = next(v.classname for v in values if type(v) is StructArray)
        return StructArray(_struct_fields(values), data, classname)
    if kind == "function_handle":
        return values[0]
    if kind == "string":
        return StringArray(data)
    if kind == "char":
        return CharArray(data.astype(np.uint16, copy=False))
    if kind in ("datetime", "duration"):
        return next(v for v in values if isinstance(v, TimeArray)).like(data)
    return simplify(data)


from . import table_ops  # noqa: E402  (it concatenates the variables through this module)
