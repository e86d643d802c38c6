"""The VM: frames, calls and function lookup around the interpreter (interp.py, pygen.py).

Calling conventions inside the VM: ``invoke(target, args, nargout) -> tuple`` runs a builtin, a user
function (Code) or a script file and returns its outputs; ``adapt(outputs, nargout)`` gives what an
instruction stores: the single value (nargout 1), the value or NOVALUE (nargout 0), the tuple (nargout
> 1, or -1: "what my caller asked", used by anonymous function bodies).

Name lookup (``resolve``): local functions of the running file, then function files ``name.m`` in the
working folder and the ``addpath`` folders (parsed once per file modification time, or loaded from the
disk cache of compiled files: filecache.py), then builtins.
Resolved names are cached until the next ``begin_execute`` (each Session.execute); names resolved to
builtins stay cached across executes while no function file can have appeared that would shadow them
(``search_folders``: the folders searched and their modification times are unchanged).
"""
from __future__ import annotations

import os
import resource
import sys
import threading
import time
from typing import Any, Callable

from ..runtime.builtins import registry
from ..runtime.context import SessionState
from ..runtime.errors import MatlabError, too_many_inputs, too_many_outputs, undefined
from ..runtime.values import BoundMethod, CellArray, FunctionHandle
from ..tier2 import Tier2
from .code import Code
from .debugger import Debugger
from .filecache import compiled_file
from .frame import NOVALUE, Env, Frame, cell_row, enter_nest, interrupt_error, leave_nest
from .interp import run
from .slowpath import SlowPaths

RECURSION_LIMIT = 500
PYTHON_FRAMES = 20000           # Python's recursion limit: MATLAB's 500 frames, deep values' recursive walks
C_STACK = 120 << 20             # the C stack those frames may need (Linux's default 8 MB segfaults at ~3,000)
RECENT_NS = 2_000_000_000       # a folder modified this recently may change again within its mtime's granularity


