"""What the fuzz tests check about one program: run it on each device and report its problems.

(a) No Python leaks through: ``Session.execute`` never raises; every error is a MATLAB error whose
    identifier is not MATLAB:internal, whose message reads like MATLAB (``python_isms``), and which does
    not blame a builtin for being undefined (an engine bug disguised as "Unrecognized function or
    variable 'sum'", unless the program assigns that name: in a function, ``numel = numel(x)`` reads
    the variable before it is set, as in MATLAB); printed text has no Python either, and no Python
    warning is issued (a notebook would show it on stderr).
(b) The devices agree: cpu, gpu and auto give the same error identifiers, the same printed text (numbers
    to display precision) and the same final workspace (double to 1e-12 relative, single to 1e-5,
    NaN equal to NaN).
A program whose cell runs past ``TIME_LIMIT`` is interrupted and not compared.

Besides the Session's devices, ``PSEUDO_DEVICES`` are the cpu device under other flags: ``cpu-bytecode``
with host kernels off (the VM's bytecode runs every window that stays on the CPU) and ``cpu-host`` with
host kernels on every window of two or more elements, in odd-sized blocks on two threads. Host kernels
must give the bytecode's results bit for bit, so runs on two CPU variants are compared exactly (every
float equal, the sign of zero too), not to the tolerances of (b).
"""
from __future__ import annotations

import cmath
import math
import os
import re
import threading
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine import Session
from engine.runtime.categoricals import CategoricalArray
from engine.runtime.tables import Table
from engine.runtime.times import TimeArray
from engine.runtime.values import (CellArray, CharArray, FunctionHandle, HandleObject, SparseMatrix, StringArray,
                                   StructArray)

TIME_LIMIT = 5.0       # seconds a cell may run before it is interrupted
SIZE_LIMIT = 10_000    # a variable larger than this stops the program (the grammar aims at about 100)
LARGE_SIZE_LIMIT = 1_000_000   # the same for the grammar's large programs (which aim at up to 300,000)
BIG = 1024             # arrays of more elements are canonicalised to an ``Elements`` (compared by numpy)

NOT_COMPARED: Counter = Counter()   # programs ``disagreements`` did not compare, by the first reason

# the cpu device under other flags (name -> (Session device, environment while its cells run))
PSEUDO_DEVICES = {
    "cpu-bytecode": ("cpu", {"MATFUSE_CPU_FUSION": "0"}),
    "cpu-host": ("cpu", {"MATFUSE_CPU_FUSION": "1", "MATFUSE_CPU_FUSION_MIN_ELEMENTS": "2",
                         "MATFUSE_CPU_BLOCK": "997", "MATFUSE_CPU_THREADS": "2"}),
}

PYTHON_ISMS = re.compile("|".join([
    r"Traceback \(most recent call last\)", r"Internal error", r"object has no attribute", r"NoneType",
    r"unsupported operand type", r"out of bounds for axis", r"positional argument",
    r"required positional", r"unexpected keyword argument", r"object is not (subscriptable|callable|"
    r"iterable)", r"\b(Type|Value|Index|Key|Attribute|ZeroDivision|Overflow|Recursion|Memory|Assertion|"
    r"Runtime|NotImplemented|Lookup|Unicode\w*|Name)Error\b", r"\bnumpy\b", r"\bndarray\b", r"\bdtype\b",
    r"\bufunc\b", r"Python int", r"C long", r"maximum recursion depth", r"could not be broadcast",
    r"setting an array element with a sequence", r"cannot convert float", r"not supported between "
    r"instances", r"unhashable type", r"<class '", r"invalid literal for int\(\)",
    r"could not convert string to float", r"list index out of range", r"tuple index out of range",
    r"\bself\b", r"\bkwargs\b", r"__[A-Za-z]\w*__", r"\bNone\b", r"float division by zero",
]))


def python_isms(text: str) -> list[str]:
    """The pieces of ``text`` that look like Python rather than MATLAB."""
    return [m.group() for m in PYTHON_ISMS.finditer(text)]


@dataclass
class Run:
    """What one device made of a program: per cell the error (identifier, message) or None and the
    printed text; the canonical final workspace; what went wrong outside MATLAB's errors."""
    device: str
    errors: list[tuple[str, str] | None] = field(default_factory=list)
    stdout: list[str] = field(default_factory=list)
    workspace: dict[str, Any] = field(default_factory=dict)
    raised: str | None = None          # an exception out of Session.execute or from reading a value
    warned: list[str] = field(default_factory=list)     # Python warnings issued while a cell ran
    interrupted: bool = False
    too_large: bool = False


