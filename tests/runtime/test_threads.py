"""engine/runtime/threads.py: numpy work split in parts over a process-wide pool of threads."""
import threading

import numpy as np
import pytest

from engine.runtime.threads import in_parts


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
@pytest.mark.parametrize("parts", [0, 1, 2, 7])
def test_every_part_runs_once(parts, threads):
    done = []
    lock = threading.Lock()

    def work(k):
        with lock:
            done.append(k)
    in_parts(parts, work, threads)
    assert sorted(done) == list(range(parts))


def test_workers_see_this_threads_numpy_error_state():
    """Each worker runs in a copy of the caller's context, where numpy keeps its error state."""
    x = np.zeros(4)
    with np.errstate(divide="raise"):
        with pytest.raises(FloatingPointError):
            in_parts(4, lambda k: np.divide(1.0, x[k:k + 1]), 2)
    with np.errstate(all="ignore"):
        in_parts(4, lambda k: np.divide(1.0, x[k:k + 1]), 2)


def test_an_error_in_a_part_is_raised_after_every_run_ends():
    done = []

    def work(k):
        if k == 0:
            raise ValueError("part 0")
        done.append(k)
    with pytest.raises(ValueError, match="part 0"):
        in_parts(6, work, 2)
    assert sorted(done) == [3, 4, 5]          # the worker's run (parts 0-2) stopped at part 0


def test_parts_split_from_a_worker_run_there():
    """A pool worker that splits work again runs its parts itself (the pool may have no free worker)."""
    inner = []

    def outer(k):
        in_parts(3, lambda j: inner.append((k, j, threading.current_thread().name)), 2)
    in_parts(2, outer, 2)
    assert sorted((k, j) for k, j, _ in inner) == [(k, j) for k in range(2) for j in range(3)]
    assert all(name.startswith("matfuse-host") for k, _, name in inner if k == 0)    # outer part 0: a worker
