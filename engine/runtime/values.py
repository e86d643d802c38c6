"""How MATLAB values are represented inside the engine.

Every stage (VM, builtins, display, accelerator) uses these representations; nothing else exists.

    MATLAB value                 Python representation
    ---------------------------  -----------------------------------------------------------------
    real double scalar           float                       (fast path: scalar loops never touch numpy)
    complex double scalar        complex
    logical scalar               bool
    any other numeric/logical    numpy.ndarray, ndim >= 2, MATLAB's size as shape, dtype = class:
                                 float64 double, float32 single, int8..uint64, bool logical,
                                 complex128 / complex64 complex double / single
    char array                   CharArray   (codes: uint16 ndarray, ndim >= 2)
    string array                 StringArray (data: object ndarray of str, or None for <missing>)
    sparse double / logical      SparseMatrix (data: scipy.sparse.csc_array, 2-D; runtime/sparse.py)
    cell array                   CellArray   (data: object ndarray of values)
    struct (scalar or array)     StructArray (fields: ordered field names; data: object ndarray of dict)
    function_handle              FunctionHandle
    handle object                a HandleObject subclass (containers.Map: runtime/maps.py)

Array rules: shapes never carry trailing singleton dimensions beyond the second ((3, 4, 1) is (3, 4)),
and the element order of linear indexing, reshape and ravel is column-major: always pass order="F".
Memory layout of the numpy buffer is free. Values have MATLAB value semantics: code that changes an
array that it did not create itself copies it first (the VM decides when an in-place update is safe).
A HandleObject is the exception: MATLAB handle semantics, every copy of it is the same object, and
indexing, assignment and dot access go to the object's own methods (indexing.py dispatches to them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import MatlabError, check_size

CLASS_OF_DTYPE: dict[np.dtype, str] = {
    np.dtype(np.float64): "double", np.dtype(np.float32): "single",
    np.dtype(np.complex128): "double", np.dtype(np.complex64): "single",
    np.dtype(np.bool_): "logical",
    np.dtype(np.int8): "int8", np.dtype(np.int16): "int16", np.dtype(np.int32): "int32",
    np.dtype(np.int64): "int64", np.dtype(np.uint8): "uint8", np.dtype(np.uint16): "uint16",
    np.dtype(np.uint32): "uint32", np.dtype(np.uint64): "uint64",
}
DTYPE_OF_CLASS: dict[str, np.dtype] = {
    "double": np.dtype(np.float64), "single": np.dtype(np.float32), "logical": np.dtype(np.bool_),
    "int8": np.dtype(np.int8), "int16": np.dtype(np.int16), "int32": np.dtype(np.int32),
    "int64": np.dtype(np.int64), "uint8": np.dtype(np.uint8), "uint16": np.dtype(np.uint16),
    "uint32": np.dtype(np.uint32), "uint64": np.dtype(np.uint64),
}
INTEGER_CLASSES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def normalize_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """MATLAB size of a shape: at least two dims, no trailing singletons beyond the second."""
    if type(shape) is tuple and len(shape) == 2 and type(shape[0]) is int and type(shape[1]) is int:
        return shape                                  # already one (most sizes): no new tuple
    shape = tuple(int(n) for n in shape)
    if len(shape) < 2:
        return shape + (1,) * (2 - len(shape)) if shape else (1, 1)
    while len(shape) > 2 and shape[-1] == 1:
        shape = shape[:-1]
    return shape


def as_matrix(arr: np.ndarray) -> np.ndarray:
    """Give a numpy result MATLAB's shape rules (1-d becomes a row; trailing singletons dropped)."""
    if arr.ndim == 0:
        return arr.reshape(1, 1)
    if arr.ndim == 1:
        return arr.reshape(1, -1)
    if arr.ndim > 2 and arr.shape[-1] == 1:
        return arr.reshape(normalize_shape(arr.shape), order="F")
    return arr


def fold_columns(arr: np.ndarray) -> np.ndarray:
    """``arr`` as a matrix: its rows by all its columns and pages in column-major order (zero rows too,
    where numpy's ``reshape(0, -1)`` cannot tell the column count)."""
    if arr.ndim == 2:
        return arr
    return arr.reshape(arr.shape[0] if arr.ndim else 1, math.prod(arr.shape[1:]), order="F")


