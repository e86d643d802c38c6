"""parfeval futures: a function call run on a pool worker (a Dask future), or a call of a function on the
client after others finish (afterEach / afterAll). The pool keeps them by ID; MATLAB code holds
parallel.FevalFuture values naming that ID.

The client runs no code while MATLAB code runs, so afterEach/afterAll functions run in the client when it
next waits for or reads futures (wait, fetchOutputs, fetchNext), or creates another afterEach/afterAll:
each finished source is handed to them once, in the order the client sees them finish."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..runtime.concat import vertcat
from ..runtime.errors import MatlabError
from ..vm.frame import interrupt_error
from .transfer import restore
from .worker import RemoteError

POLL_SECONDS = 0.1


@dataclass(eq=False)
class Feval:
    id: int
    function: Any
    nargout: int
    future: Any = None                  # the Dask future (None for afterEach/afterAll)
    sources: list["Feval"] = field(default_factory=list)
    each: bool = True                   # afterEach (per source) or afterAll (once)
    handled: list["Feval"] = field(default_factory=list)    # sources already given to the function
    results: list[tuple] = field(default_factory=list)      # afterEach: outputs per handled source
    outputs: tuple | None = None
    error: MatlabError | None = None
    read: bool = False
    cancelled: bool = False

    @property
    def finished(self) -> bool:
        if self.outputs is not None or self.error is not None:
            return True
        if self.future is not None:
            return self.future.done()
        return False

    @property
    def state(self) -> str:
        if self.finished:
            return "finished"
        if self.future is not None and self.future.status == "pending":
            return "queued"
        return "running"


def settle(feval: Feval, vm: Any) -> None:
    """Bring a finished worker future's outputs (or error) to the client, printing its output once."""
    if feval.outputs is not None or feval.error is not None or feval.future is None:
        return
    if feval.cancelled or feval.future.status == "cancelled":
        feval.error = MatlabError("parallel:future:ExecutionCancelled", "Execution of the future was cancelled.")
        return
    if feval.future.status == "error":
        feval.error = MatlabError("parallel:future:WorkerDied",
                                  f"The worker running the future failed: {feval.future.exception()}")
        return
    result = feval.future.result()
    if isinstance(result, RemoteError):
        feval.error = result.error()
        return
    outputs, printed = result
    if printed:
        vm.write(printed)
    feval.outputs = tuple(restore(v, vm) for v in outputs)


def pump(fevals: list[Feval], vm: Any) -> None:
    """Run afterEach/afterAll functions for the sources that finished since last time."""
    for after in fevals:
        if after.future is not None or after.finished:
            continue
        for source in after.sources:
            if source.finished and source not in after.handled:
                settle(source, vm)
                after.handled.append(source)
                if after.each:
                    run_after(after, vm, [source])
        if len(after.handled) == len(after.sources) and after.error is None:
            if not after.each:
                run_after(after, vm, after.sources)
            if after.error is None:
                after.outputs = stacked(after.results, after.nargout) if after.results else ()


def run_after(after: Feval, vm: Any, sources: list[Feval]) -> None:
    """Call an afterEach/afterAll function with its sources' outputs; a failed source or call is its error."""
    if after.error is not None:
        return
    failed = [s for s in sources if s.error is not None]
    if failed:
        after.error = MatlabError("parallel:future:PredecessorFailed",
                                  f"A predecessor future failed: {failed[0].error.message}")
        return
    args = list(stacked([s.outputs for s in sources], sources[0].nargout)) if sources else []
    try:
        after.results.append(tuple(vm.call_handle(after.function, args, after.nargout))[:after.nargout])
    except MatlabError as exc:
        after.error = exc


def stacked(outputs: list[tuple], nargout: int) -> tuple:
    """Outputs of several calls, each output concatenated vertically (fetchOutputs of a future array)."""
    if len(outputs) == 1:
        return tuple(outputs[0])
    return tuple(vertcat([o[k] for o in outputs]) for k in range(nargout))


def wait_until(fevals: list[Feval], vm: Any, everyone: bool, timeout: float | None, all_fevals: list[Feval]) -> bool:
    """Wait until all (or one more unread, when not ``everyone``) of ``fevals`` finished, running
    afterEach/afterAll functions as sources finish; False when ``timeout`` (seconds) passed first."""
    import time
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        if vm.interrupted:
            raise interrupt_error()
        pump(all_fevals, vm)
        done = [f for f in fevals if f.finished]
        if (len(done) == len(fevals)) if everyone else any(not f.read for f in done):
            return True
        if deadline is not None and time.monotonic() >= deadline:
            return False
        time.sleep(POLL_SECONDS / 5)
