"""The parallel pool: parpool, gcp, delete, and parfeval with its futures (engine/parallel/ runs them on
Dask). A pool and a future are property objects (struct values of class parallel.ProcessPool /
parallel.ClusterPool / parallel.FevalFuture); the pool itself lives in the session's state."""
from __future__ import annotations

import glob
import os
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..values import CellArray, CharArray, StringArray, StructArray
from .registry import builtin
from .textutil import char_value, text_arg

POOL_CLASSES = ("parallel.ProcessPool", "parallel.ClusterPool")
FUTURE_CLASS = "parallel.FevalFuture"


def pool_value(pool: Any) -> StructArray:
    """The pool object MATLAB code sees (its properties when it was asked for)."""
    local = pool.cluster is not None
    cluster = "Processes (Local Cluster)" if local else f"Dask scheduler at {pool.profile}"
    return StructArray.scalar({
        "Connected": pool.connected, "NumWorkers": float(pool.num_workers), "Busy": False,
        "Cluster": char_value(cluster), "AttachedFiles": _empty_cell(),
        "IdleTimeout": float("inf"), "SpmdEnabled": False,
    }, POOL_CLASSES[0] if local else POOL_CLASSES[1])


def _empty_cell() -> Any:
    return CellArray(np.empty((0, 0), dtype=object))


def is_pool(value: Any) -> bool:
    return type(value) is StructArray and value.classname in POOL_CLASSES


def _pool_size(value: Any) -> int:
    number = np.asarray(value, dtype=object).item() if np.size(value) == 1 else None
    if not isinstance(number, (float, int, np.number)) or isinstance(number, (bool, complex)) \
            or number != number or number < 1 or float(number) != round(float(number)):
        raise MatlabError("parallel:convenience:InvalidPoolSize",
                          "The pool size must be a positive integer.")
    return int(number)


@builtin("parpool", family="parallel")
def parpool(ctx, *args, nargout=0):
    """parpool, parpool(n), parpool('Processes', n), parpool('dask://host:port')  start a parallel pool.

    parpool(n) starts n worker processes on this machine (a Dask LocalCluster; parpool alone starts one
    per core); parpool('dask://host:port') (or 'tcp://host:port') attaches to a running Dask scheduler
    and uses its workers. parfor loops and parfeval then run on the pool's workers, each a matfuse
    session with this session's search path. The pool closes with delete(gcp) or when the session ends.

        p = parpool(2); parfor i = 1:8, y(i) = i^2; end; delete(p)
    """
    from ...parallel.pool import Pool, current_pool
    if current_pool(ctx.state) is not None:
        raise MatlabError("parallel:convenience:ConnectionOpen",
                          "Found an interactive session. You cannot have multiple interactive sessions open "
                          "simultaneously. To terminate the existing session, use 'delete(gcp('nocreate'))'.")
    size, address = None, None
    rest = list(args)
    if rest and type(rest[0]) in (CharArray, StringArray):
        name = text_arg(rest.pop(0), "parpool", "Profile")
        if "://" in name:
            address = name
        elif name.lower() not in ("processes", "local"):
            raise MatlabError("parallel:cluster:ProfileNotFound",
                              f"The profile '{name}' does not exist: use 'Processes', or a Dask scheduler "
                              "address 'dask://host:port'.")
    if rest:
        size = _pool_size(rest.pop(0))
    if rest:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    if address is not None:
        ctx.write(f"Connecting to the Dask scheduler at {address} ...\n")
        pool = Pool.attach(address)
    else:
        size = size or os.cpu_count() or 1
        ctx.write("Starting parallel pool (parpool) using the 'Processes' profile ...\n")
        pool = Pool.start(size)
    ctx.state.extras["parallel_pool"] = pool
    ctx.write(f"Connected to the parallel pool (number of workers: {pool.num_workers}).\n")
    return pool_value(pool) if nargout else None


@builtin("gcp", family="parallel")
def gcp(ctx, option=None):
    """gcp, gcp('nocreate')  the current parallel pool.

    Returns the running pool; without one, gcp starts a pool with the default size (parpool) and
    gcp('nocreate') returns [].

        p = gcp('nocreate'); if isempty(p), disp('no pool'), end
    """
    from ...parallel.pool import current_pool
    pool = current_pool(ctx.state)
    if pool is not None:
        return pool_value(pool)
    if option is not None:
        if text_arg(option, "gcp", "Option").lower() != "nocreate":
            raise MatlabError("MATLAB:gcp:InvalidOption", "The only option of gcp is 'nocreate'.")
        return np.zeros((0, 0))
    return parpool(ctx, nargout=1)


