"""Code objects -> Python functions: each instruction specialised to its operands.

``specialise(code)`` writes the source of one Python function ``run(vm, frame)`` for a code object and
compiles it (once per code object, on its first run). Every instruction becomes a few lines with its
operands as constants: register numbers, literal float constants (whose type checks disappear) and
static facts such as a call's nargout or whether a name is a local function. Arithmetic, comparisons,
conditional jumps, ``for`` over integer ranges, scalar element reads and in-place writes of double
matrices, and calls of builtins with real double scalars (their scalar paths) never leave the
function; every other case calls the VM's slow path (slowpath.py) with the instruction's operands.

Cold code: in a script, a region of at least COLD_RUN instructions outside every loop is not written
out: each place where control can enter it (its start, a jump from outside, a try handler) is one
call, ``pc = run_cold(vm, frame, R, pc, stop, HOST)``, and cold.py runs the instructions as their
generated lines would. Such code runs once per execution, and CPython compiles generated lines much
more slowly than it runs them.

Control flow: basic blocks are ``if pc == start:`` sections in offset order inside ``while True``, so
a fall-through or a forward jump runs on down and a backward jump ``continue``s; blocks are grouped
under ``if pc < end:`` so that a jump back skips whole groups. No instruction tracks its offset: the
generated source maps each line to its instruction (``PCS``) and the failing line of a traceback gives
the offset that interp.handle_error needs. Rare opcodes (slowpath.RARE) never jump.

Implicit residency: a fusion window may leave a plain array on the device (an implicitly resident
DeviceArray, engine/runtime/device.py) in a variable it reads or stores. Before any other instruction reads
such a variable, and before a function's RETURN for its output variables, the function brings it back to the
host in place (``to_host``; a script leaves its variables as they are, for the Session's workspace). Only the variables that some window of the code reads or stores get these checks;
a code object without windows gets none.
"""
from __future__ import annotations

import marshal
import math
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import zip_longest
from types import CodeType
from typing import Any, Callable

from numpy import dtype, float64, ndarray

from ..runtime.device import DeviceArray, to_host
from ..runtime.builtins.registry import Builtin, call_builtin
from ..runtime.errors import too_many_outputs
from ..runtime.indexing import fast_assign, fast_assign_field, fast_index, is_colon
from ..runtime.values import StructArray
from .code import JUMPS, OP, OPERANDS, OPNAMES, Code
from .cold import failing_offset, run_cold
from .frame import FRESH_INDEX, SCALAR_TYPES, interrupt_error

GROUP = 16                      # blocks per ``if pc < end:`` group
PART = 256                      # blocks per function of a long code object (Generator.parted_source)
COLD_RUN = 64                   # instructions outside loops run by cold.py from regions of this many on
COLD_KINDS = ("script",)        # code kinds that run cold code (a function's body may run many times)
PYOPS = {"ADD": "+", "SUB": "-", "MUL": "*", "DIV": "/", "LT": "<", "LE": "<=", "GT": ">", "GE": ">=",
         "EQ": "==", "NE": "!="}
ARITH = {OP[n]: s for n, s in PYOPS.items()}
CJUMPS = {OP["J" + n]: (k, PYOPS[n]) for k, n in enumerate(("LT", "LE", "GT", "GE", "EQ", "NE"))}
ENDS_BLOCK = JUMPS | {OP["RETURN"], OP["WINDOW"], OP["TIER2"]}
LOADNAME, TRYPUSH, WINDOW, TIER2, FIRST = OP["LOADNAME"], OP["TRYPUSH"], OP["WINDOW"], OP["TIER2"], OP["FIRST"]
CALL = OP["CALL"]
DEVICE_CONSTRUCTORS = ("rand",)     # builtins that may leave a variable's value on the device
TIER2_CALL_LINE = 3             # the line of op_tier2's text that calls tier 2 (its failures carry an offset)
SLOT_READS = {OP[n]: 0 for n in ("SHOWNAME", "SETINDEX", "SETLIST", "DISPLAY", "SETANS")}   # not in Code.reads
SETS_PC = ENDS_BLOCK - {OP["TRYPUSH"]}       # the block ends: these set the next offset themselves
# After an instruction that may take long (a slow path: numpy, a builtin, a fusion window), so that an
# interrupt that arrived meanwhile stops the cell before its next statement runs.
CHECK = "if vm.interrupted:\n    raise interrupt_error()"
PROLOGUE = {   # local name -> how the function binds it (only the names the body uses)
    "resolved": "vm.resolved", "binop": "vm.binop", "compare": "vm.compare", "truth": "vm.truth",
    "unop": "vm.unop", "index": "vm.index", "setindex": "vm.setindex", "call": "vm.call",
    "loadname": "vm.loadname", "dispatch": "vm.dispatch", "owned": "frame.owned",
}


