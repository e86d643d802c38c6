"""Literals in shader text: a cell's scalar literals are written into the WGSL (``x.^2`` is ``x * x``,
``x.^0.5`` sqrt, ``x.^-1`` a reciprocal, ``x.^3`` a product, ``x / 3`` a division by ``3.0lf``) and
variables stay uniforms. Where numpy takes the same exact path (``power`` by 2, 0.5 and -1, a division)
the fused result is bit-identical to the CPU's."""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion.codegen import wgsl_literal
from engine.accel.fusion.report import wgsl_text
from fusion_helpers import devices, run

rng = np.random.default_rng(5)
X = rng.standard_normal((300, 7)) * np.exp(rng.uniform(-30, 30, (300, 7)))
X[0, :4] = [0.0, -0.0, np.inf, -np.inf]
X[1, :3] = [np.nan, 1e-310, -1e-310]
EXACT = "a = x.^2; b = abs(x).^0.5; d = x.^-1; e = x / 3; f = x.^0 + x.^1; g = 0.1 * x;"


def fused_and_cpu(code: str, inputs: dict) -> tuple[Session, Session]:
    return run(code, inputs, "gpu"), run(code, inputs, "cpu")


@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["double", "single"])
def test_exact_literal_forms_are_bit_identical_to_the_cpu(gpu, dtype):
    if dtype == np.float64 and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    if dtype == np.float32 and gpu.info.kind != "software":
        pytest.skip("hardware adapters may flush single subnormals (NVIDIA's Vulkan driver does)")
    fused, cpu = fused_and_cpu(EXACT, {"x": X.astype(dtype)})
    assert devices(fused) == ["GPU"], fused.fusion.reports()
    for name in "abdefg":
        got, want = fused.get(name), cpu.get(name)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want, err_msg=name)


def test_the_shader_holds_the_literals_and_no_uniform_for_them(gpu):
    fused = run("y = x.^2 ./ 3 + abs(x).^0.5 - x.^-1;", {"x": X[:, :1]}, "gpu")
    text = wgsl_text(fused.fusion.reports())
    assert "(v0 * v0)" in text and "m64_sqrt(" in text and "3.0lf" in text and "m64_div(f64(1.0), v0)" in text
    assert "m64_pow" not in text and "p.scalars[0][0]" not in text


def test_a_cube_is_a_product_within_two_ulp(gpu):
    fused, cpu = fused_and_cpu("c = x.^3;", {"x": X})
    assert "m64_pow" not in wgsl_text(fused.fusion.reports())
    got, want = fused.get("c"), cpu.get("c")
    finite = np.isfinite(want) & (np.abs(want) > 1e-290)          # products of subnormals lose digits
    assert np.all(np.abs(got[finite] - want[finite]) <= 2 * np.spacing(np.abs(want[finite])))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))


def test_a_variable_exponent_stays_a_uniform_and_each_literal_gets_its_plan(gpu):
    s = run("p = 2; y = x.^p;", {"x": X}, "gpu")
    assert "m64_pow" in wgsl_text(s.fusion.reports())
    np.testing.assert_array_equal(s.get("y"), X ** 2)
    for exponent, want in [("2", X * X), ("3", None), ("0.5", np.sqrt(np.abs(X)))]:
        assert s.execute(f"y = abs(x).^{exponent};").error is None
        got = s.get("y")
        if want is None:
            np.testing.assert_allclose(got, np.abs(X) ** 3, rtol=1e-15)
        else:
            np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("value", [2.0, 0.1, -3.5, 1e-6, 1.7976931348623157e308, 2.2250738585072014e-308, 1 / 3])
def test_literal_text_parses_to_the_same_value(value):
    text = wgsl_literal(value, "f64")
    assert text.endswith("lf") and float(text[:-2]) == value and "." in text
    if abs(value) < 3e38:                  # planning keeps larger literals of single windows uniforms
        single = wgsl_literal(value, "f32")
        assert float(single[:-1]) == float(np.float32(value))


def test_zeros_and_literals_single_cannot_hold_stay_uniforms(gpu):
    """A double literal past single's range is Inf in a single window, one below it 0; a zero literal
    is never shader text (lavapipe folds ``x * 0.0`` to 0, losing NaN * 0 = NaN)."""
    code = "y = x + 1e300; z = x .* 1e-300; w = x .* 0; u = (x + 1) .* 0;"
    fused, cpu = fused_and_cpu(code, {"x": X[:, :1].astype(np.float32)})
    assert devices(fused) == ["GPU"]
    for name in "yzwu":
        np.testing.assert_array_equal(fused.get(name), cpu.get(name))


DIVISORS = (3.0, 10.0, 0.1, 7.0, 6.0, -1.7, 0.5, 4.0, 2.0 ** -20)


def near_midpoints(divisor: float, count: int) -> np.ndarray:
    """Singles a whose quotient a / divisor lies as close to a midpoint between singles as singles allow
    (a = the single nearest M * divisor for random midpoints M), and subnormal ones."""
    c = float(np.float32(divisor))
    mid = (rng.integers(2 ** 24, 2 ** 25, count) | 1) * 2.0 ** rng.integers(-140, 100, count).astype(float)
    a = (mid * c).astype(np.float32)
    tiny = (rng.integers(1, 2 ** 10, 64) * 2.0 ** -149).astype(np.float32)
    return np.concatenate([a[np.isfinite(a)], tiny, -tiny, [0.0, -0.0, np.inf, -np.inf, np.nan]]).astype(np.float32)


@pytest.mark.parametrize("divisor", DIVISORS)
def test_single_division_by_a_literal_is_correctly_rounded(gpu, divisor):
    """x / c with c written into the shader: a product by 1/c (a power of two) or the f64 product by 1/c
    rounded once (m32_div_literal), bit-identical to IEEE division (numpy's) for quotients next to
    midpoints, subnormal quotients (which may be midpoints: 3 * 2^-149 / 6) and the special values.
    Hardware adapters may flush single subnormals (NVIDIA's Vulkan driver does): there the quotients and
    operands are normal ones."""
    x = np.concatenate([near_midpoints(divisor, 20000), X.ravel().astype(np.float32)])
    if gpu.info.kind != "software":
        with np.errstate(all="ignore"):
            quotient = np.abs(x / np.float32(divisor))
        x = x[~((np.abs(x) < np.finfo(np.float32).tiny) | (quotient < np.finfo(np.float32).tiny)) | (x == 0)]
    x = x[:, None]
    literal = repr(divisor)
    fused, cpu = fused_and_cpu(f"q = x / {literal}; r = {literal} .\\ x;", {"x": x})
    assert devices(fused) == ["GPU"], fused.fusion.reports()
    want = x / np.float32(divisor)
    for name in "qr":
        np.testing.assert_array_equal(fused.get(name), want, err_msg=name)
        np.testing.assert_array_equal(cpu.get(name), want, err_msg=name)


def test_division_by_a_literal_in_the_shader_text(gpu):
    single = wgsl_text(run("a = x / 3; b = x / 4;", {"x": X[:, :1].astype(np.float32)}, "gpu").fusion.reports())
    assert "m32_opaque((v0 * 0.25f))" in single
    assert "m32_opaque(m32_div_literal(v0, 3.0f))" in single
    if gpu.f64:
        double = wgsl_text(run("a = x / 3; b = x / 4;", {"x": X[:, :1]}, "gpu").fusion.reports())
        assert "m64_div(v0, m64_distinct(v1))" in double and "(v0 * 0.25lf)" in double