@builtin("delete", family="parallel")
def delete(ctx, *args):
    """delete(gcp), delete(pool), delete(filename, ...)  shut down the parallel pool, or delete files.

    delete of a pool closes its workers (and the local cluster it started). delete of file names removes
    the files; names may use the wildcard *.

        delete(gcp('nocreate'))
        delete('results_*.mat')
    """
    from ...parallel.pool import current_pool
    for arg in args:
        if is_pool(arg):
            pool = current_pool(ctx.state)
            if pool is not None:
                ctx.write("Parallel pool using the 'Processes' profile is shutting down.\n"
                          if pool.cluster is not None else "Disconnecting from the Dask scheduler.\n")
                pool.close()
                ctx.state.extras.pop("parallel_pool", None)
        elif type(arg) is np.ndarray and arg.size == 0:
            continue
        else:
            name = text_arg(arg, "delete", "File name")
            found = glob.glob(name)
            if not found:
                ctx.warn("MATLAB:DELETE:FileNotFound", f"File '{name}' not found.")
            for path in found:
                if os.path.isdir(path):
                    raise MatlabError("MATLAB:DELETE:Permission", f"'{path}' is a folder: use rmdir.")
                os.remove(path)


# ------------------------------------------------------------------------------ parfeval and futures
def future_value(feval: Any) -> StructArray:
    return StructArray.scalar({"ID": float(feval.id), "Function": feval.function,
                               "NumOutputArguments": float(feval.nargout)}, FUTURE_CLASS)


def future_array(fevals: list) -> StructArray:
    data = np.empty((len(fevals), 1), dtype=object)
    for k, f in enumerate(fevals):
        data[k, 0] = future_value(f).data[0, 0]
    return StructArray(["ID", "Function", "NumOutputArguments"], data, FUTURE_CLASS)


def _pool_or_error(ctx) -> Any:
    from ...parallel.pool import current_pool
    pool = current_pool(ctx.state)
    if pool is None:
        raise MatlabError("parallel:future:PoolClosed", "The parallel pool of these futures has been deleted.")
    return pool


def fevals_of(ctx, value: Any, fname: str) -> list:
    """The futures a parallel.FevalFuture value (scalar or array) names, in column-major order."""
    if type(value) is not StructArray or value.classname != FUTURE_CLASS:
        raise MatlabError("MATLAB:UndefinedFunction",
                          f"Undefined function '{fname}' for input arguments of type '{_class(value)}'.")
    pool = _pool_or_error(ctx)
    found = []
    for entry in value.data.ravel(order="F"):
        ident = entry.get("ID")
        feval = pool.fevals.get(int(ident)) if type(ident) is float else None
        if feval is None:
            raise MatlabError("parallel:future:InvalidFuture", "The future is invalid: it was not created by "
                                                              "parfeval on the current pool.")
        found.append(feval)
    return found


def _class(value: Any) -> str:
    from ..values import class_of
    return class_of(value)


def _count(value: Any, what: str) -> int:
    number = np.asarray(value, dtype=object).item() if np.size(value) == 1 else None
    if not isinstance(number, (float, int)) or isinstance(number, bool) or number != number or number < 0 \
            or float(number) != round(float(number)):
        raise MatlabError("MATLAB:parfeval:InvalidNumOutputs", f"{what} must be a nonnegative integer.")
    return int(number)


def _function(value: Any) -> Any:
    from ..values import FunctionHandle
    if type(value) is FunctionHandle:
        return value
    if type(value) in (CharArray, StringArray):
        return text_arg(value, "parfeval", "Function")
    raise MatlabError("MATLAB:parfeval:InvalidFunction", "The function must be a function handle or a name.")


@builtin("parfeval", family="parallel")
def parfeval(ctx, *args):
    """F = parfeval(fcn, numout, X1, ..., Xm), F = parfeval(pool, fcn, numout, ...)  run a function on a
    pool worker.

    Returns a parallel.FevalFuture at once while fcn(X1, ..., Xm) runs on a worker of the current pool
    (gcp: one starts when there is none) for numout outputs. Read the outputs with fetchOutputs or
    fetchNext, wait for it with wait, stop it with cancel; afterEach and afterAll chain client-side
    functions to it. An array of futures is built by indexing (F(k) = parfeval(...)).

        f = parfeval(@magic, 1, 4); M = fetchOutputs(f);
    """
    rest = list(args)
    if rest and is_pool(rest[0]):
        rest.pop(0)
    if len(rest) < 2:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    fn, nargout, inputs = _function(rest[0]), _count(rest[1], "The number of outputs"), rest[2:]
    from ...parallel.pool import current_pool
    if current_pool(ctx.state) is None:
        parpool(ctx, nargout=0)
    pool = _pool_or_error(ctx)
    return future_value(pool.feval(ctx.vm, fn, nargout, inputs))


