"""A window offered again with the input facts of its last fused run repeats that run (fusion/inputs.py
Repeat, execute.py Straight): the same answers, counters and reports as the full path, which runs
whenever a fact differs; faults and lost devices recover as elsewhere."""
import gc
import weakref

import numpy as np
import pytest

from engine import Session
from engine.accel import provider
from engine.accel.residency import empty, pool_stats, upload


@pytest.fixture
def windows(monkeypatch):
    """A loop's body is a window per iteration (loop fusion off)."""
    monkeypatch.setenv("MATFUSE_FUSE_LOOPS", "0")


def run(s, code):
    r = s.execute(code)
    assert r.error is None, r.error and r.error.message


def test_a_loop_of_windows_repeats_the_plan_with_the_same_counters(gpu, windows):
    s = Session(device="gpu")
    run(s, "S = linspace(0, 1, 300)'; a = 0.5; b = 0.25;")
    s.fusion.reset()                                         # the counters of the loop alone
    run(s, "for k = 1:40\n  S = S .* a + b;\nend")
    expected = np.linspace(0, 1, 300).reshape(-1, 1)
    for _ in range(40):
        expected = expected * 0.5 + 0.25
    np.testing.assert_allclose(s.get("S"), expected, rtol=1e-15)
    stats = s.fusion.stats
    assert (stats.windows_fused, stats.plan_misses, stats.plan_hits, stats.groups_run) == (40, 1, 39, 40)
    assert stats.dispatches == 40 and stats.uploads == 0 and stats.downloads == 0
    (report,) = s.fusion.reports()
    assert (report.runs, report.device) == (40, "GPU")
    (repeats,) = s.fusion.repeats.values()
    assert repeats.first.straight is not None               # resident inputs: the straight run


def test_a_window_with_a_reduction_leaves_no_buffers_behind(gpu, windows):
    s = Session(device="gpu")
    run(s, "S = ones(500, 1); a = 0.999; b = 0.001;")
    run(s, "for k = 1:5\n  S = S .* a + b; t = sum(S .^ 2);\nend")
    gc.collect()              # earlier tests' sessions, freed mid-test by the collector, held buffers too
    live = pool_stats().live_buffers
    run(s, "for k = 1:50\n  S = S .* a + b; t = sum(S .^ 2);\nend")
    assert pool_stats().live_buffers == live
    expected = np.ones(500)
    for _ in range(55):
        expected = expected * 0.999 + 0.001
    np.testing.assert_allclose(s.get("S").ravel(), expected, rtol=1e-14)
    assert s.get("t")[0, 0] == pytest.approx((expected ** 2).sum(), rel=1e-13)


def test_a_loop_variable_even_and_odd_uses_two_repeats(gpu, windows):
    s = Session(device="gpu")
    run(s, "x = linspace(0, 1, 400)'; acc = zeros(400, 1);")
    s.fusion.reset()
    run(s, "for k = 1:20\n  acc = acc + x .^ k;\nend")
    x = np.linspace(0, 1, 400).reshape(-1, 1)
    np.testing.assert_allclose(s.get("acc"), sum(x ** k for k in range(1, 21)), rtol=1e-13, atol=1e-15)
    stats = s.fusion.stats
    assert (stats.windows_fused, stats.plan_misses, stats.plan_hits) == (20, 2, 18)


