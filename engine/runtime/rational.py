"""Rational approximation by continued fractions, as MATLAB's rat and rats compute it; ``format rat``
displays numbers with the same text as rats (engine/runtime/display/numeric.py).

    continued_fraction(x, tol) -> (terms, N, D)    expand x until abs(x - N/D) < tol
    rats_tolerance(arr, strlen) -> tol             the tolerance rats uses for a whole array
    rats_field(x, tol, strlen) -> str              one element's N/D text, centered in strlen+1 columns
"""
from __future__ import annotations

import math

import numpy as np

RATS_LENGTH = 13         # rats' default strlen, and the one format rat uses


def _round_away(x: float) -> int:
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def continued_fraction(x: float, tol: float) -> tuple[list[float], float, float]:
    """The terms of x's continued fraction (nearest-integer form) until N/D is within tol of x
    (NaN: no terms, N/D = NaN/1). A remainder too small to invert (a subnormal x) ends the expansion
    with an infinite term, which leaves N/D as it was: rat(1e-320) is '0 + 1/Inf', 0/1."""
    if math.isnan(x):
        return [], math.nan, 1.0
    terms = [_round_away(x)]
    num, den, last_num, last_den = float(terms[0]), 1.0, 1.0, 0.0
    frac = x - terms[0]
    while x != 0 and abs(x - num / den) >= tol and frac != 0:
        flip = 1 / frac
        if math.isinf(flip):
            terms.append(flip)
            break
        step = _round_away(flip)
        terms.append(step)
        frac = flip - step
        num, den, last_num, last_den = num * step + last_num, den * step + last_den, num, den
    return terms, num, den


def rats_tolerance(arr: np.ndarray, strlen: int = RATS_LENGTH) -> float:
    """min(10^(-(strlen-1)/2) * norm(X(isfinite(X)), 1), 0.1): one tolerance for every element."""
    finite = arr[np.isfinite(arr)]
    return min(10 ** (-(strlen - 1) / 2) * float(np.abs(finite).sum()), 0.1)


def rats_field(value: float, tol: float, strlen: int = RATS_LENGTH) -> str:
    """One element as rats writes it: N/D (N alone when D is 1; Inf, -Inf, NaN), '*' when that does
    not fit in strlen characters, centered in strlen+1 columns (the extra space on the left, as
    MATLAB's '    355/113   ')."""
    if math.isnan(value):
        text = "NaN"
    elif math.isinf(value):
        text = "Inf" if value > 0 else "-Inf"
    else:
        _, num, den = continued_fraction(value, tol)
        num, den = int(num * math.copysign(1, den)), int(abs(den))
        text = f"{num}" if den == 1 else f"{num}/{den}"
    if len(text) > strlen:
        text = "*"
    pad = strlen + 1 - len(text)
    return " " * ((pad + 1) // 2) + text + " " * (pad // 2)
