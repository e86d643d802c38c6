"""inputParser: MATLAB's parser of a function's inputs, a handle object (values.HandleObject).

An ``InputParser`` keeps the declared inputs (required, optional, name-value parameters) and, after
``parse``, Results, Unmatched and UsingDefaults. The builtins (builtins/inputparser.py) declare and
parse, calling the validation functions through the VM; ``p.Name`` reads and ``p.Name = v`` sets the
properties here, and ``p.addRequired(...)``-style calls reach the builtins as BoundMethods.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import MatlabError
from .values import BoundMethod, CellArray, CharArray, HandleObject, StructArray, Value

SETTABLE = ("FunctionName", "CaseSensitive", "KeepUnmatched", "PartialMatching", "StructExpand")
READ_ONLY = ("Results", "Unmatched", "UsingDefaults", "Parameters")
METHODS = ("addRequired", "addOptional", "addParameter", "addParamValue", "parse")


@dataclass
class Input:
    """One declared input: its kind (required | optional | parameter), name, default and validator."""
    kind: str
    name: str
    default: Value = None
    validator: Value = None


def text_row(items: list[str]) -> CellArray:
    data = np.empty((1, len(items)), dtype=object)
    for k, item in enumerate(items):
        data[0, k] = CharArray.from_str(item)
    return CellArray(data)


class InputParser(HandleObject):
    """One inputParser: the declared ``inputs`` in order, the settable properties (``function_name``,
    ``flags``) and what the last parse found (``results``, ``unmatched``, ``using_defaults``)."""
    matlab_class = "inputParser"

    def __init__(self) -> None:
        self.inputs: list[Input] = []
        self.function_name = ""
        self.flags = {"CaseSensitive": False, "KeepUnmatched": False, "PartialMatching": True,
                      "StructExpand": True}
        self.results: dict[str, Value] = {}
        self.unmatched: dict[str, Value] = {}
        self.using_defaults: list[str] = []

    def names(self) -> list[str]:
        return sorted((i.name for i in self.inputs), key=str.lower)

    def get_field(self, name: str) -> Value:
        if name == "FunctionName":
            return CharArray.from_str(self.function_name)
        if name in self.flags:
            return self.flags[name]
        if name == "Results":
            return StructArray.scalar({n: self.results[n] for n in sorted(self.results, key=str.lower)})
        if name == "Unmatched":
            return StructArray.scalar(dict(self.unmatched))
        if name == "UsingDefaults":
            return text_row(self.using_defaults)
        if name == "Parameters":
            return text_row(self.names())
        if name in METHODS:
            return BoundMethod(self, name)
        return super().get_field(name)

    def assign(self, path: list, rhs: Value) -> "InputParser":
        kind, name = path[0]
        if kind != "." or len(path) > 1:
            return super().assign(path, rhs)
        if name in READ_ONLY:
            raise MatlabError("MATLAB:class:SetProhibited", f"Unable to set the '{name}' property of class "
                                                            "'inputParser' because it is read-only.")
        if name == "FunctionName":
            if type(rhs) is not CharArray:
                raise MatlabError("MATLAB:InputParser:InvalidFunctionName",
                                  "FunctionName must be a character vector.")
            self.function_name = rhs.to_str()
        elif name in self.flags:
            self.flags[name] = truth_of(rhs)
        else:
            raise MatlabError("MATLAB:noPublicFieldForClass",
                              f"Unrecognized property '{name}' for class 'inputParser'.")
        return self

    def property_texts(self) -> list[tuple[str, str]]:
        return [("FunctionName", f"'{self.function_name}'")] + \
            [(n, "1" if v else "0") for n, v in self.flags.items()] + \
            [("Parameters", "{" + "  ".join(f"'{n}'" for n in self.names()) + "}"),
             ("Results", "[1×1 struct]"), ("Unmatched", "[1×1 struct]"),
             ("UsingDefaults", "{" + "  ".join(f"'{n}'" for n in self.using_defaults) + "}")]


def truth_of(value: Value) -> bool:
    if type(value) in (bool, float) or (type(value) is np.ndarray and value.size == 1):
        return bool(np.asarray(value).ravel()[0])
    raise MatlabError("MATLAB:InputParser:InvalidFlag", "The value must be a logical scalar.")
