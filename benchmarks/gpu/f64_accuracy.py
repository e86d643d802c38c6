"""Measure the WGSL f64 math library's accuracy on the current adapter; prints the docs/gpu.md table.

    python benchmarks/gpu/f64_accuracy.py

For each function: the maximum error in ulps over the ~1e6 test arguments of tests/accel/f64_cases.py
against numpy, and against the correctly rounded result (mpmath, 200+ bits) on the 300 arguments where
numpy and the GPU differ most plus 3,000 random ones (numpy itself is not always correctly rounded).
"""
import sys
import time
from pathlib import Path

import mpmath
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "accel"))

from engine.accel.kernels import gpu_elementwise  # noqa: E402
from engine.accel.provider import describe  # noqa: E402
from engine.accel.residency import upload  # noqa: E402
from f64_cases import BINARY, UNARY, cases, ulp_errors  # noqa: E402

MP = {"exp": mpmath.exp, "expm1": mpmath.expm1, "log": mpmath.log, "log1p": mpmath.log1p,
      "log2": lambda x: mpmath.log(x, 2), "log10": mpmath.log10, "sin": mpmath.sin, "cos": mpmath.cos,
      "tan": mpmath.tan, "asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan, "sinh": mpmath.sinh,
      "cosh": mpmath.cosh, "tanh": mpmath.tanh, "power": mpmath.power, "atan2": mpmath.atan2,
      "hypot": mpmath.hypot}


def correctly_rounded(name, args):
    out = []
    for values in zip(*args):
        try:
            with mpmath.workprec(400):
                out.append(float(MP[name](*[mpmath.mpf(float(v)) for v in values])))
        except (ValueError, ZeroDivisionError, OverflowError):
            out.append(np.nan)
    return np.array(out)


def measure(name):
    ref, args = cases(name)
    tensors = [upload(a.reshape(-1, 1)) for a in args]
    start = time.perf_counter()
    got = gpu_elementwise(name, *tensors).download().ravel()
    seconds = time.perf_counter() - start
    with np.errstate(all="ignore"):
        err_np = ulp_errors(got, ref(*args))
    finite = np.isfinite(got) & np.all([np.isfinite(a) for a in args], axis=0)
    worst = np.argsort(np.where(finite, err_np, -1))[-300:]
    sample = np.concatenate([worst, np.random.default_rng(0).choice(np.flatnonzero(finite), 3000)])
    exact = correctly_rounded(name, [a[sample] for a in args])
    ok = np.isfinite(exact)
    err_mp = ulp_errors(got[sample][ok], exact[ok])
    return args[0].size, err_np.max(), err_mp.max(), seconds


def main():
    facts = describe()
    print(f"adapter: {facts['name']} ({facts['backend']}, {facts['kind']})\n")
    print("| function | arguments | max ulp vs numpy | max ulp vs correctly rounded (sample) | GPU time |")
    print("| --- | --- | --- | --- | --- |")
    for name in list(UNARY) + list(BINARY):
        n, vs_np, vs_mp, seconds = measure(name)
        print(f"| {name} | {n:,} | {vs_np:.0f} | {vs_mp:.2f} | {seconds:.2f} s |")


if __name__ == "__main__":
    main()
