"""The table and polynomial of the f64 library's table-driven logarithm (``m64_log_sum`` in
engine/accel/wgsl/f64_math.wgsl, which ``pow`` uses): prints the table's rows as engine/accel/log_table.py
holds them and Q's constants as the library holds them.

    python3 benchmarks/gpu/log_table.py

x = 2^k z with z in [0.7057, 1.4115) (the high word of x less OFFSET_HI: its top 12 bits are k, the
next 7 the interval i of z). Each interval has a c whose reciprocal ``invc`` has at most 9 significant
bits (a multiple of 2^-8 above 1, of 2^-9 below), so ``zhi * invc`` is exact for a ``zhi`` of 21
bits and ``r = z / c - 1`` is formed without rounding but for the product of z's low part; the two
intervals around 1 take c = 1, so a logarithm near 0 is ``r`` itself and never a cancellation.
``ln c`` is held as ``logc_hi`` (a multiple of 2^-43, so ``k ln2_hi + logc_hi`` is exact with the
library's 42-bit ``M64_LN2_HI``) and ``logc_lo`` (ln c - logc_hi rounded, within 2^-97). Then
``ln(1 + r) = r - r^2/2 + r^3 Q(r)`` with Q a polynomial of degree 5 fitted on |r| <= RMAX
(Chebyshev, 60 digits, coefficients rounded to double: below 2^-68 relative to ln(1 + r)).
The table is a read-only storage buffer that the provider makes once per device (group 1 of the
kernels that reach it): a private variable with an initializer made the H100's fused image pixel pass
2-3 times as slow, and naga copies a const array into a function variable wherever it is indexed at
run time (pow took 3.5 times as long on lavapipe). tests/accel/test_log_table.py checks that the
library's rows and constants are this script's.
"""
from __future__ import annotations

import struct

import mpmath as mp

OFFSET_HI = 0x3fe69555        # 1.0's high word less 75 intervals and a third: 1 lies a third into interval 75
INTERVALS = 128
UNIT = (74, 75)               # the intervals around 1, where c = 1
DEGREE = 5


def high_word_value(top: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", top << 32))[0]


def reciprocals() -> list[float]:
    """invc of each interval: 1/c for c near its middle, rounded to 9 significant bits."""
    out = []
    for i in range(INTERVALS):
        lo = high_word_value(OFFSET_HI + i * 8192)
        hi = high_word_value(OFFSET_HI + (i + 1) * 8192)
        middle = (lo + hi) / 2
        out.append(1.0 if i in UNIT else round(512 / middle) / 512 if middle > 1 else round(256 / middle) / 256)
    return out


def rmax(invc: list[float]) -> float:
    """The largest |z invc - 1| over every interval."""
    worst = 0.0
    for i, c in enumerate(invc):
        for top in (OFFSET_HI + i * 8192, OFFSET_HI + (i + 1) * 8192):
            worst = max(worst, abs(high_word_value(top) * c - 1))
    return worst


def table() -> list[tuple[float, float, float]]:
    """(invc, logc_hi, logc_lo) per interval; logc = ln c = -ln(invc)."""
    rows = []
    with mp.workprec(300):
        for c in reciprocals():
            logc = -mp.log(mp.mpf(c))
            hi = float(mp.nint(logc * 2 ** 43) / 2 ** 43)
            rows.append((c, hi, float(logc - hi)))
    return rows


def series() -> list[float]:
    """Q's coefficients, constant first: (ln(1 + r) - r + r^2/2) / r^3 on |r| <= rmax."""
    with mp.workdps(60):
        a = mp.mpf(rmax(reciprocals()))

        def q(r):
            return mp.mpf(1) / 3 - r / 4 if abs(r) < mp.mpf(10) ** -25 else (mp.log1p(r) - r + r * r / 2) / r ** 3

        coefficients = mp.chebyfit(q, [-a, a], DEGREE + 1)
        return [float(c) for c in reversed(coefficients)]


def rows() -> str:
    """The table as engine/accel/log_table.py's ROWS."""
    return "ROWS = (\n" + "".join(f"    ({c!r}, {hi!r}, {lo!r}),\n" for c, hi, lo in table()) + ")"


def wgsl() -> str:
    """Q's constants as f64_math.wgsl declares them."""
    return "\n".join(f"const M64_LOG_Q{j}: f64 = {c!r};" for j, c in enumerate(series()))


if __name__ == "__main__":
    print(f"# |r| <= {rmax(reciprocals())!r}")
    print(rows())
    print(wgsl())
