"""Session: the one entry point of the engine (used by the kernel, the CLI and tests).

    s = Session(device="auto", output=None)   # output(text) receives printed text as it is produced
    r = s.execute("x = 1:3")                  # r.stdout, r.error (MatlabError or None), r.figures
    s.get("x") -> numpy / Python value         s.set("y", numpy_array)
    s.mir(code) -> str ; s.bytecode(code) -> str ; s.interrupt() ; s.workspace ; s.state
    s.debugger: breakpoints and stops (engine/vm/debugger.py; the db* commands, the kernel's debug adapter)
    s.fusion: the fusion accelerator (policy, the last cell's reports, counters; engine/accel/fusion)
    s.fusion_report("plan") -> {"text/plain": ..., "text/html": ...}   # any %fusion report
    s.tier2_report() -> the same for tier 2 (loops compiled with numba: engine/tier2)

``execute`` never raises for MATLAB errors (nor for engine bugs, which become MATLAB:internal). A cell
that calls ``exit``/``quit`` stops there with ``r.exit_status`` set (an int); the Session itself stays
usable, and the host decides what ending means (the CLI exits, the kernel asks its front end to close).
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

import numpy as np
import scipy.sparse

from .accel.fusion import FusionAccelerator
from .accel.provider import current_provider, interruptible
from .accel.residency import GpuTensor
from .runtime.builtins.interaction import ExitRequest
from .runtime.context import SessionState
from .runtime.display.limit import OutputLimit
from .runtime.device import to_host
from .runtime.errors import MatlabError, warnings_to
from .runtime.sparse import from_matrix
from .runtime.tables import Table
from .runtime.categoricals import CategoricalArray
from .runtime.times import DatetimeArray, DurationArray, TimeArray
from .runtime.values import (CLASS_OF_DTYPE, CellArray, CharArray, FunctionHandle, SparseMatrix, StringArray,
                             StructArray, as_matrix, simplify)
from .config import flag
from .frontend import format_ast, parse
from .mir.infer import type_of_value
from .vm.build import build_cell_code, build_mir
from .vm.code import OP, Code
from .vm.frame import Frame, internal_error, interrupt_error
from .vm.pygen import device_slots
from .vm.vm import VM

DEVICES = ("auto", "cpu", "gpu")
BUILD_CACHE = 64      # cell code objects kept for re-runs
WINDOW, RETURN = OP["WINDOW"], OP["RETURN"]


def build_key(value: Any) -> Any:
    """What a cell's build depends on of a workspace value (its inferred type, type_of_value), in a form
    that is cheaper to make and hash for the common values (it may tell apart values of one type)."""
    t = type(value)
    if t is float or t is bool or t is complex:
        return t
    if t is np.ndarray:
        return value.dtype, value.shape
    if t is GpuTensor:           # a gpuArray's type is unknown to inference, a plain one's its host value's
        return (value.cls, value.shape) if value.implicit else t
    return type_of_value(value)


@dataclass
class Replay:
    """A cell whose code is one fusion window (then RETURN), and ``workspace``, the dict its last run left
    (``Session._replayed``): ``key`` (text, name, file), the code and its window, ``bind`` the
    variables the window reads, writes or calls as (name, slot, whether the slot may hold a device
    value: else the value is bound on the host, as ``Session._run`` binds it), and ``dump`` the
    MATFUSE_DUMP_AFTER the code was built under. Once a replay has found that the window's calls
    are the builtins (``FusionAccelerator.calls_elsewhere``), later replays of the same streak skip that
    check until a cell runs the normal way (a function-only cell keeps the Replay but may define a
    function the window calls; any other cell, and ``set``, drop it): only function files could
    change what a name calls in between, and ``_replayed`` checks their folders first."""
    key: tuple
    code: Code
    window: Any
    workspace: dict
    bind: list
    dump: Any
    names: frozenset = field(init=False)          # the bound variables' names
    calls_checked: bool = field(default=False, init=False)   # a replay found the calls builtin (below)

    def __post_init__(self) -> None:
        self.names = frozenset(name for name, _, _ in self.bind)

    @staticmethod
    def of(code: Code, key: tuple, workspace: dict) -> "Replay | None":
        """The Replay of ``code`` when it is a single window that spans the whole cell, else None."""
        ops = code.ops
        if code.kind != "script" or code.locals or code.fused_loops or len(code.windows) != 1 \
                or ops[0] != WINDOW or ops[-1] != RETURN:
            return None
        window = code.windows[0]
        if window.start != 1 or window.end != len(ops) - 1:
            return None
        slots = {*window.slots.values(), *window.called, *(r for r in window.inputs if r < code.nvars)}
        on_device = device_slots(code)
        bind = [(code.varnames[k], k, k in on_device) for k in sorted(slots)]
        return Replay(key, code, window, workspace, bind, flag("MATFUSE_DUMP_AFTER"))


@dataclass
class ExecResult:
    stdout: str = ""
    error: MatlabError | None = None
    figures: list = field(default_factory=list)
    exit_status: int | None = None    # the cell called exit/quit (with this status): the host ends the
                                      # session (the CLI exits, the kernel asks to close); else None


class Session:
    def __init__(self, device: str = "auto", output: Callable[[str], None] | None = None,
                 max_output: int | None = None):
        """``max_output``: characters of output per cell (the rest is left out with a note; 0: no limit;
        None: MATFUSE_MAX_OUTPUT_CHARS, read at each execute)."""
        if device not in DEVICES:
            raise ValueError(f"device must be one of {', '.join(DEVICES)}, not {device!r}")
        if device == "gpu" and importlib.util.find_spec("engine.accel.provider") is not None:
            from .accel.provider import require_adapter
            require_adapter()
        self.device = device
        self.output = output
        self.state = SessionState()
        self.state.extras["device"] = device     # read by the GPU builtins (engine/runtime/builtins/gpu.py)
        self._workspace: dict[str, Any] = {}
        self._owned: set[str] = set()      # variables whose value no one else references (in-place ok)
        self._chunks: list[str] = []
        self.max_output = max_output
        self.output_limit = OutputLimit(0)     # the running cell's (a front end's displays take from it)
        self._builds: dict[tuple, Code] = {}   # cell code objects by text and workspace types (_build)
        self._replay: Replay | None = None     # the last cell, when it is one window (_replayed)
        self.vm = VM(self.state, self._write)
        self.fusion = FusionAccelerator(device)   # runs fusion windows; reports for %fusion
        self.fusion.state = self.state            # its GPU random stream (fused rand/randn)
        self.fusion.calls_builtin = self.vm.calls_builtin     # a function that shadows a builtin unfuses
        self.vm.accel = self.fusion

    # -------------------------------------------------------------- running code
    def _write(self, text: str) -> None:
        self._emit(self.output_limit.take(text))

    def _emit(self, text: str) -> None:
        if text:
            self._chunks.append(text)
            if self.output is not None:
                self.output(text)

    def execute(self, code: str, name: str = "<cell>", file: str = "") -> ExecResult:
        """Run a cell. ``file``: the path a front end's debugger knows the cell by (breakpoints set on it
        stop the cell, and stack frames name it); "" for none."""
        self._chunks = []
        limit = flag("MATFUSE_MAX_OUTPUT_CHARS") if self.max_output is None else self.max_output
        self.output_limit = self.state.output_limit = OutputLimit(limit)   # displays read it from state
        self.fusion.begin_cell()
        error = exit_status = None
        try:
            if not self._replayed(code, name, file):      # (a fused window computes nothing on the host)
                if self._replay is not None:              # (a function-only cell keeps the Replay and may
                    self._replay.calls_checked = False    # define a function the window calls)
                # IEEE results (Inf, NaN) are MATLAB's values, not warnings; operators warn through the VM
                with np.errstate(all="ignore"), warnings_to(self.vm.ctx.warn):
                    self.vm.begin_execute()
                    compiled = self._build(code, name, file)
                    self.vm.define_cell_functions(compiled.locals)
                    if compiled.kind != "function" and not self.vm.interrupted:   # function definitions
                        self._replay = None                                         # only define
                        self._run(compiled)
                        self._replay = self._replay_of(compiled, code, name, file)
            if self.vm.interrupted:      # it came during the build or the cell's last (fast) instructions
                raise interrupt_error()
        except ExitRequest as exc:
            exit_status = exc.status
        except MatlabError as exc:
            error = exc.with_traceback(None)   # its frames would keep their values (GPU buffers) alive
            self.state.last_error = (error.message, error.identifier)
        except KeyboardInterrupt:
            error = interrupt_error()
        except Exception as exc:  # noqa: BLE001 - an engine bug must not escape as a Python error
            error = internal_error(exc)
        self.vm.debugger.end_execute()
        self._emit(self.output_limit.note())
        provider = current_provider()
        if provider is not None and not provider.lost:
            provider.release_upload_staging()
        figures, error = self._rendered_figures(error)
        return ExecResult("".join(self._chunks), error, figures, exit_status)

    def _build(self, code: str, name: str, file: str = "") -> Code:
        """The code object of a cell, reused when the same text runs again over a workspace of the same
        names and types (a notebook re-running a cell, a benchmark loop): the build depends on nothing
        else, and a reused code object keeps its specialised Python function and fusion plans."""
        key = self._build_key(code, name, file)
        compiled = self._builds.pop(key, None)
        if compiled is None:
            compiled = build_cell_code(code, name, self._workspace, frozenset(self.vm.base_globals),
                                       self._poll_interrupt, file)   # a long compile stops at an interrupt
        self._builds[key] = compiled                     # most recently used last
        if len(self._builds) > BUILD_CACHE:
            del self._builds[next(iter(self._builds))]
        return compiled

    def _build_key(self, code: str, name: str, file: str) -> tuple:
        workspace = self._workspace
        return (code, name, file, frozenset(self.vm.base_globals), flag("MATFUSE_DUMP_AFTER"),
                tuple(sorted(zip(workspace, map(build_key, workspace.values())))))

    def _run(self, code: Code) -> None:
        frame = Frame(code)
        on_device, slots, regs, extra = device_slots(code), code.slots, frame.regs, {}
        owned = self._owned
        for name, value in self._workspace.items():
            k = slots.get(name)
            if k is None:
                extra[name] = value
                continue
            t = type(value)           # (to_host's test, without a call for the common host values)
            regs[k] = value if t is float or t is np.ndarray or k in on_device else to_host(value)
            if name in owned:
                frame.owned[k] = value
        frame.extra = extra
        try:
            with interruptible(lambda: self.vm.interrupted):    # GPU waits end at an interrupt too
                self.vm.run_frame(frame)
        finally:
            provider = current_provider()
            if provider is not None:
                provider.submit_early()
            self._write_back(frame)

    def _replay_of(self, compiled: Code, code: str, name: str, file: str) -> Replay | None:
        """The Replay of a cell that just ran, when it is one window and ``_build`` would give the same
        code object for the workspace the run left (the first run of a cell that makes new variables
        was built without them: its next run is built again)."""
        replay = Replay.of(compiled, (code, name, file), self._workspace)
        if replay is None or self._builds.get(self._build_key(code, name, file)) is not compiled:
            return None
        return replay

    def _replayed(self, code: str, name: str, file: str) -> bool:
        """Run a cell that is one fusion window again, over the workspace its last run left (the same
        dict: nothing has changed it since), straight through the accelerator's Repeat of that run
        (``FusionAccelerator.replay``): no build-cache look-up, no VM, and only the window's variables
        bound and written back. True when it ran so; False, with nothing changed, where the normal path
        could do anything else: another cell, a changed workspace, base-workspace globals, the debugger
        active, MATFUSE_DUMP_AFTER changed, a folder searched for function files changed, or the
        accelerator declining (a function the window calls shadowed by the user's among its reasons). A run that fails midway also
        gives False: the normal path then runs the cell from the start."""
        replay, vm = self._replay, self.vm
        if replay is None or replay.workspace is not self._workspace or replay.key != (code, name, file) \
                or vm.base_globals or vm.debugger.active or flag("MATFUSE_DUMP_AFTER") != replay.dump:
            return False
        folders = vm.search_folders()         # a function file added since may shadow a builtin it calls:
        if folders is None or folders != vm.resolved_in:        # begin_execute resolves names again
            return False
        vm.interrupted = False                # the rest of begin_execute for a cell that resolves no names
        vm.figures = []                       # (the accelerator resolves the functions the window calls)
        frame = Frame(replay.code)
        regs, owned, workspace = frame.regs, self._owned, self._workspace
        try:
            for name, k, on_device in replay.bind:
                value = workspace.get(name)
                if value is not None:
                    regs[k] = value if on_device else to_host(value)
                    if name in owned:
                        frame.owned[k] = value
            with interruptible(lambda: vm.interrupted):
                if not self.fusion.replay(replay.window, frame, replay.calls_checked):
                    return False
        except Exception:  # noqa: BLE001 - the normal path runs the cell and meets the failure there
            return False
        finally:
            provider = current_provider()
            if provider is not None:
                provider.submit_early()
        for slot in replay.window.disowns:    # as op_window after a fused run
            frame.owned.pop(slot, None)
        self._workspace = workspace = dict(workspace)
        for name, k, _ in replay.bind:
            if regs[k] is not None:
                workspace[name] = regs[k]
        self._owned = (owned - replay.names) | {name for name, k, _ in replay.bind
                                                if k in frame.owned and frame.owned[k] is regs[k]}
        replay.workspace = workspace
        replay.calls_checked = True
        return True

    def _write_back(self, frame: Frame) -> None:
        names = frame.code.varnames
        self._owned = (self._owned - set(names)) | {names[k] for k, value in frame.owned.items()
                                                   if frame.regs[k] is value}
        self._workspace = frame.bindings()
        for name in self.vm.base_globals:
            if name in self.state.globals:
                self._workspace[name] = self.state.globals[name]

    def _rendered_figures(self, error: MatlabError | None) -> tuple[list, MatlabError | None]:
        """The figures shown while the cell ran and those it changed; a figure that cannot be drawn is
        the cell's error unless it had one."""
        if "graphics" not in self.state.extras:     # no figure was ever made (figures.flush_figures)
            return list(self.vm.figures), error
        from .runtime.figures import flush_figures
        try:
            with np.errstate(all="ignore"):
                return self.vm.figures + flush_figures(self.state), error
        except MatlabError as exc:
            return list(self.vm.figures), error or exc
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not escape as a Python error
            return list(self.vm.figures), error or internal_error(exc)

    def _poll_interrupt(self) -> None:
        if self.vm.interrupted:
            raise interrupt_error()

    def interrupt(self) -> None:
        """Stop the running cell (thread-safe): it ends with MATLAB:interrupt as soon as the running
        instruction returns (a long builtin or operator, a GPU wait, a loop iteration, ``pause``)."""
        self.vm.interrupted = True

    @property
    def debugger(self) -> Any:
        """The debugger (engine/vm/debugger.py): breakpoints, ``on_stop`` for a front end's stops."""
        return self.vm.debugger

    # -------------------------------------------------------------- inspection
    def ast(self, code: str) -> str:
        """The cell's syntax tree as indented text (engine/frontend/printer.py)."""
        return format_ast(parse(code, "<cell>"))

    def mir(self, code: str) -> str:
        return str(build_mir(code, "<cell>", self._workspace, frozenset(self.vm.base_globals)).module)

    def bytecode(self, code: str) -> str:
        compiled = build_cell_code(code, "<cell>", self._workspace, frozenset(self.vm.base_globals))
        return "\n\n".join(str(c) for c in [compiled, *compiled.locals.values()])

    def fusion_report(self, command: str = "plan") -> dict[str, str]:
        """A ``%fusion`` report of the last cell as a MIME bundle (text/plain, text/html); ``command`` is
        plan, wgsl [group], stats, residency, graph, explain or device."""
        from .accel.fusion.report_html import fusion_report
        return fusion_report(self.fusion, self.device_workspace, command)

    def tier2_report(self, command: str = "") -> dict[str, str]:
        """``%fusion tier2 [source N | auto | eager | off]``: the loops tier 2 compiled in this session, the
        types it assumed, and why it left others to the interpreter (engine/tier2/report.py)."""
        from .tier2.report import tier2_report
        return tier2_report(self.vm.tier2, command.split())

    @property
    def workspace(self) -> Mapping[str, Any]:
        """The variables as MATLAB code sees them (arrays kept on the device read as their host values)."""
        return HostView(self._workspace)

    @property
    def device_workspace(self) -> Mapping[str, Any]:
        """The variables as stored: arrays kept on the device are DeviceArrays (for %fusion residency)."""
        return MappingProxyType(self._workspace)

    # -------------------------------------------------------------- values in and out
    def get(self, name: str) -> Any:
        if name not in self._workspace:
            raise KeyError(name)
        return to_python(to_host(self._workspace[name]))

    def set(self, name: str, value: Any) -> None:
        self._workspace[name] = from_python(value)
        self._owned.discard(name)
        self._replay = None                 # the workspace changed in place


class HostView(Mapping):
    """A read-only view of a workspace dict whose values read as host values (``to_host``)."""

    def __init__(self, variables: dict[str, Any]) -> None:
        self._variables = variables

    def __getitem__(self, name: str) -> Any:
        return to_host(self._variables[name])

    def __iter__(self):
        return iter(self._variables)

    def __len__(self) -> int:
        return len(self._variables)


def to_python(value: Any) -> Any:
    """An engine value as numpy/Python (DESIGN.md's ``get`` conversions)."""
    t = type(value)
    if t is float or t is bool or t is complex:
        return np.array([[value]])
    if t is np.ndarray:
        return value.copy()
    if t is SparseMatrix:
        return value.data.copy()
    if t is CharArray:
        if len(value.shape) == 2 and (value.shape[0] == 1 or value.shape == (0, 0)):   # '' is 0x0
            return value.to_str()
        return np.vectorize(chr, otypes=["<U1"])(value.codes) if value.codes.size else \
            np.empty(value.shape, dtype="<U1")
    if t is StringArray:
        return value.data.flat[0] if value.data.size == 1 else value.data.copy()
    if t is CellArray:
        return object_array(value.data, to_python)
    if t is StructArray:
        if value.data.size == 1:
            return {f: to_python(value.data.flat[0][f]) for f in value.fields}
        return object_array(value.data, lambda d: {f: to_python(d[f]) for f in value.fields})
    if isinstance(value, TimeArray):    # datetime64 / timedelta64 to the microsecond, NaT where missing
        micro = np.round(value.data * 1e6)
        kind = "M8[us]" if type(value) is DatetimeArray else "m8[us]"
        return np.where(np.isfinite(micro), micro, 0).astype(np.int64).astype(kind) + \
            np.where(np.isfinite(micro), np.timedelta64(0, "us"), np.timedelta64("NaT"))
    if t is CategoricalArray:           # the category names (None where <undefined>), as a string array
        names = np.empty(value.data.size, dtype=object)
        names[:] = value.texts()
        return names[0] if names.size == 1 else names.reshape(value.shape, order="F")
    if t is Table:                      # a dict of the variables by name, in order
        return {name: to_python(v) for name, v in zip(value.names, value.variables)}
    gather = getattr(value, "gather", None)
    if gather is not None:
        return to_python(gather())
    return value


def object_array(data: np.ndarray, convert: Callable[[Any], Any]) -> np.ndarray:
    out = np.empty(data.shape, dtype=object)
    for k, item in enumerate(data.flat):
        out.flat[k] = convert(item)
    return out


def from_python(value: Any) -> Any:
    """A numpy/Python value as an engine value (the inverse of ``to_python`` where one exists)."""
    if isinstance(value, (CharArray, StringArray, CellArray, StructArray, FunctionHandle, SparseMatrix, TimeArray,
                          Table, CategoricalArray)):
        return value
    if scipy.sparse.issparse(value):
        return from_matrix(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, complex):
        return value
    if isinstance(value, np.ndarray) and value.dtype.kind in "mM":
        seconds = value.astype("m8[us]" if value.dtype.kind == "m" else "M8[us]").astype(np.int64) / 1e6
        seconds = as_matrix(np.where(np.isnat(value), np.nan, seconds))
        return DatetimeArray(seconds) if value.dtype.kind == "M" else DurationArray(seconds)
    if isinstance(value, np.generic):
        return array_value(np.array(value))
    if isinstance(value, str):
        return CharArray.from_str(value)
    if isinstance(value, dict):
        return StructArray.scalar({k: from_python(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return array_value(np.array(value, dtype=np.float64))
        return cell_of(list(value))
    if isinstance(value, np.ndarray):
        return array_value(value)
    raise TypeError(f"cannot convert {type(value).__name__} to a MATLAB value")


def cell_of(items: list) -> CellArray:
    data = np.empty((1, len(items)), dtype=object)
    for k, item in enumerate(items):
        data[0, k] = from_python(item)
    return CellArray(data)


def array_value(arr: np.ndarray) -> Any:
    if arr.dtype == object:
        return CellArray(object_array(as_matrix(arr), from_python))
    if arr.dtype.kind == "U":
        return CharArray(as_matrix(np.vectorize(ord, otypes=[np.uint16])(arr)))
    if arr.dtype.kind in "iuf" and arr.dtype not in CLASS_OF_DTYPE:
        arr = arr.astype(np.float64)
    if arr.dtype not in CLASS_OF_DTYPE:
        raise TypeError(f"no MATLAB class for numpy dtype {arr.dtype}")
    return simplify(as_matrix(np.array(arr)))