@dataclass(frozen=True)
class Problem:
    """One broken property: ``kind`` names the failure class, ``detail`` the evidence."""
    kind: str
    devices: tuple[str, ...]
    detail: str


def run(cells: list[str], device: str, size_limit: int = SIZE_LIMIT) -> Run:
    """Run ``cells`` in a fresh Session on ``device`` (or a PSEUDO_DEVICES name), one execute per cell."""
    out = Run(device)
    session_device, env = PSEUDO_DEVICES.get(device, (device, {}))
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        session = Session(device=session_device)
        for code in cells:
            timer = threading.Timer(TIME_LIMIT, session.interrupt)
            timer.start()
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    r = session.execute(code)
            finally:
                timer.cancel()
            out.warned += [f"{w.category.__name__}: {w.message} ({w.filename}:{w.lineno})" for w in caught]
            out.errors.append(None if r.error is None else (r.error.identifier, r.error.message))
            out.stdout.append(r.stdout)
            out.interrupted |= r.error is not None and r.error.identifier == "MATLAB:interrupt"
            out.too_large = any(_numel(v) > size_limit for v in session.workspace.values())
            if out.interrupted or out.too_large:
                break
        out.workspace = {name: canon(value) for name, value in session.workspace.items()}
    except Exception as exc:  # noqa: BLE001 - what the property is about
        out.raised = f"{type(exc).__name__}: {exc}"
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return out


ENGINE_VALUES = (CharArray, StringArray, CellArray, StructArray, FunctionHandle, HandleObject, TimeArray,
                 Table, np.ndarray, np.generic, float, complex)


def _state(x: Any) -> Any:
    """A handle object's attributes (dicts, lists, text, numbers, engine values) in comparable form."""
    if isinstance(x, dict):
        return tuple(sorted(((repr(k), _state(v)) for k, v in x.items()), key=lambda kv: kv[0]))
    if isinstance(x, (list, tuple)):
        return tuple(_state(v) for v in x)
    if x is None or isinstance(x, (str, bool, int)):
        return x
    if isinstance(x, ENGINE_VALUES) or hasattr(x, "gather"):
        return canon(x)
    return (type(x).__name__, _state(vars(x)))         # a record of the object's (an inputParser's Input)


def _numel(value: Any) -> int:
    shape = getattr(value, "shape", ())
    return math.prod(shape) if isinstance(shape, tuple) else 1


_OPEN_HANDLES: list[int] = []      # ids of the handle objects ``canon`` is inside (a handle can hold itself)


def canon(value: Any) -> tuple:
    """(class, size, data) of an engine value, read back from the device where it lives there."""
    gather = getattr(value, "gather", None)
    if gather is not None:
        inner = canon(gather())
        return inner if getattr(value, "implicit", False) else ("gpuArray", inner)
    if isinstance(value, CharArray):
        return ("char", value.shape, "".join(map(chr, value.codes.ravel(order="F"))))
    if isinstance(value, StringArray):
        return ("string", value.shape, tuple(value.data.ravel(order="F")))
    if isinstance(value, CellArray):
        return ("cell", value.shape, tuple(canon(v) for v in value.data.ravel(order="F")))
    if isinstance(value, StructArray):
        rows = tuple(tuple(canon(d[f]) for f in value.fields) for d in value.data.ravel(order="F"))
        return (value.classname, value.shape, (tuple(value.fields), rows))
    if isinstance(value, FunctionHandle):
        return ("function_handle", (1, 1), value.text)
    if isinstance(value, TimeArray):         # datetime, duration: seconds, with the format they display in
        return (value.matlab_class, value.shape, (value.fmt, canon(value.data)))
    if isinstance(value, CategoricalArray):  # its category codes (NaN: <undefined>), categories and flags
        return ("categorical", value.shape, (value.cats, value.ordinal, value.protected, canon(value.data)))
    if isinstance(value, Table):             # its names, row names and variables
        return ("table", value.shape, (tuple(value.names), value.row_names and tuple(value.row_names),
                                       tuple(canon(v) for v in value.variables)))
    if isinstance(value, HandleObject):      # containers.Map, inputParser: their state
        if id(value) in _OPEN_HANDLES:       # met again inside its own state: which open handle it is
            return (value.matlab_class, value.shape, ("cycle", _OPEN_HANDLES.index(id(value))))
        _OPEN_HANDLES.append(id(value))
        try:
            return (value.matlab_class, value.shape, _state(vars(value)))
        finally:
            _OPEN_HANDLES.pop()
    if isinstance(value, SparseMatrix):      # by its nonzeros (column-major): the full matrix may not fit
        nonzeros = value.data.tocoo()
        order = np.lexsort((nonzeros.row, nonzeros.col))
        return ("sparse", value.shape, (tuple(zip(nonzeros.row[order].tolist(), nonzeros.col[order].tolist())),
                                        canon(nonzeros.data[order])))
    arr = np.asarray(value)
    if arr.size > BIG:
        return (str(arr.dtype), np.shape(value), Elements(arr.ravel(order="F").copy()))
    return (str(arr.dtype), np.shape(value) or (1, 1), tuple(x.item() for x in arr.ravel(order="F")))


