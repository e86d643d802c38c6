"""The WGSL f32 math library against numpy's float64 results rounded to single: at most 2 ulp from the
correctly rounded single result, over 40,000 arguments per function across its whole range plus the
special values (benchmarks/gpu/math_accuracy.py measures a million; the table is in docs/gpu.md)."""
import numpy as np
import pytest

from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload
from accel_helpers import flushes_subnormals
from f32_cases import cases, normal
from f64_cases import BINARY, UNARY, ulp_errors

MAX_ULP = 2.0


def evaluate(name, args):
    return gpu_elementwise(name, *[upload(a.reshape(-1, 1)) for a in args]).download().ravel()


@pytest.mark.parametrize("name", list(UNARY) + list(BINARY))
def test_within_two_ulp(gpu, name):
    ref, args = cases(name, 40_000)
    got = evaluate(name, args)
    assert got.dtype == np.float32
    err = ulp_errors(got, ref(*args))
    if flushes_subnormals():
        err = np.where(normal(args, ref(*args)), err, 0.0)
    worst = int(np.argmax(err))
    assert err[worst] <= MAX_ULP, (name, [a[worst] for a in args], got[worst], ref(*args)[worst])


@pytest.mark.parametrize("name, x, expected", [
    ("exp", [-0.0, np.inf, -np.inf, 88.72283, 88.72284, -104.0, 1.0],
     [1.0, np.inf, 0.0, 3.4027985e38, np.inf, 0.0, 2.7182817]),
    ("log", [0.0, -1.0, np.inf, 1.0], [-np.inf, np.nan, np.inf, 0.0]),
    ("log2", [2.0 ** -126, 2.0 ** 127, 1024.0], [-126.0, 127.0, 10.0]),
    ("log10", [1e-10, 1e10, 1000.0], [-10.0, 10.0, 3.0]),
    ("log1p", [-1.0, -2.0, -0.0, 1e-30], [-np.inf, np.nan, -0.0, 1e-30]),
    ("expm1", [-0.0, -np.inf, 1e-30, 100.0], [-0.0, -1.0, 1e-30, np.inf]),
    # 1e22 as a single is 9999999778196308361216; 16367173 * 2^72 is the single closest to a multiple of
    # pi/2 (the reduction must keep ~60 bits).
    ("sin", [-0.0, np.inf, 1e22, 3.4028235e38], [-0.0, np.nan, -0.7340815, -0.5218765]),
    ("cos", [-0.0, 1e22, 16367173.0 * 2.0 ** 72], [1.0, 0.67906135, -1.6147698e-09]),
    ("tan", [-0.0, 1e22], [-0.0, -1.0810239]),
    ("asin", [1.0, -1.0, 1.5], [1.5707964, -1.5707964, np.nan]),
    ("acos", [1.0, -1.0], [0.0, 3.1415927]),
    ("atan", [np.inf, -0.0, np.nan], [1.5707964, -0.0, np.nan]),
    ("sinh", [-0.0, 89.0, 90.0], [-0.0, 2.2448064e38, np.inf]),
    ("cosh", [-np.inf, 89.4], [np.inf, 3.3488627e38]),
    ("tanh", [-0.0, -12.0], [-0.0, -1.0]),
])
def test_special_values(gpu, name, x, expected):
    x = np.array(x, dtype=np.float32)
    got = evaluate(name, [x])
    assert np.max(ulp_errors(got, np.array(expected, dtype=np.float32))) <= 1.0, (got, expected)


@pytest.mark.parametrize("name, x, y, expected", [
    ("power", [np.nan, 2.0, -2.0, -8.0, -0.0, 1.0, -np.inf, 10.0], [0.0, 10.0, 3.0, 1 / 3, -1.0, np.nan, -3.0, -2.0],
     [1.0, 1024.0, -8.0, np.nan, -np.inf, 1.0, -0.0, 0.01]),
    ("atan2", [-0.0, 0.0, 1.0, np.inf], [0.0, -0.0, 0.0, -np.inf], [-0.0, np.pi, np.pi / 2, 3 * np.pi / 4]),
    ("hypot", [3.0, np.inf, 3e38], [4.0, np.nan, 3e38], [5.0, np.inf, np.inf]),
])
def test_binary_special_values(gpu, name, x, y, expected):
    got = evaluate(name, [np.array(x, dtype=np.float32), np.array(y, dtype=np.float32)])
    assert np.max(ulp_errors(got, np.array(expected, dtype=np.float32))) <= 1.0, (got, expected)


@pytest.fixture(params=["f64", "float-float"])
def power_form(request, gpu, monkeypatch):
    """The adapter, for single pow in each of its forms: in f64 on adapters with shader-f64
    (rounded_ops.wgsl's m32_pow_positive) and in f32 arithmetic without (m32_pow_ff), which this
    adapter runs when told it has no f64."""
    if request.param == "float-float":
        monkeypatch.setattr(gpu, "f64", False)
    elif not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    return gpu


def test_power_within_two_ulp_in_both_forms(power_form):
    ref, args = cases("power", 40_000)
    err = ulp_errors(evaluate("power", args), ref(*args))
    if flushes_subnormals():
        err = np.where(normal(args, ref(*args)), err, 0.0)
    worst = int(np.argmax(err))
    assert err[worst] <= MAX_ULP, ([a[worst] for a in args], ref(*args)[worst])


