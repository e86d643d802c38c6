"""How many cores this machine gives to processes: the same pure-Python CPU-bound function in pools of 1, 2,
4, ... processes (no matfuse, no Dask), the ceiling any pool of workers can reach.

    python3 benchmarks/parallel/cores.py [--processes 1,2,4,8,16]
"""
from __future__ import annotations

import argparse
import multiprocessing
import time


def spin(steps: int) -> float:
    x, s = 0.3, 0.0
    for _ in range(steps):
        x = 3.9 * x * (1 - x)
        s += x
    return s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", default="1,2,4,8,16")
    parser.add_argument("--steps", type=int, default=2_000_000)
    args = parser.parse_args()
    print("| processes | seconds for one task each | throughput over 1 process |")
    print("| --- | --- | --- |")
    base = None
    for n in [int(p) for p in args.processes.split(",")]:
        with multiprocessing.get_context("spawn").Pool(n) as pool:
            pool.map(spin, [1000] * n)
            started = time.perf_counter()
            pool.map(spin, [args.steps] * n)
            seconds = time.perf_counter() - started
        base = base or seconds
        print(f"| {n} | {seconds:.3f} | {n * base / seconds:.2f}x |")


if __name__ == "__main__":
    main()
