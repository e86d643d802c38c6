"""The WGSL f64 math library against numpy: at most 2 ulp over a million arguments per function."""
import numpy as np
import pytest

from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload
from f64_cases import BINARY, UNARY, cases, ulp_errors

MAX_ULP = 2.0


def evaluate(name, args):
    tensors = [upload(a.reshape(-1, 1)) for a in args]
    return gpu_elementwise(name, *tensors).download().ravel()


@pytest.mark.parametrize("name", list(UNARY) + list(BINARY))
def test_within_two_ulp(gpu64, name):
    ref, args = cases(name)
    assert args[0].size >= 1_000_000
    with np.errstate(all="ignore"):
        expected = ref(*args)
    err = ulp_errors(evaluate(name, args), expected)
    worst = int(np.argmax(err))
    print(f"{name}: max {err[worst]:.3g} ulp")
    assert err[worst] <= MAX_ULP, (name, [a[worst] for a in args], expected[worst])


@pytest.mark.parametrize("name, x, expected", [
    ("exp", [0.0, -0.0, np.inf, -np.inf, 709.782712893384, 710.0, -745.1332191019411, -746.0, 1.0],
     [1.0, 1.0, np.inf, 0.0, 1.7976931348622732e308, np.inf, 5e-324, 0.0, np.e]),
    ("log", [0.0, -0.0, -1.0, 1.0, np.inf, 5e-324, np.e],
     [-np.inf, -np.inf, np.nan, 0.0, np.inf, -744.4400719213812, 1.0]),
    ("log2", [2.0 ** -1074, 2.0 ** 1023, 1024.0, 3.0], [-1074.0, 1023.0, 10.0, 1.584962500721156]),
    ("log10", [1e-300, 1e22, 1000.0, 0.001], [-300.0, 22.0, 3.0, -3.0]),
    ("log1p", [-1.0, -2.0, -0.0, 1e-300, np.inf], [-np.inf, np.nan, -0.0, 1e-300, np.inf]),
    ("expm1", [-0.0, -np.inf, 1e-300, 800.0], [-0.0, -1.0, 1e-300, np.inf]),
    ("sin", [-0.0, np.inf, np.nan, 1e22, 2.0 ** 1023],
     [-0.0, np.nan, np.nan, -0.8522008497671888, 0.563127779850884]),
    ("cos", [-0.0, -np.inf, 1e22], [1.0, np.nan, 0.5232147853951389]),
    ("tan", [-0.0, 1e22, np.pi / 2], [-0.0, -1.6287782256068988, 1.633123935319537e16]),
    ("asin", [1.0, -1.0, 1.5, -0.0], [np.pi / 2, -np.pi / 2, np.nan, -0.0]),
    ("acos", [1.0, -1.0, 1.5], [0.0, np.pi, np.nan]),
    ("atan", [np.inf, -np.inf, -0.0], [np.pi / 2, -np.pi / 2, -0.0]),
    ("sinh", [-0.0, 710.0, 711.0, -np.inf], [-0.0, 1.1169973830808555e308, np.inf, -np.inf]),
    ("cosh", [-0.0, 711.0, -np.inf], [1.0, np.inf, np.inf]),
    ("tanh", [-0.0, 30.0, -np.inf], [-0.0, 1.0, -1.0]),
])
def test_special_values(gpu64, name, x, expected):
    got = evaluate(name, [np.array(x)])
    assert np.max(ulp_errors(got, np.array(expected))) <= 1.0, (got, expected)


@pytest.mark.parametrize("name, x, y, expected", [
    # MATLAB: x^0 is 1 even for NaN; exact integer powers; a negative base with a non-integer exponent
    # is complex in MATLAB, so the real kernel gives NaN and callers route those inputs to the CPU.
    ("power", [np.nan, 2.0, -2.0, -8.0, 0.0, -0.0, -0.0, 10.0, 3.0, 1.0, -np.inf],
     [0.0, 10.0, 3.0, 1 / 3, -1.0, -1.0, 3.0, -2.0, 2.0, np.nan, -3.0],
     [1.0, 1024.0, -8.0, np.nan, np.inf, -np.inf, -0.0, 0.01, 9.0, 1.0, -0.0]),
    ("atan2", [0.0, -0.0, 0.0, -0.0, 1.0, np.inf, -np.inf], [0.0, 0.0, -0.0, -0.0, 0.0, -np.inf, 1.0],
     [0.0, -0.0, np.pi, -np.pi, np.pi / 2, 3 * np.pi / 4, -np.pi / 2]),
    ("hypot", [3.0, np.inf, np.nan, 1e308, 5e-324], [4.0, np.nan, 1.0, 1e308, 5e-324],
     [5.0, np.inf, np.nan, 1.4142135623730951e308, 5e-324]),
])
def test_binary_special_values(gpu64, name, x, y, expected):
    got = evaluate(name, [np.array(x), np.array(y)])
    assert np.max(ulp_errors(got, np.array(expected))) <= 1.0, (got, expected)


# x^y of positive bases with results from the subnormal range to the largest doubles (the logarithm's
# quotient without f64 division); expected: mpmath's power at 400 bits rounded to 53.
@pytest.mark.parametrize("x, y, expected", [
    (3.0, 1.8, 7.224674055842076), (0.25, -1.8, 12.125732532083186), (7e-5, 1.8, 3.3202934756623544e-08),
    (2.0, 1023.99, 1.7852755613304564e+308), (0.5, -1023.5, 1.2711610061536464e+308),
    (1.0 + 2.0 ** -30, 2.0 ** 39, 2.2844130418931806e+222), (1e-300, -1.02, 1.0000000000000122e+306),
    (2.0, -1074.0, 5e-324), (2.0, -1022.0, 2.2250738585072014e-308), (10.0, 308.25, 1.7782794100389228e+308),
])
def test_power_of_a_positive_base(gpu64, x, y, expected):
    got = evaluate("power", [np.array([x]), np.array([y])])
    assert np.max(ulp_errors(got, np.array([expected]))) <= 1.0, (x, y, got, expected)