def _read(ctx, fevals: list, uniform: bool) -> tuple:
    from ...parallel.futures import stacked, wait_until
    pool = _pool_or_error(ctx)
    wait_until(fevals, ctx.vm, True, None, list(pool.fevals.values()))
    for f in fevals:
        _settled(ctx, f)
    failed = [f for f in fevals if f.error is not None]
    if failed:
        raise MatlabError("parallel:future:ExecutionErrors",
                          f"One or more futures resulted in an error.\n\n{failed[0].error.message}")
    for f in fevals:
        f.read = True
    if not uniform:
        return tuple(_column_cell([f.outputs[k] for f in fevals]) for k in range(fevals[0].nargout))
    try:
        return stacked([f.outputs for f in fevals], fevals[0].nargout)
    except MatlabError:
        raise MatlabError("MATLAB:parallel:future:FetchOutputsUniformOutput",
                          "Unable to concatenate the outputs of the futures: use fetchOutputs(F, "
                          "'UniformOutput', false).") from None


def _settled(ctx, feval: Any) -> None:
    from ...parallel.futures import settle
    settle(feval, ctx.vm)


def _column_cell(values: list) -> CellArray:
    data = np.empty((len(values), 1), dtype=object)
    for k, v in enumerate(values):
        data[k, 0] = v
    return CellArray(data)


@builtin("fetchOutputs", family="parallel")
def fetchOutputs(ctx, futures, *options, nargout=1):
    """[B1, ..., Bn] = fetchOutputs(F), fetchOutputs(F, 'UniformOutput', false)  the outputs of futures.

    Waits for every future of F to finish and returns its outputs; for an array of futures each output is
    the outputs of all futures concatenated vertically (or a cell array, one row per future, with
    'UniformOutput' false). A future that ended in an error raises it.

        F(1) = parfeval(@rand, 1, 2); F(2) = parfeval(@rand, 1, 2); R = fetchOutputs(F);   % 4x2
    """
    uniform = True
    if options:
        if len(options) != 2 or text_arg(options[0], "fetchOutputs", "Option").lower() != "uniformoutput":
            raise MatlabError("MATLAB:fetchOutputs:InvalidOption", "The only option is 'UniformOutput'.")
        uniform = bool(np.asarray(options[1]).reshape(-1)[0])
    fevals = fevals_of(ctx, futures, "fetchOutputs")
    if fevals and nargout > fevals[0].nargout:
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
    outputs = _read(ctx, fevals, uniform)
    return outputs[:nargout] if nargout > 1 else (outputs[0] if outputs else None)


@builtin("fetchNext", family="parallel")
def fetchNext(ctx, futures, timeout=None, nargout=1):
    """[idx, B1, ..., Bn] = fetchNext(F), fetchNext(F, timeout)  the outputs of the next future to finish.

    Waits for a future of the array F that has not been read yet to finish, and returns its index in F
    and its outputs; with a timeout (seconds) returns idx = [] when none finished in time.

        for k = 1:4, F(k) = parfeval(@(x) x^2, 1, k); end
        for k = 1:4, [idx, v] = fetchNext(F); fprintf('%d: %d\\n', idx, v); end
    """
    from ...parallel.futures import wait_until
    fevals = fevals_of(ctx, futures, "fetchNext")
    unread = [f for f in fevals if not f.read]
    if not unread:
        raise MatlabError("parallel:fevalqueue:NoUnreadFutures", "There are no unread futures to fetch.")
    seconds = None if timeout is None else float(np.asarray(timeout).reshape(-1)[0])
    pool = _pool_or_error(ctx)
    if not wait_until(unread, ctx.vm, False, seconds, list(pool.fevals.values())):
        return (np.zeros((0, 0)),) + (np.zeros((0, 0)),) * (max(nargout, 1) - 1)
    feval = next(f for f in unread if f.finished)
    outputs = _read(ctx, [feval], True)
    index = float(fevals.index(feval) + 1)
    return (index, *outputs)[:max(nargout, 1)]