@dataclass(eq=False)
class CharArray:
    """MATLAB char array: UTF-16 code units in an ndarray of uint16 with MATLAB's size."""
    codes: np.ndarray

    @staticmethod
    def from_str(text: str) -> "CharArray":
        """A char row of ``text``'s UTF-16 code units: a character outside the BMP (an emoji) is two
        chars, a surrogate pair, as in MATLAB."""
        return CharArray(utf16_codes(text).reshape(1, -1))

    @property
    def shape(self) -> tuple[int, ...]:
        return self.codes.shape

    def to_str(self) -> str:
        """Characters in column-major order (for a row vector: the text)."""
        return utf16_text(self.codes.ravel(order="F"))

    def rows(self) -> list[str]:
        return [utf16_text(row) for row in fold_columns(self.codes)]


def utf16_codes(text: str) -> np.ndarray:
    """``text`` as a flat uint16 array of UTF-16 code units."""
    return np.frombuffer(text.encode("utf-16-le", "surrogatepass"), dtype="<u2").astype(np.uint16)


def utf16_text(codes: np.ndarray) -> str:
    """The text that UTF-16 code units spell: surrogate pairs join into one character; an unpaired
    surrogate stays as it is (Python's surrogatepass)."""
    return np.asarray(codes, dtype="<u2").tobytes().decode("utf-16-le", "surrogatepass")


@dataclass(eq=False)
class StringArray:
    """MATLAB string array; elements are str, or None for <missing>."""
    data: np.ndarray

    @staticmethod
    def scalar(text: str | None) -> "StringArray":
        arr = np.empty((1, 1), dtype=object)
        arr[0, 0] = text
        return StringArray(arr)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape


@dataclass(eq=False)
class CellArray:
    """MATLAB cell array: an object ndarray whose elements are engine values."""
    data: np.ndarray

    @staticmethod
    def empty(shape: tuple[int, ...] = (0, 0)) -> "CellArray":
        arr = np.empty(shape, dtype=object)
        for k in range(arr.size):
            arr.flat[k] = np.zeros((0, 0))
        return CellArray(arr)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape


@dataclass(eq=False)
class StructArray:
    """MATLAB struct array. ``fields`` keeps MATLAB's field order; every dict in ``data`` has exactly
    those keys. A scalar struct has data.shape == (1, 1). ``classname`` is "struct", or the class of a
    property-only object the engine models this way (e.g. "MException", fields identifier/message/stack)."""
    fields: list[str]
    data: np.ndarray
    classname: str = "struct"

    @staticmethod
    def scalar(values: dict[str, Any] | None = None, classname: str = "struct") -> "StructArray":
        values = dict(values or {})
        arr = np.empty((1, 1), dtype=object)
        arr[0, 0] = values
        return StructArray(list(values), arr, classname)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape


@dataclass(eq=False)
class FunctionHandle:
    """A MATLAB function handle.

    Named handles (``@sin``, ``@myfunc``) have ``name`` set and ``params is None``; the name is resolved
    when called. Anonymous functions (``@(x) x + a``) have ``params``, ``body`` (whatever compiled form the
    VM keeps) and ``captured`` (variable values copied at creation, MATLAB's capture by value).
    ``text`` is what func2str and display show, e.g. ``@(x)x+a`` or ``sin``. A handle to a nested
    function has its code as ``body`` and ``env``, the environment of its parent's activation.
    """
    text: str
    name: str | None = None
    params: list[str] | None = None
    body: Any = None
    captured: dict[str, Any] = field(default_factory=dict)
    env: Any = None


class HandleObject:
    """A value with MATLAB handle (reference) semantics: ``b = a`` shares the object, and a change made
    through either name (or inside a called function) is seen through all. A 1x1 object of class
    ``matlab_class``; subclasses answer ``a(args)`` (``index``), ``a(args) = v`` (``assign``), ``a.name``
    (``get_field``; ``get_method`` when ``(args)`` follow), ``size(a)`` where their class overloads it
    (``overloaded_size``), and what their display lists (``property_texts``)."""
    matlab_class = ""
    shape = (1, 1)

    def index(self, args: list) -> Any:
        if not args:
            return self         # a(): the object itself (the VM reads some variables this way)
        raise MatlabError("MATLAB:index:objectNotIndexable",
                          f"Indexing into an object of class '{self.matlab_class}' is not supported.")

    def assign(self, path: list, rhs: Any) -> "HandleObject":
        raise MatlabError("MATLAB:index:objectNotIndexable",
                          f"Indexed assignment into an object of class '{self.matlab_class}' is not "
                          "supported.")

    def get_field(self, name: str) -> Any:
        raise MatlabError("MATLAB:noSuchMethodOrField",
                          f"Unrecognized method, property, or field '{name}' for class "
                          f"'{self.matlab_class}'.")

    def get_method(self, name: str) -> Any:
        """``a.name`` followed by ``(args)``: by default the same as ``a.name``."""
        return self.get_field(name)

    def overloaded_size(self) -> tuple[int, ...] | None:
        return None

    def property_texts(self) -> list[tuple[str, str]]:
        """(name, text) of each property the object's display lists."""
        return []


