"""The fusion workloads: each is a MATLAB script next to this file (``<name>.m``) and a peer written once
against ``arrays.Arrays``, so NumPy and torch run the same code.

A script has three parts: a preamble of default parameters (skipped when the runner sets them), an
``%% inputs`` section that builds the inputs from an index grid (identical in every implementation, no
data transferred), and a ``%% compute`` section, the part that is timed. The peer's ``inputs`` and
``compute`` mirror those two sections line for line.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent

Params = dict[str, float]
Values = dict[str, Any]
Statistic = tuple[str, float, float, float]          # name, measured, expected, tolerance


@dataclass(frozen=True)
class Workload:
    name: str                                        # the script is HERE / f"{name}.m"
    classes: tuple[str, ...]                         # MATLAB classes it runs in (one row each)
    sizes: dict[str, Params]                         # "small" | "full" -> parameters
    arrays: tuple[str, ...]                          # input arrays (gpuArrays in the fused run)
    outputs: tuple[str, ...]                         # variables compared across implementations
    inputs: Callable[[Any, Params, str], Values]     # peer of the %% inputs section
    compute: Callable[[Any, Values, Params], Values]  # peer of the %% compute section
    statistics: Callable[[Values, Params], list[Statistic]] | None = None   # checked instead of checksums
    traffic: Callable[[Params], int] | None = None   # elements read + written by one run (bandwidth)

    def sections(self) -> dict[str, str]:
        """The script split at its ``%% name`` lines (the text before the first is "preamble"), each
        part after blank lines standing for the lines above it, so that line numbers in errors and in
        fusion reports are the file's."""
        parts: dict[str, list[str]] = {"preamble": []}
        current = parts["preamble"]
        for number, line in enumerate((HERE / f"{self.name}.m").read_text().splitlines(), 1):
            if line.startswith("%% "):
                current = parts.setdefault(line[3:].strip(), [""] * number)
            else:
                current.append(line)
        return {name: "\n".join(lines) + "\n" for name, lines in parts.items()}


# ---------------------------------------------------------------- elementwise_chain.m

def chain_inputs(ar: Any, p: Params, cls: str) -> Values:
    k = ar.grid(int(p["n"]), 1)
    return {"x": ar.cast(2 * ar.xp.sin(0.001 * k), cls), "y": ar.cast(ar.xp.cos(0.0007 * k) + 0.5, cls)}


def chain_compute(ar: Any, v: Values, p: Params) -> Values:
    xp, x, y = ar.xp, v["x"], v["y"]
    u = 1.5 * x - y / 3
    w = xp.exp(-0.5 * u ** 2) * xp.cos(2 * u) + xp.sqrt(xp.abs(y) + 1)
    u = xp.log1p(x ** 2) / (1 + u ** 2) - 0.25 * w
    return {"u": u, "v": w}


# ---------------------------------------------------------------- arith_chain.m

def arith_compute(ar: Any, v: Values, p: Params) -> Values:
    x, y = v["x"], v["y"]
    u = 1.5 * x - y / 3
    w = (u * u + 2) * (x - 0.5 * y) / (1 + y * y)
    u = u * w - 0.25 * x + ar.xp.abs(y)
    return {"u": u, "v": w}


# ---------------------------------------------------------------- image_normalize.m

def image_inputs(ar: Any, p: Params, cls: str) -> Values:
    xp = ar.xp
    b, h, w = ar.grid(int(p["B"]), 1, 3), ar.grid(int(p["H"]), 2, 3), ar.grid(int(p["W"]), 3, 3)
    imgs = 0.5 + 0.25 * xp.sin(0.37 * b + 0.011 * h) * xp.cos(0.013 * w + 0.2 * b) + 0.1 * xp.sin(0.0007 * h * w)
    return {"imgs": ar.cast(imgs, cls)}


def image_compute(ar: Any, v: Values, p: Params) -> Values:
    xp, imgs = ar.xp, v["imgs"]
    gain, bias, gamma, eps0 = 1.0123, -0.02, 1.8, 1e-6
    mu = ar.reduce("mean", imgs, (2, 3))
    sigma = xp.sqrt(ar.reduce("mean", (imgs - mu) ** 2, (2, 3)) + eps0)
    out = ((imgs - mu) / sigma) * gain + bias
    out = ar.clamp_min(out, 0)
    out = out ** gamma
    return {"mu": mu, "sigma": sigma, "out": out}


# ---------------------------------------------------------------- monte_carlo.m

def mc_inputs(ar: Any, p: Params, cls: str) -> Values:
    return {"S0": ar.ones((int(p["M"]), 1), cls)}


