"""Issue 12's CPU chain (cpu_chain.m) on device "cpu": matfuse's host kernel, matfuse's bytecode, NumPy,
and numba by hand (where numba is installed), side by side.

    python3 benchmarks/fusion/cpu_chain.py [--n N] [--repeat R] [--threads T] [--block B ...] [--out results.json]

For each class (double, single) it runs the script in one Session per implementation (compiled once,
then timed R times, the implementations interleaved so that load from other processes hits them
alike; best of R): ``host kernel`` (the default: MATFUSE_CPU_FUSION=1), ``bytecode``
(MATFUSE_CPU_FUSION=0, one NumPy call per operation), ``numpy`` (the same chain written in NumPy, making
x with linspace as the script does), and ``numba`` (one ``prange`` loop, its compile not timed).
matfuse's times are whole ``Session.execute`` calls (reading u, v, w and r out of the Session, which
copies them, is not timed: NumPy's and numba's results are not copied either). Besides the best wall time it prints the best
process CPU time (all threads together): on a machine that other work loads, the wall times of the
threaded rows say little, the CPU times say how much work each does. It checks that the host kernel's u, v, w, r are bit
for bit the bytecode's, prints how far NumPy's and numba's are from them (the largest difference
relative to the value's largest magnitude) and prints a markdown table. ``--threads`` sets
MATFUSE_CPU_THREADS (and numba's thread count); each ``--block B`` adds a host kernel row with
MATFUSE_CPU_BLOCK=B.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from engine import Session  # noqa: E402
from engine.config import flag  # noqa: E402

NAMES = ("u", "v", "w", "r")


def numpy_chain(n: int, dtype: type, collect: bool = True) -> dict[str, np.ndarray]:
    x = np.linspace(-3, 3, n).astype(dtype).reshape(-1, 1)
    u = np.exp(-x ** 2 / 2) * np.cos(4 * x)
    v = u * u + 0.5 * np.sin(x)
    w = np.tanh(v) - 0.25 * u
    return {"u": u, "v": v, "w": w, "r": w.sum(axis=0, keepdims=True)}


def numba_chain():
    """The chain as one numba ``prange`` loop (None when numba is not installed)."""
    try:
        import numba
    except ImportError:
        return None

    @numba.njit(parallel=True, cache=False)
    def chain(x, u, v, w):
        half, quarter, two, four = x.dtype.type(0.5), x.dtype.type(0.25), x.dtype.type(2), x.dtype.type(4)
        for i in numba.prange(x.size):         # in the class of x, as matfuse and NumPy compute
            a = x[i]
            b = np.exp(-a * a / two) * np.cos(four * a)
            c = b * b + half * np.sin(a)
            u[i], v[i], w[i] = b, c, np.tanh(c) - quarter * b

    def run(n: int, dtype: type, collect: bool = True) -> dict[str, np.ndarray]:
        x = np.linspace(-3, 3, n).astype(dtype)
        u, v, w = np.empty_like(x), np.empty_like(x), np.empty_like(x)
        chain(x, u, v, w)
        return {"u": u.reshape(-1, 1), "v": v.reshape(-1, 1), "w": w.reshape(-1, 1),
                "r": w.sum(keepdims=True).reshape(1, 1)}
    return run


def matfuse_runner(n: int, cls: str, flags: dict[str, str]):
    """A run of cpu_chain.m in one Session, with these MATFUSE_* flags set while it runs."""
    session = Session(device="cpu")
    source = f"n = {n}; cls = '{cls}';\n" + (HERE / "cpu_chain.m").read_text()

    def run(n: int, dtype: type, collect: bool = True) -> dict[str, np.ndarray] | None:
        os.environ.update(flags)
        result = session.execute(source, "cpu_chain")
        if result.error is not None:
            raise SystemExit(result.error.report())
        return {name: np.asarray(session.get(name)) for name in NAMES} if collect else None
    run.session = session
    return run


def largest_difference(a: dict, b: dict) -> float:
    """The largest difference of u, v, w or r from b's, relative to b's largest magnitude (of that value)."""
    worst = 0.0
    for name in NAMES:
        x, y = a[name].astype(np.float64).ravel(), b[name].astype(np.float64).ravel()
        worst = max(worst, float(np.max(np.abs(x - y))) / max(float(np.max(np.abs(y))), 1e-300))
    return worst


def identical(a: dict, b: dict) -> bool:
    return all(a[k].dtype == b[k].dtype and a[k].shape == b[k].shape and a[k].tobytes() == b[k].tobytes()
               for k in NAMES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2 ** 21)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--threads", type=int, default=0, help="threads (0: every core this process may use)")
    parser.add_argument("--block", type=int, action="append",
                        help="MATFUSE_CPU_BLOCK of a host kernel row (repeat for several rows; default: the flag's)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.threads:
        os.environ["MATFUSE_CPU_THREADS"] = os.environ["NUMBA_NUM_THREADS"] = str(args.threads)
    threads = args.threads or len(os.sched_getaffinity(0))
    blocks = args.block or [flag("MATFUSE_CPU_BLOCK")]
    rows, failed = [], False
    for cls, dtype in (("double", np.float64), ("single", np.float32)):
        impls = {}
        for block in blocks:
            label = "matfuse host kernel" + (f", blocks of {block}" if len(blocks) > 1 else "")
            impls[label] = matfuse_runner(args.n, cls, {"MATFUSE_CPU_FUSION": "1", "MATFUSE_CPU_BLOCK": str(block)})
        impls["matfuse bytecode"] = matfuse_runner(args.n, cls, {"MATFUSE_CPU_FUSION": "0"})
        impls["numpy"] = numpy_chain
        if (peer := numba_chain()) is not None:
            impls["numba prange"] = peer
        results = {label: run(args.n, dtype) for label, run in impls.items()}     # warm-up, compiles
        best = dict.fromkeys(impls, float("inf"))
        cpu = dict.fromkeys(impls, float("inf"))
        for _ in range(args.repeat):
            for label, run in impls.items():
                started, used = time.perf_counter(), time.process_time()
                run(args.n, dtype, collect=False)
                best[label] = min(best[label], time.perf_counter() - started)
                cpu[label] = min(cpu[label], time.process_time() - used)
        for label, run in impls.items():
            if "host kernel" in label:
                same = identical(results[label], results["matfuse bytecode"])
                failed |= not same
                report = run.session.fusion.reports()
                how = report[0].reason if report and report[0].device == "CPU kernel" else "NOT a host kernel"
                print(f"{cls}, {label}: bit for bit the bytecode's: {same}; {how}", file=sys.stderr)
            rows.append({"class": cls, "implementation": label, "seconds": best[label], "cpu_seconds": cpu[label],
                         "vs_numpy": best["numpy"] / best[label],
                         "difference": largest_difference(results[label], results["matfuse bytecode"])})
    print(f"n = {args.n}, {threads} thread(s), best of {args.repeat}\n")
    print("| class | implementation | best (ms) | NumPy's time / this | CPU time, all threads (ms) "
          "| largest difference from the bytecode's (relative) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(f"| {row['class']} | {row['implementation']} | {row['seconds'] * 1e3:.1f} | {row['vs_numpy']:.2f}x "
              f"| {row['cpu_seconds'] * 1e3:.1f} | {row['difference']:.2g} |")
    if args.out:
        args.out.write_text(json.dumps({"n": args.n, "threads": threads, "repeat": args.repeat, "rows": rows},
                                       indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