@builtin("wait", family="parallel")
def wait(ctx, futures, state=None, timeout=None):
    """wait(F), wait(F, 'finished'), OK = wait(F, state, timeout)  wait for futures.

    Blocks until every future of F has finished (state 'finished', the default; 'running' and 'queued'
    are reached as soon as a future was submitted), or until timeout seconds passed; returns true when
    the state was reached. afterEach/afterAll functions of finished futures run meanwhile, and what the
    finished calls printed is printed (MATLAB keeps it in the future's Diary).

        f = parfeval(@pause, 0, 1); wait(f); disp('done')
    """
    from ...parallel.futures import wait_until
    fevals = fevals_of(ctx, futures, "wait")
    wanted = "finished" if state is None else text_arg(state, "wait", "State").lower()
    if wanted not in ("finished", "running", "queued"):
        raise MatlabError("MATLAB:wait:InvalidState", "The state must be 'finished', 'running' or 'queued'.")
    if wanted != "finished":
        return True
    seconds = None if timeout is None else float(np.asarray(timeout).reshape(-1)[0])
    reached = wait_until(fevals, ctx.vm, True, seconds, list(_pool_or_error(ctx).fevals.values()))
    for feval in fevals:
        if feval.finished:
            _settled(ctx, feval)       # prints what the call printed
    return reached


@builtin("cancel", family="parallel")
def cancel(ctx, futures):
    """cancel(F)  stop futures that have not finished.

    Queued and running futures of F stop; reading their outputs then raises
    parallel:future:ExecutionCancelled. Finished futures keep their outputs.

        f = parfeval(@pause, 0, 60); cancel(f)
    """
    pool = _pool_or_error(ctx)
    for feval in fevals_of(ctx, futures, "cancel"):
        if not feval.finished:
            feval.cancelled = True
            if feval.future is not None:
                pool.stop([feval.future])
            else:
                feval.error = MatlabError("parallel:future:ExecutionCancelled",
                                          "Execution of the future was cancelled.")


def _after(ctx, futures, fn, nout, each: bool, fname: str):
    from ...parallel.futures import pump
    sources = fevals_of(ctx, futures, fname)
    pool = _pool_or_error(ctx)
    feval = pool.after(_function(fn), _count(nout, "The number of outputs"), sources, each)
    pump(list(pool.fevals.values()), ctx.vm)
    return future_value(feval)


@builtin("afterEach", family="parallel")
def afterEach(ctx, futures, fn, nout):
    """B = afterEach(F, fcn, numout)  call fcn on the client with the outputs of each future as it finishes.

    Returns a future whose outputs are fcn's outputs for every future of F, concatenated vertically in
    the order they finished. matfuse runs these functions when the client next waits for or reads
    futures (wait, fetchOutputs, fetchNext) or chains another afterEach/afterAll.

        F = parfeval(@(x) x^2, 1, 3); G = afterEach(F, @(v) v + 1, 1); fetchOutputs(G)   % 10
    """
    return _after(ctx, futures, fn, nout, True, "afterEach")


@builtin("afterAll", family="parallel")
def afterAll(ctx, futures, fn, nout):
    """B = afterAll(F, fcn, numout)  call fcn on the client once every future of F has finished.

    fcn receives the outputs of F as fetchOutputs returns them (concatenated vertically); B is a future
    holding fcn's outputs. It runs when the client next waits for or reads futures.

        for k = 1:3, F(k) = parfeval(@(x) x^2, 1, k); end
        total = fetchOutputs(afterAll(F, @sum, 1));   % 14
    """
    return _after(ctx, futures, fn, nout, False, "afterAll")


@builtin("spmdIndex", family="parallel")
def spmdIndex():
    """spmdIndex  the index of this worker in an spmd block: 1 outside one.

    matfuse has no spmd blocks yet: on the client and in parfor iterations and parfeval calls on pool
    workers, spmdIndex is 1, as MATLAB gives outside spmd.

        k = spmdIndex   % 1
    """
    return 1.0


@builtin("spmdSize", family="parallel")
def spmdSize():
    """spmdSize  the number of workers of an spmd block: 1 outside one.

    matfuse has no spmd blocks yet: spmdSize is 1 on the client and on pool workers outside spmd, as in
    MATLAB.

        n = spmdSize   % 1
    """
    return 1.0
