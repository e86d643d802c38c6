"""Test support for the type, cell/struct, string and control builtins: a CallContext double that calls
Python callables for handles, value constructors, and an exact comparison of engine values."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from engine.runtime.builtins import (cells, control, funcall, printf, regex, strings,  # noqa: F401
                                     textfuncs, textnum, types, workspace)
from engine.runtime.builtins.registry import BUILTINS, call_builtin
from engine.runtime.context import CallContext, SessionState
from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray, FunctionHandle, StringArray, StructArray


class FakeContext(CallContext):
    """Collects output and warnings; ``functions`` maps names to Python callables ``f(*args) -> value``
    (or a tuple of values); anonymous handles made by ``handle`` carry their callable as ``body``;
    ``anonymous`` maps the texts make_handle may be asked to compile to callables."""

    def __init__(self, variables: dict | None = None, functions: dict | None = None,
                 anonymous: dict | None = None) -> None:
        self.state = SessionState()
        self.output: list[str] = []
        self.warnings: list[tuple[str, str]] = []
        self.vars: dict[str, Any] = dict(variables or {})
        self.functions: dict[str, Callable] = dict(functions or {})
        self.calls: list[tuple[Any, int]] = []
        self.anonymous: dict[str, Callable] = dict(anonymous or {})   # make_handle text -> callable

    def write(self, text: str) -> None:
        self.output.append(text)

    def warn(self, identifier: str, message: str) -> None:
        if "all" not in self.state.warnings_off and identifier not in self.state.warnings_off:
            self.warnings.append((identifier, message))

    def call(self, fn, args, nargout=1):
        self.calls.append((fn, nargout))
        if isinstance(fn, FunctionHandle) and fn.params is not None:
            result = fn.body(*args)
        else:
            name = fn.name if isinstance(fn, FunctionHandle) else fn
            if name in self.functions:
                result = self.functions[name](*args)
            else:
                return call_builtin(BUILTINS[name], self, list(args), nargout)
        if result is None:
            return ()
        return result if isinstance(result, tuple) else (result,)

    def function_exists(self, name):
        if name in self.functions:
            return "file"
        return "builtin" if name in BUILTINS else None

    def variables(self):
        return self.vars

    def make_handle(self, text):
        if text in self.anonymous:
            return handle(self.anonymous[text], text)
        if text.startswith("@"):
            raise MatlabError("MATLAB:m_invalid_text", f"Cannot compile {text} in this test double.")
        return FunctionHandle(text=text, name=text)

    def add_figure(self, image):
        raise AssertionError("these builtins do not draw")

    def text(self) -> str:
        return "".join(self.output)


def call(name: str, *args, nargout: int = 1, ctx: FakeContext | None = None):
    """Call a registered builtin as the VM would; one output unwrapped, several as a tuple."""
    outs = call_builtin(BUILTINS[name], ctx or FakeContext(), list(args), nargout)
    if nargout <= 1:
        return outs[0] if outs else None
    return outs


def handle(fn: Callable, text: str = "@(x)...") -> FunctionHandle:
    """An anonymous function handle whose body is the Python callable ``fn``."""
    return FunctionHandle(text=text, params=["x"], body=fn)


def c(text: str) -> CharArray:
    """A char row vector."""
    return CharArray.from_str(text)


def charmat(*rows: str) -> CharArray:
    return CharArray(np.array([[ord(ch) for ch in r] for r in rows], dtype=np.uint16))


def s(*items, shape=None) -> StringArray:
    """A string array (a row unless ``shape`` is given)."""
    data = np.empty(len(items), dtype=object)
    data[:] = items
    return StringArray(data.reshape(shape or (1, len(items)), order="F"))


def cellrow(*items, shape=None) -> CellArray:
    """A cell array; Python str items become char vectors."""
    data = np.empty(len(items), dtype=object)
    data[:] = [c(i) if isinstance(i, str) else i for i in items]
    return CellArray(data.reshape(shape or (1, len(items)), order="F"))


def arr(values, dtype=np.float64) -> np.ndarray:
    """A MATLAB-shaped array literal: a list gives a row, a list of lists a matrix."""
    a = np.array(values, dtype=dtype)
    return a.reshape(1, -1) if a.ndim == 1 else a


def same(actual, expected) -> None:
    """Exact equality of engine values: Python type, dtype, shape and elements (NaN equals NaN);
    ``expected`` may use Python str for a char row and lists inside cells."""
    if isinstance(expected, str):
        assert type(actual) is CharArray, type(actual)
        assert actual.to_str() == expected, (actual.to_str(), expected)
        assert not expected or actual.shape == (1, len(expected)), actual.shape
        return
    assert type(actual) is type(expected), (type(actual), type(expected))
    if isinstance(expected, np.ndarray):
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
        assert actual.shape == expected.shape, (actual.shape, expected.shape)
        np.testing.assert_array_equal(actual, expected)
    elif isinstance(expected, CharArray):
        assert actual.shape == expected.shape and (actual.codes == expected.codes).all()
    elif isinstance(expected, StringArray):
        assert actual.shape == expected.shape and list(actual.data.flat) == list(expected.data.flat)
    elif isinstance(expected, CellArray):
        assert actual.shape == expected.shape, (actual.shape, expected.shape)
        for x, y in zip(actual.data.flat, expected.data.flat):
            same(x, y)
    elif isinstance(expected, StructArray):
        assert actual.fields == expected.fields and actual.shape == expected.shape
        assert actual.classname == expected.classname
        for x, y in zip(actual.data.flat, expected.data.flat):
            for f in expected.fields:
                same(x[f], y[f])
    elif isinstance(expected, float) and np.isnan(expected):
        assert np.isnan(actual)
    else:
        assert actual == expected, (actual, expected)
