"""GPU faults injected with MATFUSE_FAULTS: a failed shader compilation, submit or map, a lost device and
a device memory cap. Plain values always get the CPU's answer; gpuArrays follow MATLAB (an error once
their data is gone, MATLAB's out-of-memory error); reset(gpuDevice) recovers."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider
from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload
from engine.config import _faults

LOOP = ("acc = zeros(2000, 1); x = linspace(0, 1, 2000)';\n"
        "for k = 1:12\n  acc = acc + x .* k;\nend\nt = sum(acc);")
LOOP_SUM = 78000.0                 # sum over k of k * sum(x) = 78 * 1000


@pytest.fixture
def fresh_device(gpu):
    """A device of its own: a test that loses it leaves the next test a new one."""
    yield gpu
    provider.reset_provider()


def run(s, code):
    r = s.execute(code)
    return r.error and (r.error.identifier, r.error.message)


def last_fallback():
    return provider.get_provider().fallbacks[-1]


def test_the_flag_syntax():
    assert _faults("submit:2, compile ,map:1,lose,memory_mb=64") == (
        ("submit", 2), ("compile", 1), ("map", 1), ("lose", 1), ("memory_mb", 64))
    with pytest.raises(ValueError, match="unknown fault 'crash'"):
        _faults("crash")


@pytest.mark.parametrize("fault", ["submit:1", "compile:1", "map:1"])
def test_a_failed_compile_submit_or_map_changes_no_answer(fresh_device, monkeypatch, fault):
    """A window whose kernel fails to compile or to submit runs again on the CPU; a failed map is
    tried once more."""
    s = Session(device="gpu")
    monkeypatch.setenv("MATFUSE_FAULTS", fault)
    assert run(s, LOOP) is None
    assert s.get("t")[0, 0] == pytest.approx(LOOP_SUM, rel=1e-12)
    assert "injected by MATFUSE_FAULTS" in "".join(fresh_device.fallbacks)
    assert run(s, LOOP) is None and s.get("t")[0, 0] == pytest.approx(LOOP_SUM, rel=1e-12)


def test_a_cell_submits_its_work_at_its_end_and_a_failed_submit_changes_no_answer(fresh_device, monkeypatch):
    """The work a cell leaves on the device is submitted when the cell ends; when that submit fails, the
    cell still succeeds, its gpuArrays are computed again from their recipes and its plain arrays when
    read."""
    s = Session(device="gpu")
    assert run(s, "G = gpuArray(reshape(1:3000, 3000, 1)); P = linspace(0, 1, 3000)';") is None
    submits = fresh_device.stats.submits
    assert run(s, "H = G .* 3 + 1; Q = P .* 2 - 1;") is None
    assert fresh_device.stats.submits == submits + 1 and fresh_device._pending == 0
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    assert run(s, "H = H .* 2; Q = Q .* 3;") is None
    assert last_fallback().startswith("submit failed") and fresh_device._pending == 0
    assert run(s, "h = gather(H); c = class(H);") is None
    np.testing.assert_array_equal(s.get("h"), (np.arange(1, 3001).reshape(-1, 1) * 3 + 1) * 2)
    assert s.get("c") == "gpuArray"
    np.testing.assert_allclose(s.get("Q"), (np.linspace(0, 1, 3000).reshape(-1, 1) * 2 - 1) * 3, atol=1e-14)


def test_a_window_with_much_work_submits_at_once(fresh_device, monkeypatch):
    """A window whose kernels touch EARLY_SUBMIT_BYTES or more submits its batch when its run is done
    (its recipes kept first): here two windows, two submits, none left for the cell's end; a failed
    one changes no answer."""
    from engine.accel.fusion import execute
    monkeypatch.setattr(execute, "EARLY_SUBMIT_BYTES", 3000 * 8)
    s = Session(device="gpu")
    assert run(s, "x = gpuArray(linspace(0, 1, 3000)'); p = linspace(0, 1, 3000)';") is None
    code = "y = x .* 2 + 1; t = sprintf('%d', 3); z = y .* 3 - x; q = p .* 2;"
    for fault in ("", "submit:1"):
        monkeypatch.setenv("MATFUSE_FAULTS", fault)
        submits = fresh_device.stats.submits
        assert run(s, code) is None
        assert fresh_device._pending == 0
        assert fault or fresh_device.stats.submits == submits + 2
        x = np.linspace(0, 1, 3000).reshape(-1, 1)
        np.testing.assert_allclose(s.get("z"), (x * 2 + 1) * 3 - x, rtol=1e-15)
        np.testing.assert_allclose(s.get("q"), x * 2, rtol=1e-15)
    assert last_fallback().startswith("submit failed")


def test_gpuarrays_of_an_early_submitted_window_keep_no_recipe(fresh_device, monkeypatch):
    """A gpuArray window submitted as soon as it is encoded keeps no recipe (its batch went: a recipe
    recovers only from a failed submit), and an early submit that fails computes the outputs again at
    once."""
    from engine.accel.fusion import execute
    monkeypatch.setattr(execute, "EARLY_SUBMIT_BYTES", 3000 * 8)
    s = Session(device="gpu")
    assert run(s, "x = gpuArray(linspace(0, 1, 3000)');") is None
    assert run(s, "y = x .* 2 + 1; t = sprintf('%d', 3);") is None
    assert s._workspace["y"].recipe is None and not fresh_device.pool.pending
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    assert run(s, "z = x .* 3 - 1; t = sprintf('%d', 3);") is None
    assert last_fallback().startswith("submit failed")
    z = s._workspace["z"]
    assert z.recipe is None and not z.storage.lost
    np.testing.assert_allclose(s.get("z"), np.linspace(0, 1, 3000).reshape(-1, 1) * 3 - 1, rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(s.get("y"), np.linspace(0, 1, 3000).reshape(-1, 1) * 2 + 1, rtol=1e-15)


def test_a_window_with_a_large_product_submits_at_once(fresh_device, monkeypatch):
    """A window whose matrix products do EARLY_SUBMIT_FLOPS or more submits its batch when its run is
    done, however few bytes it touches (the 2mkn of each product); one under it waits for the cell's
    end."""
    from engine.accel.fusion import execute
    a = np.arange(1, 4097).reshape(64, 64, order="F") / 4096
    code = "C = max(A * A .* 2 - 0.5, 0); t = sprintf('%d', 3); D = A * C;"
    for limit, submits in ((2 * 64 ** 3, 2), (2 * 64 ** 3 + 1, 1)):
        monkeypatch.setattr(execute, "EARLY_SUBMIT_FLOPS", limit)
        s = Session(device="gpu")
        assert run(s, "A = gpuArray(reshape(1:4096, 64, 64) / 4096);") is None
        before = fresh_device.stats.submits
        assert run(s, code) is None
        assert fresh_device.stats.submits == before + submits and fresh_device._pending == 0
        c = np.maximum(a @ a * 2 - 0.5, 0)
        np.testing.assert_allclose(s.get("D"), a @ c, rtol=1e-13)


def test_a_failed_submit_gives_the_gpuarray_its_value_in_the_same_statement(fresh_device, monkeypatch):
    s = Session(device="gpu")
    assert run(s, "G = gpuArray(reshape(1:12, 3, 4));") is None
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    assert run(s, "H = G .* 3 + 1; h = gather(H); c = class(H);") is None
    np.testing.assert_array_equal(s.get("h"), np.arange(1, 13).reshape(3, 4, order="F") * 3 + 1)
    assert s.get("c") == "gpuArray" and last_fallback().startswith("submit failed: Command buffer is invalid")


def test_results_of_dropped_work_are_lost_never_wrong(fresh_device, monkeypatch):
    s = Session(device="gpu")
    s.fusion.mode = "cpu"            # one operation at a time: the kernel waits in the batch
    assert run(s, "G = gpuArray(reshape(1:12, 3, 4));") is None
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    assert run(s, "H = G .* 3; h = gather(H);") == (
        "parallel:gpu:array:InvalidData", "The data no longer exists on the device (submit failed: Command "
        "buffer is invalid (injected by MATFUSE_FAULTS)).")
    assert run(s, "g = gather(G);") is None          # uploaded before: still there
    np.testing.assert_array_equal(s.get("g"), np.arange(1, 13).reshape(3, 4, order="F"))
    assert run(s, "K = H + 1;")[0] == "parallel:gpu:array:InvalidData"     # not computed from lost data


def test_a_lost_device_keeps_plain_values_and_loses_gpuarrays(fresh_device, monkeypatch):
    s = Session(device="gpu")
    s.set("x", np.linspace(0, 1, 1000).reshape(-1, 1))       # a host value: the device keeps a copy
    assert run(s, "G = gpuArray([1 2 3]);") is None
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert run(s, "y = exp(x) .* 2 + 1; t = sum(y);") is None
    assert s.get("t")[0, 0] == pytest.approx(2 * np.exp(np.linspace(0, 1, 1000)).sum() + 1000, rel=1e-12)
    assert fresh_device.lost
    identifier, message = run(s, "H = G + 1;")
    assert identifier == "parallel:gpu:array:InvalidData"
    assert message.startswith("The data no longer exists on the device")
    assert run(s, "u = x .* 3; m = max(u);") is None and s.get("m")[0, 0] == 3.0
    monkeypatch.delenv("MATFUSE_FAULTS")
    assert run(s, "reset(gpuDevice); K = gpuArray([1 2 3]) + 1; k = gather(K);") is None
    np.testing.assert_array_equal(s.get("k"), [[2.0, 3.0, 4.0]])
    assert run(s, "g = gather(G);")[0] == "parallel:gpu:array:InvalidData"


def test_out_of_device_memory(fresh_device, monkeypatch):
    s = Session(device="gpu")
    monkeypatch.setenv("MATFUSE_FAULTS", "memory_mb=1")
    assert run(s, "x = linspace(0, 1, 1e6)'; y = exp(x) .* 2 + 1; t = sum(y);") is None
    assert s.get("t")[0, 0] == pytest.approx(2 * np.exp(np.linspace(0, 1, 10**6)).sum() + 1e6, rel=1e-12)
    oom = ("parallel:gpu:array:OOM", "Out of memory on device. To view more detail about available memory "
           "on the GPU, use 'gpuDevice()'. If the problem persists, reset the GPU by calling 'gpuDevice(1)'.")
    assert run(s, "Z = zeros(1000, 1000, 'gpuArray');") == oom
    assert run(s, "Z = gpuArray(rand(1000));") == oom
    assert run(s, "Z = ones(10, 'gpuArray'); z = gather(sum(Z(:)));") is None and s.get("z")[0, 0] == 100.0


DEVICE_ONLY = ("rng(3); x = linspace(0, 1, 20000)'; y = exp(x) .* 2 + randn(20000, 1);\n"
               "S = ones(5000, 1); for k = 1:40, S = S .* 1.001 + 0.5 .* rand(5000, 1); end")


def test_plain_values_only_on_a_lost_device_are_computed_again(fresh_device, monkeypatch):
    """Values fused windows left only on the device (no host copy) are recomputed on the host from
    their recipes, draws included (the host twin of the device generator)."""
    s = Session(device="gpu")
    assert run(s, DEVICE_ONLY) is None
    assert all(s.device_workspace[n].origin is None for n in "yS")
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert run(s, "t = sum(y + 1); q = sum(S);") is None      # queued: the device is lost at the read
    lost = {name: s.get(name) for name in "yStq"}
    assert fresh_device.lost
    monkeypatch.delenv("MATFUSE_FAULTS")
    provider.reset_provider()
    again = Session(device="gpu")
    assert run(again, DEVICE_ONLY + "\nt = sum(y + 1); q = sum(S);") is None
    for name, value in lost.items():
        np.testing.assert_allclose(value, again.get(name), rtol=1e-13, atol=1e-14, err_msg=name)


def test_a_failed_submit_inside_a_batch_of_plain_windows(fresh_device, monkeypatch):
    """Plain windows share a batch (no submit of their own); a failed submit loses what the batch
    wrote, and those values are recomputed when read."""
    s = Session(device="gpu")
    assert run(s, "x = linspace(0, 1, 3000)'; acc = x;") is None
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    assert run(s, "for k = 1:12, acc = acc + x .* k; end\nt = sum(acc);") is None
    assert any("injected" in f for f in fresh_device.fallbacks)
    x = np.linspace(0, 1, 3000)
    assert s.get("t")[0, 0] == pytest.approx(x.sum() * 79, rel=1e-12)


def test_recipe_chains_are_cut(fresh_device, monkeypatch):
    """A long chain of windows brings an input to the host every MAX_DEPTH windows: the recipe of the
    last value starts from that host copy."""
    from engine.accel.fusion import recipe
    monkeypatch.setattr(recipe, "MAX_DEPTH", 4)
    s = Session(device="gpu")
    assert run(s, "S = linspace(1, 2, 4000)'; for k = 1:10, S = S .* 1.5 - 0.25; end") is None
    assert s.device_workspace["S"].recipe.recipe.depth <= 4
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert run(s, "q = sum(S);") is None
    S = np.linspace(1, 2, 4000)
    for _ in range(10):
        S = S * 1.5 - 0.25
    assert s.get("q")[0, 0] == pytest.approx(S.sum(), rel=1e-13)


def test_a_recipe_keeps_the_host_values_it_read(fresh_device, monkeypatch):
    """An in-place write to a host array after a window read it copies first: the recipe still sees
    what the window read."""
    s = Session(device="gpu")
    assert run(s, "x = zeros(5000, 1); x(1) = 1; y = x .* 2 + 1; x(2) = 5; x(3) = 7;") is None
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert run(s, "a = y(1); b = y(2); c = x(3);") is None
    assert (s.get("a")[0, 0], s.get("b")[0, 0], s.get("c")[0, 0]) == (3.0, 1.0, 7.0)


def test_an_upload_goes_on_when_the_submit_before_it_fails(fresh_device, monkeypatch):
    """An upload into a buffer the batch uses submits the batch first; when that submit fails, the
    batch is dropped and the upload, not part of it, goes on."""
    used = upload(np.zeros((4, 1)), fresh_device)
    w = gpu_elementwise("plus", used, 1.0)          # a kernel reading it, left in the batch
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    fresh_device.write(used.buffer, np.full(4, 2.0).tobytes())
    assert last_fallback().startswith("submit failed")
    np.testing.assert_array_equal(used.download(), np.full((4, 1), 2.0))
    used.release(), w.release()