def builtin1(vm: Any, entry: Builtin, argv: list) -> Any:
    """A builtin asked for one value (the general call: GPU dispatch, workspace write-back)."""
    outs = call_builtin(entry, vm.ctx, argv, 1)
    if vm.exported:
        vm.sync_exported()
    if not outs:
        raise too_many_outputs()
    return outs[0]


def builtin_on_device(vm: Any, entry: Builtin, argv: list) -> Any:
    """``builtin1`` for a call whose value goes to a variable that only windows read (``made_on_device``):
    the builtin may leave its value on the device (CallContext.result_stays_on_device)."""
    vm.device_result = True
    try:
        return builtin1(vm, entry, argv)
    finally:
        vm.device_result = False


def advance(vm: Any, R: list, st: Any, var: int) -> bool:
    """FORITER past the inline case: the next column of an iterator, or the end of the loop (a loop that
    ran zero times leaves its variable empty)."""
    if type(st) is not list:
        x = next(st, st)
        if x is not st:
            R[var] = x
            return True
    vm.loop_done(R, var, st)
    return False


def failing_line(exc: BaseException) -> int:
    """The line of the generated source that raised ``exc``: in the part that ``run`` called, if any."""
    tb = exc.__traceback__
    inner = tb.tb_next
    if inner is not None and inner.tb_frame.f_code.co_filename == tb.tb_frame.f_code.co_filename:
        return inner.tb_lineno
    return tb.tb_lineno


@dataclass
class Generated:
    """The generated function of a code object before it is bound to its operands: the compiled Python
    module and the tables its lines refer to. It depends on the code object alone, so the disk cache of
    compiled files (filecache.py) keeps it (the module as ``marshal`` bytes, the source text left out)
    and a new session skips generating and compiling again."""
    module: CodeType
    source: str
    pcs: list[int]
    cold_lines: frozenset[int]
    host: dict[int, tuple[int, ...]]
    resident: frozenset[int]
    made_on_device: frozenset[int]  # variable slots whose constructor call may leave them on the device
    starts: frozenset[int]          # offsets where the function's blocks start (where control may enter)

    def __getstate__(self) -> dict[str, Any]:
        """The module as marshal bytes, without the source text (two thirds of an entry's size)."""
        return {**self.__dict__, "module": marshal.dumps(self.module), "source": ""}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, module=marshal.loads(state["module"]))


def generate(code: Code) -> Generated:
    """Write and compile the Python source of ``code``'s function (see the module docstring)."""
    gen = Generator(code)
    source = gen.source()
    module = compiled_source(source, f"<matfuse {code.name}>")
    return Generated(module, source, gen.pcs, frozenset(gen.cold_lines), gen.host, gen.resident,
                     gen.made_on_device, frozenset(gen.starts))


@lru_cache(maxsize=256)
def compiled_source(source: str, filename: str) -> CodeType:
    """Python's compile of a generated source, once per process for each text: a cell built again in a
    new Session (the same text over a workspace of the same types) writes the same source, whose compile
    was half of its first run (the 300x300 fill of benchmarks/scalar_loops in a new Session: 4.7 ms before,
    2.3 ms with this)."""
    return compile(source, filename, "exec")


def specialise(code: Code) -> Callable[[Any, Any], None]:
    """The Python function running ``code``: its generated module (``code.generated``, kept from the
    disk cache, else generated now) run in a namespace of its operands and helpers."""
    from .interp import handle_error, position
    done = code.generated or generate(code)
    namespace = {"A": code.args, "W": code.windows, "T2": code.loops, "LW": code.fused_loops, "PCS": done.pcs, "ndarray": ndarray,
                 "F64": dtype(float64), "Builtin": Builtin, "Code": Code, "builtin1": builtin1,
                 "builtin_on_device": builtin_on_device,
                 "advance": advance, "position": position, "bisect_right": bisect_right,
                 "failing_line": failing_line, "handle_error": handle_error,
                 "interrupt_error": interrupt_error, "SCALAR_TYPES": SCALAR_TYPES, "FRESH_INDEX": FRESH_INDEX, "DeviceArray": DeviceArray,
                 "to_host": to_host, "run_cold": run_cold, "failing_offset": failing_offset,
                 "COLD_LINES": done.cold_lines, "HOST": done.host, "fast_index": fast_index,
                 "fast_assign": fast_assign, "fast_assign_field": fast_assign_field, "StructArray": StructArray}
    exec(done.module, namespace)  # noqa: S102 - our own source
    fn = namespace["run"]
    fn.source = done.source
    fn.device_slots = done.resident
    fn.made_on_device = done.made_on_device
    fn.block_starts = done.starts
    return fn


