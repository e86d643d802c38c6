"""The constants and the error analysis of the f64 library's reduction of 2^20 <= x < 2^28 modulo pi/2
(``m64_reduce_large`` in engine/accel/wgsl/f64_math.wgsl): prints pi/2's parts on the library's grid and,
for every binade, the double closest to a multiple of pi/2.

    python3 benchmarks/gpu/pio2_reduction.py [--binades 0 32] [--model 100000]

Parts: pi/2 rounded to a multiple of 2^-24, the remainder rounded to a multiple of 2^-49, and so on
(GRID); each has at most 25 significant bits, so its product with a quadrant q < 2^28 is exact.

Closest doubles: a double of binade 2^e is x = m 2^(e-52) with 2^52 <= m < 2^53, and x - q pi/2 =
2^(e-52) (m - q a) with a = pi/2 2^(52-e), so the question is the smallest |q a - m| over the q whose
nearest m has 53 bits. The convergents p/q of a's continued fraction are the best approximations:
for every q below the next convergent's denominator, |q a - p| is at least the last convergent's
(Lagrange), which bounds the binade from below; candidates (the semiconvergents between consecutive
convergents and the first multiple of each convergent within the binade) give the closest double
found. Where the last convergent itself lies in the binade, the two agree and the double is the
closest there is. All in exact rational arithmetic (pi from mpmath at 800 bits).

Model: ``reduce_model`` is m64_reduce_large's arithmetic in Python doubles (IEEE, rounded to nearest,
no contraction), and ``--model N`` reports the largest relative error of its double-double result
against the exact x - q pi/2 over N random doubles of [2^20, 2^28), the doubles within 2 ulp of N
random multiples of pi/2 there, and the closest doubles above.
tests/accel/test_pio2_reduction.py checks the library's constants and the worst case below 2^28
against this script, and tests/accel/test_f64_math.py evaluates sin, cos and tan at these doubles.
"""
from __future__ import annotations

import argparse
import functools
import math
from fractions import Fraction
from typing import NamedTuple

import mpmath as mp

GRID = (24, 49, 74, 99)       # part k is a multiple of 2^-GRID[k]


@functools.cache
def pio2() -> Fraction:
    with mp.workprec(800):
        v = mp.pi / 2
        return Fraction(int(v.man)) * Fraction(2) ** int(v.exp)


@functools.cache
def parts() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """pi/2's parts on GRID (exact doubles) and the double nearest the remainder after each."""
    rem, out, tails = pio2(), [], []
    for g in GRID:
        p = Fraction(round(rem * 2 ** g), 2 ** g)
        assert Fraction(float(p)) == p and abs(p * 2 ** g).numerator < 2 ** 25
        out.append(float(p))
        rem -= p
        tails.append(float(rem))
    return tuple(out), tuple(tails)


def log2(v: Fraction) -> float:
    return math.log2(v.numerator) - math.log2(v.denominator)


class Closest(NamedTuple):
    x: float             # the double of the binade found closest to a multiple of pi/2
    q: int               # that multiple
    log2_distance: float    # log2 |x - q pi/2|
    log2_bound: float       # no double of the binade lies closer than 2^log2_bound


def closest(e: int) -> Closest:
    """The double in [2^e, 2^(e+1)) closest to a multiple of pi/2 that the candidates find, and the
    lower bound for the binade."""
    half_pi = pio2()
    a = half_pi * Fraction(2) ** (52 - e)
    qlo, qhi = Fraction(2 ** 52) / a, Fraction(2 ** 53) / a
    terms, v = [], a
    dens = [0, 1]                                  # q_{-1}, q_0
    while dens[-1] < qhi:
        t = math.floor(v)
        terms.append(t)
        if len(terms) > 1:
            dens.append(t * dens[-1] + dens[-2])
        v = 1 / (v - t)
    below = [d for d in dens[1:] if d < qhi]       # the last is the bound's convergent
    bound = abs(below[-1] * a - round(below[-1] * a))
    candidates = set()
    for i in range(1, len(dens) - 1):
        for t in range(terms[i] + 1):              # semiconvergents t q_i + q_(i-1)
            candidates.add(t * dens[i] + dens[i - 1])
        candidates.add(dens[i] * max(1, math.ceil(qlo / dens[i])))
    best = None
    for q in candidates:
        m = round(q * a)
        if 2 ** 52 <= m < 2 ** 53 and (best is None or abs(q * a - m) < best[0]):
            best = (abs(q * a - m), q, m)
    d, q, m = best
    scale = Fraction(2) ** (e - 52)
    return Closest(float(m * scale), q, log2(d * scale), log2(bound * scale))


ROUNDER = 6755399441055744.0       # 1.5 * 2^52: t + ROUNDER - ROUNDER is t rounded to an integer


def two_sum(a: float, b: float) -> tuple[float, float]:
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def reduce_model(ax: float) -> tuple[float, float, int]:
    """m64_reduce_large: (y high, y low, q) for 2^20 <= ax < 2^28."""
    (g1, g2, g3, g4), (_, t2, _, t4) = parts()
    q = (ax * 0.6366197723675814 + ROUNDER) - ROUNDER
    r = (ax - q * g1) - q * g2
    w = q * t2
    y = r - w
    if abs(y) >= 2.0 ** -10:
        return y, (r - y) - w, int(q)
    s, e = two_sum(r, -(q * g3))
    u, f = two_sum(s, -(q * g4))
    lo = (e + f) - q * t4
    hi = u + lo
    return hi, lo - (hi - u), int(q)


def model_error(x: float) -> float:
    """log2 of the relative error of reduce_model(x)."""
    hi, lo, q = reduce_model(x)
    exact = Fraction(x) - q * pio2()
    return log2(abs(Fraction(hi) + Fraction(lo) - exact) / abs(exact)) if Fraction(hi) + Fraction(lo) != exact \
        else -math.inf


def model_arguments(n: int, seed: int = 1) -> list[float]:
    import random
    rng = random.Random(seed)
    out = [closest(e).x for e in range(20, 28)]
    out += [math.ldexp(1 + rng.random(), rng.randint(20, 27)) for _ in range(n)]
    for _ in range(n):
        near = rng.randint(667544, 170891318) * (math.pi / 2)
        out += [near + k * math.ulp(near) for k in range(-2, 3) if near + k * math.ulp(near) < 2.0 ** 28]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binades", type=int, nargs=2, default=(0, 32), metavar=("FIRST", "END"))
    ap.add_argument("--model", type=int, default=0, metavar="N", help="check reduce_model on N arguments")
    args = ap.parse_args()
    names = ("M64_PIO2_G1", "M64_PIO2_G2", "M64_PIO2_G3", "M64_PIO2_G4")
    ps, tails = parts()
    for name, p, g, t in zip(names, ps, GRID, tails):
        print(f"const {name}: f64 = {p!r};   // multiple of 2^-{g}; remainder {t!r} (2^{math.log2(abs(t)):.2f})")
    print("| binade | closest double | q | log2 distance | lower bound |")
    for e in range(*args.binades):
        c = closest(e)
        print(f"| 2^{e} | {c.x!r} | {c.q} | {c.log2_distance:.2f} | {c.log2_bound:.2f} |")
    if args.model:
        xs = model_arguments(args.model)
        worst = max(xs, key=model_error)
        print(f"reduce_model: {len(xs)} arguments, largest relative error 2^{model_error(worst):.2f} at {worst!r}")


if __name__ == "__main__":
    main()
