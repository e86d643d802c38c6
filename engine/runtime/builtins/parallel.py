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