def device_slots(code: Code) -> frozenset[int]:
    """The variable slots of ``code`` that may hold implicitly resident arrays while it runs (windows read
    or store them there; the code brings them to the host before other reads). Values of other variables
    must be host values when the code starts."""
    if code.runner is None:
        code.runner = specialise(code)
    return code.runner.device_slots


def host_reads(code: Code, pc: int, op: int, a: tuple) -> set[int]:
    """The variable slots that the instruction at ``pc`` reads on the host (a function's RETURN: its
    outputs; a LOADNAME that fills a window's input: none)."""
    if op == OP["RETURN"]:
        return set() if code.kind == "script" else set(code.output_slots)   # a cell's stay (Session)
    if op == LOADNAME and a[0] in code.window_loads:
        return set()
    slots = set(code.reads[pc])
    if op in SLOT_READS:
        slots.add(a[SLOT_READS[op]])
    return slots


def made_on_device(code: Code) -> frozenset[int]:
    """Variable slots that a call of a DEVICE_CONSTRUCTORS builtin sets and that no instruction outside
    the windows reads: their value may be made on the device, where the windows (or a later cell) read
    it. The code still brings it to the host before any other read (they join ``resident``)."""
    calls = {a[0] for op, a in zip(code.ops, code.args) if op == CALL and a[1] in DEVICE_CONSTRUCTORS
             and a[0] < code.nvars and a[3] is None and a[4] == 1 and a[1] not in code.locals}
    if not calls:
        return frozenset()
    inside = {pc for w in code.windows for pc in range(w.start, w.end)}
    for pc, (op, a) in enumerate(zip(code.ops, code.args)):
        if pc not in inside:
            calls -= host_reads(code, pc, op, a)
    return frozenset(calls)


def window_variables(code: Code) -> frozenset[int]:
    """Variable slots that may hold implicit GpuTensors: those a window stores or may keep an input in."""
    slots = {r for w in code.windows for r in w.outputs if r < code.nvars}
    for w in code.windows:
        slots.update(w.promotable.values())
    return frozenset(slots)


def single_use_temps(code: Code) -> frozenset[int]:
    """Temporaries that one instruction writes and one other reads, so that the reader may let go of the
    value (FIRST and INDEX do: a field's array they held would count as one more holder of it, and
    ``s.v(k) = x`` could not update it in place, runtime/indexing.py). Every int among the operands
    counts as a register (too many is only slower)."""
    counts: Counter[int] = Counter()
    for op, a in zip(code.ops, code.args):
        for kind, x in zip_longest(OPERANDS[OPNAMES[op]], a):
            if type(x) is int and kind != "j":
                counts[x] += 1
            elif type(x) is tuple:
                counts.update(r for r in x if type(r) is int)
    nvars, template = code.nvars, code.template
    return frozenset(r for r, n in counts.items() if n == 2 and nvars <= r < len(template) and template[r] is None)


def block_ends(code: Code) -> list[int]:
    """The offsets of the instructions that end a basic block (ENDS_BLOCK: jumps, RETURN, WINDOW,
    TIER2), ascending: the one scan of every instruction that the layout needs."""
    return [pc for pc, op in enumerate(code.ops) if op in ENDS_BLOCK]


def outside_loops(code: Code, ends: list[int]) -> list[tuple[int, int]]:
    """The spans ``[start, end)`` of offsets outside every loop (a loop: the offsets from a backward
    jump's target to the jump), ascending; ``ends``: ``block_ends(code)``."""
    args = code.args
    loops = sorted((args[pc][-1], pc + 1) for pc in ends if code.ops[pc] in JUMPS and args[pc][-1] <= pc)
    spans, covered = [], 0
    for start, end in loops:
        if start > covered:
            spans.append((covered, start))
        covered = max(covered, end)
    if covered < len(code.ops):
        spans.append((covered, len(code.ops)))
    return spans


def block_starts(code: Code, ends: list[int] | None = None) -> list[int]:
    """Offsets where a basic block starts: 0, jump and handler targets, window ends, after block ends
    (``ends``: ``block_ends(code)``, found here if not given)."""
    ops, args = code.ops, code.args
    starts = {0}
    for pc in block_ends(code) if ends is None else ends:
        if ops[pc] in JUMPS:
            starts.add(args[pc][-1])
        starts.add(pc + 1)
    starts.update(w.end for w in code.windows)
    return sorted(s for s in starts if s < len(code.ops))


