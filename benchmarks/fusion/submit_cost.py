"""What encoding, submitting and waiting cost the host, on the reductions cell's own dispatches.

    python3 benchmarks/fusion/submit_cost.py [--size small|full] [--iterations 40]

The 14-reduction cell (reductions.m, double) runs 30 times (plans cached, the GPU's clocks up), then
its seven dispatches are recorded and encoded again ``--iterations`` times, each time after a sync:
the first dispatch of a batch (it creates the command encoder and begins the timed compute pass), the
other six, then the parts of a submit as ``Provider.flush`` does them (ending the pass, writing the
uniform arena where a dispatch's block is not its site's kept one, ``finish``
and ``queue.submit`` through engine/accel/batch.py), and the time from the submit until the device is
idle (polled). Then the same encoding and submit without timestamp writes, an empty
submit, and the wait after a whole cell's host part by polling (``Provider.sync``) against a 4-byte
read-back. Medians, microseconds.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.fusion.implementations import prepare_matfuse  # noqa: E402
from benchmarks.fusion.workloads import WORKLOADS  # noqa: E402
from engine.accel.provider import Provider, get_provider  # noqa: E402

clock = time.perf_counter


def median_us(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1e6, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("small", "full"), default="full")
    parser.add_argument("--iterations", type=int, default=40)
    opts = parser.parse_args(argv)
    workload = next(w for w in WORKLOADS if w.name == "reductions")
    prepared = prepare_matfuse("gpu", workload, "double", workload.sizes[opts.size])
    provider = get_provider()
    device = provider.device
    for _ in range(30):
        prepared.run()
    recorded = []
    dispatch = Provider.dispatch

    def record(self, *args):
        recorded.append(args)
        return dispatch(self, *args)
    Provider.dispatch = record
    prepared.run()
    Provider.dispatch = dispatch
    print(f"{provider.info.name}: the reductions cell's {len(recorded)} dispatches")

    batch = provider._batch

    def forget_batch() -> None:                     # what flush() resets once it has submitted
        provider._pending, provider._arena_data = 0, bytearray()
        provider._batch_buffers.clear()

    def idle_batch() -> None:
        """A sync, and no encoder left open (``submit_early`` opens one): the next dispatch creates it."""
        provider.sync()
        if batch.encoder is not None:
            batch.clear()                            # the empty encoder and pass dropped
            forget_batch()
            if provider.timer is not None:
                provider.timer.forget()

    def write_arena() -> None:
        if provider._arena_data:
            batch.write(provider._uniform_arena(), provider._arena_data)

    parts = {k: [] for k in ("first dispatch", "six more", "end pass", "arena", "finish + submit", "until idle")}
    for _ in range(opts.iterations):
        idle_batch()
        t0 = clock()
        dispatch(provider, *recorded[0])
        t1 = clock()
        for args in recorded[1:]:
            dispatch(provider, *args)
        t2 = clock()
        batch.commands()
        t3 = clock()
        write_arena()
        t4 = clock()
        batch.submit()
        t5 = clock()
        forget_batch()
        while not provider.queue_idle():
            pass
        t6 = clock()
        for samples, seconds in zip(parts.values(), (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5)):
            samples.append(seconds)
    print("with timestamp writes:", {k: median_us(v) for k, v in parts.items()})

    timer = provider.timer
    provider.timer = batch.timer = None
    encode, submit = [], []
    for _ in range(opts.iterations):
        idle_batch()
        t0 = clock()
        for args in recorded:
            dispatch(provider, *args)
        t1 = clock()
        write_arena()
        batch.submit()
        encode.append(t1 - t0)
        submit.append(clock() - t1)
        forget_batch()
    provider.timer = batch.timer = timer
    print("without timestamp writes: encoding", median_us(encode), "us, ending the pass + arena + finish + submit",
          median_us(submit), "us")

    empty = []
    for _ in range(opts.iterations):
        idle_batch()
        t0 = clock()
        device.queue.submit([device.create_command_encoder().finish()])
        empty.append(clock() - t0)
    print("an empty encoder submitted:", median_us(empty), "us")

    for name, wait in (("polling (Provider.sync)", provider.sync), ("a 4-byte read-back", provider._read_back)):
        waits = []
        for _ in range(15):
            provider.sync()
            prepared.run_host()
            t0 = clock()
            wait()
            waits.append(clock() - t0)
        print(f"the wait after the cell's host part by {name}:", median_us(waits), "us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
