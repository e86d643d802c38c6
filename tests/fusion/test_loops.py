"""Loop fusion (engine/accel/fusion/loops.py): a for loop whose body is one elementwise window runs as one
kernel with the loop inside. Its results equal the interpreter's (cpu), the loop of windows
(MATFUSE_FUSE_LOOPS=0) and the auto policy's; its draws are the unfused run's; the variables it leaves
(the stored arrays, the loop variable) are MATLAB's; loops that cannot be fused run as before."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider
from engine.accel.fusion.report import plan_text

M = 1000


def run(code: str, device: str = "gpu", fuse_loops: bool = True, mode: str | None = None, **values) -> Session:
    import os
    before = os.environ.get("MATFUSE_FUSE_LOOPS")
    os.environ["MATFUSE_FUSE_LOOPS"] = "1" if fuse_loops else "0"
    try:
        s = Session(device=device)
        s.fusion.mode = mode
        for name, value in values.items():
            s.set(name, value)
        result = s.execute(code)
        assert result.error is None, result.error
        return s
    finally:
        if before is None:
            del os.environ["MATFUSE_FUSE_LOOPS"]
        else:
            os.environ["MATFUSE_FUSE_LOOPS"] = before


def loops(s: Session) -> list:
    return [w for w in s.fusion.reports() if w.loop]


def grid(n: int) -> np.ndarray:
    return np.sin(np.arange(1.0, n + 1)).reshape(-1, 1)


# name -> (code, inputs, variables to compare); every one fuses as one loop kernel
FUSED = {
    "time stepping": ("u = x;\nfor k = 1:40\n  u = u + 0.01 .* (-2 .* u + sin(k * 0.01));\nend",
                      {"x": grid(M)}, "uk"),
    "fixed point": ("y = x;\nfor k = 1:60\n  y = cos(y);\nend", {"x": grid(M)}, "yk"),
    "range with a step": ("y = x;\nfor k = 20:-3:2\n  d = y .* 0.5;\n  y = d + k;\nend", {"x": grid(M)}, "ydk"),
    "invariant work hoisted": ("S = x;\nfor t = 1:T\n  S = S .* exp(a + b .* x);\nend",
                               {"x": grid(M), "T": 7.0, "a": 0.01, "b": 0.02}, "St"),
    "logical state": ("f = x > 0;\nfor k = 1:5\n  f = ~f;\nend", {"x": grid(M)}, "fk"),
}


@pytest.mark.parametrize("name", FUSED)
def test_results_equal_the_interpreter_and_the_loop_of_windows(gpu64, name):
    code, inputs, names = FUSED[name]
    fused = run(code, **inputs)
    (report,) = loops(fused)
    assert report.device == "GPU", report.reason
    assert [g.kind for g in report.groups] == ["FusedLoop"]
    cpu, auto = run(code, "cpu", **inputs), run(code, "auto", **inputs)
    windows = run(code, fuse_loops=False, **inputs)
    assert not loops(windows)
    for v in names:
        got, expected = fused.get(v), cpu.get(v)
        assert got.dtype == expected.dtype and got.shape == expected.shape, v
        np.testing.assert_allclose(got, expected, rtol=1e-13, atol=1e-15, err_msg=v)
        np.testing.assert_allclose(auto.get(v), expected, rtol=1e-13, atol=1e-15, err_msg=v)
        np.testing.assert_array_equal(got, windows.get(v), err_msg=v)     # the same kernels' arithmetic


def test_the_auto_policy_fuses_a_loop_over_a_gpuarray(gpu64):
    code = "S = gpuArray(x);\nfor t = 1:20\n  S = S .* exp(a + b .* x);\nend\nr = gather(S);"
    inputs = {"x": grid(M), "a": 0.01, "b": 0.02}
    auto = run(code, "auto", **inputs)
    cpu = run(code.replace("gpuArray(x)", "x").replace("gather(S)", "S"), "cpu", **inputs)
    (report,) = loops(auto)
    assert report.device == "GPU" and auto.fusion.stats.dispatches <= 2      # gpuArray(x): a copy at most
    np.testing.assert_allclose(auto.get("r"), cpu.get("r"), rtol=1e-13)
    assert auto.get("t") == 20.0


def test_plan_shape_and_wgsl(gpu64):
    s = run(FUSED["invariant work hoisted"][0], **FUSED["invariant work hoisted"][1])
    (report,) = loops(s)
    plan = report.plan
    assert str(plan.loop).startswith("stores S = v") and plan.loop.hoisted     # a + b .* x and exp: once
    wgsl = report.groups[0].wgsl
    before, loop = wgsl.split("for (var it = 0u; it < p.fused_loop.x; it = it + 1u) {")
    assert "m64_exp" in before and "m64_exp" not in loop and "s0 = f64(in0[i]);" in before
    assert "out0[i] = s0;" in loop.split("}")[-2]          # written once, after the loop
    text = plan_text(s.fusion.reports())
    assert "window 0 (lines 3), for loop over t: GPU, ran 1x - 7 iteration(s) in one kernel, double" in text
    assert "group 0: FusedLoop, lines 3: times plus exp times" in text
    assert s.fusion.stats.dispatches == 1
    assert "fused_loop: vec4<u32>" in wgsl


def test_draws_take_the_unfused_positions_and_leave_the_stream_where_it_would_be(gpu64):
    """Two draws per iteration, one smaller than the kernel: iteration it draws after it * P positions
    (P = 300 * 4 + 4), and the draw after the loop continues from there."""
    code = ("S = zeros(300, 4);\nfor t = 1:5\n  S = S + rand(300, 1) .* t - randn(1, 4);\nend\n"
            "after = S + rand(300, 4);")
    fused, windows = run(code), run(code, fuse_loops=False)
    assert [w.device for w in loops(fused)] == ["GPU"] and not loops(windows)
    for name in ("S", "after"):
        np.testing.assert_allclose(fused.get(name), windows.get(name), rtol=1e-15, atol=1e-15, err_msg=name)
    # the unfused gpuArray draws at the same positions
    unfused = run(code.replace("(300, 1)", "(300, 1, 'gpuArray')").replace("(1, 4)", "(1, 4, 'gpuArray')")
                  .replace("(300, 4);", "(300, 4, 'gpuArray');"), mode="cpu")
    np.testing.assert_allclose(fused.get("S"), unfused.get("S"), rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("before, m", [(4, 300), (3, 300), (3, 301), (4, 301), (4, 2), (3, 3)])
def test_pairs_of_normals_from_odd_bases_and_counts(gpu64, before, m):
    """A loop with a randn of its size computes two elements per thread (their normals share a Philox
    block): from an odd base (a draw of 3 before the loop), with an odd count (the last thread's one
    element, and a base whose parity alternates per iteration) and two draws per iteration, the numbers
    of the unfused gpuArray draws."""
    code = (f"g = ones({before}, 1, 'gpuArray');\nw = g .* randn({before}, 1);\nS = zeros({m}, 1);\n"
            f"for t = 1:5\n  S = S .* 0.5 + randn({m}, 1) .* t - randn({m}, 1);\nend\nafter = randn({m}, 1) + S;")
    fused = run(code)
    (report,) = loops(fused)
    assert report.device == "GPU" and "rng_normal_two_f64" in report.groups[0].wgsl
    unfused = run(code.replace(", 1);", ", 1, 'gpuArray');").replace(", 1) .*", ", 1, 'gpuArray') .*")
                  .replace(", 1) +", ", 1, 'gpuArray') +"), mode="cpu")
    for name in ("S", "after"):
        np.testing.assert_allclose(fused.get(name), np.asarray(unfused.get(name)), rtol=1e-14, atol=1e-14,
                                   err_msg=name)


def test_the_loop_variable_and_stored_variables_after_the_loop(gpu64):
    code = "y = x;\nfor k = 2:3:20\n  z = y .* 2;\n  y = y + k;\nend"
    fused, cpu = run(code, x=grid(50)), run(code, "cpu", x=grid(50))
    assert loops(fused)[0].device == "GPU"
    assert fused.get("k") == 20.0 and fused.get("k").dtype == np.float64
    np.testing.assert_array_equal(fused.get("y"), cpu.get("y"))
    np.testing.assert_array_equal(fused.get("z"), cpu.get("z"))        # the last iteration's


# loops that stay as they are: a reason in the loop's report, or no loop report at all (not a candidate)
NOT_FUSED = {
    "display": "y = x;\nfor k = 1:3\n  y = y .* 2;\n  disp(k)\nend",
    "fprintf": "y = x;\nfor k = 1:3\n  y = y .* 2;\n  fprintf('%d\\n', k);\nend",
    "break on a reduction": "y = x;\nfor k = 1:30\n  y = y .* 0.5;\n  if sum(y) < 1, break, end\nend",
    "reduction in the body": "y = x;\nfor k = 1:3\n  y = y - mean(y);\nend",
    "indexed assignment": "y = x;\nfor k = 1:3\n  y(k) = 0;\n  y = y + 1;\nend",
    "loop variable assigned": "y = x;\nfor k = 1:3\n  y = y + k;\n  k = 7;\nend",
    "columns of a matrix": "y = x;\nfor v = [1 2; 3 4]\n  y = y + 1;\nend",
    "fractional range": "y = x;\nfor k = 0:0.5:2\n  y = y + k;\nend",
    "empty range": "y = x;\nfor k = 1:0\n  y = y + k;\nend",
    "state changes size": "y = 1;\nfor k = 1:3\n  y = y + x;\nend",
    "state changes class": "y = x > 0;\nfor k = 1:3\n  y = y + 1;\nend",
    "scalars": "y = 1;\nfor k = 1:3\n  y = y * 2;\nend",
}


@pytest.mark.parametrize("name", NOT_FUSED)
def test_loops_that_cannot_fuse_run_as_before(gpu64, name):
    code = NOT_FUSED[name]
    fused, cpu = run(code, x=grid(20)), run(code, "cpu", x=grid(20))
    assert all(w.device == "CPU" for w in loops(fused)), [w.reason for w in loops(fused)]
    for v in fused.workspace:
        np.testing.assert_array_equal(fused.get(v), cpu.get(v), err_msg=v)


def test_a_domain_check_leaves_the_loop_to_the_vm(gpu64):
    """sqrt of a negative is complex in MATLAB: the fused loop flags it, puts the stream back, and the
    VM runs the loop (its windows flag it too: the CPU computes them)."""
    code = "y = x;\nfor k = 1:3\n  y = sqrt(y - 0.6) + 0 .* rand(20, 1);\nend\nafter = rand(20, 1) + y;"
    fused, windows = run(code, x=grid(20)), run(code, fuse_loops=False, x=grid(20))
    (report,) = loops(fused)
    assert report.device == "CPU" and "complex" in report.reason
    assert np.iscomplexobj(fused.get("y"))
    np.testing.assert_array_equal(fused.get("after"), windows.get("after"))


def test_a_lost_device_recomputes_the_loop_on_the_host(gpu64, monkeypatch):
    code = "S = ones(300, 1);\nfor t = 1:4\n  S = S .* exp(0.01 + 0.2 .* randn(300, 1)) + t;\nend"
    s = run(code)
    expected = run(code, fuse_loops=False).get("S")
    assert loops(s)[0].device == "GPU"
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    try:
        assert s.execute("q = 1;").error is None
        np.testing.assert_allclose(s.get("S"), expected, rtol=1e-13)      # the recipe's replay
        assert provider.get_provider().lost
    finally:
        provider.reset_provider()


def test_a_single_loop(gpu):
    code = "y = single(x);\nfor k = 1:10\n  y = y .* 0.5 + exp(-y) .* k;\nend"
    fused, cpu = run(code, x=grid(M)), run(code, "cpu", x=grid(M))
    assert loops(fused)[0].device == "GPU" and fused.get("y").dtype == np.float32
    np.testing.assert_allclose(fused.get("y"), cpu.get("y"), rtol=1e-5)


def test_the_bytecode_heads_a_fusable_loop_with_loopwindow():
    text = Session().bytecode("y = x;\nfor k = 1:3\n  y = y .* 2;\nend")
    assert "LOOPWINDOW 0 0 ->" in text and text.index("LOOPWINDOW") < text.index("TIER2")
    assert "LOOPWINDOW" not in Session().bytecode("y = x;\nfor k = 1:3\n  y = y .* 2;\n  disp(k)\nend")


def test_a_loop_in_a_function_returns_host_values(gpu64):
    fn = "function [y, k] = relax(y, n)\nfor k = 1:n\n  y = 0.5 .* (y + 2 ./ y);\nend\nend\n"
    code = "[r, last] = relax(x + 1, 30); c = class(r);\n" + fn
    fused, cpu = run(code, x=grid(M)), run(code, "cpu", x=grid(M))
    assert [w.device for w in loops(fused)] == ["GPU"]
    assert type(fused.workspace["r"]) is np.ndarray and fused.get("c") == "double"
    np.testing.assert_allclose(fused.get("r"), cpu.get("r"), rtol=1e-15)
    assert fused.get("last") == 30.0


def test_an_interrupt_during_a_fused_loop_stops_the_cell_after_it(gpu64):
    """The loop is one dispatch: an interrupt that arrives while it runs is seen after it (LOOPWINDOW's
    check), with the loop's variables at their final values; the next statement does not run."""
    s = Session(device="gpu")
    s.set("x", grid(M))
    fuse = s.fusion.try_loop

    def interrupted_meanwhile(loop, frame):
        done = fuse(loop, frame)
        s.interrupt()
        return done
    s.fusion.try_loop = interrupted_meanwhile
    result = s.execute("y = x;\nfor k = 1:5\n  y = y + 1;\nend\nz = 1;")
    assert result.error is not None and result.error.identifier == "MATLAB:interrupt"
    np.testing.assert_array_equal(s.get("y"), grid(M) + 1 + 1 + 1 + 1 + 1)
    assert s.get("k") == 5.0 and "z" not in s.workspace


def test_arrays_a_loop_uploads_stay_on_the_device(gpu64):
    """As a window's do: the next run of the cell uploads nothing."""
    code, inputs, _ = FUSED["invariant work hoisted"]
    s = run(code, **inputs)
    assert s.fusion.stats.uploads == 2                 # S = x and x: two leaves of one host array
    s.fusion.stats.__init__()
    assert s.execute(code).error is None
    assert s.fusion.stats.uploads == 0 and s.fusion.stats.dispatches == 1
    cpu = run(code, "cpu", **inputs)
    assert cpu.execute(code).error is None
    np.testing.assert_allclose(s.get("S"), cpu.get("S"), rtol=1e-13)
