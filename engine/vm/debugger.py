"""The debugger: breakpoints, stops and stepping, shared by MATLAB's db* commands and ``keyboard``
(dbcommands.py) and the kernel's Jupyter debug protocol (kernel/debug.py).

Cost when unused: none. Every frame starts in ``VM.run_frame``. While the debugger is *active* (a
breakpoint is set, a step or a pause is asked for, or a front end such as JupyterLab's debugger panel
is attached) it installs its own ``run_frame`` on the VM instance, which runs each new frame through
``run_traced``: an interpreter loop over the cold-code handlers (cold.py, the same instruction
semantics as the specialised functions of pygen.py) that calls ``at_statement`` at the first
instruction of every statement. The specialised functions have no hook at all, so with no breakpoint
set code runs at full speed. Tier 2 (engine/tier2) is left out the same way: its loop heads (TIER2)
pass on in the cold handlers, so a frame under the debugger runs its loops in the interpreter, where
every line can stop. A frame that started before the debugger became active keeps its
specialised function (a breakpoint set meanwhile stops in frames started later), except after
``keyboard``: stepping from its prompt moves the rest of that frame onto the traced interpreter
(``Deoptimise``, handled in interp.handle_error).

``echo on`` (dbcommands.echo) makes the debugger active too: ``at_statement`` first shows the lines of
each statement of a script (of every frame, after ``echo on all``) as it starts (``echo_statement``).

Fusion windows: the traced interpreter runs a window fused unless a breakpoint lies on one of its
lines, a step is under way or echo shows its lines; then its instructions run one by one and each of
its lines can stop (or show).

Where each frame is: the innermost frame's offset is the stop's; every other running frame's offset is
read from the Python stack (``frame_offsets``): a specialised function's current line maps to its
instruction through its ``PCS`` table, and the cold and traced loops keep it in their ``pc``.

A stop hands a ``Stop`` to ``on_stop`` (the front end's: the K>> prompt of dbcommands.py, or the
kernel's debug adapter), which returns once ``stop.resume`` is set: "continue", "in", "next", "out"
(steps) or "quit" (dbquit: the program ends with MATLAB:dbquit).
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

from ..runtime.errors import MatlabError
from .code import JUMPS, OP, Code
from .cold import CONTROL, HANDLERS
from .frame import NOVALUE, Frame

WINDOW, LOOPWINDOW = OP["WINDOW"], OP["LOOPWINDOW"]


class Deoptimise(BaseException):
    """Raised by ``keyboard`` when a step starts from its prompt in a frame running its specialised
    function: interp.handle_error runs the rest of that frame traced (``Debugger.deoptimise``)."""


class FrameFinished(BaseException):
    """The rest of a frame ran traced: its specialised function returns (caught in interp.run)."""


def quit_error() -> MatlabError:
    return MatlabError("MATLAB:dbquit", "Debugging stopped by dbquit.")


@dataclass
class Breakpoints:
    """The breakpoints of one source (a function file, or a function or cell without a file)."""
    name: str                                   # what dbstatus calls it: the function or cell name
    lines: dict[int, str] = field(default_factory=dict)   # line -> condition ("" for none)


@dataclass
class StackEntry:
    frame: Frame
    line: int

    @property
    def name(self) -> str:
        return self.frame.code.name

    @property
    def file(self) -> str:
        return self.frame.code.file


@dataclass
class Stop:
    """Where the program stopped: the stack (outermost first), why, and which frame the prompt works in
    (``selected``, moved by dbup/dbdown). ``resume`` is set by the front end to end the stop."""
    stack: list[StackEntry]
    reason: str                          # breakpoint | step | pause | error | keyboard
    error: MatlabError | None = None
    selected: int = -1
    resume: str | None = None
    count: int = 1                       # statements a step goes (dbstep N)

    def __post_init__(self) -> None:
        if self.selected < 0:
            self.selected = len(self.stack) - 1

    @property
    def frame(self) -> Frame:
        return self.stack[self.selected].frame

    @property
    def here(self) -> StackEntry:
        return self.stack[-1]


def source_key(code: Code) -> str:
    """What breakpoints are filed under: the file of the code (a function file, or a cell's path when a
    front end names it), else its name (a function defined in a cell)."""
    return code.file or code.name


class Debugger:
    def __init__(self, vm: Any) -> None:
        self.vm = vm
        self.sources: dict[str, Breakpoints] = {}
        self.stop_on_error = False
        self.attached = False            # a front end debugs every frame (JupyterLab's debugger panel)
        self.step: tuple[str, int, int] | None = None     # (mode, depth at the stop, statements left)
        self.pause_requested = False
        self.on_stop: Callable[[Stop], None] | None = None
        self.stops: list[Stop] = []      # the current stop last (a K>> statement can stop again)
        self.traced: set[int] = set()    # ids of the frames running in run_traced
        self.echo = ""                   # echo on: "scripts" (scripts and cells); echo on all: "all"; off: ""
        self.echoed: dict[int, tuple[int, int]] = {}   # id(frame) -> (its last line echoed, its furthest)
        self._starts: dict[Code, list[bool]] = {}
        self._hosts: dict[Code, dict[int, tuple[int, ...]]] = {}
        from .vm import RECURSION_LIMIT       # (vm.py imports this module)
        self.recursion_limit = RECURSION_LIMIT

    # -------------------------------------------------------------- state
    @property
    def active(self) -> bool:
        return bool(self.sources or self.step or self.pause_requested or self.attached or self.echo)

    @property
    def stopped(self) -> Stop | None:
        return self.stops[-1] if self.stops else None

    def refresh(self) -> None:
        """Install or remove the traced ``run_frame`` on the VM (see the module docstring)."""
        if self.active:
            self.vm.run_frame = self.run_frame
        else:
            self.vm.__dict__.pop("run_frame", None)

    def set_breakpoint(self, key: str, name: str, line: int, condition: str = "") -> None:
        self.sources.setdefault(key, Breakpoints(name)).lines[line] = condition
        self.refresh()

    def clear_breakpoints(self, key: str | None = None, line: int | None = None) -> None:
        """Remove one breakpoint, those of one source, or (key None) all of them."""
        if key is None:
            self.sources.clear()
        elif line is None:
            self.sources.pop(key, None)
        elif key in self.sources:
            self.sources[key].lines.pop(line, None)
            if not self.sources[key].lines:
                del self.sources[key]
        self.refresh()

    def end_execute(self) -> None:
        """A cell ended: no step or pause carries over to the next one."""
        self.step = None
        self.pause_requested = False
        self.refresh()

    # -------------------------------------------------------------- running frames
    def run_frame(self, frame: Frame) -> None:
        """VM.run_frame while the debugger is active: the frame runs traced."""
        vm = self.vm
        if len(vm.frames) > self.recursion_limit:
            raise vm.recursion_error()
        vm.frames.append(frame)
        try:
            run_traced(vm, frame, 0)
        finally:
            vm.frames.pop()

    def deoptimise(self, frame: Frame, pc: int) -> None:
        """The rest of a frame that ran its specialised function, after the instruction at ``pc`` (the
        call of keyboard, which gave no value), traced."""
        if frame.code.ops[pc] == OP["CALL"]:
            frame.regs[frame.code.args[pc][0]] = NOVALUE
        run_traced(self.vm, frame, pc + 1)
        raise FrameFinished()

    def statement_starts(self, code: Code) -> list[bool]:
        """For each offset: whether a statement starts there (its line differs from the previous
        instruction's, or a jump lands there); instructions of line 0 (the final RETURN) never stop."""
        starts = self._starts.get(code)
        if starts is None:
            lines = [line for line, _ in code.lines]
            targets = {a[-1] for op, a in zip(code.ops, code.args) if op in JUMPS}
            starts = [lines[pc] > 0 and (pc == 0 or pc in targets or lines[pc] != lines[pc - 1])
                      for pc in range(len(lines))]
            self._starts[code] = starts
        return starts

    def host_slots(self, code: Code) -> dict[int, tuple[int, ...]]:
        """offset -> variables to bring to the host before it (pygen's residency checks, for every
        instruction): the traced loop runs windows fused and must read their results as pygen does."""
        host = self._hosts.get(code)
        if host is None:
            from .pygen import Generator
            gen = Generator(code)
            host = {}
            if gen.resident:
                for pc, (op, a) in enumerate(zip(code.ops, code.args)):
                    slots = gen.host_slots(pc, op, a)
                    if slots:
                        host[pc] = tuple(slots)
            self._hosts[code] = host
        return host

    def unfused(self, code: Code, pc: int) -> bool:
        """Whether the window at ``pc`` must run instruction by instruction: a step is under way, or a
        breakpoint lies on one of its lines."""
        if self.step is not None or self.pause_requested or self.echo and self.echoes(code):
            return True
        marks = self.sources.get(source_key(code))
        if marks is None:
            return False
        window = code.windows[code.args[pc][0]]
        return any(code.lines[k][0] in marks.lines for k in range(window.start, window.end))

    # -------------------------------------------------------------- stopping
    def echoes(self, code: Code) -> bool:
        return self.echo == "all" or code.kind == "script"

    def echo_statement(self, frame: Frame, pc: int) -> None:
        """``echo on``: show the line of the statement about to run, with the lines (comments, blank lines,
        code not run) between it and the furthest line shown. A loop's body shows each time round (its
        lines after the head's); the jump back to its head (a line at or before the last one) shows
        nothing, nor does the statement that reaches the same line again."""
        code = frame.code
        if not self.echoes(code) or not code.source:
            return
        line = code.lines[pc][0]
        start = 0 if code.kind == "script" else line - 1     # a script from its first line, a function
        last, furthest = self.echoed.get(id(frame), (start, start))   # from its first statement
        self.echoed[id(frame)] = (line, max(line, furthest))
        if line > last:          # from the furthest line shown; inside a loop's body, from the line before
            start = furthest if line > furthest else last
            self.vm.write("".join(text + "\n" for text in code.source.splitlines()[start:line]))

    def at_statement(self, frame: Frame, pc: int) -> None:
        """The traced loop reached the start of a statement: echo it (``echo on``); stop if a step ends
        here, a pause was asked for, or a breakpoint (whose condition holds) is on this line."""
        if self.echo:
            self.echo_statement(frame, pc)
        if self.step is not None:
            if self._step_ends():
                self.stop("step", frame, pc)
            return
        if self.pause_requested:
            self.stop("pause", frame, pc)
            return
        marks = self.sources.get(source_key(frame.code))
        if marks is None:
            return
        condition = marks.lines.get(frame.code.lines[pc][0])
        if condition is None or condition and not self._holds(frame, condition):
            return
        self.stop("breakpoint", frame, pc)

    def _step_ends(self) -> bool:
        mode, depth, left = self.step
        here = len(self.vm.frames)
        if mode == "out" and here >= depth or mode == "next" and here > depth:
            return False
        if left > 1:
            self.step = (mode, depth, left - 1)
            return False
        return True

    def _holds(self, frame: Frame, condition: str) -> bool:
        """A conditional breakpoint's expression, evaluated in the frame; one that fails stops there (as
        MATLAB does), so the user sees why."""
        from .evaluate import run_in
        saved, self.step = self.step, None
        try:
            value, = run_in(self.vm, frame, condition, 1)
            return bool(self.vm.truth(value))
        except MatlabError:
            return True
        finally:
            self.step = saved

    def stop(self, reason: str, frame: Frame, pc: int | None, error: MatlabError | None = None,
             handler: Callable[[Stop], None] | None = None) -> str:
        """Stop in ``frame`` at offset ``pc`` (None: where the Python stack says it is): hand the stop to
        ``handler`` (else the front end's ``on_stop``, else the K>> prompt), which returns when the user
        resumes; then set up the step asked for (the resume is returned)."""
        if handler is None:
            handler = self.on_stop or self.prompt
        stop = Stop(self.stack(frame, pc), reason, error)
        self.step = None
        self.pause_requested = False
        self.stops.append(stop)
        self.refresh()
        try:
            handler(stop)
        finally:
            self.stops.pop()
        resume = stop.resume or "continue"
        if resume == "quit":
            raise quit_error()
        if resume != "continue":
            self.step = (resume, len(self.vm.frames), stop.count)
        self.refresh()
        return resume

    def prompt(self, stop: Stop) -> None:
        from .dbcommands import prompt
        prompt(self.vm, stop)

    def error_stop(self, frame: Frame, pc: int, err: MatlabError) -> None:
        """``dbstop if error``: an error no ``try`` will catch stops where it happened (once, in the
        innermost frame); resuming lets it end the program."""
        if getattr(err, "debugged", False) or err.identifier in ("MATLAB:interrupt", "MATLAB:dbquit"):
            return
        err.debugged = True
        if any(f.handlers for f in self.vm.frames):
            return
        self.stop("error", frame, pc, err)

    def stack(self, frame: Frame | None = None, pc: int | None = None) -> list[StackEntry]:
        """The running frames, outermost first, with the line each is at (``frame`` is at ``pc``)."""
        offsets = frame_offsets()
        if frame is not None and pc is not None:
            offsets[id(frame)] = pc
        entries = []
        for f in self.vm.frames:
            k = offsets.get(id(f), -1)
            entries.append(StackEntry(f, f.code.lines[k][0] if 0 <= k < len(f.code.lines) else 0))
        return entries


def frame_offsets() -> dict[int, int]:
    """id(VM frame) -> offset of the instruction it is running, read from the Python stack (see the
    module docstring); frames whose offset cannot be read are left out."""
    found: dict[int, int] = {}
    python = sys._getframe(1)
    while python is not None:
        code = python.f_code
        pc = -1
        if code.co_name in ("run_cold", "run_traced"):
            pc = python.f_locals.get("pc", -1)
        elif code.co_filename.startswith("<matfuse "):
            pcs = python.f_globals.get("PCS")
            if pcs is not None and 0 < python.f_lineno <= len(pcs):
                pc = pcs[python.f_lineno - 1]
        if type(pc) is int and pc >= 0:
            owner = python.f_locals.get("frame")
            if isinstance(owner, Frame):
                found.setdefault(id(owner), pc)
        python = python.f_back
    return found


def run_traced(vm: Any, frame: Frame, pc: int) -> None:
    """Run ``frame`` from offset ``pc`` to its end, instruction by instruction through the cold-code
    handlers, calling the debugger at each statement start (see the module docstring)."""
    from .interp import handle_error
    debugger = vm.debugger
    code = frame.code
    ops, args, R = code.ops, code.args, frame.regs
    starts = debugger.statement_starts(code)
    host = debugger.host_slots(code)
    key, sources = source_key(code), debugger.sources
    handlers, control = HANDLERS, CONTROL
    debugger.traced.add(id(frame))
    try:
        while True:
            try:
                while True:
                    if starts[pc] and (key in sources or debugger.step is not None or debugger.pause_requested
                                       or debugger.echo):
                        debugger.at_statement(frame, pc)
                    if host and pc in host:
                        bring_to_host(R, host[pc])
                    op = ops[pc]
                    jump = control[op]
                    if jump is None:
                        handlers[op](vm, frame, R, args[pc])
                        pc += 1
                    elif (op == WINDOW or op == LOOPWINDOW) and debugger.unfused(code, pc):
                        pc += 1
                    else:
                        pc = jump(vm, frame, R, args[pc], pc)
                        if pc is None:
                            return
            except BaseException as exc:  # noqa: BLE001 - every failure becomes a MATLAB error
                pc = handle_error(vm, frame, exc, pc)
    finally:
        debugger.traced.discard(id(frame))
        debugger.echoed.pop(id(frame), None)


def bring_to_host(R: list, slots: tuple[int, ...]) -> None:
    from ..runtime.device import DeviceArray, to_host
    for r in slots:
        if isinstance(R[r], DeviceArray) and R[r].implicit:
            R[r] = to_host(R[r])


def display_name(code: Code) -> str:
    """A frame's name as dbstack writes it: a local function of a file as ``file>name``."""
    if code.file and code.kind == "function":
        base = os.path.splitext(os.path.basename(code.file))[0]
        if base != code.name and code.file.endswith(".m"):
            return f"{base}>{code.name}"
    return code.name
