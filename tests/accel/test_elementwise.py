"""gpu_elementwise against numpy for single and double: every op, implicit expansion, empties, NaN/Inf."""
import numpy as np
import pytest

from engine.accel import kernels
from engine.accel.kernels import elementwise_source, gpu_elementwise
from engine.accel.provider import GpuUnavailable
from engine.accel.residency import upload
from engine.runtime.builtins.registry import operations
from engine.runtime.errors import MatlabError
from engine.runtime.semantics import broadcast_shape
from f64_cases import ulp_errors
from accel_helpers import f32_ulps, flushes_subnormals, matlab_round
from f32_cases import normal

ELEMENTWISE = {name: op for name, op in operations().items() if op.wgsl is not None}   # one-kernel forms

EXACT = {
    "uminus": np.negative, "uplus": lambda a: a, "abs": np.abs, "floor": np.floor, "fix": np.trunc,
    "ceil": np.ceil, "round": matlab_round, "sign": np.sign, "sqrt": np.sqrt,
    "plus": np.add, "minus": np.subtract, "times": np.multiply, "rdivide": np.divide,
    "ldivide": lambda a, b: b / a, "max": np.fmax, "min": np.fmin,
    "nan_to_zero": lambda a: np.where(np.isnan(a), 0, a),
}
LOGICAL = {
    "not": lambda a: a == 0, "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
    "gt": np.greater, "ge": np.greater_equal, "and": lambda a, b: (a != 0) & (b != 0),
    "or": lambda a, b: (a != 0) | (b != 0), "xor": lambda a, b: (a != 0) ^ (b != 0),
    "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
}
MATH = {
    "exp": np.exp, "expm1": np.expm1, "log": np.log, "log1p": np.log1p, "log2": np.log2, "log10": np.log10,
    "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
    "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "power": np.power, "atan2": np.arctan2,
    "hypot": np.hypot,
}
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -2.5, 3.0]
# Where WGSL lets a hardware driver differ from IEEE single precision (docs/gpu.md, precision policy):
# f32 division within 2.5 ulp, sqrt as 1/inverseSqrt (2.5 + 2 ulp). Software adapters (lavapipe) are
# held to correctly rounded results.
HARDWARE_F32_ULPS = {"rdivide": 2.5, "ldivide": 2.5, "sqrt": 4.5}


def operands(dtype, arity, shape=(9, 7), seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for k in range(arity):
        x = rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)
        x.flat[:len(SPECIAL)] = np.roll(SPECIAL, 3 * k)
        x.flat[len(SPECIAL):len(SPECIAL) + 5] = np.round(x.flat[len(SPECIAL):len(SPECIAL) + 5])
        out.append(x.astype(dtype))
    return out


def test_table_is_covered():
    assert set(ELEMENTWISE) == set(EXACT) | set(LOGICAL) | set(MATH)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("op", sorted(EXACT))
def test_exact_ops(gpu64, op, dtype):
    args = operands(dtype, ELEMENTWISE[op].arity)
    got = gpu_elementwise(op, *map(upload, args)).download()
    with np.errstate(all="ignore"):
        expected = EXACT[op](*args).astype(dtype)
    assert got.dtype == dtype and got.shape == expected.shape
    hardware_f32 = dtype == np.float32 and gpu64.info.kind != "software"
    if hardware_f32 and op in HARDWARE_F32_ULPS:
        with np.errstate(all="ignore"):
            exact = EXACT[op](*[a.astype(np.float64) for a in args])
        assert f32_ulps(got, exact).max() <= HARDWARE_F32_ULPS[op]
    else:
        np.testing.assert_array_equal(got, expected)
    if op in ("uminus", "abs", "times", "sqrt"):
        # signed zeros and infinities; a NaN's sign is the hardware's (x86 makes inf*0 and sqrt(-1)
        # negative NaNs, the H100's single NaNs differ) and no MATLAB result shows it
        number = ~np.isnan(expected)
        np.testing.assert_array_equal(np.signbit(got)[number], np.signbit(expected)[number])


def random_singles(n, seed):
    """n singles of uniformly random bit patterns (every sign, exponent and mantissa; NaN and Inf too)."""
    return np.random.default_rng(seed).integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)


