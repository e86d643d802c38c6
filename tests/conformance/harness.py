"""The conformance harness: MATLAB snippets run through Session, compared with recorded expectations.

A case is a snippet and what MATLAB gives for it: workspace variables (class, size, values), printed
text, or an error (identifier and message). Expected values were computed with GNU Octave
(``record.py``) and kept as literals; where MATLAB and Octave differ the case follows MATLAB and says so.

Values are compared in a canonical form ``(class, size, data)``:

    numeric / logical   data = tuple of Python numbers in column-major order
    sparse              the same, class "sparse double" / "sparse logical" (zeros included)
    char                data = the characters in column-major order, as one str
    string              data = tuple of str (None for <missing>)
    cell                data = tuple of canonical elements, column-major
    struct              data = (field names, tuple of per-element tuples of canonical field values)
    function_handle     data = the text func2str gives

Adding cases: write ``## id: var var`` blocks of MATLAB code in a spec file, run
``python3 tests/conformance/record.py spec.txt``, paste the printed ``case(...)`` lines into the topic
module, and check each against MATLAB's documentation (errors and printed text are MATLAB's, written by
hand). A case that fails for a real engine bug gets ``xfail="<snippet: got, expected>"`` (strict).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from engine import Session
from engine.runtime.values import (CellArray, CharArray, FunctionHandle, SparseMatrix, StringArray,
                                   StructArray, class_of, size_of)

Canon = tuple  # (class, size, data)
RESET = "clear all; format short; format loose"
PLAIN_CLASSES = frozenset({"double", "single", "logical", "char", "string", "function_handle",
                           "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                           "sparse double", "sparse logical"})
nan, inf = math.nan, math.inf


# ---- expected-value constructors (what recorded literals are written with) ---------------------

def _size(size: tuple[int, ...] | None, n: int) -> tuple[int, ...]:
    return (1, n) if size is None else tuple(size)


def num(cls: str, values: Any, size: tuple[int, ...] | None = None) -> Canon:
    """A numeric value of class ``cls``; ``values`` column-major (a scalar is allowed)."""
    vals = tuple(values) if isinstance(values, (list, tuple)) else (values,)
    return (cls, _size(size, len(vals)), vals)


def D(values: Any, size: tuple[int, ...] | None = None) -> Canon:
    """A double value (a row unless ``size`` says otherwise)."""
    return num("double", values, size)


def L(values: Any, size: tuple[int, ...] | None = None) -> Canon:
    """A logical value; values given as 0/1 or bools."""
    vals = tuple(values) if isinstance(values, (list, tuple)) else (values,)
    return ("logical", _size(size, len(vals)), tuple(bool(v) for v in vals))


def C(text: str, size: tuple[int, ...] | None = None) -> Canon:
    """A char array; ``text`` column-major (a row unless ``size`` says otherwise)."""
    if size is None:
        size = (0, 0) if text == "" else (1, len(text))
    return ("char", tuple(size), text)


def S(values: Any, size: tuple[int, ...] | None = None) -> Canon:
    """A string array (None for <missing>)."""
    vals = tuple(values) if isinstance(values, (list, tuple)) else (values,)
    return ("string", _size(size, len(vals)), vals)


def Cell(elements: list[Canon], size: tuple[int, ...] | None = None) -> Canon:
    """A cell array of canonical elements, column-major."""
    return ("cell", _size(size, len(elements)), tuple(elements))


def Sp(values: Any, size: tuple[int, ...]) -> Canon:
    """A sparse double matrix: all its elements (zeros too), column-major."""
    return num("sparse double", values, size)


def SpL(values: Any, size: tuple[int, ...]) -> Canon:
    """A sparse logical matrix: all its elements (zeros too), column-major."""
    return ("sparse logical", tuple(size), L(values)[2])


def St(**fields: Canon) -> Canon:
    """A scalar struct with fields in the given order."""
    return ("struct", (1, 1), (tuple(fields), (tuple(fields.values()),)))


def StArr(names: list[str], elements: list[list[Canon]], size: tuple[int, ...] | None = None) -> Canon:
    """A struct array: field names and, per element (column-major), the field values in order."""
    return ("struct", _size(size, len(elements)), (tuple(names), tuple(tuple(e) for e in elements)))


def FH(text: str) -> Canon:
    """A function handle whose func2str text is ``text``."""
    return ("function_handle", (1, 1), text)


# ---- canonical form of engine values -----------------------------------------------------------

def canon(value: Any) -> Canon:
    """The canonical form of an engine value (see the module docstring)."""
    cls, size = class_of(value), tuple(size_of(value))
    if isinstance(value, CharArray):
        return (cls, size, "".join(map(chr, value.codes.ravel(order="F"))))
    if isinstance(value, StringArray):
        return (cls, size, tuple(value.data.ravel(order="F")))
    if isinstance(value, CellArray):
        return (cls, size, tuple(canon(v) for v in value.data.ravel(order="F")))
    if isinstance(value, StructArray):
        rows = tuple(tuple(canon(d[f]) for f in value.fields) for d in value.data.ravel(order="F"))
        return (cls, size, (tuple(value.fields), rows))
    if isinstance(value, FunctionHandle):
        return (cls, size, value.text)
    if isinstance(value, SparseMatrix):
        return (f"sparse {cls}", size, tuple(x.item() for x in value.to_full().ravel(order="F")))
    arr = np.asarray(value)
    return (cls, size, tuple(x.item() for x in arr.ravel(order="F")))


def _close(a: Any, b: Any) -> bool:
    """Equal numbers: integers and logicals exactly (and of the same type), floats to 1e-12 relative,
    NaN equal to NaN."""
    floats = (float, complex)
    if isinstance(a, bool) or isinstance(b, bool) or not (isinstance(a, floats) or isinstance(b, floats)):
        return type(a) is type(b) and a == b
    a, b = complex(a), complex(b)
    return _part_close(a.real, b.real) and _part_close(a.imag, b.imag)


def _part_close(x: float, y: float) -> bool:
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return x == y or math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-300)


def same(got: Canon, expected: Canon) -> bool:
    """Whether two canonical values agree (class, size, values; floats to 1e-12 relative)."""
    (gc, gs, gd), (ec, es, ed) = got, expected
    if gc != ec or tuple(gs) != tuple(es):
        return False
    if ec == "cell":
        return len(gd) == len(ed) and all(same(g, e) for g, e in zip(gd, ed))
    if ec not in PLAIN_CLASSES:          # struct, or an object the engine keeps as one (MException)
        (gf, grows), (ef, erows) = gd, ed
        return tuple(gf) == tuple(ef) and len(grows) == len(erows) and all(
            same(g, e) for gr, er in zip(grows, erows) for g, e in zip(gr, er))
    if isinstance(ed, str) or ed is None:
        return gd == ed
    return len(gd) == len(ed) and all(_close(g, e) for g, e in zip(gd, ed))


# ---- cases ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One snippet and MATLAB's outcome. ``vars``: expected workspace values; ``stdout``: the exact
    printed text (None: not checked); ``error``: (identifier, message) or None for success."""
    id: str
    code: str
    vars: dict[str, Canon] = field(default_factory=dict)
    stdout: str | None = None
    error: tuple[str, str] | None = None
    xfail: str | None = None


