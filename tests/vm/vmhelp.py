"""Running MATLAB snippets in a fresh Session for the VM tests."""
from __future__ import annotations

import numpy as np

from engine.session import ExecResult, Session


def run(code: str, session: Session | None = None) -> tuple[Session, ExecResult]:
    session = session or Session()
    return session, session.execute(code)


def ok(code: str, session: Session | None = None) -> Session:
    """Run code that must not fail; return the session to inspect the workspace."""
    session, result = run(code, session)
    assert result.error is None, result.error.report()
    return session


def value(code: str, name: str):
    return ok(code).get(name)


def scalar(code: str, name: str) -> float:
    out = value(code, name)
    assert isinstance(out, np.ndarray) and out.shape == (1, 1), out
    return out[0, 0].item()


def failure(code: str):
    _, result = run(code)
    assert result.error is not None, "expected an error"
    return result.error
