"""What the planner makes of a window (%fusion plan's data), the policy gates, and the WGSL it emits."""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion.report import plan_text, wgsl_text

X = np.random.default_rng(3).random((64, 33))


def fused(code: str, device: str = "gpu", **inputs) -> Session:
    s = Session(device=device)
    for name, value in {"x": X, **inputs}.items():
        s.set(name, value)
    result = s.execute(code)
    assert result.error is None, result.error
    return s


def test_three_statement_chain_with_loads_between_is_one_group_with_three_outputs(gpu):
    s = fused("y = x .* 2;\nz = y + x;\nw = exp(z) - y;")
    (window,) = s.fusion.reports()
    assert window.device == "GPU" and window.lines == [1, 2, 3]
    (group,) = window.groups
    assert group.kind == "ElementwiseChain" and group.lines == [1, 2, 3]
    assert [name for name, _, _ in group.outputs] == ["y", "z", "w"]
    assert group.ops == ["times", "plus", "exp", "minus"]
    assert ("x", "double" if s.fusion.stats.windows_fused else "", (64, 33)) in group.inputs
    np.testing.assert_allclose(s.get("w"), np.exp(3 * X) - 2 * X, rtol=1e-13)


def test_a_shared_subexpression_is_computed_once(gpu):
    s = fused("t = exp(x);\na = t + 1;\nb = t .* 2;")
    (group,) = s.fusion.reports()[0].groups
    body = group.wgsl[group.wgsl.index("fn main"):]
    assert body.count("m64_exp(") == 1 or body.count("m32_exp(") == 1
    assert [name for name, _, _ in group.outputs] == ["t", "a", "b"]


def test_a_reduction_with_its_producers_is_one_group(gpu):
    s = fused("v = sum((x - mu).^2, 2);", mu=X.mean(axis=1, keepdims=True))
    (group,) = s.fusion.reports()[0].groups
    assert group.kind == "Reduction" and group.ops == ["minus", "power", "sum"]
    assert [name for name, _, _ in group.inputs][:2] == ["x", "mu"]
    np.testing.assert_allclose(s.get("v"), ((X - X.mean(axis=1, keepdims=True)) ** 2).sum(1, keepdims=True),
                               rtol=1e-12)


