"""containers.Map and its functions (keys, values, isKey, remove); the map itself is runtime/maps.py."""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..maps import KEY_TYPES, VALUE_TYPES, ContainersMap, as_text, is_key_result, remove_result, value_class
from ..ops import truth
from ..values import CellArray, StringArray, Value, class_of
from .registry import builtin
from .textutil import option_name

NUMERIC_KEY_CLASSES = ("double", "single", "int32", "uint32", "int64", "uint64")


def map_arg(m: Value, fname: str) -> ContainersMap:
    if type(m) is not ContainersMap:
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"The first argument of {fname} must be a "
                                                          "containers.Map.")
    return m


def _type_option(value: Value, allowed: tuple[str, ...], what: str) -> str:
    name = as_text(value)
    if name not in allowed:
        given = f"'{name}'" if name is not None else f"(a {class_of(value)} value, not a type name)"
        raise MatlabError(f"MATLAB:Containers:Map:Unsupported{what}",
                          f"Unsupported {what} {given}. Valid types: {', '.join(allowed)}.")
    return name


def _options(args: tuple) -> dict[str, Value]:
    """Name-value pairs KeyType, ValueType, UniformValues (any case, any order)."""
    if len(args) % 2:
        raise MatlabError("MATLAB:Containers:Map:InvalidArguments", "Name-value arguments must come in "
                                                                   "pairs.")
    found = {}
    for name, value in zip(args[::2], args[1::2]):
        key = option_name(name)
        if key not in ("keytype", "valuetype", "uniformvalues"):
            raise MatlabError("MATLAB:Containers:Map:InvalidArguments",
                              f"Unrecognized parameter name '{as_text(name) or class_of(name)}'.")
        found[key] = value
    return found


def _key_list(keys: Value) -> tuple[list, str]:
    """The keys of ``containers.Map(keys, values)`` and the KeyType they give."""
    if type(keys) is CellArray:
        items = list(keys.data.ravel(order="F"))
        if items and all(as_text(k) is not None for k in items):
            return items, "char"
        if all(type(k) in (float, bool, np.ndarray) and np.size(k) == 1 for k in items):
            return items, "double" if not items else _numeric_key_class(items[0])
    elif as_text(keys) is not None:
        return [keys], "char"
    elif type(keys) is StringArray:
        return list(keys.data.ravel(order="F")), "char"
    elif type(keys) in (float, bool, np.ndarray) and not np.iscomplexobj(keys):
        arr = np.asarray(keys)
        return [np.array([[k]], dtype=arr.dtype) for k in arr.ravel(order="F")], _numeric_key_class(keys)
    raise MatlabError("MATLAB:Containers:Map:UnsupportedKeyType", "Unsupported key specified. See "
                                                                  "documentation for valid key types.")


def _numeric_key_class(key: Value) -> str:
    cls = class_of(key)
    return cls if cls in NUMERIC_KEY_CLASSES else "double"


def _value_list(values: Value, count: int) -> list:
    if type(values) is CellArray and not (count == 1 and values.data.size != 1):
        items = list(values.data.ravel(order="F"))
    elif count == 1:
        items = [values]
    elif type(values) in (float, bool, np.ndarray):
        items = [np.array([[v]], dtype=np.asarray(values).dtype) for v in np.asarray(values).ravel(order="F")]
        items = [v.item() if v.dtype == np.float64 else (bool(v.item()) if v.dtype == np.bool_ else v)
                 for v in items]
    else:
        items = [values]
    if len(items) != count:
        raise MatlabError("MATLAB:Containers:Map:KeyValueNumberMismatch",
                          "The number of keys and values must be the same.")
    return items


