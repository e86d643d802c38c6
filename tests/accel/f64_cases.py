"""Arguments and references for the f64 math library tests (and benchmarks/gpu/math_accuracy.py).

Each case is (numpy reference, argument arrays): about a million arguments per function, log-uniform
magnitudes over the function's whole domain, both signs, plus special values (zeros, infinities, NaN,
subnormals, overflow and underflow thresholds).
"""
import numpy as np

N = 1_000_000
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 5e-324, -5e-324,
                    2.2250738585072014e-308, 1e-310, 1.7976931348623157e308, -1.7976931348623157e308,
                    709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412,
                    710.4758600739439, 1e-300, np.pi / 4, np.pi / 2, np.pi, 1e22, 2.0 ** 1023, 1e9])


def _logu(rng, n, lo, hi, signed=True):
    mag = 10.0 ** rng.uniform(lo, hi, n)
    return mag * rng.choice([-1.0, 1.0], n) if signed else mag


def unary_cases(name):
    rng = np.random.default_rng(abs(hash(name)) % 2**32 if False else sum(map(ord, name)))
    q = N // 4
    gen = {
        "exp": lambda: [_logu(rng, 3 * q, -300, 2.86), rng.uniform(-745.2, 709.8, q)],
        "expm1": lambda: [_logu(rng, 3 * q, -300, 2.86), rng.uniform(-40, 40, q)],
        "log": lambda: [_logu(rng, 3 * q, -308, 308, False), 1 + _logu(rng, q, -16, -1)],
        "log2": lambda: [_logu(rng, 3 * q, -308, 308, False), 1 + _logu(rng, q, -16, -1)],
        "log10": lambda: [_logu(rng, 3 * q, -308, 308, False), 1 + _logu(rng, q, -16, -1)],
        "log1p": lambda: [_logu(rng, 2 * q, -308, 308, False), -_logu(rng, 2 * q, -308, 0, False) * 0.9999],
        "sin": lambda: [_logu(rng, 2 * q, -10, 9), rng.uniform(-1e9, 1e9, q), _logu(rng, q, 9, 308)],
        "cos": lambda: [_logu(rng, 2 * q, -10, 9), rng.uniform(-1e9, 1e9, q), _logu(rng, q, 9, 308)],
        "tan": lambda: [_logu(rng, 2 * q, -10, 9), rng.uniform(-1e9, 1e9, q), _logu(rng, q, 9, 308)],
        "asin": lambda: [_logu(rng, 2 * q, -308, 0), rng.uniform(-1, 1, 2 * q)],
        "acos": lambda: [_logu(rng, 2 * q, -308, 0), rng.uniform(-1, 1, 2 * q)],
        "atan": lambda: [_logu(rng, 4 * q, -308, 308)],
        "sinh": lambda: [_logu(rng, 3 * q, -308, 2.852), rng.uniform(-3, 3, q)],
        "cosh": lambda: [_logu(rng, 3 * q, -308, 2.852), rng.uniform(-3, 3, q)],
        "tanh": lambda: [_logu(rng, 3 * q, -308, 1.5), rng.uniform(-3, 3, q)],
    }[name]
    return np.concatenate(gen() + [SPECIAL])


def power_cases():
    rng = np.random.default_rng(7)
    q = N // 4
    x = _logu(rng, 2 * q, -300, 300, False)
    y = rng.uniform(-1, 1, 2 * q) * 700 / np.abs(np.log(x))          # results span the whole range
    xi = -_logu(rng, q, -3, 3, False)                                    # negative base, integer power
    yi = np.round(rng.uniform(-100, 100, q))
    xn = 1 + _logu(rng, q, -15, -3)                                      # base near 1, large powers
    yn = rng.uniform(-1, 1, q) * 700 / np.abs(np.log(xn))
    sx, sy = np.meshgrid(SPECIAL, np.array([0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 3.0, -3.0, 2.5, np.inf,
                                            -np.inf, np.nan, 1e300, -1e300]))
    return np.concatenate([x, xi, xn, sx.ravel()]), np.concatenate([y, yi, yn, sy.ravel()])


def binary_cases(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    a, b = _logu(rng, N, -308, 308), _logu(rng, N, -308, 308)
    sa, sb = np.meshgrid(SPECIAL, SPECIAL)
    return np.concatenate([a, sa.ravel()]), np.concatenate([b, sb.ravel()])


UNARY = {"exp": np.exp, "expm1": np.expm1, "log": np.log, "log1p": np.log1p, "log2": np.log2,
         "log10": np.log10, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin,
         "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh}
BINARY = {"power": np.power, "atan2": np.arctan2, "hypot": np.hypot}


def cases(name):
    """(reference function, list of argument arrays) for an elementwise op name."""
    if name in UNARY:
        return UNARY[name], [unary_cases(name)]
    if name == "power":
        return np.power, list(power_cases())
    return BINARY[name], list(binary_cases(name))


def ulp_errors(got, ref):
    """Error of each result in units of the last place of the reference (numpy.spacing); a NaN where
    the reference is not NaN, a wrong infinity or a wrong sign of zero count as infinite error."""
    got, ref = np.asarray(got), np.asarray(ref)
    with np.errstate(all="ignore"):
        spacing = np.spacing(np.abs(ref)).astype(np.float64)       # in ulps of the reference's type
        err = np.abs(got.astype(np.float64) - ref.astype(np.float64)) / spacing
    same = (got == ref) & (np.signbit(got) == np.signbit(ref)) | (np.isnan(got) & np.isnan(ref))
    err = np.where(same, 0.0, err)
    return np.where(np.isfinite(ref) & np.isfinite(got) | same, err, np.inf)
