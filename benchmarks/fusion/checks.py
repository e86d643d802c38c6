"""Checksums of a workload's outputs, computed the same way (in float64 NumPy) for every implementation.

Per output: its MATLAB size, the sum and the sum of absolute values of its elements, and four elements
sampled in column-major order. Two checksums agree when the sizes are equal, the sums differ by at most
``rtol`` times the sum of absolute values, and each sample by at most ``rtol`` times (its magnitude +
the mean magnitude): a bound that survives the reordered additions and the few-ulp differences in the
math functions between implementations, and fails for any real error.
"""
from __future__ import annotations

from typing import Any

import numpy as np

RTOL = {"double": 1e-8, "single": 1e-3}
SAMPLES = (0.0, 0.37, 0.71, 1.0)


def matlab_size(a: np.ndarray) -> list[int]:
    """The shape with trailing singleton dimensions past the second dropped, as MATLAB's size gives."""
    shape = list(a.shape) or [1, 1]
    while len(shape) > 2 and shape[-1] == 1:
        shape.pop()
    return shape


def checksum(outputs: dict[str, np.ndarray]) -> dict[str, dict[str, Any]]:
    out = {}
    for name, a in outputs.items():
        flat = np.asarray(a, dtype=np.float64).ravel(order="F")
        picks = [round(f * (flat.size - 1)) for f in SAMPLES] if flat.size else []
        out[name] = {"size": matlab_size(a), "sum": float(flat.sum()), "sumabs": float(np.abs(flat).sum()),
                     "samples": [float(flat[k]) for k in picks]}
    return out


def agree(ref: dict[str, dict[str, Any]], got: dict[str, dict[str, Any]], rtol: float) -> list[str]:
    """The differences between two checksums (empty when they agree)."""
    problems = []
    for name, r in ref.items():
        g = got[name]
        if g["size"] != r["size"]:
            problems.append(f"{name}: size {g['size']} instead of {r['size']}")
            continue
        scale = r["sumabs"]
        mean_abs = scale / max(1, int(np.prod(r["size"])))
        pairs = [("sum", r["sum"], g["sum"], scale), ("sumabs", r["sumabs"], g["sumabs"], scale)]
        pairs += [(f"sample {k}", a, b, abs(a) + mean_abs) for k, (a, b) in enumerate(zip(r["samples"],
                                                                                         g["samples"]))]
        for what, a, b, bound in pairs:
            if not abs(a - b) <= rtol * bound:     # also catches NaN
                problems.append(f"{name} {what}: {b!r} instead of {a!r}")
    return problems


def headline(sums: dict[str, dict[str, Any]]) -> float:
    """One number to print for a checksum: the sum of every output's sum."""
    return sum(c["sum"] for c in sums.values())