class BoundMethod(HandleObject):
    """``obj.name`` where ``name`` is a method of the handle object ``obj`` that takes arguments
    (``m.isKey``, ``p.addParameter``): the ``(args)`` that follows calls the builtin ``name(obj, args...)``
    through the VM, like a function handle."""
    matlab_class = "function_handle"

    def __init__(self, obj: HandleObject, name: str) -> None:
        self.obj, self.name = obj, name


@dataclass(eq=False)
class SparseMatrix:
    """MATLAB sparse matrix: two dimensions, class double (real or complex) or logical, stored by
    compressed columns as MATLAB stores it. ``data`` is a scipy.sparse.csc_array in canonical form
    (sorted row indices, no duplicates, no stored zeros) of dtype float64, complex128 or bool;
    ``capacity`` is the storage asked for (spalloc, sparse(i, j, v, m, n, nz)), which nzmax reports
    while it exceeds the nonzeros. class_of gives 'double' or 'logical' (issparse tells it apart);
    runtime/sparse.py builds, converts, indexes and concatenates these, sparse_ops.py computes with them."""
    data: Any
    capacity: int = 0

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.data.shape[0]), int(self.data.shape[1]))

    @property
    def matlab_class(self) -> str:
        return "logical" if self.data.dtype == np.bool_ else "double"

    def to_full(self) -> np.ndarray:
        """The full matrix (MATLAB's size-limit error where it cannot fit in memory)."""
        check_size(self.shape, self.data.dtype.itemsize)
        return self.data.toarray(order="F")


Value = Any  # float | complex | bool | np.ndarray | CharArray | StringArray | CellArray | StructArray |
#             FunctionHandle | HandleObject | SparseMatrix


def class_of(value: Value) -> str:
    """MATLAB class name of an engine value."""
    t = type(value)
    if t is float or t is complex:
        return "double"
    if t is bool:
        return "logical"
    if t is np.ndarray:
        return CLASS_OF_DTYPE[value.dtype]
    if t is CharArray:
        return "char"
    if t is StringArray:
        return "string"
    if t is CellArray:
        return "cell"
    if t is StructArray:
        return value.classname
    if t is FunctionHandle:
        return "function_handle"
    cls = getattr(value, "matlab_class", None)  # e.g. gpuArray values define this
    if cls is not None:
        return cls
    raise TypeError(f"not an engine value: {t.__name__}")


def size_of(value: Value) -> tuple[int, ...]:
    """MATLAB size of an engine value."""
    t = type(value)
    if t is float or t is complex or t is bool or t is FunctionHandle:
        return (1, 1)
    return value.shape


_ARRAY_TYPES = (float, complex, bool, np.ndarray, CharArray)

# numbers and numpy arrays: never a value class, a sparse matrix or a device array, so no operator or
# builtin routing (sparse, datetime, categorical, gpuArray) applies to them
PLAIN_NUMERIC = frozenset((float, complex, bool, np.ndarray))


def is_array_like(value: Value) -> bool:
    """True for the values ``to_array`` accepts: numeric, logical and char."""
    return type(value) in _ARRAY_TYPES


def to_array(value: Value) -> np.ndarray:
    """A numeric or logical value as an ndarray; a char array gives its codes as double."""
    t = type(value)
    if t is np.ndarray:
        return value
    if t is float:
        return np.array([[value]], dtype=np.float64)
    if t is bool:
        return np.array([[value]], dtype=np.bool_)
    if t is complex:
        return np.array([[value]], dtype=np.complex128)
    if t is CharArray:
        return value.codes.astype(np.float64)
    if t is SparseMatrix:
        raise sparse_unsupported("This operation")
    raise TypeError(f"not a numeric value: {class_of(value)}")


def sparse_unsupported(what: str) -> MatlabError:
    """The error for an operation with no sparse form (``what`` names it): MATLAB computes it, we do not."""
    return MatlabError("matfuse:sparse:unsupported",
                       f"{what} does not support sparse matrices yet; convert with full(S) first.")


def simplify(arr: np.ndarray) -> Value:
    """Turn a 1x1 double/logical ndarray result back into the scalar fast-path form."""
    if arr.shape == (1, 1):
        dt = arr.dtype
        if dt == np.float64:
            return float(arr[0, 0])
        if dt == np.bool_:
            return bool(arr[0, 0])
        if dt == np.complex128:
            z = complex(arr[0, 0])
            return z if z.imag != 0 else z.real
    return arr


EMPTY = np.zeros((0, 0))
