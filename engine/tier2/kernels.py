"""Helpers the generated tier-2 code calls, compiled by numba (imported only once tier 2 compiles).

Each mirrors the interpreter's scalar path exactly (runtime/builtins/elementwise.py: ``_round_scalar``,
``_mod_scalar``, ``_rem_scalar``; vm/frame.py: ``_range_count``) for the arguments the generated code
passes it (builtins.py hands the others back to the interpreter).
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

EPS = 2.0 ** -52
EXACT = 2.0 ** 52
MANY = 2.0 ** 62
FLAGS = {"cache": True, "error_model": "numpy", "nogil": True}


@njit(**FLAGS)
def round_half_away(x: float) -> float:
    if not math.isfinite(x):
        return x
    whole = math.copysign(np.trunc(x), x)
    return whole + math.copysign(1.0, x) if abs(x - whole) >= 0.5 else whole


@njit(**FLAGS)
def signum(x: float) -> float:
    if x > 0.0:
        return 1.0
    if x < 0.0:
        return -1.0
    return 0.0 if x == 0.0 else x


@njit(**FLAGS)
def _division(x: float, y: float, q: float, whole: float, sign: float) -> float:
    if y != np.floor(y):
        nearest = np.round(q)
        if abs(q - nearest) < EPS * abs(nearest):
            return math.copysign(0.0, sign)
    r = x - whole * y
    return r if r != 0.0 else math.copysign(0.0, sign)


@njit(**FLAGS)
def mod(x: float, y: float) -> float:
    if y == 0.0:
        return x
    q = x / y
    return _division(x, y, q, np.floor(q), y)


@njit(**FLAGS)
def rem(x: float, y: float) -> float:
    if y == 0.0:
        return math.nan
    q = x / y
    return _division(x, y, q, np.trunc(q), x)


@njit(**FLAGS)
def whole_int(x: float) -> int:
    """A whole number below 2^52 in magnitude as an integer (0 for anything else, NaN included)."""
    return int(x) if abs(x) < EXACT else 0


@njit(**FLAGS)
def exact_range(start: float, step: float, count: float) -> bool:
    """Whether every value of a range (whole start and step, ``count`` values) and its step are below
    2^52 in magnitude, so that integers follow its values exactly."""
    if count == 0.0:
        return True
    return count < EXACT and abs(start) < EXACT and abs(step) < EXACT and abs(start + (count - 1.0) * step) < EXACT


@njit(**FLAGS)
def count_int(count: float) -> int:
    """A range's number of values as an integer (a count past 2^62, or Inf: 2^62, never reached)."""
    return int(count) if count < MANY else int(MANY)


@njit(**FLAGS)
def range_count(start: float, step: float, stop: float) -> float:
    """How many values start:step:stop has (whole-number start and step): inf for ``1:Inf``."""
    if stop != stop:
        return 0.0
    if math.isinf(stop):
        return math.inf if (stop > 0) == (step > 0) else 0.0
    n = (stop - start) // step + 1.0
    return n if n > 0.0 else 0.0