class Generator:
    def __init__(self, code: Code):
        self.code = code
        self.lines: list[str] = []
        self.pcs: list[int] = []
        self.used: set[str] = set()
        ends = block_ends(code)
        self.starts = block_starts(code, ends)
        self.loads = code.window_loads
        self.made_on_device = made_on_device(code)
        self.resident = window_variables(code) | self.made_on_device
        self.cold: list[tuple[int, int]] = []    # cold regions [start, end), in order
        self.host: dict[int, tuple[int, ...]] = {}   # cold offset -> variables to bring to the host first
        self.cold_lines: list[int] = []      # lines (0-based) that call run_cold
        if code.kind in COLD_KINDS and len(code.ops) >= COLD_RUN:
            self.cold_regions(ends)

    @cached_property
    def single_use(self) -> frozenset[int]:
        """``single_use_temps``, found when the first instruction written out asks: a script whose code
        all runs cold (cold.py) writes none, and the scan of every operand cost a 1 MB cell 0.1 s."""
        return single_use_temps(self.code)

    # ------------------------------------------------------------ operands
    def literal(self, r: int) -> str | None:
        """Python literal of a constant register holding a finite double or a logical, else None."""
        if r < self.code.nvars or r >= len(self.code.template):
            return None
        v = self.code.template[r]
        if type(v) is bool:
            return repr(v)
        if type(v) is float and math.isfinite(v):
            return f"({v!r})" if math.copysign(1.0, v) < 0 else repr(v)
        return None

    def operand(self, r: int, local: str, out: list[str], checks: list[str]) -> str:
        """Expression for register ``r``: a double literal, or ``local`` loaded from it (and type-checked
        in ``checks``)."""
        if type(self.code.template[r]) is float and self.literal(r) is not None:
            return self.literal(r)
        out.append(f"{local} = R[{r}]")
        checks.append(f"type({local}) is float")
        return local

    def need(self, *names: str) -> None:
        self.used.update(names)

    # ------------------------------------------------------------ layout
    def put(self, pc: int, depth: int, text: str) -> None:
        for line in text.split("\n"):
            self.lines.append("    " * depth + line)
            self.pcs.append(pc)

    def groups(self, starts: list[int], end: int) -> None:
        """The blocks starting at ``starts`` (the last one ending at ``end``), in groups."""
        for g in range(0, len(starts), GROUP):
            group = starts[g:g + GROUP]
            stop_group = starts[g + GROUP] if g + GROUP < len(starts) else end
            self.put(group[0], 4, f"if pc < {stop_group}:")
            for k, start in enumerate(group):
                stop = group[k + 1] if k + 1 < len(group) else stop_group
                self.put(start, 5, f"if pc == {start}:")
                self.block(start, stop)

    def source(self) -> str:
        if len(self.starts) > PART:
            return self.parted_source()
        body_start = len(self.lines)
        self.groups(self.starts, len(self.code.ops))
        self.put(-1, 4, "raise AssertionError(f'no block at offset {pc}')")
        body = self.lines[body_start:]
        body_pcs = self.pcs[body_start:]
        self.lines, self.pcs = [], []
        self.put(-1, 0, "def run(vm, frame):")
        self.put(-1, 1, "R = frame.regs")
        for name in sorted(self.used):
            self.put(-1, 1, f"{name} = {PROLOGUE[name]}")
        self.put(-1, 1, "pc = 0\nwhile True:\n    try:\n        while True:")
        self.cold_lines = [k - body_start + len(self.lines) for k in self.cold_lines]
        self.lines += body
        self.pcs += body_pcs
        self.put(-1, 2, "except BaseException as exc:  # noqa: BLE001 - every failure becomes a MATLAB error")
        self.put(-1, 3, f"pc = handle_error(vm, frame, exc, {self.offset_of('exc.__traceback__.tb_lineno - 1')})")
        return "\n".join(self.lines) + "\n"

    def offset_of(self, line: str) -> str:
        """The offset of the instruction that failed on generated line ``line`` (0-based): PCS, or, on
        a line that runs cold code, the offset the run left on the exception."""
        if not self.cold_lines:
            return f"PCS[{line}]"
        return f"failing_offset(exc, PCS, COLD_LINES, {line})"

    def parted_source(self) -> str:
        """A long code object as functions ``part_k(vm, frame, R, pc)`` of PART blocks each (CPython's
        compile time grows faster than linearly with the size of one function): a part runs from
        ``pc`` until control leaves its blocks, then returns the next offset (None after RETURN), and
        ``run`` calls the part holding that offset."""
        starts, names = self.starts, []
        for p in range(0, len(starts), PART):
            end = starts[p + PART] if p + PART < len(starts) else len(self.code.ops)
            names.append(f"part_{len(names)}")
            self.put(-1, 0, f"def {names[-1]}(vm, frame, R, pc):")
            prologue = len(self.lines)
            self.put(-1, 1, "while True:")
            self.groups(starts[p:p + PART], end)
            self.put(-1, 4, "return pc")
            for name in sorted(self.used, reverse=True):
                self.lines.insert(prologue, f"    {name} = {PROLOGUE[name]}")
                self.pcs.insert(prologue, -1)
            self.cold_lines = [k + len(self.used) if k > prologue else k for k in self.cold_lines]
        self.put(-1, 0, f"PARTS = [{', '.join(names)}]\nPART_STARTS = {starts[::PART]!r}")
        self.put(-1, 0, "def run(vm, frame):")
        self.put(-1, 1, "R = frame.regs\npc = 0\nwhile True:\n    try:\n        while True:")
        self.put(-1, 4, "pc = PARTS[bisect_right(PART_STARTS, pc) - 1](vm, frame, R, pc)\nif pc is None:\n    return")
        self.put(-1, 2, "except BaseException as exc:  # noqa: BLE001 - every failure becomes a MATLAB error")
        self.put(-1, 3, f"pc = handle_error(vm, frame, exc, {self.offset_of('failing_line(exc) - 1')})")
        return "\n".join(self.lines) + "\n"

    def block(self, start: int, stop: int) -> None:
        ops, args = self.code.ops, self.code.args
        stop_cold = self.cold_end(start)
        if stop_cold is not None:
            self.cold_lines.append(len(self.lines))
            self.put(start, 6, f"pc = run_cold(vm, frame, R, {start}, {stop_cold}, HOST)")
            self.put(start, 6, "if pc is None:\n    return")
            return
        for pc in range(start, stop):
            if self.resident:
                self.materialise(pc, ops[pc], args[pc])
            if ops[pc] == TIER2:
                self.cold_lines.append(len(self.lines) + TIER2_CALL_LINE)
            self.put(pc, 6, self.instruction(pc, ops[pc], args[pc]))
        if ops[stop - 1] not in SETS_PC:
            self.put(stop - 1, 6, f"pc = {stop}")

    def cold_regions(self, ends: list[int]) -> None:
        """Mark the regions of at least COLD_RUN offsets outside loops (``cold``, ``host``) and keep as
        block starts only the places where control enters them from elsewhere (``ends``: the offsets
        of the block ends, among them every jump and WINDOW)."""
        code = self.code
        ops, args = code.ops, code.args
        self.cold = [(start, end) for start, end in outside_loops(code, ends) if end - start >= COLD_RUN]
        if not self.cold:
            return
        self.cold_starts = [start for start, _ in self.cold]
        entries = set(self.cold_starts)
        for pc in ends:
            op, a = ops[pc], args[pc]
            if op in JUMPS or op == WINDOW:
                target = code.windows[a[0]].end if op == WINDOW else a[-1]
                end = self.cold_end(target)
                if op == TRYPUSH or end is not None and end != self.cold_end(pc):
                    entries.add(target)          # a handler, or a jump into the region from outside it
        if self.resident:
            for start, end in self.cold:
                for pc in range(start, end):
                    slots = self.host_slots(pc, ops[pc], args[pc])
                    if slots:
                        self.host[pc] = tuple(slots)
        self.starts = [s for s in self.starts if s in entries or self.cold_end(s) is None]

    def cold_end(self, pc: int) -> int | None:
        """The end of the cold region holding offset ``pc``, or None."""
        if not self.cold:
            return None
        k = bisect_right(self.cold_starts, pc) - 1
        return self.cold[k][1] if k >= 0 and pc < self.cold[k][1] else None

    def materialise(self, pc: int, op: int, a: tuple) -> None:
        """Host values, before the instruction, in the window variables it reads (a function's outputs
        before RETURN; a script's variables stay on the device, Session brings them back when needed)."""
        for r in self.host_slots(pc, op, a):
            self.put(pc, 6, f"if isinstance(R[{r}], DeviceArray) and R[{r}].implicit:\n    R[{r}] = to_host(R[{r}])")

    def host_slots(self, pc: int, op: int, a: tuple) -> list[int]:
        """The window variables that ``materialise`` brings to the host before the instruction."""
        return sorted(host_reads(self.code, pc, op, a) & self.resident)

    def goto(self, pc: int, target: int) -> str:
        """Lines that continue at ``target`` (from the instruction at ``pc``)."""
        return f"pc = {target}\ncontinue" if target <= pc else f"pc = {target}"

    # ------------------------------------------------------------ instructions
    def instruction(self, pc: int, op: int, a: tuple) -> str:
        if op in ARITH:
            return self.arith(op, a)
        if op in CJUMPS:
            return self.compare_jump(pc, op, a)
        name = OPNAMES[op]
        method = getattr(self, "op_" + name.lower(), None)
        if method is not None:
            return method(pc, a)
        self.need("dispatch")
        return checked(f"dispatch(frame, {op}, A[{pc}])")

    def arith(self, op: int, a: tuple) -> str:
        dest, sym = a[0], ARITH[op]
        out: list[str] = []
        checks: list[str] = []
        x = self.operand(a[1], "x", out, checks)
        y = self.operand(a[2], "y", out, checks)
        self.need("binop")
        general = f"binop({a[3]!r}, {x}, {y})"
        fast = f"{x} {sym} {y}"
        if sym == "/" and (y == "y" or float(y.strip("()")) == 0):
            fast = f"{x} / {y} if {y} else {general}"
        if not checks:
            out.append(f"R[{dest}] = {fast}")
        else:
            out.append(f"if {' and '.join(checks)}:\n    R[{dest}] = {fast}\n"
                       f"else:\n    R[{dest}] = {general}\n    {indent(CHECK)}")
        return "\n".join(out)

    def compare_jump(self, pc: int, op: int, a: tuple) -> str:
        which, sym = CJUMPS[op]
        out: list[str] = []
        checks: list[str] = []
        x = self.operand(a[0], "x", out, checks)
        y = self.operand(a[1], "y", out, checks)
        go = f"{x} {sym} {y}"
        if checks:
            self.need("compare")
            go = f"({go}) if {' and '.join(checks)} else compare({which}, {x}, {y})"
        out.append(f"if not ({go}):\n    {indent(self.goto(pc, a[2]))}\nelse:\n    pc = {pc + 1}")
        return "\n".join(out)

    def op_jfalse(self, pc: int, a: tuple) -> str:
        self.need("truth")
        return (f"c = R[{a[0]}]\nif c is True or c is not False and truth(c):\n    pc = {pc + 1}\n"
                f"else:\n    {indent(self.goto(pc, a[1]))}")

    def op_jump(self, pc: int, a: tuple) -> str:
        return self.goto(pc, a[0])

    def op_loop(self, pc: int, a: tuple) -> str:
        return "if vm.interrupted:\n    raise interrupt_error()\n" + self.goto(pc, a[0])

    def op_foriter(self, pc: int, a: tuple) -> str:
        it, var, back, target = a
        step = (f"st = R[{it}]\n"
                f"if type(st) is list and (k := st[0]) < st[1]:\n"
                f"    R[{var}] = st[2] + k * st[3]\n"
                f"    st[0] = k + 1\n"
                f"    more = True\n"
                f"else:\n"
                f"    more = advance(vm, R, st, {var})\n")
        if back:
            return step + (f"if more:\n    if vm.interrupted:\n        raise interrupt_error()\n"
                           f"    {indent(self.goto(pc, target))}\nelse:\n    pc = {pc + 1}")
        return step + f"if more:\n    pc = {pc + 1}\nelse:\n    {indent(self.goto(pc, target))}"

    def op_move(self, pc: int, a: tuple) -> str:
        dest, src = a
        if src >= self.code.nvars:
            return f"R[{dest}] = {self.literal(src) or f'R[{src}]'}"
        # a variable that ``clear`` may have removed: then the name means the function (``clear pi; pi``)
        name = self.code.varnames[src]
        return f"x = R[{src}]\nR[{dest}] = x if x is not None else vm.call_named(frame, {name!r}, [], 1)"

    def op_index(self, pc: int, a: tuple) -> str:
        dest, base, regs, spread, nargout = a
        self.need("index")
        if spread is not None or not 0 <= nargout <= 1 or len(regs) not in (1, 2):
            return checked(f"index(frame, A[{pc}])") + self.let_go(base, "b")
        if self.has_colon(regs):
            return self.span_index(dest, base, regs, f"index(frame, A[{pc}])") + self.let_go(base, "b")
        return self.element(base, regs, f"R[{dest}] = b.item(k)", f"index(frame, A[{pc}])") + self.let_go(base, "b")

    def let_go(self, r: int, local: str = "") -> str:
        """A line that clears register ``r`` (and the ``local`` that read it) after its one reader
        (``single_use_temps``), else nothing."""
        if r not in self.single_use:
            return ""
        return f"\nR[{r}] = {local} = None" if local else f"\nR[{r}] = None"

    def has_colon(self, regs: tuple) -> bool:
        """Whether a subscript register is the constant ``:`` (so that the element path never applies)."""
        template, nvars = self.code.template, self.code.nvars
        return any(r >= nvars and is_colon(template[r]) for r in regs)

    def span_index(self, dest: int, base: int, regs: tuple, general: str) -> str:
        """``b(:, j)``-like reads: indexing.fast_index on an ndarray, else ``general``."""
        argv = ", ".join(f"R[{r}]" for r in regs)
        return (f"b = R[{base}]\n"
                f"if type(b) is ndarray and (v := fast_index(b, [{argv}])) is not None:\n"
                f"    R[{dest}] = v\nelse:\n    {indent(checked(general))}")

    def element(self, base: int, regs: tuple, fast: str, general: str, more: str = "") -> str:
        """``fast`` where R[base] is a double matrix and ``regs`` whole-number subscripts in range (``k``
        its position), else ``general``."""
        return (f"b = R[{base}]\n"
                f"if type(b) is ndarray{more} and b.dtype is F64 and (k := position(b, R, {regs!r})) is not None:\n"
                f"    {fast}\nelse:\n    {indent(checked(general))}")

    def op_setindex(self, pc: int, a: tuple) -> str:
        slot, steps, rhs, regs = a
        self.need("setindex", "owned")
        if len(steps) == 2 and steps[0][0] == "." and steps[1] == ("()", len(regs)) and len(regs) in (1, 2):
            argv = ", ".join(f"R[{r}]" for r in regs)
            return (f"b = R[{slot}]\n"
                    f"if not (type(b) is StructArray and owned.get({slot}) is b and "
                    f"fast_assign_field(b, {steps[0][1]!r}, [{argv}], R[{rhs}])):\n"
                    f"    {indent(checked(f'setindex(frame, A[{pc}])'))}")
        if steps != (("()", len(regs)),) or len(regs) not in (1, 2):
            return checked(f"setindex(frame, A[{pc}])")
        if self.has_colon(regs):
            argv = ", ".join(f"R[{r}]" for r in regs)
            return (f"b = R[{slot}]\n"
                    f"if type(b) is ndarray and (v := fast_assign(b, [{argv}], R[{rhs}], owned.get({slot}) is b)) "
                    f"is not None:\n    R[{slot}] = v\n    owned[{slot}] = v\n"
                    f"else:\n    {indent(checked(f'setindex(frame, A[{pc}])'))}")
        return f"x = R[{rhs}]\n" + self.element(slot, regs, "b[k] = x", f"setindex(frame, A[{pc}])",
                                                 f" and type(x) is float and owned.get({slot}) is b")

    def op_call(self, pc: int, a: tuple) -> str:
        dest, name, regs, spread, nargout, slot = a
        self.need("call")
        general = checked(f"call(frame, A[{pc}])")
        if spread is None and nargout == 1 and name not in self.code.locals:
            general = self.call_one(pc, a)
        if slot < 0:
            return general
        self.need("index")
        indexing = f"index(frame, ({dest}, {slot}, {regs!r}, {spread!r}, {nargout}))"
        if spread is None and 0 <= nargout <= 1 and len(regs) in (1, 2):
            if self.has_colon(regs):
                indexing = self.span_index(dest, slot, regs, indexing)
            else:
                indexing = self.element(slot, regs, f"R[{dest}] = b.item(k)", indexing)
        return f"if R[{slot}] is None:\n    {indent(general)}\nelse:\n    {indent(indexing)}"

    def call_one(self, pc: int, a: tuple) -> str:
        """``name(args)`` asked for one value: a builtin (its scalar path for real double scalars) or a
        function file inline; anything else (a script file, an unknown name) through the slow path."""
        dest, name, regs = a[0], a[1], a[2]
        self.need("resolved")
        out: list[str] = []
        checks: list[str] = []
        xs = [self.operand(r, f"x{k}", out, checks) for k, r in enumerate(regs)]
        argv = "[" + ", ".join(xs) + "]"
        call = "builtin_on_device" if dest in self.made_on_device else "builtin1"
        builtin = checked(f"R[{dest}] = {call}(vm, t, {argv})")
        if regs and dest < self.code.nvars and dest not in self.made_on_device:    # a variable: refill it?
            self.need("owned")
            builtin = (f"b = R[{dest}]\nif t.refill is None or type(b) is not ndarray or owned.get({dest}) is not b "
                       f"or not t.refill(b, {argv}):\n    {indent(builtin)}")
        if regs:
            test = " and ".join([f"f is not None and f[0] == {len(regs)}", *checks,
                                 f"(v := f[1]({', '.join(xs)})) is not None"])
            builtin = (f"f = t.scalar\nif {test}:\n    R[{dest}] = v\nelse:\n    {indent(builtin)}")
        out.append(f"t = resolved.get({name!r})\n"
                   f"if type(t) is Builtin:\n"
                   f"    if vm.interrupted:\n        raise interrupt_error()\n"
                   f"    {indent(builtin)}\n"
                   f"elif type(t) is Code and t.kind == 'function':\n"
                   f"    R[{dest}] = vm.call_code_outputs(t, {argv}, 1)[0]\n"
                   f"else:\n    {indent(checked(f'call(frame, A[{pc}])'))}")
        return "\n".join(out)

    def op_field(self, pc: int, a: tuple) -> str:
        """``s.name`` of a scalar struct inline (a comma list of one value), else the slow path."""
        dest, base, name = a
        self.need("dispatch")
        return (f"b = R[{base}]\nif type(b) is StructArray and b.data.size == 1 and {name!r} in b.fields:\n"
                f"    R[{dest}] = [b.data.item(0)[{name!r}]]\n"
                f"else:\n    {indent(checked(f'dispatch(frame, {self.code.ops[pc]}, A[{pc}])'))}")

    op_method = op_field                 # s.name(args): on a struct, the field

    def op_first(self, pc: int, a: tuple) -> str:
        """The first value of a comma list (no local keeps it: see single_use_temps)."""
        dest, src = a
        self.need("dispatch")
        return (f"if type(R[{src}]) is list and R[{src}]:\n    R[{dest}] = R[{src}][0]{indent(self.let_go(src))}\n"
                f"else:\n    {indent(checked(f'dispatch(frame, {FIRST}, A[{pc}])'))}")

    def op_binop(self, pc: int, a: tuple) -> str:
        self.need("binop")
        return checked(f"R[{a[0]}] = binop({a[3]!r}, R[{a[1]}], R[{a[2]}])")

    def op_unop(self, pc: int, a: tuple) -> str:
        self.need("unop")
        if a[2] == "-":
            return f"x = R[{a[1]}]\nR[{a[0]}] = -x if type(x) is float else unop('-', x)"
        return checked(f"R[{a[0]}] = unop({a[2]!r}, R[{a[1]}])")

    def op_loadname(self, pc: int, a: tuple) -> str:
        self.need("loadname")
        return f"x = R[{a[1]}]\nR[{a[0]}] = x if x is not None else loadname(frame, A[{pc}])"

    def op_disown(self, pc: int, a: tuple) -> str:
        self.need("owned")
        if a[1] < 0:
            return f"owned.pop({a[0]}, None)"
        if len(a) == 3:
            return (f"if type(R[{a[1]}]) not in SCALAR_TYPES and type(R[{a[2]}]) not in FRESH_INDEX:\n"
                    f"    owned.pop({a[0]}, None)")
        return f"if type(R[{a[1]}]) not in SCALAR_TYPES:\n    owned.pop({a[0]}, None)"

    def op_return(self, pc: int, a: tuple) -> str:
        return "return"

    def op_tier2(self, pc: int, a: tuple) -> str:
        """A loop's head: count, and past the site's threshold let tier 2 run the loop (engine/tier2). Tier 2
        returns where the interpreter goes on, which may be this head again (a loop it left at its back
        edge), so the dispatch starts over from there; a failure it re-raises carries its instruction's
        offset (like cold code's)."""
        return (f"t = T2[{a[0]}]\nt.hits += 1\nif t.hits >= t.next:\n    pc = vm.tier2.enter(vm, frame, t, {pc})\n"
                f"    if pc is None:\n        return\n    continue\nelse:\n    pc = {pc + 1}")

    def op_window(self, pc: int, a: tuple) -> str:
        w = self.code.windows[a[0]]
        if not w.disowns:
            return (f"accel = vm.accel\n"
                    f"pc = {w.end} if accel is not None and accel.try_run(W[{a[0]}], frame) else {pc + 1}\n{CHECK}")
        self.need("owned")
        release = "".join(f"\n    owned.pop({slot}, None)" for slot in w.disowns)   # cold.op_window says why
        return (f"accel = vm.accel\npc = {pc + 1}\nif accel is not None and accel.try_run(W[{a[0]}], frame):\n"
                f"    pc = {w.end}{release}\n{CHECK}")

    def op_loopwindow(self, pc: int, a: tuple) -> str:
        """A loop whose body is one window: the accelerator may run it whole (then the FORITER at the
        target finds the iterator spent and leaves the loop)."""
        release = "".join(f"\n    owned.pop({slot}, None)" for slot in self.code.fused_loops[a[1]].disowns)
        if release:
            self.need("owned")
        return (f"accel = vm.accel\npc = {pc + 1}\nif accel is not None and accel.try_loop(LW[{a[1]}], frame):\n"
                f"    pc = {a[2]}{release}\n{CHECK}")


def checked(text: str) -> str:
    """``text`` followed by the interrupt check (see CHECK)."""
    return f"{text}\n{CHECK}"


def indent(text: str) -> str:
    """Continuation lines of ``text`` indented one level (its first line goes after the caller's)."""
    return text.replace("\n", "\n    ")
