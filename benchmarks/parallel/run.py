"""Parallel benchmark: a CPU-bound parfor loop on pools of 1, 2, 4, ... local workers against the same loop
run serially (``for``, and ``parfor`` without a pool) in one Session.

    python3 benchmarks/parallel/run.py [--size small|full] [--steps M] [--workers 1,2,4,8,16] [--repeat N]
                                       [--out f.json]

Each iteration sums m steps of the logistic map (logistic_sum.m, a scalar loop in matfuse's VM); the
loop fills a sliced output and a reduction. Every pooled run's results are checked against the serial
loop's (the sliced output equal, the sum within rounding). Prints a markdown table: workers, pool start,
first run, best of N, speed-up over the serial ``for`` loop, parallel efficiency. Exits with status 1
when a check fails. See README.md in this folder.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import Session  # noqa: E402

HERE = Path(__file__).resolve().parent
SIZES = {"small": (8, 2_000), "full": (128, 20_000)}      # iterations n, steps per iteration m
LOOP = """total = 0;
{keyword} i = 1:n
    r(i) = logistic_sum(i / (n + 1), m);
    total = total + r(i);
end"""


def session(n: int, m: int) -> Session:
    s = Session(device="cpu")
    run(s, f"addpath('{HERE}'); n = {n}; m = {m};")
    return s


def run(s: Session, code: str) -> float:
    started = time.perf_counter()
    result = s.execute(code)
    seconds = time.perf_counter() - started
    if result.error is not None:
        raise RuntimeError(result.error.report())
    return seconds


def timed(s: Session, code: str, repeat: int) -> tuple[float, float]:
    """(first run, best of ``repeat`` more) seconds of a cell, its variables cleared before each run."""
    times = [run(s, "clear r total\n" + code) for _ in range(repeat + 1)]
    return times[0], min(times[1:]) if repeat else times[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=SIZES, default="full")
    parser.add_argument("--steps", type=int, help="steps per iteration (m), instead of the size's")
    parser.add_argument("--workers", default="1,2,4,8,16")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--out")
    args = parser.parse_args()
    n, m = SIZES[args.size]
    m = args.steps or m
    rows, failed = [], []
    serial = session(n, m)
    for_first, for_best = timed(serial, LOOP.format(keyword="for"), args.repeat)
    expected_r, expected_total = serial.get("r"), serial.get("total")[0, 0]
    par_first, par_best = timed(serial, LOOP.format(keyword="parfor"), args.repeat)
    rows.append({"workers": 0, "label": "serial for", "start": 0.0, "first": for_first, "best": for_best})
    rows.append({"workers": 0, "label": "parfor, no pool", "start": 0.0, "first": par_first, "best": par_best})
    for workers in [int(w) for w in args.workers.split(",") if w.strip()]:
        s = session(n, m)
        start = run(s, f"parpool({workers});")
        first, best = timed(s, LOOP.format(keyword="parfor"), args.repeat)
        busy = s.state.extras["parallel_pool"].last_loop.busy
        if not (np.array_equal(s.get("r"), expected_r) and np.isclose(s.get("total")[0, 0], expected_total,
                                                                       rtol=1e-12)):
            failed.append(workers)
        rows.append({"workers": workers, "label": f"parfor, {workers} workers", "start": start,
                     "first": first, "best": best, "busy": busy})
        run(s, "delete(gcp);")
    print(f"parfor benchmark: n = {n} iterations of logistic_sum(x, {m}), {os.cpu_count()} CPUs, best of "
          f"{args.repeat} after a first run\n")
    print("| loop | pool start s | first s | best s | speed-up over for | efficiency | workers busy s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        speedup = for_best / row["best"]
        row["speedup"] = speedup
        efficiency = f"{speedup / row['workers']:.0%}" if row["workers"] else "-"
        busy = f"{row['busy']:.3f}" if "busy" in row else "-"
        print(f"| {row['label']} | {row['start']:.2f} | {row['first']:.3f} | {row['best']:.3f} | "
              f"{speedup:.2f}x | {efficiency} | {busy} |")
    if failed:
        print(f"\nresults differ from the serial loop with {failed} workers")
    if args.out:
        Path(args.out).write_text(json.dumps({"n": n, "m": m, "cpus": os.cpu_count(), "rows": rows,
                                              "failed": failed}, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
