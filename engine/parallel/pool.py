"""The parallel pool: a Dask client on a LocalCluster of worker processes (``parpool(n)``) or on an
existing scheduler (``parpool('dask://host:port')``), kept in the session's state; and parfor loops run
on it in chunks of iterations.

A loop sends its inputs to the workers once (as the result of a task, which a dead worker's
replacement can compute again), submits one task per chunk (``worker.run_loop_chunk``),
combines the chunks' reductions in a tree of tasks, and applies each chunk's slices of the sliced outputs
in iteration order as the chunks finish. An interrupt of the session cancels the loop's tasks; a worker
that dies has its tasks run again elsewhere by the Dask scheduler.
"""
from __future__ import annotations

import os
import weakref
from dataclasses import dataclass, field
from typing import Any

from ..mir.parfor import Classes, ParforSpec
from ..runtime.errors import MatlabError
from ..vm.frame import interrupt_error
from . import loop
from .loop import ChunkResult
from .transfer import portable
from .futures import Feval
from .worker import Environment, LoopTask, RemoteError, interrupt_running, run_feval, run_loop_chunk, same

CHUNKS_PER_WORKER = 2       # chunks of a loop per worker: balances uneven iterations against task overhead
POLL_SECONDS = 0.1          # how often a waiting client checks for an interrupt


def current_pool(state: Any) -> "Pool | None":
    """The session's running pool, or None."""
    pool = state.extras.get("parallel_pool")
    return pool if pool is not None and pool.connected else None


@dataclass
class LoopReport:
    """The last parfor loop on the pool, for ``%parallel``: its chunks (first iteration, count, worker)
    and the classification."""
    line: int
    iterations: int
    chunks: list[tuple[int, int, str]]
    classes: Classes
    seconds: float = 0.0            # the loop's wall time on the client
    busy: float = 0.0               # the chunks' run time on the workers, added up


@dataclass(eq=False)
class Pool:
    client: Any
    cluster: Any = None                 # the LocalCluster this pool started (None when attached)
    profile: str = "Processes"
    last_loop: LoopReport | None = None
    fevals: dict[int, Feval] = field(default_factory=dict)     # parfeval futures by ID

    @staticmethod
    def start(workers: int) -> "Pool":
        from distributed import Client, LocalCluster
        try:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0")     # any free port: never a clash
        except (OSError, RuntimeError) as exc:
            raise MatlabError("parallel:cluster:StartFailed",
                              f"The parallel pool could not start its {workers} workers: {exc}") from None
        return Pool(Client(cluster, set_as_default=False), cluster).watched()

    @staticmethod
    def attach(address: str) -> "Pool":
        from distributed import Client
        if address.startswith("dask://"):
            address = "tcp://" + address[len("dask://"):]
        try:
            client = Client(address, set_as_default=False, timeout=10)
        except OSError as exc:
            raise MatlabError("parallel:cluster:CannotConnect",
                              f"Could not connect to the Dask scheduler at '{address}': {exc}") from None
        return Pool(client, None, address).watched()

    def watched(self) -> "Pool":
        """Close the workers when the pool is dropped (its session ends) or the process exits."""
        weakref.finalize(self, shut_down, self.client, self.cluster)
        return self

    @property
    def connected(self) -> bool:
        return self.client.status == "running"

    @property
    def workers(self) -> list[str]:
        return sorted(self.client.scheduler_info(n_workers=-1)["workers"])

    @property
    def num_workers(self) -> int:
        return len(self.workers)

    def stop(self, futures: list) -> None:
        """Cancel tasks, interrupting those a worker is running (Dask cannot stop a running task)."""
        self.client.run(interrupt_running, {f.key for f in futures}, wait=False)
        self.client.cancel(futures)

    def close(self) -> None:
        shut_down(self.client, self.cluster)

    # ------------------------------------------------------------ parfeval
    def feval(self, vm: Any, function: Any, nargout: int, args: list) -> Feval:
        """Run ``function(args...)`` on a worker; the client-side future."""
        future = self.client.submit(run_feval, portable(function), nargout, [portable(a) for a in args],
                                    environment(vm), pure=False)
        return self.register(Feval(0, function, nargout, future))

    def after(self, function: Any, nargout: int, sources: list[Feval], each: bool) -> Feval:
        """An afterEach/afterAll future: ``function`` runs on the client as ``sources`` finish."""
        return self.register(Feval(0, function, nargout, None, list(sources), each))

    def register(self, feval: Feval) -> Feval:
        feval.id = len(self.fevals) + 1
        self.fevals[feval.id] = feval
        return feval

    # ------------------------------------------------------------ parfor
    def run_loop(self, vm: Any, spec: ParforSpec, inputs: dict[str, Any], first: float, count: int,
                 limit: int | None) -> dict[str, Any]:
        """Run a parfor loop's iterations on the workers; the sliced outputs and reductions it leaves."""
        import time
        started = time.perf_counter()
        classes = spec.classes
        workers = self.workers[:limit] if limit else self.workers
        task = LoopTask(rebuilt_loop(spec), spec.known, spec.functions, classes, environment(vm),
                        spec.body.name, spec.body.source)
        # inputs and task go to the workers once, as the results of tasks (not scattered data): a worker
        # that dies holding them costs a recomputation, not the loop
        shared = self.client.submit(same, {k: portable(v) for k, v in inputs.items()}, pure=False)
        task_future = self.client.submit(same, task, pure=False)
        ranges = chunk_ranges(first, count, len(workers) * CHUNKS_PER_WORKER)
        chunks = [self.client.submit(run_loop_chunk, task_future, shared, start, n, workers=workers, pure=False)
                  for start, n in ranges]
        partial = reduction_tree(self.client, chunks, classes, workers)
        results = {name: inputs.get(name) for name in classes.sliced_outputs}
        try:
            done, busy = self.gather_in_order(vm, chunks, results, [n for _, n in ranges])
            combined = self.wait_for(vm, [partial])[0] if partial is not None else None
        except BaseException:
            self.stop([*chunks, *([partial] if partial is not None else [])])
            raise
        if isinstance(combined, RemoteError):
            raise combined.error()
        for name, form in classes.reductions.items():
            results[name] = loop.finish(form, inputs.get(name), combined[name])
        self.last_loop = LoopReport(spec.line, count, [(int(s), n, w) for (s, n), w in zip(ranges, done)],
                                    classes, time.perf_counter() - started, busy)
        return {name: value for name, value in results.items() if value is not None}

    def gather_in_order(self, vm: Any, chunks: list, results: dict, counts: list[int]) -> list[str]:
        """Wait for the chunks (of ``counts`` iterations), printing their output and applying their slices
        in iteration order; the first chunk that failed raises its MATLAB error. Reports progress to
        ``state.extras["parfor_progress"](done, total)`` (the notebook's progress display) if set.
        Returns the worker of each chunk and the chunks' run time on the workers."""
        arrived: dict[int, Any] = {}
        where: list[str] = [""] * len(chunks)
        busy = 0.0
        position = {c.key: k for k, c in enumerate(chunks)}
        remaining, next_k = set(chunks), 0
        progress = vm.state.extras.get("parfor_progress")
        if progress is not None:
            progress(0, sum(counts))
        while next_k < len(chunks):
            batch = list(self.finished(vm, remaining))
            for future, result in zip(batch, self.client.gather(batch)):    # one round trip a batch
                remaining.discard(future)
                k = position[future.key]
                arrived[k] = result
                where[k] = getattr(result, "worker", "")
                busy += getattr(result, "seconds", 0.0)
            while next_k in arrived:
                result = arrived.pop(next_k)
                if isinstance(result, RemoteError):
                    raise result.error()
                if result.output:
                    vm.write(result.output)
                for name, slices in result.slices.items():
                    results[name] = loop.merge_slices(results[name], slices)
                next_k += 1
            if progress is not None:
                progress(sum(counts[:next_k]) + sum(counts[k] for k in arrived), sum(counts))
        return where, busy

    def finished(self, vm: Any, futures: set, every: bool = False) -> set:
        """Some finished futures of ``futures`` (all of them when ``every``), checking for an interrupt
        while waiting."""
        from distributed import wait
        while True:
            if vm.interrupted:
                raise interrupt_error()
            try:
                with self.client.as_current():
                    done, _ = wait(list(futures), timeout=POLL_SECONDS,
                                   return_when="ALL_COMPLETED" if every else "FIRST_COMPLETED")
            except TimeoutError:
                continue
            return done

    def wait_for(self, vm: Any, futures: list) -> list:
        """Results of ``futures``, stopping at an interrupt."""
        self.finished(vm, set(futures), every=True)
        return self.client.gather(futures)


