"""Numpy work shared out to threads: one pool of workers per process, for work split in parts whose
numpy loops release the GIL (host kernels' blocks, engine/accel/fusion/host.py; linspace; conversions
of big arrays between float classes).

    in_parts(4, lambda k: fill(k), threads=2)    # fill(0..3): two parts here, two on a worker
"""
from __future__ import annotations

import contextvars
import functools
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

from engine.config import flag

WORKER_NAME = "matfuse-host"
POOL: dict[tuple[int, int], ThreadPoolExecutor] = {}
POOL_LOCK = threading.Lock()


def pool(threads: int) -> ThreadPoolExecutor:
    """The process's pool of ``threads - 1`` workers (the calling thread is the last), made once per
    process: a child forked from a process with a pool has none of its threads."""
    key = (os.getpid(), threads)
    with POOL_LOCK:
        if key not in POOL:
            POOL[key] = ThreadPoolExecutor(max(threads - 1, 1), thread_name_prefix=WORKER_NAME)
        return POOL[key]


@functools.cache
def default_threads() -> int:
    """The cores this process may run on (asked once: the accelerator asks at every cell)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:             # not on Linux
        return os.cpu_count() or 1


def cpu_threads() -> int:
    """Threads for work split in parts: MATFUSE_CPU_THREADS, or one per core this process may use."""
    return flag("MATFUSE_CPU_THREADS") or default_threads()


CONVERT_PART = 1 << 18          # elements per part of a class conversion shared out (``converted``)


def converted(arr: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``arr.astype(dtype)`` (its layout kept), in parts on the pool when it is big and contiguous: a
    conversion is one pass over memory that numpy runs on one core (2M doubles to single: 0.7 ms), and
    every element's value is the same whichever thread converts it."""
    if arr.size < 2 * CONVERT_PART or arr.dtype == dtype:
        return arr.astype(dtype, copy=False)
    order = "C" if arr.flags.c_contiguous else "F" if arr.flags.f_contiguous else ""
    threads = cpu_threads()
    if not order or threads < 2:
        return arr.astype(dtype, copy=False)
    out = np.empty(arr.shape, dtype, order=order)
    src, dst = arr.reshape(-1, order=order), out.reshape(-1, order=order)      # views: both contiguous

    def part(k: int) -> None:
        lo = k * CONVERT_PART
        np.copyto(dst[lo:lo + CONVERT_PART], src[lo:lo + CONVERT_PART], casting="unsafe")
    in_parts(-(-arr.size // CONVERT_PART), part, threads)
    return out


def in_parts(parts: int, work: Callable[[int], None], threads: int) -> None:
    """``work(k)`` for k in range(parts), in contiguous runs of parts, one run per thread (this one takes
    the last). Each worker runs in a copy of this thread's context: numpy's error state (the Session
    ignores floating-point errors: Inf and NaN are MATLAB's values) is a context variable. An exception
    of any part is raised here once every run has ended. Called from one of the pool's own workers, it
    runs every part there (waiting on the pool from inside it could wait forever)."""
    runs = min(max(threads, 1), parts)
    if runs <= 1 or threading.current_thread().name.startswith(WORKER_NAME):
        for k in range(parts):
            work(k)
        return

    def run(r: int) -> None:
        for k in range(parts * r // runs, parts * (r + 1) // runs):
            work(k)

    futures = [pool(threads).submit(contextvars.copy_context().run, run, r) for r in range(runs - 1)]
    try:
        run(runs - 1)
    finally:
        for f in futures:
            f.result()
