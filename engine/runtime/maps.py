"""containers.Map: MATLAB's key-value map, a handle object (values.HandleObject).

Keys are Python str (KeyType 'char') or float / int (numeric KeyTypes), kept in a dict; ``keys``
and ``values`` list them sorted as MATLAB does (char keys by character code, numeric keys ascending).
The builtins that make and query maps are in builtins/maps.py; ``m(key)``, ``m(key) = v``, ``m.Count``
(and ``m.keys``, ``m.values``) and ``m.values({k})`` reach ``index``, ``assign``, ``get_field`` and
``get_method`` through indexing.py.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .device import to_host
from .errors import MatlabError
from .values import (DTYPE_OF_CLASS, BoundMethod, CellArray, CharArray, HandleObject, StringArray, Value,
                     class_of, to_array)

KEY_TYPES = ("char", "double", "single", "int32", "uint32", "int64", "uint64")
VALUE_TYPES = ("any", "char", "logical", "double", "single", "int8", "uint8", "int16", "uint16", "int32",
               "uint32", "int64", "uint64")
PROPERTIES = ("Count", "KeyType", "ValueType")


def no_key() -> MatlabError:
    return MatlabError("MATLAB:Containers:Map:NoKey", "The specified key is not present in this container.")


def type_mismatch(what: str) -> MatlabError:
    return MatlabError("MATLAB:Containers:TypeMismatch",
                       f"Specified {what} type does not match the type expected for this container.")


def cell_row(items: list) -> CellArray:
    data = np.empty((1, len(items)), dtype=object)
    for k, item in enumerate(items):
        data[0, k] = item
    return CellArray(data)


def as_text(value: Value) -> str | None:
    """The text of a char row (or '') or a string scalar; None for anything else."""
    if type(value) is CharArray and (value.shape[0] == 1 or value.codes.size == 0):
        return value.to_str()
    if type(value) is StringArray and value.shape == (1, 1) and value.data[0, 0] is not None:
        return value.data[0, 0]
    return None


class ContainersMap(HandleObject):
    """One containers.Map: ``entries`` maps each key to its value; ``key_type`` and ``value_type`` are
    MATLAB's KeyType and ValueType."""
    matlab_class = "containers.Map"

    def __init__(self, key_type: str = "char", value_type: str = "any") -> None:
        self.key_type = key_type
        self.value_type = value_type
        self.entries: dict[Any, Value] = {}

    # ---- keys and values
    def key(self, value: Value) -> Any:
        """``value`` as a key of this map (str, or a number), or the type mismatch error."""
        value = to_host(value)
        if self.key_type == "char":
            text = as_text(value)
            if text is None:
                raise type_mismatch("key")
            return text
        if type(value) not in (float, bool, np.ndarray) or np.size(value) != 1 or np.iscomplexobj(value):
            raise type_mismatch("key")
        number = to_array(value).item()
        if self.key_type in ("double", "single"):
            return float(np.asarray(number, dtype=DTYPE_OF_CLASS[self.key_type]))
        if number != number or math.isfinite(number) and number != int(number):
            raise type_mismatch("key")
        limits = np.iinfo(DTYPE_OF_CLASS[self.key_type])         # converted as MATLAB converts: saturated
        return int(min(max(number, limits.min), limits.max))

    def key_value(self, key: Any) -> Value:
        """A stored key as the engine value ``keys`` returns."""
        if self.key_type == "char":
            return CharArray.from_str(key)
        if self.key_type == "double":
            return float(key)
        return np.array([[key]], dtype=DTYPE_OF_CLASS[self.key_type])

    def stored(self, value: Value) -> Value:
        """``value`` as this map stores it: any value for ValueType 'any', else checked (and numbers
        converted) to ValueType. An array the accelerator keeps on the device implicitly is brought back:
        a map lives on the host (an explicit gpuArray stays one)."""
        value = to_host(value)
        vt = self.value_type
        if vt == "any":
            return value
        if vt == "char":
            if type(value) is not CharArray:
                raise type_mismatch("value")
            return value
        if type(value) not in (float, bool, np.ndarray) or np.size(value) != 1:
            raise type_mismatch("value")
        arr = to_array(value).astype(DTYPE_OF_CLASS[vt])
        return arr.item() if vt == "double" else (bool(arr.item()) if vt == "logical" else arr)

    def sorted_keys(self) -> list:
        return sorted(self.entries)

    def lookup(self, key_arg: Value) -> Value:
        key = self.key(key_arg)
        if key not in self.entries:
            raise no_key()
        return self.entries[key]

    def is_key(self, key_arg: Value) -> bool:
        try:
            return self.key(key_arg) in self.entries
        except MatlabError:
            return False

    def remove(self, key_arg: Value) -> None:
        key = self.key(key_arg)
        if key not in self.entries:
            raise no_key()
        del self.entries[key]

    # ---- the HandleObject protocol: m(key), m(key) = v, m.name, size(m)
    def index(self, args: list) -> Value:
        if not args:
            return self
        if len(args) != 1:
            raise MatlabError("MATLAB:Containers:Map:OnlyOneKey", "Only one key can be specified.")
        return self.lookup(args[0])

    def assign(self, path: list, rhs: Value) -> "ContainersMap":
        kind, args = path[0]
        if len(path) > 1 or kind == "{}":
            raise MatlabError("MATLAB:Containers:Map:OnlyOneLevelIndexing",
                              "Only one level of indexing is supported by a containers.Map.")
        if kind == ".":
            if args in PROPERTIES:
                raise MatlabError("MATLAB:class:SetProhibited", f"Unable to set the '{args}' property of "
                                  "class 'containers.Map' because it is read-only.")
            raise MatlabError("MATLAB:noPublicFieldForClass",
                              f"Unrecognized property '{args}' for class 'containers.Map'.")
        if len(args) != 1:
            raise MatlabError("MATLAB:Containers:Map:OnlyOneKey", "Only one key can be specified.")
        key = self.key(args[0])
        self.entries[key] = self.stored(rhs)
        return self

    def get_field(self, name: str) -> Value:
        if name == "Count":
            return np.array([[len(self.entries)]], dtype=np.uint64)     # uint64, as in MATLAB
        if name == "KeyType":
            return CharArray.from_str(self.key_type)
        if name == "ValueType":
            return CharArray.from_str(self.value_type)
        if name in ("keys", "values"):
            return self.keys_cell() if name == "keys" else self.values_cell()
        if name == "length":
            return float(len(self.entries))
        if name in METHODS:
            return BoundMethod(self, name)      # m.isKey without arguments: calling it says what is missing
        return super().get_field(name)

    def get_method(self, name: str) -> Value:
        return BoundMethod(self, name) if name in METHODS else self.get_field(name)

    def overloaded_size(self) -> tuple[int, ...]:
        return (len(self.entries), 1)

    def property_texts(self) -> list[tuple[str, str]]:
        return [("Count", str(len(self.entries))), ("KeyType", self.key_type), ("ValueType", self.value_type)]

    # ---- what keys(m) and values(m) return
    def keys_cell(self) -> CellArray:
        return cell_row([self.key_value(k) for k in self.sorted_keys()])

    def values_cell(self, wanted: Value | None = None) -> CellArray:
        if wanted is None:
            return cell_row([self.entries[k] for k in self.sorted_keys()])
        if type(wanted) is not CellArray:
            raise MatlabError("MATLAB:Containers:Map:InvalidKeySet",
                              "Specified key set must be a cell array.")
        out = np.empty(wanted.shape, dtype=object)
        for k, key_arg in enumerate(wanted.data.flat):
            out.flat[k] = self.lookup(key_arg)
        return CellArray(out)