def shut_down(client: Any, cluster: Any) -> None:
    try:
        client.close()
    finally:
        if cluster is not None:
            cluster.close()


def environment(vm: Any) -> Environment:
    """The client's search path, working folder and function-defining cells, for the workers."""
    sources = tuple(dict.fromkeys(code.source for code in vm.cell_functions.values() if code.source))
    return Environment(tuple(vm.state.path), os.getcwd(), sources)


def rebuilt_loop(spec: ParforSpec) -> Any:
    from ..frontend import ast as A
    return A.For(spec.var, A.Ident("$range"), spec.statements, True, line=spec.line)


def chunk_ranges(first: float, count: int, chunks: int) -> list[tuple[float, int]]:
    """``count`` iterations from ``first`` in at most ``chunks`` contiguous ranges of near-equal size."""
    chunks = max(1, min(chunks, count))
    size, extra = divmod(count, chunks)
    out, start = [], first
    for k in range(chunks):
        n = size + (k < extra)
        out.append((start, n))
        start += n
    return out


def reduction_tree(client: Any, chunks: list, classes: Classes, workers: list[str]) -> Any:
    """One future holding every reduction combined over the chunks (pairs of neighbours, level by level,
    so iteration order is kept), or None when the loop has no reduction."""
    if not classes.reductions:
        return None
    level = list(chunks)
    if len(level) == 1:
        level = [client.submit(reductions_of, level[0], workers=workers, pure=False)]
    while len(level) > 1:
        level = [client.submit(combine_partials, classes, level[k], level[k + 1], workers=workers, pure=False)
                 if k + 1 < len(level) else level[k] for k in range(0, len(level), 2)]
    return level[0]


def reductions_of(result: Any) -> Any:
    """A chunk's partial reductions (a chunk's result or, further up the tree, already a dict)."""
    return result.reductions if isinstance(result, ChunkResult) else result


def combine_partials(classes: Classes, earlier: Any, later: Any) -> Any:
    for side in (earlier, later):
        if isinstance(side, RemoteError):
            return side
    earlier, later = reductions_of(earlier), reductions_of(later)
    try:
        return {name: loop.combine(form, earlier[name], later[name]) for name, form in classes.reductions.items()}
    except MatlabError as exc:
        return RemoteError.of(exc)