def mc_compute(ar: Any, v: Values, p: Params) -> Values:
    S = v["S0"]
    for _ in range(int(p["T"])):
        S = S * ar.xp.exp(p["a"] + p["b"] * ar.randn((int(p["M"]), 1)))
    return {"S": S}


def mc_statistics(out: Values, p: Params) -> list[Statistic]:
    """The mean and standard deviation of log(S), a sum of T normal steps: N(T*a, b^2*T). The tolerance
    is six standard errors of each estimate."""
    import numpy as np
    logs = np.log(out["S"].ravel())
    spread = abs(p["b"]) * math.sqrt(p["T"])
    return [("mean of log(S)", float(logs.mean()), p["T"] * p["a"], 6 * spread / math.sqrt(logs.size)),
            ("std of log(S)", float(logs.std(ddof=1)), spread, 6 * spread / math.sqrt(2 * logs.size))]


# ---------------------------------------------------------------- matmul_epilogue.m

def matmul_inputs(ar: Any, p: Params, cls: str) -> Values:
    xp = ar.xp
    m, k, n = int(p["m"]), int(p["k"]), int(p["n"])
    A = xp.cos(0.011 * ar.grid(m, 1) + 0.017 * ar.grid(k, 2)) / math.sqrt(k)
    B = xp.sin(0.013 * ar.grid(k, 1) - 0.019 * ar.grid(n, 2))
    return {"A": ar.cast(A, cls), "B": ar.cast(B, cls), "bias": ar.cast(0.1 * xp.sin(ar.grid(n, 2)), cls)}


def matmul_compute(ar: Any, v: Values, p: Params) -> Values:
    s = 1.5
    return {"Y": ar.clamp_min((v["A"] @ v["B"]) * s + v["bias"], 0)}


# ---------------------------------------------------------------- reductions.m

def reductions_inputs(ar: Any, p: Params, cls: str) -> Values:
    xp = ar.xp
    i, j = ar.grid(int(p["m"]), 1), ar.grid(int(p["n"]), 2)
    return {"X": ar.cast(0.5 + 0.3 * xp.sin(0.013 * i + 0.007 * j) + 0.1 * xp.cos(0.0011 * i * j), cls)}


def reductions_compute(ar: Any, v: Values, p: Params) -> Values:
    X, r = v["X"], ar.reduce
    rowmean = r("mean", X, 2)
    return {
        "colsum": r("sum", X, 1), "rowsum": r("sum", X, 2), "rowmean": rowmean,
        "colmax": r("max", X, 1), "rowmin": r("min", X, 2),
        "total": r("sum", X, "all"), "avg": r("mean", X, "all"), "peak": r("max", X, "all"),
        "colstd": r("std", X, 1), "rowstd": r("std", X, 2),
        "energy": r("sum", X ** 2, 2), "absdev": r("mean", ar.xp.abs(X - rowmean), 2),
    }


WORKLOADS = (
    Workload("elementwise_chain", ("double", "single"),
             {"small": {"n": 3 * 2 ** 14 + 7}, "full": {"n": 2 ** 25}},
             ("x", "y"), ("u", "v"), chain_inputs, chain_compute, traffic=lambda p: 4 * int(p["n"])),
    Workload("arith_chain", ("double", "single"),
             {"small": {"n": 3 * 2 ** 14 + 7}, "full": {"n": 2 ** 25}},
             ("x", "y"), ("u", "v"), chain_inputs, arith_compute, traffic=lambda p: 4 * int(p["n"])),
    Workload("image_normalize", ("single", "double"),
             {"small": {"B": 3, "H": 37, "W": 45}, "full": {"B": 16, "H": 1080, "W": 1920}},
             ("imgs",), ("mu", "sigma", "out"), image_inputs, image_compute),
    Workload("monte_carlo", ("double",),
             {"small": {"M": 2 ** 14, "T": 8, "a": -0.02, "b": 0.2},
              "full": {"M": 2 ** 21, "T": 50, "a": -0.02, "b": 0.2}},
             ("S0",), ("S",), mc_inputs, mc_compute, statistics=mc_statistics),
    Workload("matmul_epilogue", ("single", "double"),
             {"small": {"m": 70, "k": 45, "n": 83}, "full": {"m": 4096, "k": 4096, "n": 4096}},
             ("A", "B", "bias"), ("Y",), matmul_inputs, matmul_compute),
    Workload("reductions", ("double", "single"),
             {"small": {"m": 300, "n": 257}, "full": {"m": 4096, "n": 4096}},
             ("X",), ("colsum", "rowsum", "rowmean", "colmax", "rowmin", "total", "avg", "peak", "colstd",
                      "rowstd", "energy", "absdev"), reductions_inputs, reductions_compute),
)
