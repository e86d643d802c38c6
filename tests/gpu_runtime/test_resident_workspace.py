"""The device-resident workspace: plain arrays computed on the device stay there across statements and
cells, and nothing a program can observe (class, display, whos, isequal, containers) shows where they live.
Only gpuArray values are gpuArrays."""
import numpy as np
import pytest

from engine import Session
from engine.accel.residency import GpuTensor
from engine.runtime.device import DeviceArray

N = 5000           # above the auto policy's threshold


def run(s: Session, code: str) -> str:
    r = s.execute(code)
    assert r.error is None, (code, r.error)
    return r.stdout


@pytest.fixture(params=["gpu", "auto"])
def session(request, gpu, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")     # auto offloads small arrays too
    return Session(device=request.param)


@pytest.mark.parametrize("code, out", [
    ("v = [1;2;3] .* 2 + 1", "v = 3×1\n\n     3\n     5\n     7\n"),
    ("v = (1:3)'", "v = 3×1\n\n     1\n     2\n     3\n"),
    ("s = struct('a', [5 3] .* 1); c = class(s.a)", "c = 'double'\n"),
    ("z = {[1 2 3] .* 2}; c = class(z{1})", "c = 'double'\n"),
    ("q = max([1 2 3] .* 2); c = class(q)", "c = 'double'\n"),
    ("y = [1 2 3] .* 2; t = isgpuarray(y)", "t = logical\n   0\n"),
    ("f = @(v) max(v); [a, b] = f([3 8 1])", "a = 8\nb = 2\n"),
])
def test_values_made_on_the_device_are_plain_values(session, code, out):
    assert run(session, code) == out


def test_a_struct_field_computed_on_the_device_keeps_its_value_in_later_cells(session):
    # issue 16, item 1: the uploaded arguments were released while the struct still referred to them
    run(session, "s = struct('a', [1 2 3]); y = s.a + 1;")
    assert run(session, "disp(y)") == "     2     3     4\n"
    assert run(session, "disp(class(y))") == "double\n"
    assert run(session, "disp(y)") == "     2     3     4\n"
    run(session, "t = setfield(s, 'b', y .* 2); c = struct2cell(t); s.a(2) = 9;")
    np.testing.assert_array_equal(session.get("t")["b"], [[4, 6, 8]])
    np.testing.assert_array_equal(session.get("c")[1, 0], [[4, 6, 8]])
    np.testing.assert_array_equal(session.get("s")["a"], [[1, 9, 3]])


def test_workspace_values_stay_on_the_device_across_cells(gpu):
    session = Session(device="gpu")        # (auto decides by measured costs: on lavapipe often the CPU)
    stats = gpu.stats
    run(session, f"x = rand({N}, 1); u = exp(-x.^2/2) .* cos(4*x);")
    down = stats.bytes_downloaded
    run(session, "v = u .* u + 0.5;")                 # reads u on the device: no transfer either way
    up = stats.bytes_uploaded
    run(session, "w = v - u;")
    assert stats.bytes_uploaded == up and stats.bytes_downloaded == down
    stored = session.device_workspace
    assert all(isinstance(stored[n], DeviceArray) and stored[n].implicit for n in "uvw")
    # MATLAB sees plain doubles everywhere: whos, class, isequal, Session.get, the kernel's inspection
    assert "double" in run(session, "whos w") and "gpuArray" not in run(session, "whos")
    assert run(session, "disp(class(w)); disp(isequal(w, v - u))") == "double\n   1\n"
    assert type(session.workspace["w"]) is np.ndarray
    cpu = Session(device="cpu")
    cpu.set("x", session.get("x"))
    run(cpu, "u = exp(-x.^2/2) .* cos(4*x); v = u .* u + 0.5; w = v - u;")
    np.testing.assert_allclose(session.get("w"), cpu.get("w"), rtol=1e-13)


def test_a_host_read_downloads_once(gpu):
    session = Session(device="gpu")
    run(session, f"x = rand({N}, 1); u = x .* 3;")
    before = gpu.stats.bytes_downloaded
    run(session, "a = u(1); b = u(2);")
    run(session, "c = u(3);")
    session.get("u")
    assert gpu.stats.bytes_downloaded - before == N * 8


def test_gpuarray_values_stay_gpuarrays(session):
    run(session, "G = gpuArray([1 2 3]); H = G .* 2 + 1;")
    assert run(session, "disp(class(H))") == "gpuArray\n"
    assert type(session.workspace["H"]) is GpuTensor and not session.workspace["H"].implicit


def test_scalar_windows_run_on_the_cpu_under_every_policy(gpu):
    s = Session(device="gpu")
    run(s, "s = 0; for k = 1:50, s = s + f(k); end\nfunction y = f(x)\n  y = 2 .* x + 1;\nend")
    assert s.get("s")[0, 0] == 2600.0
    assert s.fusion.stats.windows_fused == 0


def test_a_value_read_on_the_host_keeps_its_device_copy(gpu):
    """After a host read brings u back (once), the next window reads u's device copy: no upload."""
    session = Session(device="gpu")
    run(session, f"x = rand({N}, 1); u = x .* 3;")
    run(session, "a = u(1); disp(size(u));")
    assert type(session.device_workspace["u"]) is np.ndarray          # the host value in the workspace
    up, down = gpu.stats.bytes_uploaded, gpu.stats.bytes_downloaded
    run(session, "v = u + 1; w = u .* v;")
    assert gpu.stats.bytes_uploaded == up and gpu.stats.bytes_downloaded == down
    np.testing.assert_allclose(session.get("w"), session.get("u") * (session.get("u") + 1), rtol=1e-15)


def test_memory_pressure_moves_values_to_the_host(gpu, monkeypatch):
    """With device memory for about four of these arrays, making more moves the least recently used
    plain arrays to the host (a download each), never an error; their values stay right, and a window
    reading one uploads it again."""
    from engine.accel import provider
    provider.reset_provider()
    monkeypatch.setenv("MATFUSE_FAULTS", "memory_mb=2")
    session = Session(device="gpu")
    n = 65536                           # 512 KiB of doubles: one buffer each
    run(session, f"x = linspace(0, 1, {n})';")
    for k, name in enumerate("abcde", 1):                  # a window (a cell) each
        run(session, f"{name} = x + {k};")
    stored = session.device_workspace
    evicted = [name for name in "xabcde" if stored[name].evicted]
    assert evicted[:1] == ["a"] and "x" not in evicted and "e" not in evicted   # x: read by every window
    x = np.linspace(0, 1, n).reshape(-1, 1)
    for k, name in enumerate("abcde", 1):
        np.testing.assert_allclose(session.get(name), x + k, rtol=1e-15)
    run(session, "f = a .* 2;")
    np.testing.assert_allclose(session.get("f"), (x + 1) * 2, rtol=1e-15)
    assert "moved to the host" in session.fusion_report("residency")["text/plain"]
    provider.reset_provider()


def test_upload_staging_buffers_go_when_the_cell_ends(gpu):
    """Uploads from 1 MB reuse mapped staging buffers within a cell; the cell's end destroys them (on the
    H100, keeping them slowed every later read-back)."""
    session = Session(device="gpu")
    session.set("x", np.random.default_rng(0).random((300_000, 1)))
    run(session, "y = x .* 2 + 1;")
    assert gpu._upload_staging == {} and gpu.stats.bytes_uploaded >= 2_400_000
    np.testing.assert_allclose(session.get("y"), session.get("x") * 2 + 1, rtol=1e-15)
