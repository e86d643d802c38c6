"""Regions split around operations the fused kernels lack: the MIR region marking asks the graph's own
predicate (calls.call_form), so the fusible statements on either side still fuse as their own windows."""
import numpy as np
import pytest

from engine import Session
from fusion_helpers import assert_same, devices, three_ways

X = np.random.default_rng(5).random((300, 40)) + 0.5


def windows(code: str) -> list[tuple[list[int], str]]:
    s = Session(device="cpu")
    s.set("x", X)
    text = s.mir(code)
    return [line.strip() for line in text.splitlines() if "fusion region" in line]


def test_an_unfused_builtin_splits_the_cell_into_two_fused_windows(gpu64):
    code = "y = x.*2 + 1;\nz = mod(y, 3);\nw = sqrt(z) - 3;"
    fused, _, cpu = three_ways(code, {"x": X})
    reports = fused.fusion.reports()
    assert [(w.lines, w.device) for w in reports] == [([1], "GPU"), ([3], "GPU")]
    assert all(not w.rejected for w in reports)
    for name in "yzw":
        assert_same(fused.get(name), cpu.get(name), 1e-13, name)


@pytest.mark.parametrize("call", [
    "sum(y, [1 3])",              # dimensions that are not adjacent
    "prod(y, 'omitnan')",         # an option the kernels lack
    "max(y, [], 1, 'includenan')",
    "std(y, [], 1, 'omitnan')",   # std and var skip NaN on the CPU only
    "mean(y, d)",                 # a computed dimension
    "cumsum(y)",                  # a builtin with no fused form
])
def test_a_call_the_graph_rejects_is_outside_every_region(gpu64, call):
    code = f"d = 2;\ny = x .* 2;\nq = {call};\nw = exp(q) - y(1);"
    fused, unfused, cpu = three_ways(code, {"x": X})
    reports = fused.fusion.reports()
    assert 3 not in [line for w in reports for line in w.lines]
    assert all(w.device == "GPU" and not w.rejected for w in reports), reports
    assert_same(fused.get("w"), cpu.get("w"), 1e-13, "w")
    assert_same(unfused.get("w"), cpu.get("w"), 0.0, "w")


def test_regions_in_the_mir_listing_follow_the_predicate():
    # a two-output max and its outs are one region with what follows; ^ (mpower) is not an operator
    # the kernels have, and a literal vector of dimensions is part of the region
    regions = windows("[m, i] = max(x, [], 2);\nz = m + i;\nk = 2;\nv = x + k^2;\ns = sum(x, [1 2]);")
    assert regions == ["; fusion region 0 [reduction, elementwise]",
                       "; fusion region 1 [elementwise, literal, reduction]"]
    assert devices(three_ways("y = x .* 2;", {"x": X})[2]) == []
