"""Set operations within a tolerance: uniquetol ismembertol.

Two values u and v are equal within tolerance when abs(u - v) <= tol * DS, with DS the largest
magnitude of the inputs (max(abs(A(:))), or of A and B for ismembertol) unless 'DataScale' gives it.
The default tol is 1e-6 for double data and 1e-4 for single. uniquetol sorts the values and starts a
new group where a value is farther than the tolerance from the first value of the current group
(MATLAB's rule); each group is represented by that first (smallest) value.
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value, class_of
from .arguments import name_values, real_scalar
from .registry import builtin
from .sizes import numeric_array, option_text


def _real_data(fname: str, a: Value) -> np.ndarray:
    if class_of(a) not in ("double", "single"):
        raise MatlabError(f"MATLAB:{fname}:unsupportedClass", "Input must be a real double or single array.")
    arr = numeric_array(a, fname)
    if np.iscomplexobj(arr):
        raise MatlabError(f"MATLAB:{fname}:complexInput", "Input must be real.")
    return arr


def _settings(fname: str, values: list[np.ndarray], cls: str, args: tuple[Value, ...]) -> float:
    """The absolute tolerance tol * DS from [tol] and 'DataScale'."""
    rest = list(args)
    tol = 1e-4 if cls == "single" else 1e-6
    if rest and option_text(rest[0]) is None:
        tol = real_scalar(fname, rest.pop(0), "Tolerance")
    opts = name_values(fname, rest, ("DataScale", "ByRows", "OutputAllIndices"))
    if "ByRows" in opts or "OutputAllIndices" in opts:
        raise MatlabError(f"MATLAB:{fname}:unsupportedOption",
                          f"{fname} supports the tolerance and 'DataScale' options.")
    if "DataScale" in opts:
        scale = real_scalar(fname, opts["DataScale"], "DataScale")
    else:
        finite = np.concatenate([np.abs(v[np.isfinite(v)]).ravel() for v in values])
        scale = float(finite.max()) if finite.size else 0.0
    return tol * scale


@builtin("uniquetol", family="set")
def uniquetol(a: Value, *args: Value, nargout: int = 1):
    """C = uniquetol(A), uniquetol(A, tol), uniquetol(..., 'DataScale', DS), [C, IA, IC] = uniquetol(...)
    Unique values within a tolerance.

    The sorted values of A with those within tol * max(abs(A(:))) of a smaller kept value dropped
    (default tol 1e-6, 1e-4 for single); C = A(IA) and A is about C(IC). C is a row for a row A, else a
    column. 'ByRows' is not supported.

        uniquetol([1 1.0000001 2])    % [1 2]
    """
    arr = _real_data("uniquetol", a)
    flat = arr.ravel(order="F")
    limit = _settings("uniquetol", [flat], class_of(a), args)
    order = np.argsort(flat, kind="stable")
    firsts: list[int] = []
    groups = np.zeros(flat.size, dtype=np.int64)
    for position in order:
        value = flat[position]
        if not firsts or not (abs(value - flat[firsts[-1]]) <= limit):
            firsts.append(int(position))
        groups[position] = len(firsts)
    picked = np.array(firsts, dtype=np.int64)
    row = arr.ndim == 2 and arr.shape[0] == 1
    shape = (1, picked.size) if row else (picked.size, 1)
    c = to_value(flat[picked].reshape(shape).astype(arr.dtype))
    if nargout < 2:
        return c
    return c, to_value((picked + 1.0).reshape(-1, 1)), to_value(groups.astype(np.float64).reshape(-1, 1))


@builtin("ismembertol", family="set")
def ismembertol(a: Value, b: Value, *args: Value, nargout: int = 1):
    """LIA = ismembertol(A, B), ismembertol(A, B, tol), ismembertol(..., 'DataScale', DS), [LIA, LocB] = ismembertol(...)
    Members of a set within a tolerance.

    LIA(k) is true when some element of B is within tol * max(abs([A(:); B(:)])) of A(k) (default tol
    1e-6, 1e-4 for single); LocB(k) is the index of the first such element of B (0 if none).
    'ByRows' is not supported.

        ismembertol([1 2.0000001 3], [2 4])    % [0 1 0]
    """
    x, y = _real_data("ismembertol", a), _real_data("ismembertol", b)
    single = "single" in (class_of(a), class_of(b))
    limit = _settings("ismembertol", [x.ravel(), y.ravel()], "single" if single else "double", args)
    near = np.abs(x.reshape(-1, 1, order="F") - y.reshape(1, -1, order="F")) <= limit
    found = near.any(axis=1)
    lia = found.reshape(x.shape, order="F")
    if nargout < 2:
        return lia
    loc = np.where(found, near.argmax(axis=1) + 1.0, 0.0).reshape(x.shape, order="F")
    return lia, to_value(loc)
