"""The scalar-loop workloads written in numba by hand (the yardstick for tier 2): each function is the
.m file of the same name as a Python loop over floats, compiled with @njit, returning the checksum."""
from __future__ import annotations

import math

import numpy as np
from numba import njit


@njit(error_model="numpy")
def loop_scalar() -> float:
    s = 0.0
    for k in range(1, 1_000_001):
        i = float(k)
        t = i * 0.5 + 3.0
        if i % 3.0 == 0.0:
            s = s + t
        else:
            s = s - 1.0
    return s


@njit(error_model="numpy")
def loop_mod() -> float:
    s = 0.0
    for k in range(1, 1_000_001):
        s = s + (float(k) % 7.0) * 0.5
        if s > 1e9:
            s = 0.0
    return s


@njit(error_model="numpy")
def loop_arith() -> float:
    s = 0.0
    for k in range(1, 1_000_001):
        i = float(k)
        t = i * 0.5 + 3.0
        if t - i / 4.0 > 100.0:
            s = s + t
        else:
            s = s - 1.0
    return s


@njit(error_model="numpy")
def fill_matrix() -> float:
    n = 300
    a = np.zeros((n, n))
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            a[i - 1, j - 1] = i * 2.0 + j / 3.0 - abs(float(i - j))
    return a.sum()


@njit(error_model="numpy")
def fill_sin() -> float:
    n = 300
    a = np.zeros((n, n))
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            a[i - 1, j - 1] = float(i) * j + math.sin(i)
    return a.sum()


PEERS = {"loop_scalar.m": loop_scalar, "loop_mod.m": loop_mod, "loop_arith.m": loop_arith,
         "fill_matrix.m": fill_matrix, "fill_sin.m": fill_sin}
