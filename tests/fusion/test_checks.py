"""Domain checks (codegen.CHECKS) only where an operand may be out of domain (ranges.py): kernels whose
checks cannot fire have no status buffer and their runs read nothing back; the others still hand
inputs MATLAB makes complex to the CPU."""
import numpy as np
import pytest

from engine import Session
from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import empty, upload
from engine.accel.fusion.ranges import EVEN, INTEGER, NANFREE, NONNEG, SINGLE_WHOLE, facts_of

from fusion_helpers import assert_same, devices, run

X = np.linspace(-2.0, 3.0, 40).reshape(8, 5)
Y = np.linspace(0.5, -1.5, 40).reshape(8, 5)


def checked(s: Session) -> list[bool]:
    return [" status:" in g.wgsl for w in s.fusion.reports() for g in w.groups]


def same_as_cpu(code: str, inputs: dict, names: str) -> Session:
    fused, cpu = run(code, inputs, "gpu"), run(code, inputs, "cpu")
    for name in names:
        assert_same(fused.get(name), cpu.get(name), 1e-12, name)
    return fused


@pytest.mark.parametrize("code", [
    "z = sqrt(abs(x)) + log(exp(x)) + sqrt(x .^ 2) + log10(x .* x) + log2(cosh(x)) + sqrt(hypot(x, y));",
    "z = sqrt(max(x, 0) + 2 * abs(y)) + (abs(x) ./ exp(y)) .^ 0.5 + log1p(sqrt(x .^ 2 .* y .^ 4));",
    "z = x .^ 3 + y .^ -2 + (x .^ 2) .^ 1.5;",
    "z = ~(x > 0) | (y < 1) & ~isnan(x);",
    "s = sqrt(sum(x .^ 2)) + sqrt(mean(abs(y))) + log(max(exp(x))); z = std(x);",
])
def test_checks_that_cannot_fire_are_left_out(gpu64, code):
    fused = same_as_cpu(code, {"x": X, "y": Y}, "z")
    assert devices(fused) == ["GPU"]
    assert not any(checked(fused))


@pytest.mark.parametrize("code", ["z = sqrt(x - 1);", "z = x .^ 0.5;", "z = log(y .* x);"])
def test_checks_stay_where_an_operand_may_be_out_of_domain(gpu64, code):
    positive = same_as_cpu(code, {"x": X + 3.5, "y": np.abs(Y) + 0.1}, "z")
    assert devices(positive) == ["GPU"] and all(checked(positive))
    fused = same_as_cpu(code, {"x": X, "y": np.abs(Y) + 0.1}, "z")
    assert devices(fused) == ["CPU"] and "complex" in fused.fusion.reports()[0].reason
    assert np.iscomplexobj(fused.get("z"))


def test_a_matrix_product_of_a_matrix_with_itself_is_not_a_square(gpu64):
    """``x * x`` of a matrix is a product, not ``x .* x``: its column sums here are negative."""
    s = Session(device="gpu")
    s.set("x", np.kron(np.eye(4), [[0.0, 1.0], [-1.0, 0.0]]))       # a rotation: x * x is -eye(8)
    assert s.execute("x = gpuArray(x);").error is None                # MIR then reads * as times
    assert s.execute("p = x * x; z = sqrt(sum(p, 1));").error is None
    assert devices(s) == ["CPU"] and "complex" in s.fusion.reports()[0].reason
    np.testing.assert_array_equal(s.get("z"), np.full((1, 8), 1j))


def test_nan_into_a_logical_operator_keeps_its_check(gpu64):
    s = run("z = ~(x - y);", {"x": X, "y": Y}, "gpu")
    assert devices(s) == ["GPU"] and all(checked(s))
    s = Session(device="gpu")
    s.set("x", np.where(X > 0, np.nan, X))
    result = s.execute("z = ~x;")
    assert result.error is not None and "NaN" in str(result.error)


def test_scalar_facts_are_read_on_the_host_before_each_run(gpu64):
    """sqrt(v + e) with v >= 0: no check while the uniform e is nonnegative; a negative e selects a
    plan that keeps the check (and here gives MATLAB's complex answer)."""
    s = Session(device="gpu")
    s.set("x", X)
    for e in (1e-6, 0.0, -1.0):
        s.set("e", e)
        assert s.execute("z = sqrt(abs(x) + e);").error is None
        if e >= 0:
            assert devices(s) == ["GPU"] and checked(s) == [False]
            np.testing.assert_allclose(s.get("z"), np.sqrt(np.abs(X) + e), rtol=1e-12)
        else:                     # the kernel's check found abs(x) + e < 0: the CPU's complex answer
            assert devices(s) == ["CPU"] and "complex" in s.fusion.reports()[0].reason
            np.testing.assert_allclose(s.get("z"), np.sqrt((np.abs(X) + e).astype(complex)), rtol=1e-12)


def test_window_runs_without_checks_read_nothing_back(gpu64):
    s = Session(device="gpu")
    s.set("x", X)
    s.set("y", Y)
    s.execute("x = gpuArray(x); y = gpuArray(y); g = 1.8;")
    code = "u = 1.5 .* x - y ./ 3; v = exp(-0.5 .* u .^ 2) .* cos(2 .* u) + sqrt(abs(y) + 1); w = max(v, 0) .^ g;"
    s.execute(code)
    before = gpu64.stats.bytes_downloaded, gpu64.stats.submits
    for _ in range(3):
        assert s.execute(code).error is None
    # nothing read back; one submit per cell, at its end (the gpuArray window waits in the batch until
    # then: its recipe recovers a failed submit)
    assert (gpu64.stats.bytes_downloaded, gpu64.stats.submits) == (before[0], before[1] + 3)
    assert devices(s) == ["GPU"] and checked(s) == [False]
    np.testing.assert_allclose(s.get("w"), np.maximum(s.get("v"), 0) ** 1.8, rtol=1e-12)


def test_an_upload_submits_the_batch_only_when_the_batch_uses_its_buffer(gpu64):
    used = upload(np.zeros((4, 1)), gpu64)
    w = gpu_elementwise("plus", used, 1.0)          # a kernel reading u, pending in the batch
    fresh = empty((4, 1), "double", gpu64)
    submits = gpu64.stats.submits
    gpu64.write(fresh.buffer, np.ones(4).tobytes())
    assert gpu64.stats.submits == submits
    gpu64.write(used.buffer, np.full(4, 2.0).tobytes())          # the pending kernel must read zeros
    assert gpu64.stats.submits == submits + 1
    np.testing.assert_array_equal(w.download(), np.ones((4, 1)))
    np.testing.assert_array_equal(fresh.download(), np.ones((4, 1)))
    used.release(), w.release(), fresh.release()


def test_facts_of_host_scalars():
    assert facts_of(2.0) == NONNEG | INTEGER | EVEN | NANFREE | SINGLE_WHOLE
    assert facts_of(-3.0) == INTEGER | NANFREE | SINGLE_WHOLE
    assert facts_of(2.0 ** 24) == NONNEG | INTEGER | EVEN | NANFREE | SINGLE_WHOLE
    assert facts_of(2.0 ** 24 + 1) == NONNEG | INTEGER | NANFREE           # single does not hold it
    assert facts_of(0.5) == NONNEG | NANFREE
    assert facts_of(float("inf")) == NONNEG | NANFREE
    assert facts_of(float("nan")) == 0
