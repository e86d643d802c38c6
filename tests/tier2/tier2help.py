"""Running a MATLAB snippet both ways: in the interpreter alone, and with tier 2 compiling every loop it
can at once (MATFUSE_TIER2=eager); the workspaces, outputs and errors must be identical."""
from __future__ import annotations

import math

import numpy as np

from engine.session import ExecResult, Session


def session(mode: str) -> Session:
    s = Session(device="cpu")
    s.vm.tier2.mode = mode
    return s


def same(a, b) -> bool:
    """Equal values of the same class and size, NaN equal to NaN, zeros of the same sign."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return False
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.dtype == object:                       # cells, struct arrays, string arrays: element by element
            return all(same(x, y) for x, y in zip(a.flat, b.flat))
        if a.dtype.kind == "f":
            return bool(np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b)))
        return bool(np.array_equal(a, b))
    if type(a).__name__ == "FunctionHandle" and type(b) is type(a):     # bodies are code objects: by text
        return a.text == b.text and a.name == b.name and same(dict(a.captured or {}), dict(b.captured or {}))
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    return type(a) is type(b) and a == b


def both_ways(code: str, setup: str = "") -> tuple[Session, ExecResult, Session, ExecResult]:
    """Run ``setup`` then ``code`` in an interpreter-only session and in an eager tier-2 session; assert
    they agree (workspace, output, error identifier/message/line); return both."""
    runs = []
    for mode in ("off", "eager"):
        s = session(mode)
        if setup:
            assert s.execute(setup).error is None
        runs.append((s, s.execute(code)))
    (s1, r1), (s2, r2) = runs
    assert r1.stdout == r2.stdout
    assert (r1.error is None) == (r2.error is None), (r1.error and r1.error.report(), r2.error and r2.error.report())
    if r1.error is not None:
        assert (r1.error.identifier, r1.error.message, r1.error.line, r1.error.column) == \
            (r2.error.identifier, r2.error.message, r2.error.line, r2.error.column)
        assert r1.error.report() == r2.error.report()
    assert sorted(s1.workspace) == sorted(s2.workspace)
    for name in s1.workspace:
        a, b = s1.get(name), s2.get(name)
        assert same(a, b), (name, a, b)
    return s1, r1, s2, r2


def compiled(s: Session) -> list:
    """The variants tier 2 compiled in a session."""
    return [v for v in s.vm.tier2.variants if v.fn is not None or v.runs]


def reasons(s: Session) -> list[str]:
    return [v.reason for v in s.vm.tier2.variants if v.reason]
