"""What runs on a pool worker: one matfuse Session per worker process, the parfor body built once per
loop, chunks of iterations, and parfeval calls. Everything here is called through Dask with picklable
arguments (AST nodes, engine values made portable by transfer.py) and returns plain data: a MATLAB
error comes back as a ``RemoteError`` value (tracebacks and VM frames stay on the worker)."""
from __future__ import annotations

import os
import pickle
import time
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any

from ..config import flag
from ..frontend import ast as A
from ..frontend import parse
from ..mir.ir import Module
from ..mir.lower import LowerOptions, lower_function, lower_parfor
from ..mir.parfor import Classes
from ..mir.passes import compile_mir
from ..runtime.display.limit import OutputLimit
from ..runtime.errors import MatlabError, StackFrame, internal_error
from ..vm.code import Code
from ..vm.compiler import compile_module
from .loop import ChunkResult, run_chunk
from .transfer import portable, restore


@dataclass(frozen=True)
class Environment:
    """Where the client's code lives: the search path, the working folder, and the text of cells that
    defined functions (a worker parses their functions again)."""
    path: tuple[str, ...] = ()
    cwd: str = ""
    function_sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class LoopTask:
    """A parfor loop as a worker builds it: its AST, the enclosing workspace's variable names, the cell's
    local functions and the classification made on the client."""
    loop: A.For
    known: frozenset[str]
    functions: tuple
    classes: Classes
    env: Environment
    name: str = "parfor"
    source: str = ""

    @property
    def key(self) -> str:
        return sha256(pickle.dumps((self.loop, sorted(self.known), self.functions, self.name, self.source))).hexdigest()


@dataclass
class RemoteError:
    """A MATLAB error raised on a worker, as data."""
    identifier: str
    message: str
    stack: list[tuple[str, int, int, str]] = field(default_factory=list)
    source_line: str = ""

    @staticmethod
    def of(err: MatlabError) -> "RemoteError":
        return RemoteError(err.identifier, err.message, [(f.name, f.line, f.column, f.file) for f in err.stack],
                           err.source_line or "")

    def error(self) -> MatlabError:
        err = MatlabError(self.identifier, self.message)
        err.stack = [StackFrame(*f) for f in self.stack]
        err.source_line = self.source_line
        return err


_session: dict[str, Any] = {}      # this worker process's Session and the bodies it built (by task key)


def worker_session(env: Environment) -> Any:
    """The worker's Session (made on first use: device MATFUSE_WORKER_DEVICE, adapter by worker index
    from MATFUSE_WORKER_ADAPTERS), with the client's search path and working folder."""
    session = _session.get("session")
    if session is None:
        choose_adapter_for_worker()
        from ..session import Session
        session = _session["session"] = Session(device=flag("MATFUSE_WORKER_DEVICE"), max_output=0)
        _session["bodies"] = {}
    session.state.path[:] = [p for p in env.path if os.path.isdir(p)]
    if env.cwd and os.path.isdir(env.cwd) and os.getcwd() != env.cwd:
        os.chdir(env.cwd)
    return session


def choose_adapter_for_worker() -> None:
    """MATFUSE_WORKER_ADAPTERS="0,1": worker k (its Dask name, or its position) uses adapter entry k mod n,
    set as this process's MATFUSE_ADAPTER before the GPU starts."""
    choices = [c.strip() for c in flag("MATFUSE_WORKER_ADAPTERS").split(",") if c.strip()]
    if not choices:
        return
    try:
        from distributed import get_worker
        name = get_worker().name
    except (ImportError, ValueError):
        name = 0
    index = int(name) if str(name).isdigit() else abs(hash(str(name)))
    os.environ["MATFUSE_ADAPTER"] = choices[index % len(choices)]


