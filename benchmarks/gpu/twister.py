"""MATLAB's Mersenne Twister on the device (engine/accel/mersenne.py): large draws checked bit for bit
against the host generator (values and the generator's state after them), then the time of one draw per
chunk size next to the host generator's.

    python3 benchmarks/gpu/twister.py [--side 4096] [--shape A,B,..] [--classes single,double] [--repeat 5]
                                      [--chunks 17,18,19]

A draw's time is the host's call plus a sync (the device finished the draw), best of ``--repeat`` after
a warm-up, and the GPU time of its two kernels (timestamp queries, best of the same runs), then of each
kernel alone (jump and generate, each submitted and timed by itself, best of ``--repeat``); "first use"
is the time to make the jump polynomials for one draw of that size (kept in the cache folder
afterwards). ``--shape 16,1080,1920`` draws that shape instead of side x side.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.accel import mersenne  # noqa: E402
from engine.accel.provider import get_provider  # noqa: E402
from engine.runtime.builtins.random import below_one, generator  # noqa: E402
from engine.runtime.context import SessionState  # noqa: E402


def states(seed: int, skip: int) -> tuple[SessionState, np.random.RandomState]:
    """A session state and its host twin, ``skip`` doubles past rng(seed)."""
    state, twin = SessionState(), np.random.RandomState(seed)
    state.rng = np.random.RandomState(seed)
    state.rng.random_sample(skip)
    twin.random_sample(skip)
    return state, twin


def host_draw(rs: np.random.RandomState, n: int, cls: str) -> np.ndarray:
    values = rs.random_sample(n)
    if cls == "single":
        values = values.astype(np.float32)
        below_one(values)
    return values


def check(side: int, cls: str) -> str:
    """Two consecutive side x side draws from a mid-block position, then the host generator."""
    provider = get_provider()
    state, twin = states(2026, 3)
    wrong = 0
    for _ in range(2):
        got = mersenne.device_rand(state, (side, side), cls, provider).download()
        wrong += int(np.count_nonzero(got != host_draw(twin, side * side, cls).reshape(side, side, order="F")))
    rs = generator(state)
    same_state = bool(np.array_equal(rs.get_state()[1], twin.get_state()[1])) and \
        rs.get_state()[2] == twin.get_state()[2]
    same_next = bool(np.array_equal(rs.random_sample(1000), twin.random_sample(1000)))
    return (f"{cls} {side}x{side}, two draws: {wrong} values differ from the host's; generator state "
            f"{'equal' if same_state else 'DIFFERENT'}; next host draws {'equal' if same_next else 'DIFFERENT'}")


def kernel_times(state: SessionState, shape: tuple[int, ...], cls: str, repeat: int) -> list[float] | None:
    """The GPU seconds of each kernel of a draw, each submitted alone (best of ``repeat``)."""
    provider = get_provider()
    if provider.gpu_seconds() is None:
        return None
    dispatch, each = provider.dispatch, []

    def alone(*args: object) -> None:
        before = provider.gpu_seconds()
        dispatch(*args)
        each.append(provider.gpu_seconds() - before)
    provider.dispatch = alone
    try:
        runs = []
        for _ in range(repeat):
            each.clear()
            mersenne.device_rand(state, shape, cls, provider)
            runs.append(list(each))
    finally:
        provider.dispatch = dispatch
    return [min(times) for times in zip(*runs)]


def timing(shape: tuple[int, ...], cls: str, chunk: int, repeat: int) -> str:
    provider = get_provider()
    mersenne.CHUNK_WORDS = chunk
    size = int(np.prod(shape))
    started = time.perf_counter()
    mersenne.jump_table(chunk).need(-(-2 * size // chunk) - 1)
    rows = time.perf_counter() - started
    state, _ = states(1, 0)
    best, gpu = [], []
    for _ in range(repeat + 1):
        before = provider.gpu_seconds()
        started = time.perf_counter()
        mersenne.device_rand(state, shape, cls, provider)
        after = provider.gpu_seconds()          # submits and waits
        best.append(time.perf_counter() - started)
        gpu.append(None if before is None else after - before)
    each = kernel_times(state, shape, cls, repeat)
    kernels = "" if each is None else (f", {min(gpu[1:]) * 1e3:.2f} ms of it in the kernels (alone: jump "
                                       f"{each[0] * 1e3:.2f} ms, generate {each[1] * 1e3:.2f} ms)")
    return (f"{cls} {'x'.join(map(str, shape))}, chunks of 2^{chunk.bit_length() - 1} words: "
            f"{min(best[1:]) * 1e3:.2f} ms a draw{kernels} (first use: {rows:.2f} s of jump polynomials)")


def host_timing(shape: tuple[int, ...], cls: str, repeat: int) -> str:
    rs = np.random.RandomState(1)
    best = []
    for _ in range(repeat):
        started = time.perf_counter()
        host_draw(rs, int(np.prod(shape)), cls)
        best.append(time.perf_counter() - started)
    return f"{cls} {'x'.join(map(str, shape))} on the host generator: {min(best) * 1e3:.1f} ms a draw"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--side", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shape", help="the timed draws' shape, comma-separated (default: side x side)")
    parser.add_argument("--classes", default="single,double")
    parser.add_argument("--chunks", default="17,18,19", help="log2 of the chunk sizes to time")
    opts = parser.parse_args()
    shape = tuple(map(int, opts.shape.split(","))) if opts.shape else (opts.side, opts.side)
    classes = opts.classes.split(",")
    print(get_provider())
    for cls in classes:
        print(check(opts.side, cls), flush=True)
    for cls in classes:
        print(host_timing(shape, cls, opts.repeat), flush=True)
        for bits in map(int, opts.chunks.split(",")):
            print(timing(shape, cls, 1 << bits, opts.repeat), flush=True)


if __name__ == "__main__":
    main()
