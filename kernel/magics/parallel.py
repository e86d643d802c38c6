"""The parallel magic: ``%parallel``, the pool, its workers and the last parfor loop's task graph (a MIME
bundle built by engine/parallel/report.py)."""
from __future__ import annotations

from .registry import MagicHost, magic


@magic("parallel", "line")
def parallel_line(host: MagicHost, args: str, body: str) -> None:
    """%parallel  the parallel pool, its workers and the last parfor loop.

    Shows the pool (workers, local or attached cluster, scheduler address), each worker (name, address,
    threads, memory, tasks running), and the last parfor loop that ran on it: the classification of its
    variables, its chunks of iterations with the worker that ran each, the reduction tree, and the task
    graph drawn as SVG. Without a pool it says how to start one."""
    from engine.parallel.report import parallel_report
    host.display(parallel_report(host.matlab.state))
