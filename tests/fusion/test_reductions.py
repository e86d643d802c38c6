"""Fused reductions beyond one plain dimension: std/var (mean, then the sum of squared deviations),
[m, i] = max/min with indices, adjacent vector dimensions, 'omitnan'; each run fused (GPU), unfused
(the VM's bytecode) and on the CPU, double and single, at sizes that cross the workgroup (256) and
reduction-chunk boundaries."""
import numpy as np
import pytest

from engine.mir.callforms import MISSING, call_form
from engine.accel.kernels import REDUCE_CHUNK
from fusion_helpers import check_case, assert_same, devices, run, three_ways

rng = np.random.default_rng(11)
X = rng.random((257, 131)) * 4 - 1
CUBE = rng.random((6, 70, 9))
WIDE = rng.random((5, REDUCE_CHUNK + 3)) + 1e3        # a large mean: a naive sum of squares loses digits
A, B = rng.random((1, 131)) + 0.5, rng.random((257, 1))
NANS = X.copy()
NANS[rng.random(X.shape) < 0.2] = np.nan
NANS[:, 7] = np.nan                                   # an all-NaN column
TIES = np.round(X * 2) / 2                            # repeated maxima: the first index wins

CASES = {
    "std_var": ("s1 = std(x);\ns2 = std(a.*x + b, 0, 2);\nv1 = var(x, 1);\nv2 = var(x, 0, 'all');\n"
                "v3 = var(x, [], 2);\ns3 = std(x, 1, 'all') + 1;", {"x": X, "a": A, "b": B},
                ["s1", "s2", "v1", "v2", "v3", "s3"]),
    "std_wide": ("s = std(x, 0, 2);\nv = var(x .* 2, 1, 2);\n[q, mu] = std(x, 0, 2);", {"x": WIDE},
                 ["s", "v", "q", "mu"]),
    "indexed": ("[m, i] = max(x, [], 2);\n[n, j] = min(x - b, [], 1);\n[p, k] = max(x, [], 'all');\n"
                "[o, l] = min(x);", {"x": TIES, "b": B}, ["m", "i", "n", "j", "p", "k", "o", "l"]),
    "indexed_nan": ("[m, i] = max(x, [], 2);\n[n, j] = min(x, [], 1);\nk = max(x, [], 1, 'omitnan');",
                    {"x": NANS}, ["m", "i", "n", "j", "k"]),
    "vecdim": ("s = sum(x, [2 3]);\nm = mean(x .* 2, [1 2]);\nt = max(x, [], [2 3]);\n"
               "u = sum(x, [3 4]) + 1;", {"x": CUBE}, ["s", "m", "t", "u"]),
    "omitnan": ("s = sum(x, 2, 'omitnan');\nm = mean(x, 'omitnan');\nn = mean(x + 1, 'all', 'omitnan');\n"
                "w = sum(x, 'includenan');", {"x": NANS}, ["s", "m", "n", "w"]),
}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_fused_unfused_and_cpu_agree(gpu, case, single):
    check_case(gpu, CASES[case], single, 1e-4)


def test_std_and_var_past_a_million_elements_along_the_reduced_dimension(gpu64):
    x = rng.random((1_100_003, 1)) * 3 + 1e4
    code = "s = std(x);\nv = var(2 .* x - 1, 1, 'all');\nm = mean(x, 'omitnan');"
    fused, _, cpu = three_ways(code, {"x": x})
    assert devices(fused) == ["GPU"]
    for name in ("s", "v", "m"):
        assert_same(fused.get(name), cpu.get(name), 1e-10, name)
    np.testing.assert_allclose(fused.get("s"), x.std(ddof=1), rtol=1e-10)


def test_the_kinds_of_a_std_window(gpu64):
    # one pass: the variance is a Welford member over a.*x + b (plan.one_pass_variances), sqrt its epilogue
    for x in (X, X.astype(np.float32)):
        s = run("s = std(a.*x + b, 0, 2);", {"x": x, "a": A, "b": B}, "gpu")
        (window,) = s.fusion.reports()
        kinds = [(g.kind, g.ops, [n for n, _, _ in g.outputs]) for g in window.groups]
        assert kinds == [("Reduction", ["times", "plus", "var", "sqrt"], ["std.var", "s"])]
    # a stored mean keeps two double passes: the second squares the deviations from it
    s = run("[s, mu] = std(a.*x + b, 0, 2);", {"x": X, "a": A, "b": B}, "gpu")
    (window,) = s.fusion.reports()
    kinds = [(g.kind, g.ops, [n for n, _, _ in g.outputs]) for g in window.groups]
    assert kinds == [("Reduction", ["times", "plus", "mean"], ["mu"]),
                     ("Reduction", ["times", "plus", "minus", "times", "var", "sqrt"], ["std.var", "s"])]
    # a stored mean keeps two single passes: the second sums the deviations beside their squares (the
    # centered member reads the deviations; no node squares them)
    s = run("[s, mu] = std(a.*x + b, 0, 2);", {"x": X.astype(np.float32), "a": A, "b": B}, "gpu")
    (window,) = s.fusion.reports()
    kinds = [(g.kind, g.ops, [n for n, _, _ in g.outputs]) for g in window.groups]
    assert kinds == [("Reduction", ["times", "plus", "mean"], ["mu"]),
                     ("Reduction", ["times", "plus", "minus", "var", "sqrt"], ["std.var", "s"])]


def test_max_with_indices_is_one_reduction_group_with_two_outputs(gpu64):
    s = run("y = x .* 2;\n[m, i] = max(y, [], 2);\nz = m + i;", {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    reduction = next(g for g in window.groups if g.kind == "Reduction")
    assert [n for n, _, _ in reduction.outputs] == ["m", "i"]
    assert "out_index0[out_id] = f64(a.m0.i + 1u);" in reduction.wgsl
    np.testing.assert_array_equal(s.get("i"), np.argmax(X, axis=1)[:, None] + 1.0)


@pytest.mark.parametrize("name, args, why", [
    ("sum", (np.array([[1.0, 3.0]]),), "not adjacent"),
    ("sum", (2.0, "native"), "option"),
    ("prod", ("omitnan",), "option 'omitnan'"),
    ("max", (np.zeros((0, 0)), 2.0, "includenan"), "option 'includenan'"),
    ("std", (0.5,), "weight"),
    ("mean", (MISSING,), "computed dimension"),
])
def test_forms_that_are_not_fused_say_why(name, args, why):
    from engine.runtime.values import CharArray
    values = [CharArray.from_str(a) if isinstance(a, str) else a for a in args]
    form = call_form(name, 1 + len(values), 1, lambda k: values[k - 1])
    assert isinstance(form, str) and why in form, form


def test_max_with_several_dimensions_and_an_index_is_not_fused():
    form = call_form("max", 3, 2, lambda k: [None, np.zeros((0, 0)), np.array([[1.0, 2.0]])][k])
    assert isinstance(form, str) and "indices" in form