def case(ident: str, code: str, /, *, stdout: str | None = None, error: tuple[str, str] | None = None,
         xfail: str | None = None, **vars: Canon) -> Case:
    """A case; keyword arguments other than stdout/error/xfail are the expected variables."""
    return Case(ident, code, vars, stdout, error, xfail)


def params(cases: list[Case]) -> list:
    """pytest parameters for ``cases``; a case with ``xfail`` is a strict expected failure."""
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    return [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(reason=c.xfail, strict=True)] if c.xfail
                         else []) for c in cases]


def check(session: Session, c: Case) -> None:
    """Run ``c`` in a cleared ``session`` and assert MATLAB's outcome."""
    session.execute(RESET)
    r = session.execute(c.code)
    if c.error is None:
        assert r.error is None, f"unexpected error {r.error.identifier}: {r.error.message}"
    else:
        assert r.error is not None, "expected an error, got none"
        got = (r.error.identifier, r.error.message)
        assert got == c.error, f"error {got!r}, expected {c.error!r}"
    if c.stdout is not None:
        assert r.stdout == c.stdout, f"printed {r.stdout!r}, expected {c.stdout!r}"
    for name, expected in c.vars.items():
        assert name in session.workspace, f"variable {name} not defined"
        got = canon(session.workspace[name])
        assert same(got, expected), f"{name}: got {got!r}, expected {expected!r}"