def deepen_c_stack() -> None:
    """Let the main thread's stack grow to C_STACK (it grows on demand up to the soft limit, and the
    kernel leaves at least 128 MB below the mappings for it) and give threads started later as much: a
    recursive walk of a value nested thousands of levels deep (save of ``s.next = s`` built in a loop) then
    ends in Python's RecursionError, never in a segmentation fault that kills the kernel."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        if soft != resource.RLIM_INFINITY and soft < C_STACK:
            resource.setrlimit(resource.RLIMIT_STACK, (C_STACK if hard == resource.RLIM_INFINITY
                                                       else min(C_STACK, hard), hard))
        threading.stack_size(C_STACK)
    except (ValueError, OSError):       # a platform or container that refuses: its defaults stay
        pass


class VM(SlowPaths):
    def __init__(self, state: SessionState, write: Callable[[str], None]):
        from .context import VMContext
        self.state = state
        self.write = write
        self.ctx = VMContext(self)
        self.accel: Any = None               # the accelerator hook: try_run(window, frame) -> bool
        self.tier2 = Tier2()                 # the tier-2 hook: enter(vm, frame, site, pc) -> next pc (TIER2)
        self.frames: list[Frame] = []
        self.interrupted = False
        self.base_globals: set[str] = set()
        self.figures: list[Any] = []
        self.exported: list[tuple[Frame, dict]] = []   # workspaces handed to builtins via ctx.variables()
        self.device_result = False           # the running builtin's value may stay on the device (pygen)
        self.resolved: dict[str, Any] = {}
        self.resolved_in: tuple | None = None   # search_folders() when ``resolved`` was last kept or cleared
        self.cell_functions: dict[str, Code] = {}      # functions defined in earlier cells of the session
        self.files: dict[str, tuple[float, Code]] = {}
        self.persistents: dict[tuple[str, str], dict[str, Any]] = {}
        self.builtins = registry.load_all()
        self.debugger = Debugger(self)       # breakpoints and stops (debugger.py); may replace run_frame
        if sys.getrecursionlimit() < PYTHON_FRAMES:
            sys.setrecursionlimit(PYTHON_FRAMES)
            deepen_c_stack()

    # -------------------------------------------------------------- running
    def begin_execute(self) -> None:
        """Start an execute: names are resolved again, except builtins when no folder searched for
        function files changed (a new ``name.m`` would shadow the builtin; an edited file is compiled
        again when its name is resolved)."""
        folders = self.search_folders()
        if folders is None or folders != self.resolved_in:
            self.resolved.clear()
        else:
            for name in [n for n, t in self.resolved.items() if type(t) is not registry.Builtin]:
                del self.resolved[name]
        self.resolved_in = folders
        self.interrupted = False
        self.figures = []

    def run_frame(self, frame: Frame) -> None:
        if len(self.frames) > RECURSION_LIMIT:
            raise self.recursion_error()
        self.frames.append(frame)
        try:
            run(self, frame)
        finally:
            self.frames.pop()

    def recursion_error(self) -> MatlabError:
        return MatlabError("MATLAB:recursionLimit",
                           f"Maximum recursion limit of {RECURSION_LIMIT} reached. Use set(0,'RecursionLimit',N) to "
                           "change the limit. Be aware that exceeding your available stack space can crash MATLAB "
                           "and/or your computer.")

    def show(self, name: str, value: Any) -> None:
        """An unsuppressed result: ``state.display_hook`` (a front end) may take it, else it is printed
        (in pieces as it is made). Either way only what fits in the cell's output limit is made."""
        from ..runtime.display import display, display_to
        state = self.state
        hook = state.display_hook
        if hook is None:
            display_to(self.write, name, value, state.format, state.output_limit)
            return
        text = display(name, value, state.format, state.output_limit)
        if not hook(name, value, text):
            self.write(text)

    def persistent_store(self, code: Code) -> dict[str, Any]:
        return self.persistents.setdefault((code.file, code.name), {})

    # -------------------------------------------------------------- calls
    def call_named(self, frame: Frame, name: str, args: list, nargout: int) -> Any:
        if frame.extra and name in frame.extra:
            return self.dynamic_variable(frame.extra[name], args, nargout)
        target = frame.code.locals.get(name) or self.resolve(name)
        n = frame.nargout if nargout < 0 else nargout
        outs = self.invoke(target, args, n)
        return outs if nargout < 0 else adapt(outs, nargout)

    def dynamic_variable(self, value: Any, args: list, nargout: int) -> Any:
        """A variable that code created at run time (eval, load) where the compiler saw a function name."""
        from ..runtime.indexing import index
        if type(value) is FunctionHandle:
            return self.call_value(value, args, nargout)
        if nargout > 1 or nargout == -2:
            raise too_many_outputs()
        return index(value, args) if args else value

    def call_value(self, fn: Any, args: list, nargout: int) -> Any:
        """Call a function handle (or a function by name) from an instruction."""
        n = self.frames[-1].nargout if nargout < 0 and self.frames else max(nargout, 0)
        outs = self.call_handle(fn, args, n)
        return outs if nargout < 0 else adapt(outs, nargout)

    def call_handle(self, fn: Any, args: list, nargout: int) -> tuple:
        if isinstance(fn, str):
            local = self.frames[-1].code.locals.get(fn) if self.frames else None
            return self.invoke(local or self.resolve(fn), args, nargout)
        if type(fn) is BoundMethod:                # obj.method(args): the builtin method(obj, args)
            return self.invoke(self.resolve(fn.name), [fn.obj, *args], nargout)
        if type(fn) is not FunctionHandle:
            raise MatlabError("MATLAB:feval:invalidInput", "Argument must be a function handle or a function name.")
        if fn.params is None:
            if fn.env is not None:                  # a nested function, in its parent's environment
                return self.call_code_outputs(fn.body, args, nargout, fn.env)
            return self.invoke(fn.body if isinstance(fn.body, Code) else self.resolve(fn.name), args, nargout)
        return self.call_anonymous(fn, args, nargout)

    def call_anonymous(self, fn: FunctionHandle, args: list, nargout: int) -> tuple:
        code: Code = fn.body
        if len(args) > len(code.param_slots) and code.varargin is None:
            raise too_many_inputs()
        frame = Frame(code, len(args), nargout)
        R = frame.regs
        for name, value in fn.captured.items():
            R[code.slot(name)] = value
        for slot, value in zip(code.param_slots, args):
            if slot >= 0:
                R[slot] = value
        if code.varargin is not None:
            R[code.varargin] = cell_row(list(args[len(code.param_slots):]))
        self.run_frame(frame)
        value = R[code.slot("$out")]
        if type(value) is tuple:
            return value
        return () if value is NOVALUE or value is None else (value,)

    def invoke(self, target: Any, args: list, nargout: int) -> tuple:
        if type(target) is registry.Builtin:
            if self.interrupted:
                raise interrupt_error()
            outs = registry.call_builtin(target, self.ctx, args, nargout)
            if self.exported:
                self.sync_exported()
            return outs
        if target.kind == "script":
            return self.run_script_file(target)
        return self.call_code_outputs(target, args, nargout)

    def call_code(self, code: Code, args: list, nargout: int, env: Env | None = None) -> Any:
        """CALLLOCAL (CALLNESTED: in environment ``env``): a local function, with the instruction's nargout
        convention."""
        n = self.frames[-1].nargout if nargout < 0 else nargout
        outs = self.call_code_outputs(code, args, n, env)
        return outs if nargout < 0 else adapt(outs, nargout)

    def call_code_outputs(self, code: Code, args: list, nargout: int, env: Env | None = None) -> tuple:
        """Run a user function; its outputs as a tuple. ``env``: the environment of a nested function's
        parent (frame.Env). (The hot path of every call: kept flat.)"""
        if self.interrupted:
            raise interrupt_error()
        nargin = len(args)
        if nargin > code.max_in:
            raise too_many_inputs()
        if nargout > code.max_out:
            raise too_many_outputs()
        frame = Frame(code, nargin, nargout)
        R = frame.regs
        if code.plain_params:
            R[:nargin] = args
        else:
            slots = code.param_slots
            for slot, value in zip(slots, args):
                if slot >= 0:
                    R[slot] = value
            if code.varargin is not None:
                R[code.varargin] = cell_row(list(args[len(slots):]))
        if code.nest is not None:
            enter_nest(frame, env)
        self.run_frame(frame)
        if code.nest is not None:
            leave_nest(frame)
        if nargout <= 1 and code.first_out >= 0:
            value = R[code.first_out]
            if value is not None:
                return (value,)
        return collect_outputs(frame, code, nargout)

    def run_script_file(self, code: Code) -> tuple:
        """A script file called by name runs in the caller's workspace."""
        caller = self.frames[-1]
        before = caller.variables()
        frame = Frame(code)
        for k, name in enumerate(code.varnames):
            frame.regs[k] = before.get(name)
        self.run_frame(frame)
        after = {k: v for k, v in before.items() if k not in code.varnames}
        after.update(frame.variables())
        caller.set_variables(after)
        return ()

    def sync_exported(self) -> None:
        """Write back workspaces that builtins changed through ctx.variables() (clear, load...)."""
        exported, self.exported = self.exported, []
        for frame, values in exported:
            frame.set_variables(values)

    # -------------------------------------------------------------- lookup
    def resolve(self, name: str) -> Any:
        target = self.resolved.get(name)
        if target is None:
            target = self.cell_functions.get(name) or self.find_file(name) or self.builtins.get(name)
            if target is None:
                raise undefined(name)
            self.resolved[name] = target
        return target

    def calls_builtin(self, name: str, code: Code) -> bool:
        """Whether a call of ``name`` from ``code`` runs the builtin of that name (as ``call_named`` finds
        it: no local function of the code, cell function or function file of that name comes first)."""
        if name in code.locals:
            return False
        try:
            return type(self.resolve(name)) is registry.Builtin
        except MatlabError:
            return False

    def define_cell_functions(self, functions: dict[str, Code]) -> None:
        """Functions a cell defines: they serve later cells too, before function files and builtins."""
        self.cell_functions.update(functions)
        for name in functions:
            self.resolved.pop(name, None)

    def search_folders(self) -> tuple | None:
        """The folders ``find_file`` searches, each with its modification time (None for a missing one;
        the working folder as its device and inode: one system call, no getcwd); None when one was
        modified so recently that a file added now might leave its time unchanged."""
        now, found = time.time_ns(), []
        for folder in (".", *self.state.path):
            try:
                info = os.stat(folder)
            except OSError:
                if folder == ".":         # the working folder was removed
                    return None
                found.append((folder, None))
                continue
            if now - info.st_mtime_ns < RECENT_NS:
                return None
            found.append((info.st_dev, info.st_ino, info.st_mtime_ns) if folder == "." else (folder, info.st_mtime_ns))
        return tuple(found)

    def find_file(self, name: str) -> Code | None:
        for folder in [os.getcwd(), *self.state.path]:
            path = os.path.join(folder, name + ".m")
            try:
                mtime = os.stat(path).st_mtime
            except (OSError, ValueError):       # ValueError: a name holding a NUL character
                continue
            return self.file_code(path, name, mtime)
        return None

    def file_code(self, path: str, name: str, mtime: float | None = None) -> Code:
        """The code of the file at ``path`` (compiled once per modification time)."""
        mtime = os.stat(path).st_mtime if mtime is None else mtime
        cached = self.files.get(path)
        if cached is None or cached[0] != mtime:
            with open(path, "rb") as handle:
                cached = (mtime, compiled_file(handle.read(), name, path))
            self.files[path] = cached
        return cached[1]

    def function_kind(self, name: str) -> str | None:
        frame = self.frames[-1] if self.frames else None
        if frame is not None and name in frame.code.locals or name in self.cell_functions:
            return "local"
        if self.find_file(name) is not None:
            return "file"
        return "builtin" if name in self.builtins else None


def collect_outputs(frame: Frame, code: Code, nargout: int) -> tuple:
    R = frame.regs
    wanted = max(nargout, 1)
    outs: list = []
    for slot in code.output_slots[:wanted]:
        value = R[slot]
        if value is None:
            if nargout == 0 and not outs:
                return ()
            raise MatlabError("MATLAB:unassignedOutputs",
                              f'Output argument "{code.varnames[slot]}" (and possibly others) not assigned a '
                              f'value in the execution with "{code.name}" function.')
        outs.append(value)
    if code.varargout is not None and len(outs) < wanted:
        extra = R[code.varargout]
        if type(extra) is CellArray:
            outs.extend(extra.data.ravel(order="F")[:wanted - len(outs)])
        if len(outs) < nargout:
            raise too_many_outputs()
    return tuple(outs)


def adapt(outs: tuple, nargout: int) -> Any:
    """What an instruction asking ``nargout`` outputs stores (see module docstring)."""
    if nargout == 1:
        if not outs:
            raise too_many_outputs()
        return outs[0]
    if nargout == 0:
        return outs[0] if outs else NOVALUE
    if len(outs) < nargout:
        raise too_many_outputs()
    return outs
