"""Run one MATLAB source three ways: fused on the GPU, unfused (the VM's bytecode), and on the CPU."""
import numpy as np

from engine import Session


def run(code: str, inputs: dict, device: str, mode: str | None = None) -> Session:
    s = Session(device=device)
    s.fusion.mode = mode
    for name, value in inputs.items():
        s.set(name, value)
    result = s.execute(code)
    assert result.error is None, result.error
    return s


def three_ways(code: str, inputs: dict) -> tuple[Session, Session, Session]:
    return run(code, inputs, "gpu"), run(code, inputs, "gpu", "cpu"), run(code, inputs, "cpu")


def assert_same(a, b, rtol: float, name: str) -> None:
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, (name, a.shape, b.shape, a.dtype, b.dtype)
    if a.dtype == bool:
        np.testing.assert_array_equal(a, b, err_msg=name)
    else:
        finite = np.abs(b[np.isfinite(b)])
        np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol * max(1.0, float(np.max(finite, initial=0))),
                                   err_msg=name)


def devices(s: Session) -> list[str]:
    return [w.device for w in s.fusion.reports()]
