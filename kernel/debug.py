"""The Jupyter debug protocol: JupyterLab's debugger panel and variable explorer over the engine's
debugger (engine/vm/debugger.py).

Debug requests arrive on the control channel, which ipykernel serves on its own thread; cells run on the
main thread. When a cell stops (a breakpoint, a step, a pause, an error with the "error" exception filter
on), the main thread sends a ``stopped`` event and then serves ``jobs``: each request that reads or
changes the stopped program (stack, variables, evaluate, copyToGlobals, the resumes) is a function the
control thread queues there and awaits, so the engine is only ever used from the thread running the
cell. Not stopped, the variable requests read the workspace (a copy of the dict) on the control thread.

Cells are named as ipykernel names them, so that JupyterLab finds a cell's breakpoints and stack frames
by its own hash of the cell's text: ``<tmp>/matfuse_<pid>/<murmur2(code, seed)>.m`` (``debugInfo`` tells
it the hash method, seed, prefix and suffix); ``dumpCell`` writes the cell there, and ``source`` reads
it back (and any other ``.m`` file a frame is in).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import queue
import tempfile
import threading
from typing import Any, Callable

import numpy as np
from ipykernel.compiler import murmur2_x86

from engine.runtime.device import DeviceArray
from engine.runtime.display import display
from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray, FunctionHandle, StringArray, StructArray, class_of, size_of
from engine.vm.debugger import Stop, display_name
from engine.vm.dbcommands import code_lines, locate
from engine.vm.evaluate import run_in
from engine.vm.frame import interrupt_error

from .html import html_value

HASH_SEED = 0xC70F6907           # any fixed seed: JupyterLab hashes with the one debugInfo gives
THREAD = 1                       # the one thread a MATLAB program runs on
CHILDREN = 1000                  # elements of a struct array or cell shown when expanded
TEXT = 100                       # characters of text shown as a variable's value
REASONS = {"breakpoint": "breakpoint", "step": "step", "pause": "pause", "error": "exception",
           "keyboard": "pause"}


class DebugAdapter:
    """The kernel's side of the protocol; ``handle`` answers one debug_request (on the control thread)."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.session = kernel.matlab
        self.debugger = self.session.debugger
        self.started = False
        self.paths: set[str] = set()                 # sources whose breakpoints came through setBreakpoints
        self.folder = os.path.join(tempfile.gettempdir(), f"matfuse_{os.getpid()}")
        self.jobs: queue.Queue = queue.Queue()
        self.stop: Stop | None = None
        self.refs: list[Any] = []                    # variablesReference k + 1 -> what it expands
        self.running = False                         # a cell is running (pause applies)
        self.seq = 0
        self.debugger.on_stop = self.on_stop

    # -------------------------------------------------------------- cells
    def cell_path(self, code: str) -> str:
        return os.path.join(self.folder, f"{murmur2_x86(code, HASH_SEED)}.m")

    def dump(self, code: str) -> str:
        path = self.cell_path(code)
        os.makedirs(self.folder, mode=0o700, exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(code)
        return path

    # -------------------------------------------------------------- the stopped thread
    def on_stop(self, stop: Stop) -> None:
        """The engine stopped (on the thread running the cell): without the panel, the K>> prompt;
        with it, a stopped event, then the jobs the control thread queues, until one resumes."""
        if not self.started:
            self.debugger.prompt(stop)
            return
        self.stop, self.refs = stop, []
        body = {"reason": REASONS[stop.reason], "threadId": THREAD, "allThreadsStopped": True}
        if stop.error is not None:
            body.update(description=stop.error.message, text=stop.error.identifier or "MATLAB:error")
        self.event("stopped", body)
        try:
            while stop.resume is None:
                try:
                    job, future = self.jobs.get(timeout=0.1)
                except queue.Empty:
                    if self.session.vm.interrupted:
                        raise interrupt_error() from None
                    continue
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(job())
                    except BaseException as exc:  # noqa: BLE001 - the request's reply reports it
                        future.set_exception(exc)
        finally:
            self.stop, self.refs = None, []
            self.event("continued", {"threadId": THREAD, "allThreadsContinued": True})

    async def on_engine(self, job: Callable[[], Any]) -> Any:
        """Run ``job`` where the engine may be used: on the stopped thread when stopped, else here."""
        if self.stop is None or threading.current_thread() is threading.main_thread():
            return job()
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.put((job, future))
        return await asyncio.wrap_future(future)

    def event(self, name: str, body: dict[str, Any]) -> None:
        self.seq += 1
        self.kernel._publish_debug_event({"type": "event", "seq": self.seq, "event": name, "body": body})

    # -------------------------------------------------------------- requests
    async def handle(self, msg: dict[str, Any]) -> dict[str, Any]:
        command = msg.get("command", "")
        method = getattr(self, "do_" + command, None)
        if method is None:
            return response(msg, False, message=f"matfuse's debugger does not support '{command}'")
        try:
            body = await method(msg.get("arguments") or {})
        except MatlabError as err:
            return response(msg, False, message=err.message)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            return response(msg, False, message=f"bad {command} request: {exc}")
        return response(msg, True, body)

    async def do_initialize(self, args: dict) -> dict:
        return {"supportsConfigurationDoneRequest": True, "supportsConditionalBreakpoints": True,
                "supportsEvaluateForHovers": True, "supportsStepInTargetsRequest": False,
                "exceptionBreakpointFilters": [{"filter": "error", "label": "MATLAB errors (dbstop if error)",
                                                "default": False}]}

    async def do_attach(self, args: dict) -> dict:
        self.started = self.debugger.attached = True
        self.debugger.refresh()
        return {}

    async def do_configurationDone(self, args: dict) -> dict:
        return {}

    async def do_disconnect(self, args: dict) -> dict:
        """The panel is switched off: its breakpoints go, and a stopped cell runs on."""
        self.started = self.debugger.attached = False
        for path in self.paths:
            self.debugger.clear_breakpoints(path)
        self.paths.clear()
        self.debugger.stop_on_error = False
        self.debugger.refresh()
        if self.stop is not None:
            await self.resume("continue")
        return {}

    async def do_debugInfo(self, args: dict) -> dict:
        breakpoints = [{"source": key, "breakpoints": [{"line": line} for line in sorted(marks.lines)]}
                       for key, marks in self.debugger.sources.items()]
        return {"isStarted": self.started, "hashMethod": "Murmur2", "hashSeed": HASH_SEED,
                "tmpFilePrefix": self.folder + os.sep, "tmpFileSuffix": ".m", "breakpoints": breakpoints,
                "stoppedThreads": [THREAD] if self.stop is not None else [], "richRendering": True,
                "exceptionPaths": ["MATLAB errors"], "copyToGlobals": True}

    async def do_dumpCell(self, args: dict) -> dict:
        return {"sourcePath": self.dump(args["code"])}

    async def do_setBreakpoints(self, args: dict) -> dict:
        """The breakpoints of one source, replacing its earlier ones: a cell (by its path) or a function
        file (a line without code moves to the next line that has code)."""
        path = args["source"]["path"]
        lines = self.file_lines(path)
        key = os.path.abspath(path) if lines is not None else path
        self.debugger.clear_breakpoints(key)
        placed = []
        for point in args.get("breakpoints", []):
            line = int(point["line"])
            if lines is not None:
                later = [n for n in lines if n >= line]
                if not later:
                    placed.append({"verified": False, "line": line, "message": "no code at or after this line"})
                    continue
                line = later[0]
            self.debugger.set_breakpoint(key, os.path.splitext(os.path.basename(path))[0], line,
                                         point.get("condition") or "")
            placed.append({"verified": True, "line": line, "source": {"path": path}})
        self.paths.add(key)
        return {"breakpoints": placed}

    def file_lines(self, path: str) -> list[int] | None:
        """The lines with code of a function file; None for a cell's path (any line may be set)."""
        if path.startswith(self.folder + os.sep) or not (path.endswith(".m") and os.path.isfile(path)):
            return None
        code, family = locate(self.session.vm, os.path.abspath(path), "dbstop")
        return code_lines(family)

    async def do_setExceptionBreakpoints(self, args: dict) -> dict:
        self.debugger.stop_on_error = "error" in args.get("filters", [])
        return {"breakpoints": [{"verified": True}] if self.debugger.stop_on_error else []}

    async def do_source(self, args: dict) -> dict:
        path = args["source"]["path"]
        if not path.endswith(".m") or not os.path.isfile(path):
            raise MatlabError("MATLAB:debugger:noSource", f"no MATLAB source at {path}")
        with open(path, encoding="utf-8") as handle:
            return {"content": handle.read(), "mimeType": "text/x-matlab"}

    async def do_threads(self, args: dict) -> dict:
        return {"threads": [{"id": THREAD, "name": "MATLAB"}]}

    async def do_modules(self, args: dict) -> dict:
        return {"modules": [], "totalModules": 0}

    # -------------------------------------------------------------- resuming
    async def do_continue(self, args: dict) -> dict:
        await self.resume("continue")
        return {"allThreadsContinued": True}

    async def do_next(self, args: dict) -> dict:
        await self.resume("next")
        return {}

    async def do_stepIn(self, args: dict) -> dict:
        await self.resume("in")
        return {}

    async def do_stepOut(self, args: dict) -> dict:
        await self.resume("out")
        return {}

    async def resume(self, how: str) -> None:
        stop = self.stop
        if stop is None:
            raise MatlabError("MATLAB:debugger:notStopped", "the program is not stopped")

        def go() -> None:
            stop.resume = how
        await self.on_engine(go)

    async def do_pause(self, args: dict) -> dict:
        if self.running and self.stop is None:
            self.debugger.pause_requested = True
            self.debugger.refresh()
        return {}

    # -------------------------------------------------------------- the stack and variables
    def stopped(self) -> Stop:
        if self.stop is None:
            raise MatlabError("MATLAB:debugger:notStopped", "the program is not stopped")
        return self.stop

    async def do_stackTrace(self, args: dict) -> dict:
        if self.stop is None:
            return {"stackFrames": [], "totalFrames": 0}
        frames = []
        for k, entry in reversed(list(enumerate(self.stop.stack))):
            code = entry.frame.code
            if code.name == "eval" and code.kind == "script":
                continue                               # a K>> statement or an eval's text
            frame = {"id": k + 1, "name": display_name(code), "line": entry.line, "column": 1}
            if code.file:
                frame["source"] = {"name": os.path.basename(code.file), "path": code.file}
            frames.append(frame)
        return {"stackFrames": frames, "totalFrames": len(frames)}

    def frame_of(self, frame_id: Any) -> Any:
        stop = self.stopped()
        k = int(frame_id) - 1 if frame_id is not None else stop.selected
        if not 0 <= k < len(stop.stack):
            raise MatlabError("MATLAB:debugger:noFrame", f"no frame {frame_id}")
        return stop.stack[k].frame

    async def do_scopes(self, args: dict) -> dict:
        frame = self.frame_of(args["frameId"])
        ref = self.reference(("frame", frame))
        kind = "Workspace" if frame.code.kind == "script" else "Locals"
        return {"scopes": [{"name": kind, "variablesReference": ref, "expensive": False,
                            "presentationHint": "locals"}]}

    async def do_variables(self, args: dict) -> dict:
        ref = int(args["variablesReference"])
        if not 0 < ref <= len(self.refs):
            return {"variables": []}
        kind, target = self.refs[ref - 1]
        if kind == "frame":
            children = await self.on_engine(lambda: sorted(target.bindings().items()))
        else:
            children = members(target)
        return {"variables": [self.variable(name, value) for name, value in children]}

    async def do_inspectVariables(self, args: dict) -> dict:
        """The workspace as a variable explorer (the panel shows it while no cell is stopped)."""
        self.refs = [] if self.stop is None else self.refs
        variables = sorted(self.session.device_workspace.copy().items())
        return {"variables": [self.variable(name, value) for name, value in variables]}

    def reference(self, target: tuple[str, Any]) -> int:
        self.refs.append(target)
        return len(self.refs)

    def variable(self, name: str, value: Any) -> dict[str, Any]:
        """A variable as the panel lists it. No ``type``: JupyterLab's tree shows the type in place of the
        value for types it does not know (Python's), and the value says the class where it matters."""
        expandable = bool(members(value, 1))
        return {"name": name, "value": summary(value, self.session.state.format), "evaluateName": name,
                "variablesReference": self.reference(("value", value)) if expandable else 0}

    async def do_richInspectVariables(self, args: dict) -> dict:
        name = args["variableName"]
        if not name.isidentifier():
            return {"data": {}, "metadata": {}}
        if self.stop is not None:
            frame = self.frame_of(args.get("frameId"))
            value = await self.on_engine(lambda: frame.variables().get(name))
        else:
            value = self.session.workspace.get(name)
        if value is None:
            raise MatlabError("MATLAB:UndefinedFunction", f"Unrecognized function or variable '{name}'.")
        fmt = self.session.state.format
        text = display(name, value, fmt)
        return {"data": {"text/plain": text, "text/html": html_value(value, text, fmt)}, "metadata": {}}

    async def do_evaluate(self, args: dict) -> dict:
        """An expression (or a statement) in a stopped frame; its value as MATLAB displays it."""
        frame = self.frame_of(args.get("frameId"))
        text = args["expression"]

        def evaluate() -> Any:
            try:
                return run_in(self.session.vm, frame, text, 1)[0]
            except MatlabError as err:
                if err.identifier != "MATLAB:parse" and "=" not in text:
                    raise
            run_in(self.session.vm, frame, text if text.rstrip().endswith(";") else text + ";")
            return None
        value = await self.on_engine(evaluate)
        if value is None:
            return {"result": "", "variablesReference": 0}
        shown = display(None, value, self.session.state.format).strip("\n")
        return {"result": shown, "type": class_of(value),
                "variablesReference": self.reference(("value", value)) if members(value, 1) else 0}

    async def do_copyToGlobals(self, args: dict) -> dict:
        """A variable of a stopped frame copied into the cell's workspace (the base workspace)."""
        source = self.frame_of(args["srcFrameId"])
        base = self.stopped().stack[0].frame
        name, target = args["srcVariableName"], args["dstVariableName"]

        def copy() -> None:
            values = source.bindings()
            if name not in values:
                raise MatlabError("MATLAB:UndefinedFunction", f"Unrecognized function or variable '{name}'.")
            base.set_variables({**base.bindings(), target: values[name]})
        await self.on_engine(copy)
        return {}


def response(msg: dict[str, Any], success: bool, body: dict | None = None, message: str = "") -> dict[str, Any]:
    reply = {"type": "response", "request_seq": msg.get("seq", 0), "seq": 0, "success": success,
             "command": msg.get("command", ""), "body": body or {}}
    if message:
        reply["message"] = message
    return reply


# ---------------------------------------------------------------- values as the panel shows them
def members(value: Any, limit: int = CHILDREN) -> list[tuple[str, Any]]:
    """What expanding a value shows: a struct's fields, a struct array's elements, a cell's elements."""
    t = type(value)
    if t is StructArray:
        if value.data.size == 1:
            return list(value.data.flat[0].items())[:limit]
        return [(f"({k + 1})", element(value, k)) for k in range(min(value.data.size, limit))]
    if t is CellArray:
        return [(f"{{{k + 1}}}", value.data.flat[k]) for k in range(min(value.data.size, limit))]
    return []


def element(value: StructArray, k: int) -> StructArray:
    data = np.empty((1, 1), dtype=object)
    data[0, 0] = value.data.flatten(order="F")[k]
    return StructArray(value.fields, data, value.classname)


def summary(value: Any, fmt: Any) -> str:
    """A variable's value on one line, like MATLAB's Workspace browser: scalars, short vectors and text
    in full, anything larger as its size and class. A value on the GPU is never downloaded for this."""
    dims = "×".join(map(str, size_of(value)))
    if isinstance(value, DeviceArray):
        return f"{dims} {value.cls}" if value.implicit else f"{dims} gpuArray {value.cls}"
    t = type(value)
    if t in (float, bool, complex):
        return display(None, value, fmt).strip()
    if t is CharArray and value.shape[0] <= 1:
        return "'" + cut(value.to_str()) + "'"
    if t is StringArray and value.data.size == 1:
        return '"' + cut(str(value.data.flat[0])) + '"'
    if t is FunctionHandle:
        return cut(display(None, value, fmt).strip())
    if t is np.ndarray and 0 < value.size <= 10 and min(value.shape) == 1 and value.ndim == 2:
        flat = value.reshape(1, -1, order="F")
        parts = [display(None, flat[:, k:k + 1], fmt).strip() for k in range(flat.shape[1])]
        return "[" + " ".join(parts) + "]"
    return f"{dims} {class_of(value)}"


def cut(text: str) -> str:
    return text if len(text) <= TEXT else text[:TEXT - 1] + "…"
