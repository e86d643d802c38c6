"""Run one MATLAB source three ways: fused on the GPU, unfused (the VM's bytecode), and on the CPU; a
synthetic cost model for the auto policy."""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion import calibrate
from engine.accel.fusion.calibrate import CostModel, Line


def synthetic(gpu_fixed: float = 1e-4, download: float = 1e-9) -> CostModel:
    """A model where the CPU costs 1 ns per element and the GPU 0.01 ns plus a fixed cost per kernel."""
    cpu = {k: Line(1e-6, 1e-9) for k in calibrate.KINDS}
    gpu = {k: Line(gpu_fixed, 1e-11) for k in calibrate.KINDS}
    return CostModel("synthetic", cpu, gpu, Line(1e-5, 1e-11), Line(1e-5, download))


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


def check_case(gpu, case: tuple, single: bool, rtol_single: float) -> None:
    """A (code, inputs, names) case, in double or single: fused on the GPU, agreeing with the CPU within
    rtol (1e-12 for double), and unfused agreeing exactly."""
    code, inputs, names = case
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    if single:
        inputs = {k: v.astype(np.float32) for k, v in inputs.items()}
    fused, unfused, cpu = three_ways(code, inputs)
    assert devices(fused) == ["GPU"], fused.fusion.reports()
    assert "GPU" not in devices(unfused) + devices(cpu)      # host kernels (host.py) may run them
    rtol = rtol_single if single else 1e-12
    for name in names:
        assert_same(fused.get(name), cpu.get(name), rtol, name)
        assert_same(unfused.get(name), cpu.get(name), 0.0, name)