def test_changed_facts_take_the_full_path(gpu, windows):
    """A scalar of the other sign needs the plan with the domain check, which declines a complex root;
    a gpuArray makes the window's outputs gpuArrays."""
    s = Session(device="gpu")
    run(s, "x = linspace(1, 2, 300)'; t = zeros(1, 6);")
    run(s, "for k = 1:6\n  c = (-1) ^ floor(k / 3);\n  y = sqrt(x .* c) + 1;\n  t(k) = real(sum(y)) + imag(sum(y));\nend")
    x = np.linspace(1, 2, 300)
    expected = [(np.sqrt((x * (-1.0) ** (k // 3)).astype(complex)) + 1).sum() for k in range(1, 7)]
    np.testing.assert_allclose(s.get("t").ravel(), [e.real + e.imag for e in expected], rtol=1e-13)
    run(s, "S = ones(300, 1);\nfor k = 1:6\n  if k == 4, S = gpuArray(S); end\n  S = S .* 2 + 1;\nend\nc = class(S);")
    assert s.get("c") == "gpuArray"
    expected = np.ones(300)
    for _ in range(6):
        expected = expected * 2 + 1
    np.testing.assert_array_equal(s.get("S").ravel(), expected)


@pytest.fixture
def fresh_device(gpu):
    yield gpu
    provider.reset_provider()


def test_a_failed_submit_recomputes_the_gpuarrays_of_fused_windows(fresh_device, windows, monkeypatch):
    """gpuArray windows wait in the batch: a submit that fails, at a read or when the batch is full in
    the middle of a loop, loses their values, which are computed again from their recipes at once."""
    s = Session(device="gpu")
    run(s, "G = gpuArray(ones(300, 1));\nfor k = 1:4\n  G = G .* 2 + 1;\nend\ng = gather(G);")
    submits = fresh_device.stats.submits
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    run(s, "for k = 1:4\n  G = G .* 2 + 1;\nend\ng = gather(G); c = class(G);")
    assert fresh_device.fallbacks[-1].startswith("submit failed") and fresh_device.stats.submits > submits
    assert s.get("c") == "gpuArray"
    np.testing.assert_array_equal(s.get("g").ravel(), np.full(300, 2.0 ** 9 - 1))
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:2")      # new text: two more faults
    run(s, "H = G;\nfor k = 1:150\n  H = H .* 0.5 + k;\nend\nh = gather(H); d = class(H);")
    expected = np.full(300, 2.0 ** 9 - 1)
    for k in range(1, 151):
        expected = expected * 0.5 + k
    np.testing.assert_allclose(s.get("h").ravel(), expected, rtol=1e-14)
    assert s.get("d") == "gpuArray" and sum("injected" in f for f in fresh_device.fallbacks) >= 3


def test_gpuarray_draws_lost_with_a_submit_are_drawn_again(fresh_device, windows, monkeypatch):
    """A gpuArray window's draws come back from the host twin of the device generator."""
    code = "for k = 1:3\n  G = G .* exp(0.1 .* randn(300, 1)) + 0.01;\nend\ng = gather(G);"
    results = []
    for fault in ("", "submit:1"):
        s = Session(device="gpu")
        run(s, "rng(3); G = gpuArray(ones(300, 1)); g = gather(G);")
        monkeypatch.setenv("MATFUSE_FAULTS", fault)
        run(s, code)
        results.append(s.get("g"))
    assert fresh_device.fallbacks[-1].startswith("submit failed")
    np.testing.assert_allclose(results[1], results[0], rtol=1e-13)


def test_repeated_draws_are_recomputed_after_a_lost_device(fresh_device, windows, monkeypatch):
    """Plain values repeated windows left on the device, draws included, come back from their recipes."""
    code = "rng(7); S = ones(2000, 1);\nfor k = 1:30\n  S = S .* 1.001 + 0.5 .* rand(2000, 1);\nend"
    s = Session(device="gpu")
    run(s, code)
    on_device = s.get("S")
    lost = Session(device="gpu")
    run(lost, code)
    assert lost.device_workspace["S"].origin is None
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    run(lost, "q = sum(S);")
    assert fresh_device.lost
    np.testing.assert_allclose(lost.get("S"), on_device, rtol=1e-13)
    assert lost.get("q")[0, 0] == pytest.approx(on_device.sum(), rel=1e-13)


def test_recipes_of_pending_gpuarrays_give_way_to_allocations(fresh_device, monkeypatch):
    """The recipe of a gpuArray a batch writes may hold the gpuArray it read: when the device runs out
    of memory the pool settles the batch, which lets it go, before anything fails."""
    provider.reset_provider()                   # a device of its own: only these arrays on it
    device = provider.get_provider()
    small = empty((32, 1), "double", device)     # 256 bytes: with the cap below, room for two arrays more
    read = upload(np.ones((131072, 1)), device)                        # 1 MiB
    made = empty((131072, 1), "double", device)
    made.recipe = Held(read)                     # what the window's Output would hold
    device.pool.pending.append(weakref.ref(made))
    del read
    monkeypatch.setenv("MATFUSE_FAULTS", "memory_mb=3")      # the two, and one more: not two
    more = empty((131072, 1), "double", device)
    assert made.recipe is None and device.pool.stats().live_buffers == 3
    more.release(), made.release(), small.release()


class Held:
    """A recipe's stand-in: it holds the array it read."""

    def __init__(self, read):
        self.read = read


def test_a_cell_run_again_repeats_its_windows_last_runs(gpu, monkeypatch):
    """The Repeats outlive the cell: the same cell run again on inputs of the same facts skips the
    signature and the plan cache, with a report of its own; other facts, or another policy, take the
    full path."""
    from engine.accel.fusion.accelerator import FusionAccelerator
    s = Session(device="gpu")
    run(s, "x = linspace(0, 1, 300)'; a = 0.5;")
    code = "y = x .* a + 1; z = sum(y .^ 2);"
    run(s, code)
    run(s, code)                       # built again: y and z are in the workspace now
    full = []
    monkeypatch.setattr(s.fusion, "attempt", lambda *args: full.append(1) or FusionAccelerator.attempt(s.fusion, *args))
    x = np.linspace(0, 1, 300).reshape(-1, 1)
    for a, paths in ((0.5, []), (0.5, []), (-0.5, [1]), (-0.5, [1])):
        run(s, f"a = {a};")
        run(s, code)
        assert full == paths
        np.testing.assert_allclose(s.get("y"), x * a + 1, rtol=1e-15)
        assert s.get("z")[0, 0] == pytest.approx(((x * a + 1) ** 2).sum(), rel=1e-13)
        (report,) = s.fusion.reports()
        assert (report.runs, report.device) == (1, "GPU")
    s.fusion.mode = "auto"
    run(s, code)
    assert full == [1, 1]


@pytest.mark.parametrize("kept", [True, False])
def test_chunked_reductions_repeat_straight_over_new_input_buffers(gpu, monkeypatch, kept):
    """A cell of reductions finished by their own kernel's second pass runs again the Straight way
    (execute.encode_chunked): the same answers and dispatch counts as its first (Runner) run, when the
    input changes buffer between runs (the dispatch sites of the new buffer, not the old one's) and
    when the partials come from the pool each run (given back: no buffer left behind)."""
    from engine.accel.fusion import execute
    execute_run = execute.Straight.run
    if not kept:
        monkeypatch.setattr(execute, "KEPT_PARTIAL_BYTES", 0)
    s = Session(device="gpu")
    cell = "a = sum(X, 1); b = std(X, 0, 1); c = max(X, [], 2); d = mean(X .^ 2, 2);"
    X = np.cos(np.arange(300 * 257).reshape(300, 257, order="F") * 0.01)
    s.set("X", X)
    run(s, "X = gpuArray(X);")
    run(s, cell)                           # (built again for the workspace with a, b, c, d)
    before = s.fusion.stats.dispatches
    run(s, cell)
    first = s.fusion.stats.dispatches - before
    straight = [*s.fusion.repeats.values()][-1].first.straight       # this code object's window
    assert straight is not None and any(c for group in straight.kernels for _, c in group) and straight.dispatches == first
    straight_runs = []
    monkeypatch.setattr(execute.Straight, "run", lambda self, *a: straight_runs.append(self) or
                        execute_run(self, *a))
    gc.collect()
    live = pool_stats().live_buffers
    for k in range(1, 4):
        run(s, "X = X * 2 - 0.5;")            # a new buffer for X (the old one back in the pool)
        X = X * 2 - 0.5
        before = s.fusion.stats.dispatches
        run(s, cell)
        assert s.fusion.stats.dispatches - before == first and straight_runs.count(straight) == k
        assert pool_stats().live_buffers == live
        np.testing.assert_allclose(s.get("a"), X.sum(axis=0, keepdims=True), rtol=1e-12)
        np.testing.assert_allclose(s.get("b"), X.std(axis=0, ddof=1, keepdims=True), rtol=1e-11)
        np.testing.assert_array_equal(s.get("c"), X.max(axis=1, keepdims=True))
        np.testing.assert_allclose(s.get("d"), (X ** 2).mean(axis=1, keepdims=True), rtol=1e-12)


def test_image_statistics_repeat_straight_over_new_input_buffers(gpu):
    """ImageNormalize's statistics (a pattern group of one Reduction) and the normalisation after them
    run again the Straight way, right when the images change buffer between runs."""
    from engine.accel.fusion import execute
    s = Session(device="gpu")
    cell = "mu = mean(imgs, [2 3]); sigma = sqrt(mean((imgs - mu) .^ 2, [2 3]) + 1e-6); out = (imgs - mu) ./ sigma;"
    imgs = np.sin(np.arange(3 * 37 * 45).reshape(3, 37, 45, order="F") * 0.37)
    s.set("imgs", imgs)
    run(s, "imgs = gpuArray(imgs);")
    run(s, cell)
    run(s, cell)
    (plan,) = [r.first.plan for r in [*s.fusion.repeats.values()][-1:]]
    straight = plan.runner.straight
    assert straight is not None and any(g.kind == "ImageNormalize" for g in plan.groups)
    for k in range(3):
        run(s, "imgs = imgs * 2 - 0.5;")
        imgs = imgs * 2 - 0.5
        runs = []
        saved = execute.Straight.run
        execute.Straight.run = lambda self, *a: runs.append(self) or saved(self, *a)
        try:
            run(s, cell)
        finally:
            execute.Straight.run = saved
        assert runs.count(straight) == 1
        mu = imgs.mean(axis=(1, 2), keepdims=True)
        sigma = np.sqrt(((imgs - mu) ** 2).mean(axis=(1, 2), keepdims=True) + 1e-6)
        np.testing.assert_allclose(s.get("mu"), mu.reshape(3, 1), rtol=1e-12)
        np.testing.assert_allclose(s.get("sigma"), sigma.reshape(3, 1), rtol=1e-12)
        np.testing.assert_allclose(s.get("out"), (imgs - mu) / sigma, rtol=1e-11, atol=1e-13)
