"""How a row's results are checked, with benchmarks/fusion/checks.py's checksums.

- A cell whose inputs are deterministic (linspace, colon): its outputs' checksum agrees with the
  reference implementation's (NumPy when it ran).
- A cell that draws with ``rand``: every implementation draws its own numbers, so each row's random
  inputs must look uniform on [0, 1) (mean and variance within six standard errors of 1/2 and 1/12),
  and its outputs must agree with a float64 NumPy recomputation from those same inputs; the sizes of
  inputs and outputs must equal the reference's.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from benchmarks.fusion.checks import RTOL, agree, checksum

from .cells import Case, HostArrays

SIGMAS = 6.0
REFERENCE_ORDER = ("numpy", "matfuse-cpu", "torch", "matfuse")   # the first that ran is the reference


def uniform_problems(name: str, values: np.ndarray) -> list[str]:
    """Why ``values`` do not look like draws from U(0, 1) (empty when they do)."""
    flat = np.asarray(values, dtype=np.float64).ravel()
    if flat.size < 2 or not (flat.min() >= 0 and flat.max() < 1):
        return [f"{name}: values outside [0, 1)"]
    n, problems = flat.size, []
    for what, got, expected, se in (("mean", flat.mean(), 1 / 2, math.sqrt(1 / 12 / n)),
                                    ("variance", flat.var(), 1 / 12, math.sqrt(1 / 180 / n))):
        if not abs(got - expected) <= SIGMAS * se:
            problems.append(f"{name}: {what} {float(got)!r}, expected {expected:.6g} +- {SIGMAS * se:.3g}")
    return problems


def own_problems(case: Case, values: dict[str, np.ndarray]) -> list[str]:
    """A random cell's checks that need the row's values: uniform inputs, and outputs equal to the cell
    recomputed in float64 NumPy from those inputs."""
    problems = [p for name in case.random for p in uniform_problems(name, values[name])]
    if case.compute is not None:
        ar, ws = HostArrays(), {name: values[name] for name in case.random}
        case.compute(ar, ws)
        problems += agree(checksum({n: ar.to_numpy(ws[n]) for n in case.outputs}),
                          checksum({n: values[n] for n in case.outputs}), RTOL[case.cls])
    return problems


def size_problems(ref: dict[str, list[int]], got: dict[str, list[int]]) -> list[str]:
    return [f"{name}: size {got[name]} instead of {size}" for name, size in ref.items() if got[name] != size]


def check_rows(case: Case, rows: list[dict[str, Any]]) -> None:
    """Fill each row's ``problems`` (empty when it agrees) and ``verdict``."""
    ran = {r["implementation"]: r for r in rows if "checksum" in r}
    ref = next((ran[name] for name in REFERENCE_ORDER if name in ran), None)
    for r in rows:
        if "error" in r:
            r["problems"], r["verdict"] = [r["error"]], "ERROR"
            continue
        r["reference"] = ref["implementation"]
        if case.random:
            r["problems"] = r.pop("own_problems") + size_problems(ref["sizes"], r["sizes"])
        else:
            r["problems"] = agree(ref["checksum"], r["checksum"], RTOL[case.cls])
        kind = "" if not case.random else " (own inputs)" if case.compute else " (statistics)"
        r["verdict"] = "NO" if r["problems"] else "yes" + kind
