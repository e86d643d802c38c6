"""Where a fused cell's wall time goes, per workload: the host's part, the wait for the device, the GPU.

    python3 benchmarks/fusion/cell_cost.py [--size small|full] [--only NAME]... [--repeat R] [--torch]
                                           [--tree PATH] [--out cells.json]

Each workload's compute cell runs as run.py times it (matfuse gpu, inputs resident as gpuArrays,
outputs left on the device): for half a second to warm up, then R times ``Session.execute`` followed by
``Provider.sync``. Per cell it prints, best of R in milliseconds: the cell (execute + sync, run.py's
number), the host's part (``Session.execute``: the VM, the hooks, encoding; from a tree that submits
at a cell's end, the submit too), the sync after it (the rest of the device's work and the wait), and
the GPU time of one run's compute passes (timestamp queries, read between runs), and the host's part
until it submits the cell's first work (the device starts no earlier; best of R more runs). ``--torch`` adds
torch eager's time for the same peer (workloads.py, best of R). ``--tree`` imports ``engine`` from
another checkout, so two trees compare through the same harness (run this file from the newer one).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
WARM_SECONDS = 0.5      # each cell runs this long before it is timed (an idle H100 clocks down to 345 MHz)


def measure(workload, cls: str, params: dict, repeat: int) -> dict:
    from benchmarks.fusion.implementations import gpu_nanoseconds, host_and_sync, prepare_matfuse
    from engine.accel.provider import get_provider
    prepared = prepare_matfuse("gpu", workload, cls, params)
    provider = get_provider()
    warm = time.perf_counter()
    while time.perf_counter() - warm < WARM_SECONDS:     # pipelines, plans, and the GPU's clocks up
        prepared.run()
    gpu_before = gpu_nanoseconds(provider)
    cell, host, wait = host_and_sync(prepared, provider, repeat)
    gpu = (gpu_nanoseconds(provider) - gpu_before) / repeat * 1e-9
    return {"workload": workload.name, "class": cls, "cell_ms": cell * 1e3, "host_ms": host * 1e3,
            "sync_ms": wait * 1e3, "gpu_ms": gpu * 1e3, "submit_ms": first_submit(prepared, provider, repeat) * 1e3}


def first_submit(prepared, provider, repeat: int) -> float:
    """Best of ``repeat`` runs of the host's part until its first submit of work (the device can start no
    earlier), in seconds; the device is idle when each run starts."""
    best, submitted = float("inf"), []
    flush = provider.flush

    def noted() -> None:
        if provider._pending and not submitted:
            submitted.append(time.perf_counter())
        flush()
    provider.flush = noted                       # this instance's only, until the runs are done
    try:
        for _ in range(repeat):
            provider.sync()
            submitted.clear()
            started = time.perf_counter()
            prepared.run_host()
            provider.sync()
            best = min(best, submitted[0] - started)
    finally:
        del provider.flush
    return best


def torch_time(workload, cls: str, params: dict, repeat: int) -> float:
    from benchmarks.fusion.implementations import best_time, prepare
    seconds, _ = best_time(prepare("torch", workload, cls, params), repeat)
    return seconds * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("small", "full"), default="full")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", action="append")
    parser.add_argument("--torch", action="store_true")
    parser.add_argument("--tree", default=str(HERE))
    parser.add_argument("--out", type=Path)
    opts = parser.parse_args(argv)
    sys.path[:0] = [opts.tree, str(HERE)]
    import engine
    from benchmarks.fusion.workloads import WORKLOADS
    print(f"engine from {Path(engine.__file__).parent}")
    print("| workload | class | cell ms | host ms | host until its submit ms | sync ms | GPU ms |"
          + (" torch eager ms |" if opts.torch else ""))
    print("| --- | --- | --- | --- | --- | --- | --- |" + (" --- |" if opts.torch else ""))
    rows = []
    for workload in WORKLOADS:
        if opts.only and workload.name not in opts.only:
            continue
        for cls in workload.classes:
            params = workload.sizes[opts.size]
            row = measure(workload, cls, params, opts.repeat)
            if opts.torch:
                row["torch_ms"] = torch_time(workload, cls, params, opts.repeat)
            rows.append(row)
            print(f"| {row['workload']} | {cls} | {row['cell_ms']:.3f} | {row['host_ms']:.3f} | {row['submit_ms']:.3f} "
                  f"| {row['sync_ms']:.3f} "
                  f"| {row['gpu_ms']:.3f} |" + (f" {row['torch_ms']:.3f} |" if opts.torch else ""), flush=True)
    if opts.out:
        opts.out.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