@builtin("containers.Map", family="containers")
def containers_map(*args: Value) -> ContainersMap:
    """containers.Map(keys, values), containers.Map('KeyType', kt, 'ValueType', vt)  a key-value map.

    containers.Map() is an empty map with char keys and any values; containers.Map(keys, values,
    'UniformValues', false) makes ValueType 'any' whatever the values. Keys are char vectors (a cell of
    them, or one) or real numbers (KeyType 'double', 'single', 'int32', 'uint32', 'int64', 'uint64').
    m(key) reads a value, m(key) = v adds or changes one; keys(m) lists the keys sorted, values(m)
    their values, isKey, remove, length and m.Count query and change it. Copies of a map are the same
    map (a handle object): a change through one is seen through all. ValueType is the class all values
    share (scalars of one class, or char vectors), else 'any'.

        m = containers.Map({'a', 'b'}, {1, 'x'});  m('c') = 3;  keys(m)   % {'a', 'b', 'c'}
    """
    if len(args) in (4, 6) and option_name(args[0]) in ("keytype", "valuetype") and \
            option_name(args[2]) in ("keytype", "valuetype", "uniformvalues"):
        options = _options(args)
        if "keytype" not in options or "valuetype" not in options:
            raise MatlabError("MATLAB:Containers:Map:InvalidArguments",
                              "Both 'KeyType' and 'ValueType' must be specified.")
        return ContainersMap(_type_option(options["keytype"], KEY_TYPES, "KeyType"),
                             _type_option(options["valuetype"], VALUE_TYPES, "ValueType"))
    if not args:
        return ContainersMap()
    if len(args) == 1:
        raise MatlabError("MATLAB:Containers:Map:InvalidArguments",
                          "containers.Map needs both keys and values, or 'KeyType' and 'ValueType'.")
    uniform = True
    if len(args) > 2:
        options = _options(args[2:])
        if set(options) != {"uniformvalues"}:
            raise MatlabError("MATLAB:Containers:Map:InvalidArguments",
                              "Only 'UniformValues' may follow the keys and values.")
        uniform = truth(options["uniformvalues"])
    keys, key_type = _key_list(args[0])
    values = _value_list(args[1], len(keys))
    m = ContainersMap(key_type, value_class(values) if uniform else "any")
    for key, value in zip(keys, values):
        m.assign([("()", [key])], value)
    return m


@builtin("keys", family="containers")
def keys(m: Value) -> CellArray:
    """keys(M)  the keys of a containers.Map, as a 1-by-N cell, sorted.

    Char keys come in character-code order (upper case before lower case), numeric keys ascending.

        keys(containers.Map({'b', 'a'}, {1, 2}))   % {'a', 'b'}
    """
    return map_arg(m, "keys").keys_cell()


@builtin("values", family="containers")
def values(m: Value, key_set: Value = None) -> CellArray:
    """values(M), values(M, keySet)  the values of a containers.Map, in the order of keys(M); or those of
    the keys in the cell keySet, in a cell of its size.

    A key of keySet that is not in the map is an error (MATLAB:Containers:Map:NoKey).

        values(containers.Map({'a', 'b'}, {1, 2}), {'b'})   % {2}
    """
    return map_arg(m, "values").values_cell(key_set)


@builtin("isKey", family="containers")
def is_key(m: Value, key: Value) -> Value:
    """isKey(M, key), isKey(M, keySet)  true where the key is in the containers.Map.

    With a cell of keys, a logical array of the cell's size. A key of another type than the map's
    KeyType is not in it.

        isKey(containers.Map({'a'}, {1}), {'a', 'z'})   % [true false]
    """
    return is_key_result(map_arg(m, "isKey"), key)


@builtin("remove", family="containers")
def remove(m: Value, key: Value) -> ContainersMap:
    """remove(M, key), remove(M, keySet)  delete a key (or each key of a cell) and its value from a
    containers.Map, and return the map.

    The map is changed in place (it is a handle), so remove(M, key) alone is enough. A missing key is an
    error (MATLAB:Containers:Map:NoKey).

        m = containers.Map({'a', 'b'}, {1, 2});  remove(m, 'a');  m.Count   % 1
    """
    return remove_result(map_arg(m, "remove"), key)
