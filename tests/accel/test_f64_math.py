"""The WGSL f64 math library against numpy: at most 2 ulp over a million arguments per function."""
import mpmath
import numpy as np
import pytest

from engine import Session
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
    ("atan", [np.inf, -np.inf, -0.0, np.nan], [np.pi / 2, -np.pi / 2, -0.0, np.nan]),
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


# sin, cos and tan where m64_reduce_large reduces (2^20 <= |x| < 2^28, pi/2 on a 25-bit grid) and
# around it: random doubles of [2^19.5, 2^29], the doubles within 2 ulp of 30,000 random multiples of
# pi/2 (its rarer, longer branch) and the boundaries, against numpy; the double of each binade
# 2^20..2^28 closest to a multiple of pi/2 (benchmarks/gpu/pio2_reduction.py: 2^-59.03 from one at
# 2^23, the closest below 2^28) and its neighbours against mpmath (numpy's sin is 2 ulp off at
# 115689413.36222704); both signs.
CLOSEST = [1698673.2849629424, 3397346.5699258847, 6794693.139851769, 14461176.67027838, 28922353.34055676,
           57844706.68111352, 115689413.36222704, 231378826.72445408, 462757653.44890815]


def around(x, ulps=2):
    """x and its neighbours within ``ulps`` doubles either side."""
    out = [np.asarray(x, dtype=np.float64)]
    for direction in (np.inf, -np.inf):
        v = out[0]
        for _ in range(ulps):
            v = np.nextafter(v, direction)
            out.append(v)
    return np.concatenate([o.ravel() for o in out])


def large_arguments():
    rng = np.random.default_rng(28)
    uniform = 2.0 ** rng.uniform(19.5, 29.0, 300_000)
    multiples = around(rng.integers(2 ** 19, 2 ** 28 / (np.pi / 2), 30_000) * (np.pi / 2))
    bounds = around(np.array([2.0 ** 20, 2.0 ** 28]), 3)
    x = np.concatenate([uniform, multiples, bounds])
    return np.concatenate([x, -x])


HARDEST = np.concatenate([around(np.array(CLOSEST)), -around(np.array(CLOSEST))])


def expected(name, x):
    """numpy's results, but mpmath's (400 bits, rounded once) at the HARDEST arguments."""
    ref = getattr(np, name)(x)
    hard = np.isin(x, HARDEST)
    with mpmath.workprec(400):
        ref[hard] = [float(getattr(mpmath, name)(mpmath.mpf(float(v)))) for v in x[hard]]
    return ref


@pytest.mark.parametrize("name", ["sin", "cos", "tan"])
def test_large_arguments_within_two_ulp(gpu64, name):
    x = np.concatenate([large_arguments(), HARDEST])
    assert np.count_nonzero((np.abs(x) >= 2.0 ** 20) & (np.abs(x) < 2.0 ** 28)) > 500_000
    err = ulp_errors(evaluate(name, [x]), expected(name, x))
    worst = int(np.argmax(err))
    assert err[worst] <= MAX_ULP, (name, x[worst], err[worst])


def test_large_arguments_in_a_fused_chain(gpu64):
    # The same library inside a fused elementwise kernel: three outputs of one chain.
    x = np.concatenate([large_arguments()[::7], HARDEST]).reshape(-1, 1)
    s = Session(device="gpu")
    s.fusion.mode = "gpu"
    s.set("x", x)
    result = s.execute("a = sin(x); b = cos(x) + 0; c = tan(x) .* 1;")
    assert result.error is None, result.error
    assert [w.device for w in s.fusion.reports()] == ["GPU"]
    assert s.fusion.reports()[0].groups[0].kind == "ElementwiseChain"
    for var, name in [("a", "sin"), ("b", "cos"), ("c", "tan")]:
        err = ulp_errors(s.get(var), expected(name, x))
        assert np.max(err) <= MAX_ULP, (var, x.ravel()[int(np.argmax(err))])