def hard_quotients(n, seed):
    """Operands of single quotients that are hard to round right: magnitudes spread over single's range
    and past it, a / b near a midpoint between singles (a = b m rounded, m a midpoint), divisors with
    all-ones mantissas (b = 2^k - ulp), and quotients at the edges of m32_div's reciprocal path (within
    a few ulp of 2^-126, of the largest single and of 2^128 - 2^108, divisors from 2^-127 to 2^128;
    subnormal quotients that are midpoints, k c 2^(j-150) / (c 2^j) for odd k and c)."""
    rng = np.random.default_rng(seed)
    sign = rng.choice(np.array([-1.0, 1.0]), (2, n))
    a = (sign[0] * 2.0 ** rng.uniform(-90, 127, n)).astype(np.float32)
    b = (sign[1] * 2.0 ** rng.uniform(-127, 127, n)).astype(np.float32)
    q = (2.0 ** rng.uniform(-60, 60, n)).astype(np.float32)
    mid_b = (2.0 ** rng.uniform(-60, 60, n)).astype(np.float32)
    mid_b[: n // 4] = np.nextafter(np.ldexp(np.float32(1), rng.integers(-60, 60, n // 4)), np.float32(0))
    mid_a = (mid_b * (q.astype(np.float64) + np.spacing(q) / 2.0)).astype(np.float32)
    edges = np.array([2.0 ** -126, 2.0 ** 128 - 2.0 ** 104, 2.0 ** 128 - 2.0 ** 108])
    edge_q = np.repeat(edges, n // 8) * (1 + rng.integers(-8, 9, 3 * (n // 8)) * 2.0 ** -24)
    edge_b = (sign[1, : edge_q.size] * 2.0 ** rng.uniform(-127, 128, edge_q.size)).astype(np.float32)
    with np.errstate(over="ignore"):
        edge_a = (edge_q * edge_b).astype(np.float32)
    c, j = 2 * rng.integers(1, 128, n // 8) + 1, rng.integers(1, 100, n // 8)
    k = 2 * rng.integers(0, 2 ** 23 // c) + 1
    tie_b = (c * 2.0 ** j).astype(np.float32)                     # a / b = k 2^-150: a subnormal midpoint
    tie_a = (k * c * 2.0 ** (j - 150)).astype(np.float32)
    return np.concatenate([a, mid_a, edge_a, tie_a]), np.concatenate([b, mid_b, edge_b, tie_b])


def test_single_division_and_sqrt_are_correctly_rounded(gpu64):
    # rounded_ops.wgsl: the quotient from an f32 reciprocal refined in f64 (f64's division out of its
    # range), the square root from a Newton-refined f32 inverse square root in f64, each rounded once; the square roots of every 8th single in [1, 4) (the others are
    # these scaled by powers of 4) and of random bit patterns, random and hard quotients; where the adapter
    # flushes single subnormals, not where an operand or the result is subnormal
    a, b = random_singles(1 << 20, 1), random_singles(1 << 20, 2)
    one = np.float32(1.0).view(np.uint32)
    x = np.arange(one, one + (1 << 24), 8, dtype=np.uint32).view(np.float32)
    x = np.concatenate([x, x * np.float32(2)])
    with np.errstate(all="ignore"):
        cases = [((a, b), (a.astype(np.float64) / b).astype(np.float32), "rdivide")]
        a2, b2 = hard_quotients(1 << 19, 3)
        cases += [((a2, b2), (a2.astype(np.float64) / b2).astype(np.float32), "rdivide")]
        cases += [((v,), np.sqrt(v.astype(np.float64)).astype(np.float32), "sqrt") for v in (x, a)]
    flushes = flushes_subnormals()
    for args, expected, op in cases:
        got = gpu_elementwise(op, *[upload(v) for v in args]).download().ravel()
        kept = normal(args, expected) if flushes else np.ones(got.shape, bool)
        number = kept & ~np.isnan(expected)
        np.testing.assert_array_equal(got[kept], expected[kept])
        np.testing.assert_array_equal(np.signbit(got)[number], np.signbit(expected)[number])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("op", sorted(LOGICAL))
def test_logical_ops(gpu64, op, dtype):
    args = operands(dtype, ELEMENTWISE[op].arity)
    got = gpu_elementwise(op, *map(upload, args)).download()
    with np.errstate(all="ignore"):
        expected = LOGICAL[op](*args)
    assert got.dtype == np.bool_
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("op", sorted(MATH))
def test_math_ops(gpu64, op, dtype):
    args = operands(dtype, ELEMENTWISE[op].arity)
    got = gpu_elementwise(op, *map(upload, args)).download()
    with np.errstate(all="ignore"):
        expected = MATH[op](*[a.astype(np.float64) for a in args])
    assert got.dtype == dtype
    err = ulp_errors(got, expected) if dtype == np.float64 else f32_ulps(got, expected)
    assert err.max() <= 2.0          # both libraries' bound (docs/gpu.md), here against the exact value


@pytest.mark.parametrize("a, b", [
    ((3, 1), (1, 4)), ((3, 4), (3, 1)), ((1, 4), (3, 4)), ((2, 1, 3), (1, 4, 1)), ((2, 3, 4), (1, 1, 4)),
    ((1, 1), (5, 6)), ((5, 6), (1, 1)), ((2, 3, 1, 2), (2, 1, 4)), ((1, 1, 1, 1, 1, 1, 1, 3), (2, 1)),
])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_implicit_expansion(gpu64, a, b, dtype):
    x = np.random.default_rng(1).standard_normal(a).astype(dtype)
    y = np.random.default_rng(2).standard_normal(b).astype(dtype)
    nd = max(len(a), len(b))
    expected = x.reshape(a + (1,) * (nd - len(a))) - y.reshape(b + (1,) * (nd - len(b)))
    got = gpu_elementwise("minus", upload(x), upload(y)).download()
    np.testing.assert_array_equal(got, expected.reshape(got.shape))
    assert got.shape == broadcast_shape(a, b, keep_dims=True)


@pytest.mark.parametrize("a, b, shape", [((0, 3), (1, 3), (0, 3)), ((1, 0), (1, 1), (1, 0)),
                                         ((0, 0), (1, 1), (0, 0)), ((3, 0), (3, 1), (3, 0))])
def test_empty_operands(gpu64, a, b, shape):
    got = gpu_elementwise("plus", upload(np.zeros(a)), upload(np.ones(b))).download()
    assert got.shape == shape and got.dtype == np.float64


def test_incompatible_sizes(gpu64):
    with pytest.raises(MatlabError) as err:
        gpu_elementwise("plus", upload(np.zeros((3, 4))), upload(np.zeros((2, 4))))
    assert err.value.identifier == "MATLAB:sizeDimensionsMustMatch"


def test_python_scalars_travel_as_uniforms(gpu64):
    x = np.arange(12.0).reshape(3, 4)
    gx = upload(x)
    counts = []
    for c in (2.5, -1.0, 1e300):
        np.testing.assert_array_equal(gpu_elementwise("times", gx, c).download(), x * c)
        with np.errstate(divide="ignore"):
            np.testing.assert_array_equal(gpu_elementwise("rdivide", c, gx).download(), c / x)
        counts.append(gpu64.pipeline_count)
    assert counts[0] == counts[1] == counts[2]       # one pipeline per operand layout, not per constant


def test_class_rules(gpu64):
    single = upload(np.array([[1.5, 2.5]], dtype=np.float32))
    double = upload(np.array([[1.0, 2.0]]))
    logical = upload(np.array([[True, False]]))
    assert gpu_elementwise("plus", single, double).cls == "single"
    assert gpu_elementwise("plus", single, 2.0).download().dtype == np.float32
    assert gpu_elementwise("plus", double, np.float32(2.0)).cls == "single"
    total = gpu_elementwise("plus", logical, logical)
    assert total.cls == "double"
    np.testing.assert_array_equal(total.download(), [[2.0, 0.0]])
    assert gpu_elementwise("not", logical).download().tolist() == [[False, True]]
    both = gpu_elementwise("max", logical, upload(np.array([[False, False]])))      # MATLAB keeps logical
    assert both.cls == "logical" and both.download().tolist() == [[True, False]]
    assert gpu_elementwise("min", logical, 0.5).cls == "double"
    with pytest.raises(GpuUnavailable):
        gpu_elementwise("plus", upload(np.array([[1, 2]], dtype=np.int32)), 1.0)


@pytest.mark.parametrize("n", [1, 255, 256, 257, 65537])
def test_sizes_across_workgroups(gpu64, n):
    x = np.arange(n, dtype=np.float64).reshape(1, n)
    y = np.arange(n, dtype=np.float64).reshape(n, 1)[::-1].reshape(1, n)
    np.testing.assert_array_equal(gpu_elementwise("times", upload(x), upload(y)).download(), x * y)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 9, 1023, 1025])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_vector_path_tails_and_layouts(gpu64, n, dtype):
    # Same-size, 1x1 and uniform-scalar operands take the vectorised kernel (4 singles or 2 doubles
    # per invocation); n not a multiple of the width stores a partial last vector.
    rng = np.random.default_rng(n)
    x = rng.standard_normal((n, 1)).astype(dtype)
    mask = rng.random((n, 1)) < 0.5
    s = np.array([[1.5]], dtype=dtype)
    gx, gm, gs = upload(x), upload(mask), upload(s)
    np.testing.assert_array_equal(gpu_elementwise("times", gx, gs).download(), x * s)
    np.testing.assert_array_equal(gpu_elementwise("minus", gs, gx).download(), s - x)
    np.testing.assert_array_equal(gpu_elementwise("plus", gm, gx).download(), mask + x)
    np.testing.assert_array_equal(gpu_elementwise("ge", gx, 0.25).download(), x >= 0.25)
    both = gpu_elementwise("plus", gm, gm)                      # logical + logical is double
    assert both.cls == "double"
    np.testing.assert_array_equal(both.download(), 2.0 * mask)


def test_vector_path_is_taken_without_expansion():
    width = {"single": "vec4", "double": "vec2"}
    for cls in ("single", "double"):
        same = elementwise_source("plus", cls, [(cls, "same"), (cls, "scalar")], True)
        assert f"out: array<{width[cls]}<" in same
        expanded = elementwise_source("plus", cls, [(cls, "same"), (cls, "expanded")], True)
        assert "out: array<vec" not in expanded and "expanded_index" in expanded


def test_two_dimensional_dispatch_grid(gpu64, monkeypatch):
    # More workgroups than one grid dimension holds (65535 on real devices; 7 here to keep it small).
    monkeypatch.setattr(kernels, "MAX_GROUPS", 7)
    x = np.arange(10_000, dtype=np.float32).reshape(100, 100)
    np.testing.assert_array_equal(gpu_elementwise("uminus", upload(x)).download(), -x)
    assert kernels._workgroups(x.size, 256) == (7, 6, 1)