def function_defs(task_functions: tuple, env: Environment) -> tuple:
    """Local functions for the body: functions of earlier cells, then the loop's own file or cell."""
    found: dict[str, A.FunctionDef] = {}
    for source in env.function_sources:
        for fdef in parse(source, "<cell>").functions:
            found[fdef.name] = fdef
    for fdef in task_functions:
        found[fdef.name] = fdef
    return tuple(found.values())


def body_code(task: LoopTask) -> Code:
    """The loop body's code object, built once per loop on this worker (as the client built it)."""
    bodies = _session["bodies"]
    code = bodies.get(task.key)
    if code is None:
        defs = function_defs(task.functions, task.env)
        options = LowerOptions(local_functions=frozenset(f.name for f in defs), function_defs=defs)
        spec = lower_parfor(task.loop, options, task.known)
        spec.body.name, spec.body.source = task.name, task.source
        module = Module(spec.body, {f.name: lower_function(f, options, task.source) for f in defs})
        code = bodies[task.key] = compile_module(compile_mir(module).module, {task.loop.var})
    return code


def run_loop_chunk(task: LoopTask, inputs: dict[str, Any], first: float, count: int) -> ChunkResult | RemoteError:
    """Run one chunk of a parfor loop on this worker."""
    session = worker_session(task.env)
    printed: list[str] = []
    started = time.perf_counter()
    try:
        code = body_code(task)
        with captured(session, printed):
            result = run_chunk(session.vm, code, task.classes, restore(inputs, session), first, count)
    except MatlabError as exc:
        return RemoteError.of(exc)
    except Exception as exc:  # noqa: BLE001 - an engine bug comes back as MATLAB:internal
        return RemoteError.of(internal_error(exc))
    result.output = "".join(printed)
    result.worker = worker_address()
    result.seconds = time.perf_counter() - started
    return result


def run_feval(function: Any, nargout: int, args: list, env: Environment) -> tuple[list, str] | RemoteError:
    """parfeval on this worker: call ``function`` with ``args`` for ``nargout`` outputs; the outputs (made
    portable) and what the call printed."""
    session = worker_session(env)
    printed: list[str] = []
    try:
        fn, argv = restore(function, session), [restore(a, session) for a in args]
        with captured(session, printed):
            outputs = session.vm.call_handle(fn, argv, nargout)
    except MatlabError as exc:
        return RemoteError.of(exc)
    except Exception as exc:  # noqa: BLE001 - an engine bug comes back as MATLAB:internal
        return RemoteError.of(internal_error(exc))
    return [portable(v) for v in tuple(outputs)[:nargout]], "".join(printed)


async def interrupt_running(keys: set) -> None:
    """Stop the tasks ``keys`` on this worker: interrupt the VM if it runs one of them, and remember them
    in case one starts later (run in the worker's event loop by Pool.stop, beside the task's thread)."""
    _session.setdefault("cancelled", set()).update(keys)
    session = _session.get("session")
    if session is not None and _session.get("running") in keys:
        session.vm.interrupted = True


def worker_address() -> str:
    try:
        from distributed import get_worker
        return get_worker().address
    except (ImportError, ValueError):
        return ""


def current_task() -> Any:
    try:
        from distributed import get_worker
        return get_worker().get_current_task()
    except (ImportError, ValueError):
        return None


def same(value: Any) -> Any:
    """A task whose result is its argument: how a loop's inputs reach the workers."""
    return value


class captured:
    """Collect what the worker's VM prints (returned with the chunk) instead of writing it."""

    def __init__(self, session: Any, into: list[str]) -> None:
        self.session, self.into = session, into

    def __enter__(self) -> None:
        _session["running"] = current_task()
        vm = self.session.vm
        self.saved = vm.write
        vm.begin_execute()
        vm.interrupted = _session["running"] in _session.get("cancelled", ())
        vm.write = self.into.append
        self.session.state.output_limit = OutputLimit(0)

    def __exit__(self, *exc: Any) -> None:
        _session["running"] = None
        self.session.vm.write = self.saved
