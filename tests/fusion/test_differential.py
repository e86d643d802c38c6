"""Fused (GPU) vs unfused (VM bytecode) vs CPU results for the same MATLAB source, double and single,
with shapes that broadcast and sizes that cross workgroup (256) and reduction-chunk (4096) boundaries."""
import numpy as np
import pytest

from fusion_helpers import check_case, assert_same, devices, run, three_ways

rng = np.random.default_rng(7)
X = rng.random((257, 131))
ROW, COL = rng.random((1, 131)) + 0.5, rng.random((257, 1)) + 0.5
WIDE = rng.random((9, 4099))

CASES = {
    "chain": ("y = x .* 2 + 1;\nz = exp(y) - y;\nw = sqrt(z) .* y ./ 3;", {"x": X}, "yzw"),
    "broadcast": ("y = (x - r) ./ c;\nz = max(y, 0.25) + hypot(x, c);\nq = -y .^ 2 + abs(z);",
                  {"x": X, "r": ROW, "c": COL}, "yzq"),
    "math": ("a = log1p(x) + tanh(x) - atan2(x, 0.5);\nb = round(x * 10) / 10 + floor(x * 3) + sin(x);",
             {"x": X}, "ab"),
    "reduce_producers": ("mu = mean(x, 2);\nv = sum((x - mu).^2, 2);\ns = mean(abs(x - 0.5), 'all');",
                         {"x": WIDE}, ["mu", "v", "s"]),
    "reductions": ("a = prod(1 + x / 100, 1);\nb = max(x - 0.5, [], 1);\nc = min(x, [], 2);\n"
                   "d = any(x > 0.99, 2);\ne = all(x > 0.001, 1);\ng = sum(x);",
                   {"x": X}, "abcdeg"),
    "logical": ("m = x > 0.5 & x < 0.75;\nn = ~m | (x == 1);\nk = xor(m, x > 0.6);", {"x": X}, "mnk"),
}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_fused_unfused_and_cpu_agree(gpu, case, single):
    check_case(gpu, CASES[case], single, 2e-4)


def test_inputs_matlab_makes_complex_run_on_the_cpu(gpu):
    fused, _, cpu = three_ways("y = sqrt(x - 0.5) + 1;", {"x": X})
    assert devices(fused) == ["CPU"] and "complex" in fused.fusion.reports()[0].reason
    np.testing.assert_array_equal(fused.get("y"), cpu.get("y"))
    assert np.iscomplexobj(fused.get("y"))


def test_negative_base_to_a_fractional_power_runs_on_the_cpu(gpu):
    fused, _, cpu = three_ways("y = (x - 0.5) .^ 1.5;\nz = (x - 0.5) .^ 2;", {"x": X})
    assert devices(fused) == ["CPU"]
    np.testing.assert_array_equal(fused.get("y"), cpu.get("y"))


def test_gpuarray_inputs_give_gpuarray_outputs(gpu):
    code = ("g = gpuArray(single(x));\nh = g .* 2 - mean(g, 1);\nm = max(h, [], 2);\n"
            "c = class(h); hh = gather(h); mm = gather(m);")
    fused, unfused = run(code, {"x": X}, "gpu"), run(code, {"x": X}, "gpu", "cpu")
    assert fused.get("c") == "gpuArray" and "GPU" in devices(fused)
    for name in ("hh", "mm"):
        assert_same(fused.get(name), unfused.get(name), 2e-6, name)
    x = X.astype(np.float32)
    assert_same(fused.get("hh"), x * 2 - x.mean(axis=0, keepdims=True), 2e-6, "h")


def test_a_window_in_a_loop_reuses_its_plan(gpu, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSE_LOOPS", "0")      # a window per iteration (test_loops.py: one kernel)
    code = "y = x;\nfor k = 1:4\n  y = y .* 0.5 + x;\nend"
    fused, _, cpu = three_ways(code, {"x": X.astype(np.float32)})
    assert_same(fused.get("y"), cpu.get("y"), 2e-4, "y")
    # one plan for host inputs (the first iteration), one for inputs left on the device (the others)
    assert fused.fusion.stats.plan_hits == 2 and fused.fusion.stats.plan_misses == 2
    assert fused.fusion.reports()[0].runs == 4


def test_single_and_double_in_one_window_run_on_the_cpu(gpu):
    fused, _, cpu = three_ways("y = x .* 2;\nf = sum(x > 0.5);", {"x": X.astype(np.float32)})
    assert devices(fused) == ["CPU"] and "single and double" in fused.fusion.reports()[0].reason
    assert_same(fused.get("f"), cpu.get("f"), 0.0, "f")


SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e30, -1e-30, 0.5, 2.5, -2.5, 3.0])
SPECIAL_CODE = (
    "a = x ./ y; b = x .* y; c = exp(x) + abs(x); d = max(x, y); e = min(x, y); f = sign(x) + round(x);\n"
    "g = x > y; h = x == y; k = x ~= y; l = x.^2 + y.^-1; m = floor(x) - fix(y) + ceil(x);\n"
    "n = hypot(x, y); o = atan2(x, y); r = x - y; t = 1 ./ x; u = tanh(x) + sinh(y / 1000);\n"
    "s1 = sum(x, 2); s2 = max(x, [], 2); s3 = min(x, [], 1); s4 = prod(y, 2); s5 = mean(x, 1);\n"
    "s6 = any(x, 2); s7 = all(y, 1);")


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
def test_nan_inf_and_signed_zeros_follow_the_cpu(gpu, single):
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    x = np.tile(SPECIAL, (300, 1)).T.astype(np.float32 if single else np.float64)
    fused, _, cpu = three_ways(SPECIAL_CODE, {"x": x, "y": np.roll(x, 1, axis=0)})
    assert devices(fused) == ["GPU"], fused.fusion.reports()[0].reason
    for name in "abcdefghklmnortu":
        assert_same(fused.get(name), cpu.get(name), 1e-5 if single else 1e-13, name)
    for name in ("s1", "s2", "s3", "s4", "s5", "s6", "s7"):
        assert_same(fused.get(name), cpu.get(name), 1e-5 if single else 1e-13, name)
