"""Test support for the numeric builtins: a CallContext double, a caller, array literals, exact checks."""
from __future__ import annotations

import numpy as np

from engine.runtime.builtins import (arrays, construct, elementwise, linalg, random, reductions,  # noqa: F401
                                     numerical, sets, sizes)
from engine.runtime.builtins.registry import BUILTINS, call_builtin
from engine.runtime.context import CallContext, SessionState
from engine.runtime.values import CellArray, CharArray



class FakeContext(CallContext):
    """Collects warnings and output; everything the numeric builtins do not use is unsupported."""

    def __init__(self) -> None:
        self.state = SessionState()
        self.warnings: list[tuple[str, str]] = []
        self.output: list[str] = []

    def write(self, text: str) -> None:
        self.output.append(text)

    def warn(self, identifier: str, message: str) -> None:
        self.warnings.append((identifier, message))

    def call(self, fn, args, nargout=1):
        raise AssertionError("numeric builtins do not call functions")

    def function_exists(self, name):
        raise AssertionError("numeric builtins do not look up functions")

    def variables(self):
        raise AssertionError("numeric builtins do not read the workspace")

    def make_handle(self, text):
        raise AssertionError("numeric builtins do not make handles")

    def add_figure(self, image):
        raise AssertionError("numeric builtins do not draw")


def call(name: str, *args, nargout: int = 1, ctx: FakeContext | None = None):
    """Call a registered builtin as the VM would; one output unwrapped (None if none), several as a tuple."""
    outs = call_builtin(BUILTINS[name], ctx or FakeContext(), list(args), nargout)
    if nargout > 1:
        return outs
    return outs[0] if outs else None


def arr(values, dtype=np.float64) -> np.ndarray:
    """A MATLAB-shaped array literal: a list gives a row, a list of lists a matrix."""
    a = np.array(values, dtype=dtype)
    return a.reshape(1, -1) if a.ndim == 1 else a


def same(actual, expected) -> None:
    """Exact equality of engine values: Python type, dtype, shape and elements (NaN equals NaN)."""
    assert type(actual) is type(expected), (type(actual), type(expected))
    if isinstance(expected, np.ndarray):
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
        assert actual.shape == expected.shape, (actual.shape, expected.shape)
        np.testing.assert_array_equal(actual, expected)
    elif isinstance(expected, float) and np.isnan(expected):
        assert np.isnan(actual)
    else:
        assert actual == expected, (actual, expected)


def close(actual, expected, rtol: float = 1e-14) -> None:
    """Like ``same`` but elements equal to within a relative tolerance."""
    assert type(actual) is type(expected), (type(actual), type(expected))
    if isinstance(expected, np.ndarray):
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
        assert actual.shape == expected.shape, (actual.shape, expected.shape)
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=0)


def text(s: str) -> CharArray:
    return CharArray.from_str(s)


def cellstr(*texts: str, column: bool = False) -> CellArray:
    data = np.empty((len(texts), 1) if column else (1, len(texts)), dtype=object)
    for k, t in enumerate(texts):
        data.flat[k] = text(t)
    return CellArray(data)


def texts(cells: CellArray) -> list[str]:
    return [c.to_str() for c in cells.data.ravel(order="F")]
