"""Bytecode: code objects of the register VM.

A code object holds parallel lists ``ops`` (opcode numbers) and ``args`` (operand tuples), a line table
(``lines[pc] = (line, column)``), the register file template (variables first, then temporaries, then
constants, which the template pre-fills) and the fusion windows. Registers are indices into the frame's
``regs`` list; a variable's register is its slot (``varnames[reg]``).

``str(code)`` prints dis-like columns: line, offset, opcode name, operands.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from ..mir.ir import Instr, format_value

OPNAMES = (
    # hot: float fast paths first (the interpreter tests opcodes in this order)
    "ADD", "SUB", "MUL", "DIV", "LT", "LE", "GT", "GE", "EQ", "NE",
    "JLT", "JLE", "JGT", "JGE", "JEQ", "JNE", "JFALSE", "JUMP", "LOOP", "FORITER", "MOVE",
    "INDEX", "CALL", "SETINDEX", "BINOP", "UNOP", "LOADNAME", "DISOWN",
    # everything else
    "CALLLOCAL", "SETANS", "DISPLAY", "SHOWNAME", "COLON", "END", "MATRIX", "CELL",
    "CELLINDEX", "FIELD", "DYNFIELD", "METHOD", "FIRST", "OUT", "RANGEITER", "ITER", "ANON", "FHANDLE",
    "CASEMATCH", "TRUTH", "SCTRUTH", "DECIDES", "TRYPUSH", "TRYPOP", "CAUGHT", "GLOBAL", "PERSISTENT", "GLOAD",
    "GSTORE", "PLOAD", "PSTORE", "NARGIN", "NARGOUT", "LOADOPT", "NLHS", "OUTS", "SETLIST", "PARFOR", "ELOAD",
    "ESTORE", "CALLNESTED", "NESTEDHANDLE", "WINDOW", "TIER2", "RETURN", "LOOPWINDOW",
)
OP = {name: k for k, name in enumerate(OPNAMES)}

# operand kinds, for printing: r register, R tuple of registers, j jump target, n plain value
OPERANDS = {
    **{n: "rrrn" for n in ("ADD", "SUB", "MUL", "DIV", "LT", "LE", "GT", "GE", "EQ", "NE", "BINOP")},
    **{n: "rrj" for n in ("JLT", "JLE", "JGT", "JGE", "JEQ", "JNE")}, "FORITER": "rrnj",
    "JFALSE": "rj", "JUMP": "j", "LOOP": "j", "TRYPUSH": "j", "MOVE": "rr", "INDEX": "rrRnn",
    "SETINDEX": "rnrR", "CALL": "rnRnnr", "CALLLOCAL": "rnRnn", "UNOP": "rrn",
    "LOADNAME": "rrnn", "DISOWN": "rrr", "SETANS": "rrn", "DISPLAY": "rn", "SHOWNAME": "rrnn",
    "COLON": "rrrr", "RANGEITER": "rrrr", "END": "rrnn", "MATRIX": "rRnn", "CELL": "rRnn",
    "CELLINDEX": "rrRn", "FIELD": "rrn", "DYNFIELD": "rrr", "METHOD": "rrn", "FIRST": "rr", "OUT": "rrn", "ITER": "rr",
    "ANON": "rnnnn", "FHANDLE": "rn", "CASEMATCH": "rrr", "TRUTH": "rr", "SCTRUTH": "rr", "DECIDES": "rrn",
    "TRYPOP": "", "CAUGHT": "r",
    "GLOBAL": "n", "PERSISTENT": "n", "GLOAD": "rn", "GSTORE": "rn", "PLOAD": "rn", "PSTORE": "rn",
    "NARGIN": "r", "NARGOUT": "r", "LOADOPT": "rr", "NLHS": "rrRn", "OUTS": "rrrr", "SETLIST": "rnnrR",
    "PARFOR": "Rnn", "ELOAD": "rnnn", "ESTORE": "rnn", "CALLNESTED": "rnRnnn", "NESTEDHANDLE": "rnnn",
    "WINDOW": "n", "TIER2": "n", "RETURN": "", "LOOPWINDOW": "nnj",
}

JUMPS = {OP[n] for n, kinds in OPERANDS.items() if kinds.endswith("j")}


@dataclass
class Window:
    """Bytecode span ``[start, end)`` of a fusion candidate region: ``accel.try_run(window, frame)`` may
    run it and must then leave in ``frame.regs`` what the span would have (``outputs``: variable slots
    written; ``live``: registers of temporaries read after the span). ``instrs`` are the region's MIR
    instructions; ``regs`` maps their temporaries (by id) to registers, ``slots`` variable names to
    registers."""
    region: int
    start: int
    end: int
    kinds: tuple[str, ...]
    instrs: list[Instr]
    regs: dict[int, int]
    slots: dict[str, int]
    inputs: list[int] = field(default_factory=list)
    outputs: list[int] = field(default_factory=list)
    live: list[int] = field(default_factory=list)
    promotable: dict[int, int] = field(default_factory=dict)   # inputs left on the device: register -> slot
    disowns: tuple[int, ...] = ()    # slots the span's DISOWNs release: a fused run skips them (op_window)
    # slots of the names the span calls as functions (``callname``): one that holds a value when the span
    # starts is indexed instead (a variable made by eval or load, or captured by an anonymous function)
    called: tuple[int, ...] = ()
    # the names of the functions the span calls: a fused run computes their builtins, so a local function,
    # cell function or function file of one of these names sends the span to the bytecode
    functions: tuple[str, ...] = ()


@dataclass
class LoopWindow:
    """A ``for`` loop whose body is one window (mir/fusion.py ``loop_regions``). ``LOOPWINDOW w k
    target`` heads it (before the loop's first ``FORITER``): ``accel.try_loop(loop, frame)`` may run
    the whole loop as one kernel, and must then leave the loop's variables in ``frame.regs`` and the
    range iterator spent, so that the ``FORITER`` at ``target`` leaves the loop."""
    window: int                     # the body's window, an index into Code.windows
    iterator: int                   # register of the loop's range iterator
    var: int                        # slot of the loop variable
    loads: dict[int, int] = field(default_factory=dict)   # registers the body's loads fill -> slots
    disowns: tuple[int, ...] = ()   # slots the body's DISOWNs release: a fused run skips them (op_loopwindow)


@dataclass(frozen=True)
class Nesting:
    """A function among nested functions (mir/nested.py): each activation has an environment of the
    variables it shares (frame.Env); its parameters and outputs that are shared are copied into it on
    entry and out of it on return. ``shared``: every variable it shares, with the levels up to the
    environment that holds it (what exist, eval and clear see as its variables)."""
    params: tuple[tuple[int, str], ...]       # (slot, name)
    outputs: tuple[tuple[int, str], ...]
    shared: tuple[tuple[str, int], ...] = ()


@dataclass(eq=False)
class Code:
    name: str
    kind: str                                  # script | function | anon
    varnames: list[str]
    params: list[str]
    outputs: list[str]
    ops: list[int] = field(default_factory=list)
    args: list[tuple] = field(default_factory=list)
    lines: list[tuple[int, int]] = field(default_factory=list)
    template: list[Any] = field(default_factory=list)
    windows: list[Window] = field(default_factory=list)
    locals: dict[str, "Code"] = field(default_factory=dict)    # local functions of the same file
    source: str = ""
    file: str = ""
    reads: list[tuple[int, ...]] = field(default_factory=list)  # variable registers each instruction reads
    # LOADNAME temporaries only windows read (register -> the variable's slot: compiler.window_loads)
    window_loads: dict[int, int] = field(default_factory=dict)
    runner: Any = field(default=None, repr=False)   # the specialised Python function (pygen), once run
    generated: Any = field(default=None, repr=False)   # pygen.Generated, kept with the code in the disk cache
    nest: Nesting | None = None                # set for nested functions and the functions holding them
    loops: list[Any] = field(default_factory=list)   # tier2.loops.LoopSite per TIER2 instruction
    fused_loops: list[LoopWindow] = field(default_factory=list)   # one per LOOPWINDOW instruction

    def __post_init__(self) -> None:
        """Calling-convention facts, computed once: fixed parameter/output slots and the var-arg slots."""
        self.slots = {n: k for k, n in enumerate(self.varnames)}     # variable -> slot
        slot = self.slots.get
        self.varargin = slot("varargin") if self.params[-1:] == ["varargin"] else None
        self.varargout = slot("varargout") if self.outputs[-1:] == ["varargout"] else None
        fixed_in = self.params[:len(self.params) - (self.varargin is not None)]
        self.param_slots = tuple(-1 if p == "~" else slot(p) for p in fixed_in)
        self.output_slots = tuple(slot(o) for o in self.outputs[:len(self.outputs) - (self.varargout is not None)])
        # the parameters are slots 0, 1, ... in order (no ``~``, no varargin): a call binds them at once
        self.plain_params = self.varargin is None and self.param_slots == tuple(range(len(self.param_slots)))
        self.max_in = len(self.param_slots) if self.varargin is None else sys.maxsize
        self.max_out = len(self.output_slots) if self.varargout is None else sys.maxsize
        # the slot of the value a call for at most one output returns, when no varargout is involved
        self.first_out = self.output_slots[0] if self.output_slots and self.varargout is None else -1

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps (filecache.py): everything but the specialised function."""
        return {**self.__dict__, "runner": None}

    def __repr__(self) -> str:
        return f"<code {self.name} ({self.kind})>"

    @property
    def nvars(self) -> int:
        return len(self.varnames)

    @property
    def constants(self) -> dict[int, Any]:
        """The constants table: register -> value (registers after the variables that the template fills)."""
        return {r: v for r, v in enumerate(self.template) if r >= self.nvars and v is not None}

    def slot(self, name: str) -> int:
        return self.varnames.index(name)

    def source_line(self, line: int) -> str:
        lines = self.source.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def reg_name(self, reg: int) -> str:
        if reg < self.nvars:
            return self.varnames[reg]
        value = self.template[reg]
        return f"r{reg}" if value is None else f"r{reg}<{format_value(value)}>"

    def __str__(self) -> str:
        head = f"code {self.name} ({self.kind}): {len(self.ops)} instructions, {len(self.template)} registers"
        out = [head]
        starts = {w.start: w for w in self.windows}
        previous = None
        for pc, (op, arg) in enumerate(zip(self.ops, self.args)):
            if pc in starts:
                w = starts[pc]
                out.append(f"{'':>5} {'':>5}   ; window {w.region} [{w.start}, {w.end}) {', '.join(w.kinds)}")
            line = self.lines[pc][0]
            shown = str(line) if line != previous else ""
            previous = line
            out.append(f"{shown:>5} {pc:>5} {OPNAMES[op]:<10} {self.format_args(op, arg)}")
        return "\n".join(out)

    def format_args(self, op: int, arg: tuple) -> str:
        parts = []
        for kind, a in zip(OPERANDS[OPNAMES[op]], arg):
            if kind == "j":
                parts.append(f"-> {a}")
            elif kind == "r":
                parts.append(self.reg_name(a) if a >= 0 else "-")
            elif kind == "R":
                parts.append("(" + ", ".join(self.reg_name(x) for x in a) + ")")
            elif isinstance(a, Code):
                parts.append(f"<code {a.name}>")
            elif a is not None:
                parts.append(repr(a))
        return " ".join(parts)
