"""Host cost of a cached fusion window: a loop of small windows whose plans are cached, timed on the host
with the device's work left out.

    python3 benchmarks/fusion/host_cost.py [--iterations N] [--repeat R] [--out results.json]

Each case runs a MATLAB loop of N iterations in ``Session(device="gpu")`` on arrays of 256 elements
(kernels of a few microseconds), once to warm up (pipelines compiled, plans cached), then R times. Per
window it reports the wall time of the loop, the time inside the accelerator's hook
(``FusionAccelerator.try_run``), the provider's time in submits and read-back waits over the loop and
its final sync (``Provider.stats.wait_seconds``: on a software adapter the kernels run there), and the
host cost of a cached window: the hook's time less the submits and waits inside it, as ``%fusion
stats`` shows it (``FusionStats.host_seconds``). The last two are CPU time of the Python thread
(``time.thread_time``), so other load on the machine does not count. Best of R. Loop fusion is off
(``MATFUSE_FUSE_LOOPS=0``): the loops are how the windows are repeated, and a fused loop would be one
window.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import Session  # noqa: E402
from engine.accel.fusion.accelerator import FusionAccelerator  # noqa: E402
from engine.accel.provider import get_provider  # noqa: E402

CASES = {
    "chain, gpuArray": ("S = ones(256, 1, 'gpuArray'); a = 0.999; b = 0.001;", "S = S .* a + b;"),
    "chain, plain": ("S = ones(256, 1); a = 0.999; b = 0.001;", "S = S .* a + b;"),
    "chain + sum, plain": ("S = ones(256, 1); a = 0.999; b = 0.001;", "S = S .* a + b; t = sum(S .^ 2);"),
    "Monte-Carlo step, gpuArray": ("S = ones(256, 1, 'gpuArray'); a = -0.02; b = 0.2;",
                                   "S = S .* exp(a + b .* randn(256, 1));"),
}


class HookTimer:
    """Time spent in the accelerator's hook, wrapped around FusionAccelerator.try_run."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.saved = FusionAccelerator.try_run

    def __enter__(self) -> "HookTimer":
        def timed(*args):
            started = time.perf_counter()
            try:
                return self.saved(*args)
            finally:
                self.seconds += time.perf_counter() - started
        FusionAccelerator.try_run = timed
        return self

    def __exit__(self, *exc) -> None:
        FusionAccelerator.try_run = self.saved


@contextlib.contextmanager
def window_per_iteration():
    """Loop fusion off while a case runs (MATFUSE_FUSE_LOOPS=0), the flag as it was afterwards."""
    saved = os.environ.get("MATFUSE_FUSE_LOOPS")
    os.environ["MATFUSE_FUSE_LOOPS"] = "0"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["MATFUSE_FUSE_LOOPS"]
        else:
            os.environ["MATFUSE_FUSE_LOOPS"] = saved


def measure(setup: str, body: str, iterations: int, repeat: int) -> dict[str, float]:
    with window_per_iteration():
        return measured(setup, body, iterations, repeat)


def measured(setup: str, body: str, iterations: int, repeat: int) -> dict[str, float]:
    s = Session(device="gpu")
    loop = f"for k = 1:{iterations}\n    {body}\nend"
    for code in (setup, loop):
        result = s.execute(code)
        if result.error is not None:
            raise RuntimeError(result.error.message)
    provider, stats = get_provider(), s.fusion.stats
    best: dict[str, float] = {}
    for _ in range(repeat):
        s.execute(setup)
        provider.sync()
        windows, host, waits = stats.windows_fused, stats.host_seconds, provider.stats.wait_seconds
        with HookTimer() as hook:
            started = time.perf_counter()
            s.execute(loop)
            provider.sync()
            wall = time.perf_counter() - started
        count = stats.windows_fused - windows
        row = {"windows": count, "wall_us": wall / count * 1e6, "hook_us": hook.seconds / count * 1e6,
               "device_us": (provider.stats.wait_seconds - waits) / count * 1e6,
               "host_us": (stats.host_seconds - host) / count * 1e6}
        if not best or row["host_us"] < best["host_us"]:
            best = row
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    opts = parser.parse_args(argv)
    print(json.dumps({"adapter": get_provider().describe()["name"]}))
    print("\n| case | windows | wall us / window | hook us / window | submits + waits us | host us |")
    print("| --- | --- | --- | --- | --- | --- |")
    results = {}
    for name, (setup, body) in CASES.items():
        r = results[name] = measure(setup, body, opts.iterations, opts.repeat)
        print(f"| {name} | {r['windows']} | {r['wall_us']:.1f} | {r['hook_us']:.1f} | {r['device_us']:.1f} | "
              f"{r['host_us']:.1f} |", flush=True)
    if opts.out:
        opts.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
