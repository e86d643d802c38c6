"""gpuDevice, the CPU fallback on a failing kernel, device="cpu" sessions, reset(gpuDevice)."""
import gc
import os
import subprocess
import sys

import numpy as np

from engine import Session
from engine.accel import operations
from engine.accel.provider import GpuUnavailable, get_provider


def test_gpudevice_reads_like_matlab(gpu):
    s = Session()
    r = s.execute("d = gpuDevice")
    assert r.error is None
    lines = r.stdout.splitlines()
    assert lines[0] == "d = GPUDevice with properties:"
    pairs = [line.split(":", 1) for line in lines[2:] if ":" in line]
    fields = {name.strip(): value.strip() for name, value in pairs}
    assert fields["Name"] == f"'{gpu.info.name}'" and fields["Backend"] == f"'{gpu.info.backend}'"
    assert fields["SupportsDouble"] == "1" and fields["Index"] == "1"
    for name in ("MaxBufferSize", "MaxThreadsPerBlock", "LiveBuffers", "PooledBuffers", "CPUFallbacks"):
        assert name in fields
    assert s.execute("n = d.Name; k = gpuDeviceCount;").error is None
    assert s.get("n") == gpu.info.name and s.get("k")[0, 0] == 1.0


def forced(*args, **kwargs):
    raise GpuUnavailable("forced failure")


def test_failing_kernel_falls_back_to_the_cpu_answer(gpu, monkeypatch):
    s = Session()
    s.fusion.mode = "cpu"          # one operation at a time (fused windows do not call operations)
    s.set("X", np.array([[1.0, -2.0, 3.5], [4.0, 0.25, -6.0]]))
    code = "G = gpuArray(X); r1 = G .* 2 + 1; r2 = sum(G, 2); r3 = G * G'; r4 = exp(G); ok = isgpuarray(r1);"
    assert s.execute(code).error is None
    expected = {k: s.get(k) for k in ("r1", "r2", "r3", "r4")}
    monkeypatch.setattr(operations, "gpu_elementwise", forced)
    monkeypatch.setattr(operations, "gpu_reduce", forced)
    monkeypatch.setattr(operations, "gpu_matmul", forced)
    before = len(gpu.fallbacks)
    assert s.execute(code).error is None
    for name, value in expected.items():
        np.testing.assert_array_equal(s.get(name), value)
    assert s.get("ok")[0, 0]
    assert len(gpu.fallbacks) > before and gpu.fallbacks[-1].endswith("forced failure")
    np.testing.assert_array_equal(expected["r1"], [[3.0, -3.0, 8.0], [9.0, 1.5, -11.0]])


def test_reset_frees_every_buffer(gpu):
    gc.collect()      # earlier tests' garbage (host arrays with device copies) freed now, not into the old pool
    s = Session()
    assert s.execute("G = gpuArray(ones(64)); H = G + 1; clear H; before = existsOnGPU(G);").error is None
    old = get_provider()
    assert old.pool.stats().pooled_buffers > 0
    assert s.execute("reset(gpuDevice); after = existsOnGPU(G); K = gpuArray(2) + 1;").error is None
    assert s.get("before")[0, 0] and not s.get("after")[0, 0]
    assert old.pool.stats().pooled_buffers == 0
    assert get_provider() is not old
    np.testing.assert_array_equal(s.get("K"), [[3.0]])


def test_unreadable_data_is_a_matlab_error(gpu):
    s = Session()
    assert s.execute("G = gpuArray([1 2 3]);").error is None
    s.workspace["G"].release()                       # as after a lost device: the data is gone
    for code in ("x = G(2);", "y = gather(G);", "z = sort(G);"):
        err = s.execute(code).error
        assert err.identifier == "parallel:gpu:array:InvalidData", code


NO_ADAPTER = """
from engine import Session
from engine.runtime.errors import MatlabError
s = Session()
r = s.execute("x = sum(rand(3), 'all'); n = gpuDeviceCount;")
assert r.error is None and s.get("n")[0, 0] == 0, r.error
for code in ("g = gpuArray(1);", "d = gpuDevice;", "z = ones(2, 'gpuArray');"):
    err = s.execute(code).error
    assert err is not None and err.identifier == "matfuse:gpu:noAdapter", (code, err)
    assert "nosuchadapter" in err.message
try:
    Session(device="gpu")
except MatlabError as err:
    assert err.identifier == "matfuse:gpu:noAdapter"
else:
    raise AssertionError("Session(device='gpu') started without an adapter")
print("ok")
"""


def run_python(code: str, **env: str) -> None:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_without_an_adapter_gpu_builtins_raise_a_clear_error():
    run_python(NO_ADAPTER, MATFUSE_ADAPTER="nosuchadapter")


CPU_SESSION = """
import sys
from engine import Session
s = Session(device="cpu")
r = s.execute("x = rand(3); y = sum(x(:)) .* 2; n = gpuDeviceCount;")
assert r.error is None, r.error
assert s.get("n")[0, 0] == 0
for code in ("g = gpuArray(1);", "d = gpuDevice;", "z = zeros(2, 'gpuArray');"):
    err = s.execute(code).error
    assert err is not None and err.identifier == "matfuse:gpu:cpuSession", (code, err)
    assert 'device "cpu"' in err.message
assert "wgpu" not in sys.modules, "device='cpu' initialised wgpu"
print("ok")
"""


def test_cpu_session_never_touches_wgpu():
    run_python(CPU_SESSION)


def test_gpu_session_runs_builtins_outside_windows_on_the_device(gpu):
    """Session(device="gpu"): cumsum and permute (no fusion window holds them) run on the GPU with
    their arrays uploaded, and give the CPU's answer as host values; %fusion off keeps them on the CPU;
    a class the device does not hold falls back."""
    x = np.arange(1.0, 301.0).reshape(100, 3) / 7
    code = "c = cumsum(x, 2); p = permute(reshape(x, 10, 10, 3), [3 1 2]); k = class(c); i = cumsum(int8(x));"
    cpu = Session(device="cpu")
    cpu.set("x", x)
    assert cpu.execute(code).error is None
    for mode, dispatched in ((None, True), ("cpu", False)):
        s = Session(device="gpu")
        s.fusion.mode = mode
        s.set("x", x)
        before = gpu.stats.dispatches
        assert s.execute(code).error is None
        assert (gpu.stats.dispatches > before) == dispatched
        for name in ("c", "p", "i"):
            np.testing.assert_array_equal(s.get(name), cpu.get(name))
        assert s.get("k") == "double" and s.get("i").dtype == np.int8