def is_key_result(m: ContainersMap, keys: Value) -> Value:
    """isKey(m, k): a logical scalar, or for a cell of keys a logical array of its size."""
    if type(keys) is CellArray:
        out = np.zeros(keys.shape, dtype=bool)
        for k, key_arg in enumerate(keys.data.flat):
            out.flat[k] = m.is_key(key_arg)
        return out
    return m.is_key(keys)


def remove_result(m: ContainersMap, keys: Value) -> ContainersMap:
    """remove(m, k): removes one key, or each key of a cell; a missing key is an error."""
    for key_arg in (keys.data.flat if type(keys) is CellArray else [keys]):
        m.remove(key_arg)
    return m


# methods: ``m.name(args)`` is the builtin ``name(m, args)`` (a BoundMethod the VM calls); without
# parentheses, ``m.keys``, ``m.values`` and ``m.length`` are their values (MATLAB)
METHODS = ("keys", "values", "length", "isKey", "remove")


def value_class(values: list) -> str:
    """ValueType of a map made from ``values`` with UniformValues true: the class they share when all
    are scalars of one numeric or logical class, 'char' when all are char rows, else 'any'."""
    if not values:
        return "any"
    classes = {class_of(v) for v in values}
    if len(classes) != 1:
        return "any"
    cls = classes.pop()
    if cls == "char":
        return "char" if all(as_text(v) is not None for v in values) else "any"
    if cls in VALUE_TYPES and all(np.size(v) == 1 and not np.iscomplexobj(v) for v in values):
        return cls
    return "any"
