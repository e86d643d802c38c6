"""Implicit residency: plain arrays that fused windows leave on the device between windows.

Every reader other than a fusion window sees the host value with its MATLAB class; the values stay on the
device across cells until something reads them on the host (once: the host copy is cached); the buffers go
back to the pool when the variables are overwritten, cleared or go out of scope; results equal policy cpu.
Loops here run their window once per iteration (MATFUSE_FUSE_LOOPS=0): residency between windows is the
subject; tests/fusion/test_loops.py runs whole loops as one kernel.
"""
import gc

import numpy as np
import pytest

from engine import Session
from engine.accel.residency import GpuTensor, pool_stats

M, T = 3000, 6
SETUP = f"rng(1); x = rand({M}, 1); a = 0.01; b = 0.002; S = ones({M}, 1);"
LOOP = f"for t = 1:{T}, S = S .* exp(a + b .* x); end"


@pytest.fixture(autouse=True)
def window_per_iteration(monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSE_LOOPS", "0")


def session(device: str, code: str = SETUP) -> Session:
    s = Session(device=device)
    result = s.execute(code)
    assert result.error is None, result.error
    return s


def run(s: Session, code: str) -> str:
    result = s.execute(code)
    assert result.error is None, result.error
    return result.stdout


def both(code: str, setup: str = SETUP) -> tuple[Session, Session, str, str]:
    """The same cells on the GPU and on the CPU; their outputs."""
    gpu, cpu = session("gpu", setup), session("cpu", setup)
    return gpu, cpu, run(gpu, code), run(cpu, code)


def test_loop_keeps_its_arrays_on_the_device(gpu64):
    s = session("gpu")
    provider = gpu64
    before = (provider.stats.dispatches, provider.stats.bytes_uploaded, provider.stats.bytes_downloaded)
    s.fusion.stats.__init__()
    run(s, LOOP)
    stats = s.fusion.stats
    assert stats.windows_fused == T and stats.dispatches == T
    assert stats.uploads == 1 and stats.bytes_uploaded == M * 8      # x, in the first iteration (the setup
    assert stats.downloads == 0 and stats.bytes_downloaded == 0     # cell made S on the device)
    assert provider.stats.dispatches - before[0] == T
    assert provider.stats.bytes_uploaded - before[1] == M * 8
    # the end of the cell leaves S and x on the device, in the workspace: nothing is downloaded
    assert provider.stats.bytes_downloaded - before[2] == 0
    assert type(s.device_workspace["S"]) is GpuTensor and s.device_workspace["S"].implicit
    # reading it from the host downloads it once (x still has its host value: no download for it)
    assert all(type(v) is not GpuTensor for v in s.workspace.values())
    assert provider.stats.bytes_downloaded - before[2] == M * 8
    s.get("S")
    assert provider.stats.bytes_downloaded - before[2] == M * 8
    cpu = session("cpu")
    run(cpu, LOOP)
    np.testing.assert_allclose(s.get("S"), cpu.get("S"), rtol=1e-14)
    assert s.get("S").dtype == np.float64


# sum(S) joins the window (a fused reduction, whose summation order MATLAB does not define): printed to
# 9 decimals of about 3000, 13 significant digits
@pytest.mark.parametrize("reader", [
    "disp(S(2))", "c = class(S); disp(c)", "disp(size(S))", "m = max(S); disp(m)", "y = S(end); disp(y)",
    "fprintf('%.9f\\n', sum(S))", "z = [S(1); S(2)]; disp(z)", "if S(1) > 0, disp('pos'), end",
    "q = numel(x) + S(3); disp(q)", "k = isa(S, 'double'); disp(k)", "S(5) = 7; disp(S(5))",
    "x(7) = t; disp(x(7))", "f = @() S(4); disp(f())", "c = {S, x}; disp(class(c{1}))",
    "s.f = S; disp(class(s.f))", "for v = S(1:2)', disp(v), end",
])
def test_readers_between_windows_see_host_values(gpu64, reader):
    code = f"for t = 1:3, S = S .* exp(a + b .* x); {reader}; end"
    gpu, cpu, out_gpu, out_cpu = both(code)
    assert out_gpu == out_cpu
    np.testing.assert_allclose(gpu.get("S"), cpu.get("S"), rtol=1e-14)
    assert any(w.device == "GPU" for w in gpu.fusion.reports())


def test_class_and_display_after_the_loop(gpu64):
    gpu, cpu, out_gpu, out_cpu = both(LOOP + "\nclass(S)\nsize(S)\nisgpuarray(S)\nwhos S")
    assert out_gpu == out_cpu
    assert "'double'" in out_gpu and "gpuArray" not in out_gpu


def test_function_arguments_and_returns_are_host_values(gpu64):
    fn = ("function [y, c] = step(S, x, n)\n"
          "for k = 1:n\n  S = S .* exp(0.01 + 0.002 .* x);\nend\n"
          "y = S; c = class(S);\nend\n")
    gpu, cpu = session("gpu", fn), session("cpu", fn)
    code = SETUP + f"\n{LOOP}\n[y, c] = step(S, x, 3); disp(c); d = class(y); disp(d)"
    assert run(gpu, code) == run(cpu, code)
    np.testing.assert_allclose(gpu.get("y"), cpu.get("y"), rtol=1e-14)
    fused = [w for w in gpu.fusion.reports() if w.device == "GPU"]
    assert {w.runs for w in fused} >= {3}       # the function's loop fused too


def test_function_loop_keeps_its_parameters_resident(gpu64):
    fn = ("function S = grow(S, x, n)\n"
          "for k = 1:n\n  S = S .* exp(0.01 + 0.002 .* x);\nend\nend\n")
    s = session("gpu", fn)
    run(s, SETUP)
    s.fusion.stats.__init__()
    run(s, "S = grow(S, x, 5);")
    assert s.fusion.stats.dispatches == 5
    # x is uploaded once, though the function loads it each time; S, made on the device by the setup
    # cell, is passed to the function as its host value, whose device copy the windows read
    assert s.fusion.stats.uploads == 1
    cpu = session("cpu", fn)
    run(cpu, SETUP + "\nS = grow(S, x, 5);")
    np.testing.assert_allclose(s.get("S"), cpu.get("S"), rtol=1e-14)


def test_error_inside_the_loop_leaves_host_values(gpu64):
    code = "for t = 1:3, S = S .* exp(a + b .* x); if t == 2, error('my:id', 'stop'); end, end"
    s = session("gpu")
    result = s.execute(code)
    assert result.error is not None and result.error.identifier == "my:id"
    assert type(s.workspace["S"]) is np.ndarray
    cpu = session("cpu")
    assert cpu.execute(code).error is not None
    np.testing.assert_allclose(s.get("S"), cpu.get("S"), rtol=1e-14)
    caught = "try\n" + code + "\ncatch err\n disp(err.identifier); disp(class(S))\nend"
    assert run(session("gpu"), caught) == run(session("cpu"), caught)


def test_eval_and_workspace_builtins_see_host_values(gpu64):
    code = ("for t = 1:2, S = S .* exp(a + b .* x); end\n"
            "eval('w = class(S);'); disp(w); disp(exist('S', 'var'))\n"
            "for t = 1:2, S = S .* exp(a + b .* x); v = evalin('base', 'class(S)'); disp(v); end")
    gpu, cpu, out_gpu, out_cpu = both(code)
    assert out_gpu == out_cpu


def test_buffers_return_to_the_pool(gpu64):
    s = session("gpu")
    run(s, "y = 0; S(1) = S(1);")          # S on the host
    gc.collect()                           # other tests' garbage goes now, not during the counts
    base = pool_stats(gpu64).live_buffers
    # inside one cell: after clear and overwrite nothing stays resident but x's device copy (x lives)
    run(s, LOOP + "\nclear S\nS = 5;")
    assert pool_stats(gpu64).live_buffers == base + 1
    run(s, f"S = ones({M}, 1); for t = 1:3, S = S .* exp(a + b .* x); end, S = 5; x = 1;")
    assert pool_stats(gpu64).live_buffers == base
    fn = "function r = twice(v)\nfor k = 1:2\n  v = v .* 2 + 1;\nend\nr = sum(v);\nend\n"
    run(s, fn)
    run(s, f"x = rand({M}, 1); r = twice(x);")
    assert pool_stats(gpu64).live_buffers == base + 1       # x's device copy, while x lives
    run(s, "x = 1;")
    assert pool_stats(gpu64).live_buffers == base


def test_policy_cpu_changes_nothing(gpu64):
    s = session("gpu")
    s.fusion.mode = "cpu"
    s.fusion.stats.__init__()
    run(s, LOOP)
    assert s.fusion.stats.windows_fused == 0
    cpu = session("cpu")
    run(cpu, LOOP)
    np.testing.assert_array_equal(s.get("S"), cpu.get("S"))


def test_declined_window_reads_resident_inputs_on_the_host(gpu64):
    # the second window's class mixes (single * double array): the CPU runs it on materialised inputs
    code = LOOP + "\nz = single(2) .* S + x;\nw = class(z);"
    gpu, cpu, _, _ = both(code)
    assert gpu.get("w") == cpu.get("w") == "single"
    np.testing.assert_allclose(gpu.get("z"), cpu.get("z"), rtol=1e-6)


def test_only_window_variables_get_checks():
    from engine.vm.build import build_cell
    from engine.vm.pygen import specialise

    def checks(code: str) -> int:
        compiled, _ = build_cell(code, "c", {})
        return specialise(compiled).source.count("to_host(")
    assert checks("s = 0; for i = 1:10, s = s + i * 2; end") == 0                 # no windows
    assert checks("s = 0; for i = 1:10, t = i * 0.5; if t - sin(i) > 1, s = s + t; end, end") == 0
    # S is stored by the window, x kept by it (a and b are scalars: uniforms): their reads are checked,
    # in the window's own bytecode (run when it is declined) and after it
    assert checks(SETUP + "\nfor t = 1:3, S = S .* exp(a + b .* x); disp(S(1)); disp(x(1)); end") == 4
