"""Check f32_math.wgsl's reduction of sin/cos/tan arguments below 50 (m32_reduce) in a numpy emulation
of its single operations, for every single of (pi/4, 50):

    python3 benchmarks/gpu/reduce32_check.py

q = round(ax 2/pi) (both as the library forms it, a rounded product plus 1.5 * 2^23, and correctly
rounded, as where the product and the sum contract into an fma); ax - q A and then - q B must be exact,
- q C exact as a float-float by the fast two-sum, and y (the high part plus the low part less q D) is
compared with ax - q pi/2 from the parts of pi/2 in float64 and mpmath's remainder. Prints the largest
relative error of y. The constants are read from the library.
"""
import re
from pathlib import Path

import mpmath
import numpy as np

LIBRARY = (Path(__file__).resolve().parents[2] / "engine/accel/wgsl/f32_math.wgsl").read_text()


def constant(name: str) -> np.float32:
    return np.float32(float(re.search(rf"const {name}: f32 = ([0-9.e+-]+);", LIBRARY).group(1)))


def main() -> None:
    a, b, c, d = (constant(f"M32_PIO2_{p}") for p in "ABCD")
    two_over_pi, rounder = constant("M32_TWO_OVER_PI"), constant("M32_ROUNDER")
    mpmath.mp.prec = 200
    rest = mpmath.pi / 2 - sum(mpmath.mpf(float(p)) for p in (a, b, c))
    rest_hi = float(rest)
    rest_lo = float(rest - rest_hi)
    first = int(np.float32(np.pi / 4).view(np.uint32)) + 1
    last = int(np.float32(50.0).view(np.uint32))
    worst = 0.0
    for start in range(first, last, 1 << 22):
        ax = np.arange(start, min(start + (1 << 22), last), dtype=np.uint32).view(np.float32)
        for q in ((ax * two_over_pi + rounder) - rounder,
                  np.round(ax.astype(np.float64) * float(two_over_pi)).astype(np.float32)):
            qd = q.astype(np.float64)
            y1 = ax - q * a
            assert np.array_equal(y1.astype(np.float64), ax.astype(np.float64) - qd * float(a))
            y2 = y1 - q * b
            assert np.array_equal(y2.astype(np.float64), y1.astype(np.float64) - qd * float(b))
            t = q * c
            assert np.array_equal(t.astype(np.float64), qd * float(c))
            y3 = y2 - t
            e = -t - (y3 - y2)
            exact = y2.astype(np.float64) - t.astype(np.float64)
            assert np.array_equal(y3.astype(np.float64) + e.astype(np.float64), exact), "fast two-sum"
            low = e - q * d
            y = exact - qd * rest_hi - qd * rest_lo
            worst = max(worst, float(np.max(np.abs(y3.astype(np.float64) + low.astype(np.float64) - y) / np.abs(y))))
    print(f"every single of (pi/4, 50): exact steps, y within 2^{np.log2(worst):.1f} relative")


if __name__ == "__main__":
    main()