class Elements:
    """The elements of a large array (column-major), compared by ``same`` with numpy, not one by one."""

    def __init__(self, data: np.ndarray) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"<{self.data.size} elements: {np.array2string(self.data, threshold=8, edgeitems=3)}>"


def _same_elements(a: np.ndarray, b: np.ndarray, rel: float) -> tuple[bool, int]:
    """Whether two arrays' elements agree (see ``same``), and the first index where they do not."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return False, 0
    if a.dtype.kind not in "fc":
        bad = a != b
    else:
        bad = np.zeros(a.shape, bool)
        for x, y in ((a.real, b.real), (a.imag, b.imag)) if a.dtype.kind == "c" else ((a, b),):
            with np.errstate(invalid="ignore", over="ignore"):
                nan = np.isnan(x) | np.isnan(y)
                near = (x == y) | (np.abs(x - y) <= np.maximum(rel * np.maximum(np.abs(x), np.abs(y)), rel * 1e-2))
                if rel == 0:
                    near &= np.signbit(x) == np.signbit(y)
                bad |= np.where(nan, np.isnan(x) != np.isnan(y), ~near)
    where = np.flatnonzero(bad)
    return where.size == 0, int(where[0]) if where.size else -1


def same(a: Any, b: Any, dtype: str = "", exact: bool = False) -> bool:
    """Canonical values equal: floats to the tolerance of their class (``exact``: bit for bit but for
    NaN's payload), NaN equal to NaN."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) == 3 and isinstance(a[0], str) and len(b) == 3 and isinstance(b[0], str):
            dtype = a[0]
        return len(a) == len(b) and all(same(x, y, dtype, exact) for x, y in zip(a, b))
    rel = 0.0 if exact else 1e-5 if dtype in ("float32", "complex64") else 1e-12
    if isinstance(a, Elements) and isinstance(b, Elements):
        return _same_elements(a.data, b.data, rel)[0]
    if isinstance(a, (float, complex)) and isinstance(b, (float, complex)):
        return all(_close(x, y, rel) for x, y in [(complex(a).real, complex(b).real),
                                                   (complex(a).imag, complex(b).imag)])
    return type(a) is type(b) and a == b


def same_layout(a: Any, b: Any) -> bool:
    """Canonical values of the same class and size (their elements not compared)."""
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 3 and isinstance(a[0], str):
        return a[:2] == b[:2]
    return same(a, b)


def _close(x: float, y: float, rel: float) -> bool:
    if cmath.isnan(x) or cmath.isnan(y):
        return cmath.isnan(x) and cmath.isnan(y)
    if rel == 0:
        return x == y and math.copysign(1, x) == math.copysign(1, y)
    return x == y or math.isclose(x, y, rel_tol=rel, abs_tol=rel * 1e-2)


NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")


def same_text(a: str, b: str) -> bool:
    """Printed texts equal, numbers to display precision (a last digit may round either way)."""
    if a == b:
        return True
    pa, pb = NUMBER.split(a), NUMBER.split(b)
    na, nb = NUMBER.findall(a), NUMBER.findall(b)
    return pa == pb and len(na) == len(nb) and all(
        math.isclose(float(x), float(y), rel_tol=1e-3, abs_tol=1e-3) for x, y in zip(na, nb))


# ---------------------------------------------------------------------- the two properties
def leaks(r: Run, builtins: set[str]) -> list[Problem]:
    """Property (a) for one device's run."""
    found = []
    if r.raised is not None:
        found.append(Problem("raised", (r.device,), r.raised))
    found += [Problem("python-warning", (r.device,), w) for w in dict.fromkeys(r.warned)]
    for err, text in zip(r.errors, r.stdout):
        if err is not None:
            ident, message = err
            if ident == "MATLAB:internal":
                found.append(Problem("internal", (r.device,), message))
            elif python_isms(message):
                found.append(Problem("python-text", (r.device,), f"{ident}: {message}"))
            elif (m := re.fullmatch(r"Unrecognized function or variable '(\w+)'\.", message)) \
                    and m.group(1) in builtins:
                found.append(Problem("disguised", (r.device,), message))
        if python_isms(text):
            found.append(Problem("python-stdout", (r.device,), text[-500:]))
    return found


# Adaptive routines (step sizes and subdivisions chosen from the integrand's values) turn a last-bit
# difference between the CPU's and a GPU's elementary functions into a different answer: near a pole,
# quad(@(x) 1 ./ (x.^3 - 2*x - 5), 0, 1e19) gave -0.134 on the CPU and -0.094 on the H100, whose x.^3
# is x*x*x against the CPU's pow. Programs that call one are compared by class and size only.
ADAPTIVE = re.compile(r"\b(?:quad\w*|integral\w*|fzero|fminsearch|fminbnd|fminunc|ode\d+\w*)\s*\(")


def disagreements(runs: list[Run], adaptive: bool = False) -> list[Problem]:
    """Property (b): every run against the first (cpu). Interrupted or oversized runs are not compared;
    with ``adaptive`` (see ADAPTIVE) values only by class and size, and printed text not at all."""
    if any(r.interrupted or r.too_large or r.raised for r in runs):
        NOT_COMPARED.update(["interrupted" if r.interrupted else "too large" if r.too_large else "raised"
                             for r in runs if r.interrupted or r.too_large or r.raised][:1])
        return []
    base, found = runs[0], []
    for other in runs[1:]:
        pair = (base.device, other.device)
        exact = all(d.startswith("cpu") for d in pair)     # two CPU variants: bit for bit
        ids = [[e and e[0] for e in r.errors] for r in (base, other)]
        if ids[0] != ids[1]:
            found.append(Problem("disagree-error", pair, f"{base.errors} vs {other.errors}"))
            continue
        if not adaptive and not all(same_text(a, b) for a, b in zip(base.stdout, other.stdout)):
            found.append(Problem("disagree-stdout", pair, _first_diff(base.stdout, other.stdout)))
        names = sorted(set(base.workspace) | set(other.workspace))
        agree = same_layout if adaptive else lambda a, b: same(a, b, exact=exact)
        bad = [n for n in names if not agree(base.workspace.get(n), other.workspace.get(n))]
        if bad:
            n = bad[0]
            found.append(Problem("disagree-value", pair,
                                 _value_diff(n, base.workspace.get(n), other.workspace.get(n), exact)))
    return found


def _value_diff(name: str, a: Any, b: Any, exact: bool) -> str:
    """The evidence of a disagreement on ``name``: both values; for large arrays, the first element
    that differs."""
    text = f"{name}: {a!r} vs {b!r}"
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 3 and a[:2] == b[:2] \
            and isinstance(a[2], Elements) and isinstance(b[2], Elements):
        rel = 0.0 if exact else 1e-5 if a[0] in ("float32", "complex64") else 1e-12
        k = _same_elements(a[2].data, b[2].data, rel)[1]
        text = (f"{name} ({a[0]} {'x'.join(map(str, a[1]))}): element {k + 1} is {a[2].data[k]!r} vs "
                f"{b[2].data[k]!r}; " + text)
    return text[:800]


def _first_diff(a: list[str], b: list[str]) -> str:
    for x, y in zip(a, b):
        if not same_text(x, y):
            return f"{x[-300:]!r} vs {y[-300:]!r}"
    return ""


ASSIGNED = re.compile(r"(?<![.\w])([A-Za-z]\w*)\s*(?:[({][^(){}=]*[)}]\s*|\.\w+\s*)*=(?!=)"
                      r"|\[([^\[\]=]*)\]\s*=(?!=)")


def assigned_names(cells: list[str]) -> set[str]:
    """Names a program assigns (``x = ...``, ``x(2) = ...``, ``[a, x] = ...``, ``for x = ...``)."""
    names = set()
    for m in ASSIGNED.finditer("\n".join(cells)):
        names.update([m.group(1)] if m.group(1) else re.findall(r"[A-Za-z]\w*", m.group(2)))
    return names


def check(cells: list[str], devices: tuple[str, ...], builtins: set[str],
          size_limit: int = SIZE_LIMIT) -> list[Problem]:
    """Every problem of a program: (a) on each device, then (b) across them."""
    runs = [run(cells, device, size_limit) for device in devices]
    builtins = set(builtins) - assigned_names(cells)
    adaptive = ADAPTIVE.search("\n".join(cells)) is not None
    return [p for r in runs for p in leaks(r, builtins)] + disagreements(runs, adaptive)
