"""The two polynomials of single pow's f64 core (``m32_pow_positive`` in engine/accel/wgsl/rounded_ops.wgsl):
prints their constants as the library declares them and each one's relative error.

    python3 benchmarks/gpu/pow32_poly.py

A single result within 1 ulp needs 2^(y log2|x|) to about 2^-26 relative before its one rounding, not
to double's 2^-53, so both polynomials are as short as that allows with a margin: within 2^-28.9 in
all, so every result is correctly rounded but within 2^-4.9 ulp of a midpoint (the error budget is the
comment above ``m32_pow_positive``; one term less in each gives 2^-28.4 and 2^-28.6, and the
logarithm's error times |w| up to 150 would then reach 2^-21.2, not within 1 ulp):
- **log2**: ``log2 m = log2((1 + s)/(1 - s)) = s (2/ln 2 + z P(z))`` with ``s = (m - 1)/(m + 1)``,
  ``z = s^2`` and m in [sqrt(2)/2, sqrt(2)) (so ``|s| <= 0.1716``); P of degree LOG_DEGREE (4
  coefficients: within 2^-35.8 of log2 m, relative).
- **exp2**: ``2^r`` for ``|r| <= 1/2`` by a polynomial of degree EXP_DEGREE (within 2^-34.1).
Both are Chebyshev fits at 50 digits (near minimax), rounded to double; ``errors()`` measures the
rounded polynomials (and 2/ln 2 rounded) against mpmath on 4,000 points of each interval. tests/accel/test_pow32_poly.py
checks that the library holds these constants and that the errors stay within the budget.
"""
from __future__ import annotations

import math

import mpmath as mp

LOG_DEGREE = 3
EXP_DEGREE = 7
S_MAX = 0.17158          # (sqrt(2) - 1) / (sqrt(2) + 1) = 0.171573 and a margin for the split's rounding
R_MAX = 0.5              # r = w - round(w), exact


def _log_p(z):
    """P(z) = (log2((1 + s)/(1 - s)) / s - 2/ln 2) / z for z = s^2."""
    if z < mp.mpf(10) ** -30:
        return (mp.mpf(2) / 3 + 2 * z / 5) / mp.log(2)
    s = mp.sqrt(z)
    return (mp.log((1 + s) / (1 - s)) / s - 2) / z / mp.log(2)


def two_over_ln2() -> float:
    return float(2 / mp.log(2))


def log_series() -> list[float]:
    """P's coefficients, highest degree first (the order of Horner's steps)."""
    with mp.workdps(50):
        return [float(c) for c in mp.chebyfit(_log_p, [0, mp.mpf(S_MAX) ** 2], LOG_DEGREE + 1)]


def exp_series() -> list[float]:
    """2^r's coefficients, highest degree first."""
    with mp.workdps(50):
        return [float(c) for c in mp.chebyfit(lambda r: mp.power(2, r), [-R_MAX, R_MAX], EXP_DEGREE + 1)]


def _horner(coefficients, x):
    p = mp.mpf(0)
    for c in coefficients:
        p = p * x + mp.mpf(c)
    return p


def errors(points: int = 4000) -> tuple[float, float]:
    """log2 of the largest relative error of s (2/ln 2 + z P(z)) against log2 m, and of the exp2
    polynomial against 2^r, with the double coefficients (exact arithmetic otherwise)."""
    p, e, c = log_series(), exp_series(), two_over_ln2()
    worst_log = worst_exp = 0.0
    with mp.workdps(40):
        for j in range(1, points + 1):
            s = mp.mpf(S_MAX) * j / points
            for t in (s, -s):
                approx = t * (c + t * t * _horner(p, t * t))
                worst_log = max(worst_log, float(abs(approx / mp.log((1 + t) / (1 - t), 2) - 1)))
        for j in range(-points, points + 1):
            r = mp.mpf(R_MAX) * j / points
            worst_exp = max(worst_exp, float(abs(_horner(e, r) / mp.power(2, r) - 1)))
    return math.log2(worst_log), math.log2(worst_exp)


def wgsl() -> str:
    """The constants as rounded_ops.wgsl declares them, named by the power of z or r they multiply."""
    lines = [f"const M32_POW_TWO_OVER_LN2: f64 = {two_over_ln2()!r};"]
    lines += [f"const M32_POW_LOG{LOG_DEGREE - j}: f64 = {c!r};" for j, c in enumerate(log_series())]
    lines += [f"const M32_POW_EXP{EXP_DEGREE - j}: f64 = {c!r};" for j, c in enumerate(exp_series())]
    return "\n".join(lines)


if __name__ == "__main__":
    print(wgsl())
    log_error, exp_error = errors()
    print(f"// log2: 2^{log_error:.2f} relative, exp2: 2^{exp_error:.2f} relative")