def test_a_reduction_writes_a_kept_output_of_several_arrays_where_it_reads_it(gpu):
    """``z = x .* u + v; s = sum(z)`` keeps z: the sum's pass computes z from x, u and v and writes it
    there (plan.stored_in_passes), one pass over the elements instead of a chain that writes z and a
    sum that reads it again. Where z's expression is costly, another kernel reads z too, or the pass has
    a Welford member or a view, a chain writes z first and the reductions read it; a kept output of one array is computed again where
    it loads (reading the output would read as much)."""
    u, v = np.cos(X), np.sin(X)
    for code in ("z = x .* u + v;\ns = sum(z);", "z = x .* u + v;\ns = sum(z, 2);", "z = x .* u + v;\ns = max(z, [], 2);"):
        s = fused(code, u=u, v=v)
        (group,) = s.fusion.reports()[0].groups
        assert group.kind == "Reduction" and [name for name, _, _ in group.inputs] == ["x", "u", "v"]
        assert [name for name, _, _ in group.outputs] == ["s", "z"]
        np.testing.assert_allclose(s.get("z"), X * u + v, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(fused("z = x .* u + v;\ns = sum(z);", u=u, v=v).get("s"),
                               (X * u + v).sum(0, keepdims=True), rtol=1e-13)
    w, y = np.random.default_rng(4).random((2, 300001, 1))   # chunked: partials, then a finishing pass
    s = fused("z = x .* y + 2;\ns = sum(z);", x=w, y=y)
    for _ in range(3):                                        # the first run, then the cell replayed
        assert s.execute("z = x .* y + 2;\ns = sum(z);").error is None
        np.testing.assert_allclose(s.get("z"), w * y + 2, rtol=1e-15)
        np.testing.assert_allclose(s.get("s"), (w * y + 2).sum(), rtol=1e-13)
    (group,) = s.fusion.reports()[0].groups
    assert [name for name, _, _ in group.outputs] == ["s", "z"]
    s = fused("z = x .* cos(x) + 2;\ns = sum(z);", x=w)          # costly: its chain computes z first
    assert [g.kind for g in s.fusion.reports()[0].groups] == ["ElementwiseChain", "Reduction"]
    for code in ("z = x .* u + v;\ns = sum(z);\ny = z .* 2;", "z = x .* u + v;\ns = std(z);",
                 "z = x .* u + v;\ns = max(z(:));"):
        s = fused(code, u=u, v=v)
        chains = [g for g in s.fusion.reports()[0].groups if g.kind == "ElementwiseChain"]
        assert any("z" in [name for name, _, _ in g.outputs] for g in chains)
        reads = [name for g in s.fusion.reports()[0].groups if g.kind == "Reduction" for name, _, _ in g.inputs]
        assert "z" in reads and "u" not in reads
        np.testing.assert_allclose(s.get("z"), X * u + v, rtol=1e-15, atol=1e-15)
    s = fused("z = x .* 2;\ns = sum(z);")
    (group,) = [g for g in s.fusion.reports()[0].groups if g.kind == "Reduction"]
    assert [name for name, _, _ in group.inputs][0] == "x"


def test_plan_text_lists_the_windows_on_either_side_of_an_unfused_call(gpu):
    s = fused("y = x .* 2;\nz = mod(y, 3) + 1;")
    text = plan_text(s.fusion.reports())
    assert "window 0 (lines 1): GPU" in text and "window 1 (lines 2): GPU" in text
    assert "rejected" not in text and "lines 2: plus\n" in text
    s = fused("y = x .* 2;\nz = y + 1;")
    text = plan_text(s.fusion.reports())
    assert "GPU" in text and "ElementwiseChain" in text and "outputs: y double 64x33, z double 64x33" in text
    assert "@compute" in wgsl_text(s.fusion.reports())
    assert "// entry point main\n  " in wgsl_text(s.fusion.reports(), 0)     # numbered lines, entry first


def test_policy_cpu_device_never_fuses_and_auto_needs_size(gpu, monkeypatch):
    assert fused("y = x .* 2;", device="cpu").fusion.reports() == []
    auto = fused("y = x .* 2;", device="auto")
    assert auto.fusion.reports()[0].device == "CPU" and "threshold" in auto.fusion.reports()[0].reason
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1000")
    report = fused("y = x .* 2;", device="auto").fusion.reports()[0]     # the calibrated costs decide
    assert report.device == ("GPU" if report.estimate["gpu"] < report.estimate["cpu"] else "CPU")
    monkeypatch.setenv("MATFUSE_ACCEL", "cpu")
    assert fused("y = x .* 2;").fusion.reports() == []


def test_mode_overrides_the_environment_and_debug_prints_decisions(gpu, monkeypatch, capsys):
    monkeypatch.setenv("MATFUSE_ACCEL", "cpu")
    monkeypatch.setenv("MATFUSE_DEBUG_FUSION", "1")
    s = Session(device="cpu")
    s.fusion.mode = "gpu"
    s.set("x", X)
    assert s.execute("y = x + 1;").error is None
    assert s.fusion.reports()[0].device == "GPU"
    assert "fusion: window 0 (lines [1]): GPU" in capsys.readouterr().err


@pytest.mark.parametrize("code, why", [
    ("y = (x + 1i) * x';", "complex double"),
    ("y = int32(x) + 1;", "an operand is int32"),
    ("y = (x + 1i) .* 2;", "complex double"),
    ("y = max(x > 0.5, [], 1) + 1;", "max of a logical array"),
])
def test_forms_the_kernels_lack_run_on_the_cpu_with_a_reason(gpu, code, why):
    s = fused(code, x=np.random.default_rng(1).random((33, 33)))
    reports = s.fusion.reports()
    assert all(w.device == "CPU" for w in reports)
    reasons = " ".join(w.reason + str(w.rejected) for w in reports)
    assert why in reasons or not reports


def test_a_comparison_fused_into_a_loop_condition_stays_out_of_the_window(gpu):
    s = fused("k = 0;\nwhile max(x, [], 'all') + k < 3 && k < 10\n  k = k + 1;\nend", x=np.ones((3, 3)))
    assert s.get("k")[0, 0] == 2.0
    (window,) = s.fusion.reports()
    assert window.device == "GPU" and window.runs == 3 and not window.rejected


def test_windows_in_functions_and_in_place_updates_after_them(gpu):
    code = ("a = f(x);\nb = x;\nb(1) = -5;\nc = x + 0;\nc(2) = -7;\n"
            "function y = f(x)\n  y = x .* 2 + 1;\n  y(1) = 0;\nend")
    s = fused(code)
    np.testing.assert_array_equal(s.get("x"), X)
    assert s.get("a")[0, 0] == 0 and s.get("a")[1, 0] == 2 * X[1, 0] + 1
    assert s.get("c")[1, 0] == -7 and s.get("c")[0, 0] == X[0, 0]
    assert "GPU" in [w.device for w in s.fusion.reports()]


def test_device_failures_run_the_window_on_the_cpu_with_the_reason(gpu, monkeypatch):
    from engine.accel.provider import GpuUnavailable, Provider

    def refuse(self, source, entry="main"):
        raise GpuUnavailable("shader compilation failed: injected")
    monkeypatch.setattr(Provider, "pipeline", refuse)
    s = fused("y = x .* 2 + 1;")
    np.testing.assert_array_equal(s.get("y"), X * 2 + 1)
    (window,) = s.fusion.reports()
    assert window.device == "CPU" and window.reason == "shader compilation failed: injected"
    assert s.fusion.stats.fallbacks == 1


def test_plans_are_cached_by_the_input_signature(gpu):
    s = fused("y = x .* 2 + 1;")
    for value in (X + 1, X[:5], X.astype(np.float32), X[:5] * 3):
        s.set("x", value)
        assert s.execute("y = x .* 2 + 1;").error is None
        np.testing.assert_allclose(s.get("y"), value * 2 + 1, rtol=1e-6)
    # the cell compiles anew each run, but its window has the same text: (X + 1) and X[:5] * 3 find
    # the plans of X and X[:5]
    assert s.fusion.stats.plan_misses == 3 and s.fusion.stats.plan_hits == 2
    assert s.fusion.stats.windows_fused == 5
