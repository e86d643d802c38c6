"""Arguments of builtins: name-value pairs (``'BinWidth', 2``, ``'Endpoints', 'shrink'``), whose names
MATLAB matches case-insensitively, accepting any unambiguous leading part ('norm' for 'Normalization'),
and real numeric arguments.
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..values import StructArray, Value
from .elementwise import ANY_NUMERIC, check_classes
from .sizes import numeric_array, option_text


def real_array(fname: str, value: Value) -> np.ndarray:
    """A real numeric, logical or char argument as an ndarray; complex or other classes are errors."""
    check_classes(fname, (value,), ANY_NUMERIC)
    arr = numeric_array(value, fname)
    if arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", f"{fname} supports real inputs only.")
    return arr


def real_scalar(fname: str, value: Value, what: str) -> float:
    """A real numeric scalar argument as a float (``what`` names it in the error)."""
    arr = real_array(fname, value).ravel()
    if arr.size != 1:
        raise MatlabError(f"MATLAB:{fname}:scalarExpected", f"{what} must be a real scalar.")
    return float(arr[0])


def match_name(fname: str, word: str, names: tuple[str, ...]) -> str:
    """The one of ``names`` that ``word`` names (a case-insensitive prefix), else MATLAB's error."""
    lowered = word.lower()
    exact = [n for n in names if n.lower() == lowered]
    found = exact or [n for n in names if n.lower().startswith(lowered)]
    if len(found) != 1:
        raise MatlabError(f"MATLAB:{fname}:InvalidParameterName" if not found else
                          f"MATLAB:{fname}:AmbiguousParameterName",
                          f"Invalid parameter name '{word}'." if not found else
                          f"Ambiguous parameter name '{word}'.")
    return found[0]


def name_values(fname: str, args: tuple[Value, ...] | list[Value], names: tuple[str, ...]) -> dict[str, Value]:
    """``Name, Value`` pairs as {canonical name: value}; a later pair overrides an earlier one."""
    if len(args) % 2:
        raise MatlabError(f"MATLAB:{fname}:ArgumentsNotPaired", "Name-value arguments must come in pairs.")
    found: dict[str, Value] = {}
    for name, value in zip(args[::2], args[1::2]):
        word = option_text(name)
        if word is None:
            raise MatlabError(f"MATLAB:{fname}:InvalidParameterName",
                              "Expected a parameter name (text) in the name-value arguments.")
        found[match_name(fname, word, names)] = value
    return found


def options_struct(fname: str, options: Value | None, names: tuple[str, ...],
                   creator: str) -> dict[str, Value]:
    """The set fields of an options structure (made by ``creator``: optimset, odeset) as {canonical
    name: value}; [] or no options is none set, fields holding [] are not set."""
    if options is None or (type(options) is np.ndarray and options.size == 0):
        return {}
    if type(options) is not StructArray or options.data.size != 1:
        raise MatlabError(f"MATLAB:{fname}:invalidOptions",
                          f"Options must be a structure created with {creator}.")
    record = options.data.ravel()[0]
    return {match_name(fname, name, names): record[name] for name in options.fields
            if not (type(record[name]) is np.ndarray and record[name].size == 0)}


def options_from(fname: str, args: list[Value], names: tuple[str, ...], creator: str) -> dict[str, Value]:
    """optimset/odeset's arguments merged: option structures first, then ``Name, Value`` pairs, later
    ones overriding earlier ones."""
    values: dict[str, Value] = {}
    rest = list(args)
    while rest and type(rest[0]) is StructArray:
        values.update(options_struct(fname, rest.pop(0), names, creator))
    values.update(name_values(fname, rest, names))
    return values


def leading_positional(args: tuple[Value, ...], names: tuple[str, ...]) -> int:
    """How many of ``args`` come before the first one that is the name of a name-value pair."""
    for k, arg in enumerate(args):
        word = option_text(arg)
        if word and any(n.lower().startswith(word.lower()) for n in names):
            return k
    return len(args)