# x^y of a positive (or zero, infinite, NaN) base, the image normalisation's `max(.,0) .^ gamma`, and
# the edges of the f64 form's steps: bases on either side of its split at sqrt(2) and sqrt(2)/2, powers
# of 2 (m = 1), a subnormal y, results near overflow and underflow (w clamped), negative bases with
# integer y. Expected values: mpmath's power at 300 bits rounded to 24 (all equal to numpy's double
# rounded to single).
@pytest.mark.parametrize("x, y, expected", [
    (0.0, 1.8, 0.0), (0.0, -1.8, np.inf), (-0.0, 1.8, 0.0), (np.inf, 1.8, np.inf), (np.inf, -1.8, 0.0),
    (np.nan, 1.8, np.nan), (2.0, 0.0, 1.0), (0.0, 0.0, 1.0), (np.nan, -0.0, 1.0), (1.0, np.nan, 1.0),
    (2.0, 128.0, np.inf), (2.0, -150.0, 0.0), (0.5, 200.0, 0.0), (3.0, -1e30, 0.0), (3.0, 1e30, np.inf),
    (3.0, 1.8, 7.224673748016357), (0.25, -1.8, 12.125731468200684), (1.7, 1.8, 2.599010705947876),
    (7e-5, 1.8, 3.320295149933372e-08), (2.0, 127.99, 3.379313719765504e+38),
    (2.0, -126.0, 1.1754943508222875e-38), (10.0, 38.5, 3.1622777393197084e+38),
    (0.999, -88000.0, 1.7240250987199956e+38), (1.0000001, -4e8, 1.9553592445376743e-21),
    (0.5, -127.5, 2.406159650500376e+38), (65504.0, 7.9, 1.1181916535119286e+38),
    (1.5e-38, 0.999, 1.6364950610441766e-38),
    (1.4142134189605713, -37.5, 2.2682411326968577e-06), (1.4142135381698608, -37.5, 2.268234084112919e-06),
    (0.7071067690849304, 1.8, 0.5358867049217224), (0.7071067094802856, 1.8, 0.5358866453170776),
    (1.4142135381698608, 255.0, 2.406149103647382e+38), (0.7071067094802856, -255.0, 2.4062219174978592e+38),
    (0.5, 3.7, 0.07694652676582336), (2.0 ** 100, 1.25, 4.253529586511731e+37),
    (2.0 ** -100, -1.27, 1.701409603539636e+38), (4.0, 63.5, 1.7014118346046923e+38),
    (2.0, 127.99999237060547, 3.4028056178648374e+38), (3.0, 1e-45, 1.0), (1.0000001, 1e9, np.inf),
    (0.99999994, 1e9, 1.300262173743492e-26), (1.0000001, 743708.0, 1.0927057266235352),
    (1.0000001, 743709.0, 1.0927058458328247), (-1.5, 7.0, -17.0859375), (-3.0, -5.0, -0.004115226212888956),
    (-2.0, 127.0, -1.7014118346046923e+38), (-2.0, 128.0, np.inf), (-2.0, 129.0, -np.inf),
    (-1.0000001, 16777215.0, -7.389054298400879), (-0.75, -300.0, 3.031244651843989e+37),
])
def test_power_of_a_positive_base(power_form, x, y, expected):
    got = evaluate("power", [np.array([x], dtype=np.float32), np.array([y], dtype=np.float32)])
    assert np.max(ulp_errors(got, np.array([expected], dtype=np.float32))) <= 1.0, (x, y, got, expected)


@pytest.mark.parametrize("name, args, expected", [
    ("exp", [[-103.27893, -87.5]], [1.4e-45, 9.982351e-39]),
    ("power", [[2.0, 1e-40, 1e-45], [-149.0, 0.5, -0.5]], [1.4e-45, 9.999973025467516e-21, 2.671373844909537e+22]),
    # subnormal bases (normalised by their leading zeros in the f64 form) and results; mpmath as above
    ("power", [[1e-40, 1e-40, 2.0 ** -149, 3e-39, 1e-45, 2.0, 2.0, 2.0, -0.5, 0.9],
               [1.8, -0.9, -0.85, -0.9, 1e-45, -149.5, -150.5, -126.5, 149.0, 900.0]],
     [0.0, 1.0000026554478417e+36, 1.3349039267004498e+38, 4.683708505259042e+34, 1.0, 1.401298464324817e-45,
      0.0, 8.312000825524587e-39, -1.401298464324817e-45, 6.580497588469341e-42]),
    ("log", [[1.4e-45, 1e-40]], [-103.27893, -92.10341]),
    ("log2", [[2.0 ** -149]], [-149.0]),
    ("atan2", [[1e-30], [1e10]], [1e-40]),
    ("hypot", [[1e-45], [1e-45]], [1.4e-45]),
])
def test_subnormals(gpu, name, args, expected):
    """Subnormal arguments and results, where the adapter keeps them (lavapipe does)."""
    if flushes_subnormals():
        pytest.skip("the adapter flushes single subnormals to zero")
    got = evaluate(name, [np.array(a, dtype=np.float32) for a in args])
    assert np.max(ulp_errors(got, np.array(expected, dtype=np.float32))) <= 1.0, (got, expected)
