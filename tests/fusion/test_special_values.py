"""NaN, Inf, signed zeros and overflow through fused kernels: bit for bit the CPU's values.

Vulkan drivers simplify floating-point expressions as if they were real numbers: lavapipe folded
``0 * x`` and ``0 / x`` to 0 (so ``zeros(2) ./ 0`` gave 0, not NaN) and ``(b + b) - b`` to ``b`` (no
overflow to Inf); NVIDIA's compiler folded ``(t .* 10) ./ t`` to 10 where t is 0. Fused kernels pass
every value through shaders.opaque; these cases, found by the fuzz run on the H100 host (seeds 38, 39),
check that each operation is evaluated as written."""
import numpy as np
import pytest

from fusion_helpers import devices, run

INF, NAN = np.inf, np.nan
CASES = [                       # (code, the input b): b is set in the workspace, so the window reads it
    ("x = b ./ 0;", np.zeros((2, 2))),
    ("x = b .* Inf;", np.zeros((2, 2))),
    ("x = b .* NaN;", np.zeros((2, 2))),
    ("x = zeros \\ b;", np.zeros((2, 2))),
    ("x = (b > 1) ./ 0;", np.zeros((2, 2))),
    ("x = ((-2.5 & (b > b)) ./ ((b .* b) ~= (b * 1)));", np.array([[0, 0], [0, 0], [0, 7.0]])),
    ("x = b - b;", np.array([INF, -INF, NAN, 1])),
    ("x = b + (-b);", np.array([INF, -INF, NAN, 1])),
    ("t = eye(3) .* b; x = (t .* 10) ./ t;", np.ones((3, 3))),
    ("x = b ./ b;", np.array([0, INF, NAN, 1])),
    ("x = (b .* 0) ./ b;", np.array([0, INF, NAN, 1])),
    ("x = 1 ./ (b + 0);", np.array([0, -0.0, 1])),
    ("x = 1 ./ (0 - b);", np.array([0, -0.0, 1])),
    ("x = (b + 1) - 1;", np.array([INF, NAN, 2, 0])),
    ("x = (b .* 10) ./ 10;", np.array([1e308, -1e308, 3])),
    ("x = (b + b) - b;", np.array([1e308, 1, 3])),
    ("x = b .* (1 ./ b);", np.array([INF, 1, 3])),
    ("x = (b - 1) ./ (b - 1);", np.ones((3, 3))),
    ("x = b .* 0 + 1;", np.array([INF, NAN, -INF])),
    ("x = sign(b) ./ b;", np.array([0, -0.0, 2])),
    ("t = b .* 0; x = t ./ t;", np.zeros((3, 3))),        # one value on both sides: NVIDIA folded x / x to 1
    ("x = (b == b) + 2 * (b ~= b) + 4 * (b <= b);", np.array([NAN, 1, INF])),
    ("x = (b - b) + isnan(b ./ b);", np.array([NAN, 0, INF])),
]


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("code, b", CASES, ids=[code for code, _ in CASES])
def test_special_values_are_the_cpus(gpu, code, b, single):
    if single:                          # 1e308 becomes 3e38: still overflowing when doubled
        b = np.where(np.abs(b) == 1e308, np.sign(b) * 3e38, b).astype(np.float32)
    fused, cpu = run(code, {"b": b}, "gpu"), run(code, {"b": b}, "cpu")
    got, want = np.asarray(fused.get("x")), np.asarray(cpu.get("x"))
    if got.dtype == b.dtype:            # logical ./ 0 of single b is double: a class the window leaves
        assert "GPU" in devices(fused), code
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    numbers = ~np.isnan(want)             # zeros' signs count (1/x tells them apart); NaN's sign does not
    assert np.array_equal(np.signbit(got[numbers]), np.signbit(want[numbers])), (got, want)


def test_a_run_with_minus_zero_after_zero_packs_its_own_uniforms(gpu):
    """A window run again reuses its last uniform block only for the same values, the signs of zeros
    included (0.0 == -0.0 in Python): k = 0 then k = -0 gives Inf then -Inf."""
    s = run("y = 1 ./ (x .* k);", {"x": np.ones((64, 3)), "k": 0.0}, "gpu")
    assert devices(s) == ["GPU"]
    assert (s.get("y") == INF).all()
    s.set("k", -0.0)
    assert s.execute("y = 1 ./ (x .* k);").error is None
    assert (s.get("y") == -INF).all()


def test_single_division_in_fused_kernels_is_correctly_rounded(gpu):
    """m32_div (rounded_ops.wgsl: an f32 reciprocal refined in f64, f64's division out of its range) in a
    fused kernel: bit for bit numpy's IEEE quotients, elementwise and by a column (every
    element of a row divided by one value, which the compiler may compute once for an invocation's
    elements), for quotients next to midpoints between singles, at the range's edges, and special values;
    the CPU's the same.
    Hardware adapters may flush single subnormals (NVIDIA's Vulkan driver does): there the quotients and
    operands are normal ones."""
    rng = np.random.default_rng(11)
    rows, cols = 4096, 16
    d = (rng.choice([-1.0, 1.0], (rows, 1)) * 2.0 ** rng.uniform(-127, 128, (rows, 1))).astype(np.float32)
    d[:8, 0] = [0.0, -0.0, INF, -INF, NAN, 1e-40, 2.0 ** 127, 3.0]
    mid = (rng.integers(2 ** 24, 2 ** 25, (rows, cols)) | 1) * 2.0 ** rng.integers(-150, 104, (rows, cols))
    mid[:, :2] = [2.0 ** -126, 2.0 ** 128 - 2.0 ** 104]
    c = 2 * rng.integers(1, 128, 512) + 1                          # a / d = k 2^-150: subnormal midpoints
    d[8:520, 0] = c * 2.0 ** rng.integers(1, 100, 512)
    with np.errstate(all="ignore"):
        a = (mid * (1 + rng.integers(-2, 3, (rows, cols)) * 2.0 ** -30) * d).astype(np.float32)
        a[8:520, 2] = (2 * rng.integers(0, 2 ** 23 // c) + 1) * 2.0 ** -150 * d[8:520, 0]
        b = np.roll(d, 1) * np.ones((1, cols), np.float32)
        want = {"q": a / d, "r": a / b}
    fused, cpu = run("q = a ./ d; r = a ./ b;", {"a": a, "d": d, "b": b}, "gpu"), run(
        "q = a ./ d; r = a ./ b;", {"a": a, "d": d, "b": b}, "cpu")
    assert devices(fused) == ["GPU"], fused.fusion.reports()
    tiny = np.finfo(np.float32).tiny
    for name, divisor in (("q", d), ("r", b)):
        expected = want[name]
        kept = np.ones(expected.shape, bool)
        if gpu.info.kind != "software":
            kept = np.all([(v == 0) | ~(np.abs(v) < tiny) for v in np.broadcast_arrays(a, divisor, expected)], axis=0)
        for s in (fused, cpu):
            got = s.get(name)
            np.testing.assert_array_equal(got[kept], expected[kept], err_msg=name)
            numbers = kept & ~np.isnan(expected)
            assert np.array_equal(np.signbit(got[numbers]), np.signbit(expected[numbers])), name
