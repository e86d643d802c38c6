"""Arguments and references for the f32 math library tests (and benchmarks/gpu/f32_accuracy.py).

Each case is (reference, argument arrays of float32): log-uniform magnitudes over the function's whole
single-precision domain, both signs, a dense uniform stretch where the function changes most, and the
special values (zeros, infinities, NaN, subnormals, overflow and underflow thresholds, huge trig
arguments). The reference is numpy's float64 function rounded once to float32: the correctly rounded
single result except in the rare case where a double lands within 2^-29 ulp of a midpoint.
"""
import numpy as np

from f64_cases import BINARY, UNARY, _logu

F32 = np.finfo(np.float32)
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-45, -1e-45,
                    F32.tiny, 1e-40, F32.max, -F32.max, 88.72283, 88.72284, -87.33654, -103.27893,
                    -103.97208, 89.41598, 1e-30, np.pi / 4, np.pi / 2, np.pi, 1e22, 2.0 ** 127, 1e9,
                    2047.99, 2048.0, 252.8982, 16367173.0 * 2.0 ** 72], dtype=np.float32)


def unary_cases(name, n):
    rng = np.random.default_rng(sum(map(ord, name)))
    q = n // 4
    gen = {
        "exp": lambda: [_logu(rng, 3 * q, -45, 1.95), rng.uniform(-103.9, 88.7, q)],
        "expm1": lambda: [_logu(rng, 3 * q, -45, 1.95), rng.uniform(-20, 20, q)],
        "log": lambda: [_logu(rng, 3 * q, -45, 38.5, False), 1 + _logu(rng, q, -7, -1)],
        "log2": lambda: [_logu(rng, 3 * q, -45, 38.5, False), 1 + _logu(rng, q, -7, -1)],
        "log10": lambda: [_logu(rng, 3 * q, -45, 38.5, False), 1 + _logu(rng, q, -7, -1)],
        "log1p": lambda: [_logu(rng, 2 * q, -45, 38.5, False), -_logu(rng, 2 * q, -45, 0, False) * 0.9999],
        "sin": lambda: [_logu(rng, 2 * q, -6, 4), rng.uniform(-4000, 4000, q), _logu(rng, q, 4, 38.5)],
        "cos": lambda: [_logu(rng, 2 * q, -6, 4), rng.uniform(-4000, 4000, q), _logu(rng, q, 4, 38.5)],
        "tan": lambda: [_logu(rng, 2 * q, -6, 4), rng.uniform(-4000, 4000, q), _logu(rng, q, 4, 38.5)],
        "asin": lambda: [_logu(rng, 2 * q, -45, 0), rng.uniform(-1, 1, 2 * q)],
        "acos": lambda: [_logu(rng, 2 * q, -45, 0), rng.uniform(-1, 1, 2 * q)],
        "atan": lambda: [_logu(rng, 4 * q, -45, 38.5)],
        "sinh": lambda: [_logu(rng, 3 * q, -45, 1.955), rng.uniform(-3, 3, q)],
        "cosh": lambda: [_logu(rng, 3 * q, -45, 1.955), rng.uniform(-3, 3, q)],
        "tanh": lambda: [_logu(rng, 3 * q, -45, 1.2), rng.uniform(-3, 3, q)],
    }[name]
    with np.errstate(over="ignore"):
        return np.concatenate([g.astype(np.float32) for g in gen()] + [SPECIAL])


def power_cases(n):
    rng = np.random.default_rng(7)
    q = n // 4
    x = _logu(rng, 2 * q, -37, 38, False).astype(np.float32)
    y = (rng.uniform(-1, 1, 2 * q) * 87 / np.abs(np.log(x.astype(np.float64)))).astype(np.float32)
    xi = -_logu(rng, q, -2, 2, False).astype(np.float32)                 # negative base, integer power
    yi = np.round(rng.uniform(-20, 20, q)).astype(np.float32)
    xn = (1 + _logu(rng, q, -6.5, -2)).astype(np.float32)                # base near 1, large powers
    yn = (rng.uniform(-1, 1, q) * 87 / np.abs(np.log(xn.astype(np.float64)))).astype(np.float32)
    sx, sy = np.meshgrid(SPECIAL, np.array([0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 3.0, -3.0, 2.5, np.inf,
                                            -np.inf, np.nan, 1e30, -1e30], dtype=np.float32))
    return np.concatenate([x, xi, xn, sx.ravel()]), np.concatenate([y, yi, yn, sy.ravel()])


def binary_cases(name, n):
    rng = np.random.default_rng(sum(map(ord, name)))
    with np.errstate(over="ignore"):
        a, b = (_logu(rng, n, -45, 38.5).astype(np.float32) for _ in "ab")
    sa, sb = np.meshgrid(SPECIAL, SPECIAL)
    return np.concatenate([a, sa.ravel()]), np.concatenate([b, sb.ravel()])


def rounded(fn):
    """numpy's float64 function of float32 arguments, rounded once to float32."""
    def reference(*args):
        with np.errstate(all="ignore"):
            return fn(*[a.astype(np.float64) for a in args]).astype(np.float32)
    return reference


def cases(name, n=1_000_000):
    """(reference function, list of float32 argument arrays) for an elementwise op name."""
    if name in UNARY:
        return rounded(UNARY[name]), [unary_cases(name, n)]
    if name == "power":
        return rounded(np.power), list(power_cases(n))
    return rounded(BINARY[name]), list(binary_cases(name, n))


def normal(args, ref):
    """Where neither an argument nor the reference is subnormal: adapters that flush single subnormals
    to zero (NVIDIA's Vulkan driver does, in every f32 operation) are held to the bound there only."""
    def kept(v):
        return ~((v != 0) & (np.abs(v) < F32.tiny))
    return np.all([kept(a) for a in args] + [kept(ref)], axis=0)
