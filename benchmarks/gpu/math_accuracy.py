"""Measure the WGSL math libraries on the current adapter: accuracy tables for docs/gpu.md and, with
--timing, the GPU time of one kernel per function over 2^25 elements.

    python benchmarks/gpu/math_accuracy.py                   # double and single accuracy
    python benchmarks/gpu/math_accuracy.py --single --n 200000
    python benchmarks/gpu/math_accuracy.py --timing          # accuracy, then the time per function
                                                             # and of the user-path chain cell
    python benchmarks/gpu/math_accuracy.py --timing-only --log2n 14   # smoke run on lavapipe
    python benchmarks/gpu/math_accuracy.py --double --only log --only cos # some functions only

Accuracy: for each function, the maximum error in ulps over the test arguments of
tests/accel/f64_cases.py (double, ~1e6 each) or tests/accel/f32_cases.py (single; the reference is
numpy's float64 result rounded to single, the correctly rounded result but for double-rounding cases of
probability ~2^-29; the maximum is given without and with the cases whose argument or result is
subnormal, which adapters that flush single subnormals give as zero; the count of results, those
subnormal cases left out, that are not the correctly rounded single), and for double also against the
correctly rounded result (mpmath, 400 bits) on the 300 arguments where numpy and the GPU differ most
plus 3,000 random ones (numpy itself is not always correctly rounded); then the device's normal draws
against their host twin (random.host_normal). Timing: timestamp queries around 10 calls of the
one-operation kernel (best of 3 batches after a warm-up) on 2^25 arguments in the range the user-path
chain cell uses (|x| <= 3; logarithms on (0, 3], asin/acos on [-1, 1]), and the GPU time (timestamp
queries) of the chain cell of benchmarks/user_path in double and single, and of the same chain without
transcendentals (its floor), best of 5 after two warm-up runs.
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "accel")]

import f32_cases  # noqa: E402
import f64_cases  # noqa: E402
from engine.accel.kernels import gpu_elementwise  # noqa: E402
from engine import Session  # noqa: E402
from engine.accel.provider import describe, get_provider  # noqa: E402
from engine.accel.residency import upload  # noqa: E402
from f64_cases import BINARY, UNARY, ulp_errors  # noqa: E402

NAMES = list(UNARY) + list(BINARY)


def correctly_rounded(name, args):
    import mpmath
    mp = {"log2": lambda x: mpmath.log(x, 2), "asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan}
    fn = mp.get(name) or getattr(mpmath, name)
    out = []
    for values in zip(*args):
        try:
            with mpmath.workprec(400):
                out.append(float(fn(*[mpmath.mpf(float(v)) for v in values])))
        except (ValueError, ZeroDivisionError, OverflowError):
            out.append(np.nan)
    return np.array(out)


def evaluate(name, args):
    return gpu_elementwise(name, *[upload(a.reshape(-1, 1)) for a in args]).download().ravel()


def double_row(name, n):
    ref, args = f64_cases.cases(name)
    got = evaluate(name, args)
    with np.errstate(all="ignore"):
        err_np = ulp_errors(got, ref(*args))
    finite = np.isfinite(got) & np.all([np.isfinite(a) for a in args], axis=0)
    worst = np.argsort(np.where(finite, err_np, -1))[-300:]
    sample = np.concatenate([worst, np.random.default_rng(0).choice(np.flatnonzero(finite), 3000)])
    try:
        exact = correctly_rounded(name, [a[sample] for a in args])
    except ImportError:
        return f"| {name} | {args[0].size:,} | {err_np.max():.0f} | - (no mpmath) |"
    ok = np.isfinite(exact)
    err_mp = ulp_errors(got[sample][ok], exact[ok])
    return f"| {name} | {args[0].size:,} | {err_np.max():.0f} | {err_mp.max():.0f} |"


def single_row(name, n):
    ref, args = f32_cases.cases(name, n)
    expected = ref(*args)
    err = ulp_errors(evaluate(name, args), expected)
    normal = np.where(f32_cases.normal(args, expected), err, 0.0)
    worst = int(np.argmax(normal))
    where = ", ".join(f"{float(a[worst]):.9g}" for a in args)
    return (f"| {name} | {args[0].size:,} | {normal[worst]:.0f} | {int((normal > 0).sum()):,} | {err.max():.0f} "
            f"| {where} |")


def normal_rows(n):
    """The device's normal draws (engine/accel/random.py) against their host twin: the same Box-Muller
    formula in numpy on the same Philox words, max ulp over ``n`` draws of each class."""
    from engine.accel import random as R
    rows = []
    for cls in ("double", "single"):
        got = R.gpu_randn(R.DeviceStream(seed=11, position=5), (n, 1), cls).download().ravel()
        expected = R.host_normal((11, 0), 5, n, cls)
        rows.append(f"| randn {cls} | {n:,} | {ulp_errors(got, expected).max():.0f} |")
    return rows


def timing_args(name, dtype, n):
    x = np.linspace(-3, 3, n).astype(dtype).reshape(-1, 1)
    if name in ("log", "log2", "log10", "log1p"):
        x = np.abs(x) + dtype(1e-3)
    if name in ("asin", "acos"):
        x = x / dtype(3)
    return [x] if name in UNARY or name in ("uplus", "times") else [np.abs(x), x[::-1].copy()]


def gpu_ms(run, inner=10):
    """GPU milliseconds per call of ``run`` (timestamp queries: the compute passes alone), best of 3
    batches of ``inner`` calls after a warm-up batch."""
    provider = get_provider()
    times = []
    for _ in range(4):
        before = provider.gpu_seconds()
        for _ in range(inner):
            run()
        times.append((provider.gpu_seconds() - before) / inner)
    return min(times[1:]) * 1e3


def timing_rows(n, names):
    rows = []
    for name in ["uplus", "times"] + names:
        cells = []
        for dtype in (np.float64, np.float32):
            tensors = [upload(a) for a in timing_args(name, dtype, n)]
            if name == "times":
                tensors = tensors * 2
            cells.append(gpu_ms(lambda: gpu_elementwise(name, *tensors)))
        rows.append(f"| {name} | {cells[0]:.3f} | {cells[1]:.3f} |")
    return rows


CHAIN = ("x = {x}; u = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; "
         "r = sum(w);")
ARITHMETIC = "x = {x}; u = (x.*x)*0.5 + x; v = u.*u + 0.5*x; w = v - 0.25*u; r = sum(w);"


def cell_ms(cell, cls, log2n):
    """GPU milliseconds of a user-path style cell (its fused kernels) in class ``cls``, best of 5 after
    two warm-up runs."""
    x = f"linspace(-3,3,2^{log2n})'"
    x = x if cls == "double" else f"single({x[:-1]})'"
    session, provider = Session(device="auto"), get_provider()
    times = []
    for _ in range(7):
        before = provider.gpu_seconds()
        result = session.execute(cell.format(x=x))
        assert result.error is None, result.error
        times.append(provider.gpu_seconds() - before)
    return min(times[2:]) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--single", action="store_true", help="single precision only")
    parser.add_argument("--double", action="store_true", help="double precision only")
    parser.add_argument("--n", type=int, default=1_000_000, help="single-precision arguments per function")
    parser.add_argument("--timing", action="store_true", help="also time one kernel per function")
    parser.add_argument("--timing-only", action="store_true", help="time, measure no accuracy")
    parser.add_argument("--log2n", type=int, default=25, help="elements of the timed kernels: 2^log2n")
    parser.add_argument("--only", action="append", choices=NAMES, help="these functions (default: all)")
    parser.add_argument("--normals", type=int, default=200_000, help="normal draws to check (0: none)")
    opts = parser.parse_args()
    names = opts.only or NAMES
    facts = describe()
    print(f"adapter: {facts['name']} ({facts['backend']}, {facts['kind']})\n")
    start = time.perf_counter()
    if not opts.single and facts.get("f64") and not opts.timing_only:
        print("| function | arguments | max ulp vs numpy | max ulp vs correctly rounded (sample) |")
        print("| --- | --- | --- | --- |")
        for name in names:
            print(double_row(name, opts.n), flush=True)
        print()
    if not opts.double and not opts.timing_only:
        print("| function | arguments | max ulp vs correctly rounded single | results not correctly rounded | "
              "max ulp with subnormals | worst argument |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name in names:
            print(single_row(name, opts.n), flush=True)
        print()
    if opts.normals and facts.get("f64") and not opts.timing_only:
        print("| draws | count | max ulp vs the host twin |")
        print("| --- | --- | --- |")
        print("\n".join(normal_rows(opts.normals)) + "\n")
    print(f"accuracy measured in {time.perf_counter() - start:.0f} s\n")
    if opts.timing or opts.timing_only:
        print(f"GPU time of one kernel over 2^{opts.log2n} elements (ms):\n")
        print("| function | double | single |")
        print("| --- | --- | --- |")
        print("\n".join(timing_rows(2 ** opts.log2n, names)))
        for label, cell in (("chain", CHAIN), ("arithmetic chain", ARITHMETIC)):
            ms = {cls: cell_ms(cell, cls, opts.log2n) for cls in ("double", "single")}
            print(f"\n{label} cell GPU time: double {ms['double']:.3f} ms, single {ms['single']:.3f} ms")


if __name__ == "__main__":
    main()
