"""MIR -> bytecode.

Register allocation is direct: each variable is a slot, each SSA temporary a register, each constant a
register pre-filled by the template. Three rewrites keep scalar loops short:

- a ``load`` of a variable that is definitely assigned there costs nothing: its users read the slot
  (unless the variable is written before the last use);
- a ``store`` of a temporary used only by that store makes its producer write the slot directly
  (``x = x + 1`` is one ``ADD x x r5``);
- a comparison used only by the branch after it becomes a compare-and-jump (``JLT``).

Variables that an indexed assignment updates may be updated in place: a frame remembers the object it
owns for such a slot (``frame.owned``), and ``DISOWN`` drops that claim after any instruction that may
share the value (the compiler emits it after reads of those slots).
"""
from __future__ import annotations

from bisect import bisect_left
from collections import Counter, deque
from itertools import chain
from operator import attrgetter
from typing import Any, Callable

from ..mir.callforms import MISSING, colon_index
from ..mir.fusion import loop_regions
from ..mir.ir import Block, Function, Instr, Module, Temp, Terminator
from ..mir.liveness import live_in
from ..mir.lower import MagicColon
from ..runtime.indexing import MAGIC_COLON
from ..runtime.values import CharArray
from ..tier2.loops import LoopSite, find_loops
from .code import JUMPS, OP, OPERANDS, Code, LoopWindow, Nesting, Window

LOADNAME, DISOWN = OP["LOADNAME"], OP["DISOWN"]
ARGS, OPNAME, INSTRS, TERM = map(attrgetter, ("args", "op", "instrs", "term"))

FAST_BINOPS = {"+": "ADD", "-": "SUB", "*": "MUL", ".*": "MUL", "/": "DIV", "./": "DIV",
               "<": "LT", "<=": "LE", ">": "GT", ">=": "GE", "==": "EQ", "~=": "NE"}
SCALAR_TEST_CLASSES = {"double", "single", "logical", "int8", "int16", "int32", "int64", "uint8", "uint16",
                       "uint32", "uint64"}
COMPARES = {"<": "JLT", "<=": "JLE", ">": "JGT", ">=": "JGE", "==": "JEQ", "~=": "JNE"}
LOOKAHEAD = 24         # instructions after a load in which alias_safe_nearby looks for its users
POLL_EVERY = 4096      # instructions compiled between two calls of ``poll``
UNASSIGNS = {"clear", "clearvars", "eval", "evalin", "evalc", "feval", "run", "builtin"}  # may clear vars
LEAKY = {"CALL", "CALLLOCAL", "CALLNESTED", "ANON", "GSTORE", "PSTORE", "ESTORE", "SETINDEX", "MOVE", "ITER",
         "MATRIX", "CELL"}   # may keep a reference to their operand whatever their result is
# read a field's value or a cell's content, never the storage of the struct or cell itself: its claim stays
# (an element is updated in place only when nothing else holds it, runtime/indexing.py)
ELEMENT_READS = {"FIELD", "DYNFIELD", "METHOD", "CELLINDEX"}


def compile_module(module: Module, defined: set[str] | frozenset[str] = frozenset(),
                   poll: Callable[[], None] | None = None) -> Code:
    """Compile a module's main unit and its local functions (``defined``: variables that exist on entry).
    ``poll`` is called every POLL_EVERY instructions: it may raise to stop a long compile."""
    local_codes: dict[str, Code] = {}     # filled as they compile; calls look them up at run time
    local_names = set(module.functions)
    for name, fn in module.functions.items():
        local_codes[name] = Compiler(fn, local_codes, local_names, poll).compile(set())
    main = module.main
    if main.name in local_codes and main.kind == "function":
        return local_codes[main.name]
    return Compiler(main, local_codes, local_names, poll).compile(set(defined))



def variables(registers: tuple[int, ...], nvars: int) -> tuple[int, ...]:
    """The variables' slots among ``registers`` (the first ``nvars`` registers), in order."""
    if len(registers) == 1:
        return registers if registers[0] < nvars else ()
    if len(registers) == 2:
        a, b = registers
        if a < nvars:
            return registers if b < nvars else (a,)
        return (b,) if b < nvars else ()
    return tuple([r for r in registers if r < nvars]) if registers else ()


def known_scalar(t: Temp) -> bool:
    """A value the types say is a real numeric or logical scalar (an && / || operand needing no check)."""
    return t.type.is_scalar and not t.type.complex and t.type.cls in SCALAR_TEST_CLASSES


def branch_operand(block: Block) -> tuple[Temp, int]:
    """The value a block's branch tests and the index of the instruction that may produce it, looking
    through the && / || operand check (``sctruth``) of a known scalar, which emits nothing."""
    cond, k = block.term.args[0], len(block.instrs) - 1
    if k >= 0 and block.instrs[k].op == "sctruth" and block.instrs[k].dest is cond \
            and known_scalar(block.instrs[k].args[0]):
        return block.instrs[k].args[0], k - 1
    return cond, k

class Compiler:
    def __init__(self, fn: Function, local_codes: dict[str, Code], local_names: set[str],
                 poll: Callable[[], None] | None = None):
        self.fn = fn
        self.local_codes = local_codes
        self.local_names = local_names
        self.poll = poll
        varnames = list(fn.variables)
        instrs = list(chain.from_iterable(map(INSTRS, fn.blocks)))
        ops = set(map(OPNAME, instrs))
        if "ans" not in varnames and ("setans" in ops or "showname" in ops):
            varnames.append("ans")
        for name in fn.outputs:
            if name not in varnames:
                varnames.append(name)
        self.code = Code(fn.name, fn.kind, varnames, list(fn.params), list(fn.outputs),
                         locals=local_codes, source=fn.source, file=fn.file)
        if fn.nested:
            own = {name for name, up in fn.shared.items() if up == 0}
            self.code.nest = Nesting(tuple((varnames.index(p), p) for p in fn.params if p in own),
                                     tuple((varnames.index(o), o) for o in fn.outputs if o in own),
                                     tuple(sorted(fn.shared.items())))
        self.code.template = [None] * len(varnames)
        # the code's columns grow one instruction at a time (emit); later steps that rewrite them
        # (insert_window_ops) run after the last emit
        self.put_op, self.put_args = self.code.ops.append, self.code.args.append
        self.put_line, self.put_reads = self.code.lines.append, self.code.reads.append
        self.nvars = len(varnames)
        self.slots = {n: k for k, n in enumerate(varnames)}
        self.regs: dict[int, int] = {}          # temp id -> register
        self.const_regs: dict[float | tuple, int] = {}
        self.colon_reg = -1                     # the register of the constant ``:``, once there is one
        # temporary -> its number of uses (keyed by the Temp itself, whose id is unique in the function:
        # counting objects hashed by identity costs no attribute read per operand)
        self.uses = Counter(chain.from_iterable(map(ARGS, chain(instrs, map(TERM, fn.blocks)))))
        self.labels: dict[str, int] = {}
        self.trampolines: dict[str, str] = {}          # trampoline label -> loop head label
        self.fixups: list[tuple[int, int, str]] = []   # (pc, operand index, label)
        self.candidates = {self.slots[i.attr[0]] for i in instrs if i.op in ("setindex", "setlist")} \
            if "setindex" in ops or "setlist" in ops else set()
        self.mir_pc: dict[int, tuple[int, int]] = {}   # id(instr) -> (first pc, end pc), where windows or loops read it
        self.branch_compares: set[int] = set()          # id(instr) of compares emitted as their jump
        self.by_label = {b.label: b for b in fn.blocks}
        # tier 2: a TIER2 instruction heads each loop of a script or function (engine/tier2)
        self.loops = find_loops(fn) if fn.kind in ("script", "function") else {}
        self.loop_index = {header: k for k, header in enumerate(self.loops)}
        self.term_pc: dict[str, int] = {}               # block label -> offset of its terminator's code
        self.window_starts: list[int] = []              # window spans' starts before WINDOW insertion
        # for loops whose body is one window: a LOOPWINDOW instruction heads each (header label -> region)
        self.loop_regions = loop_regions(fn) if self.loops else {}
        self.loop_ops: list[tuple[int, str]] = []      # (offset of a LOOPWINDOW, its loop's header label)

    # ------------------------------------------------------------ registers
    def reg(self, t: Temp) -> int:
        r = self.regs.get(t.id)
        if r is None:
            r = self.regs[t.id] = len(self.code.template)
            self.code.template.append(None)
        return r

    def const(self, value: Any) -> int:
        """The register of a constant, one for each distinct value (a float is its own key: equal floats
        are the same number but for 0.0/-0.0 and NaN; any other value's key is a tuple)."""
        if type(value) is float and value == value and value != 0.0:
            key = value
        else:
            key = (type(value).__name__, repr(value) if not hasattr(value, "shape") else id(value))
        r = self.const_regs.get(key)
        if r is None:
            r = self.const_regs[key] = len(self.code.template)
            if isinstance(value, MagicColon):
                value, self.colon_reg = MAGIC_COLON, r
            self.code.template.append(value)
        return r

    # ------------------------------------------------------------ emission
    def emit(self, name: str, args: tuple, node: Any, reads: tuple[int, ...] = ()) -> int:
        """Append ``NAME args`` at the source position of ``node`` (None: the previous instruction's);
        ``reads``: its operand registers, of which the code keeps the variables' (``Code.reads``)."""
        pc = len(self.code.ops)
        self.put_op(OP[name])
        self.put_args(args)
        self.put_line((node.line, node.col) if node is not None else self.code.lines[-1] if pc else (0, 0))
        self.put_reads(variables(reads, self.nvars))
        return pc

    def jump_to(self, name: str, args: tuple, label: str, node: Any, reads: tuple[int, ...] = ()) -> None:
        """Emit a jump to a block label. Backward jumps check for interrupts: ``JUMP`` becomes ``LOOP``,
        and a backward conditional jump goes through a ``LOOP`` trampoline placed after the code."""
        if label in self.labels:
            if name == "JUMP":
                name = "LOOP"
            elif name != "LOOP":
                trampoline = f"loop:{label}"
                self.trampolines.setdefault(trampoline, label)
                label = trampoline
        pc = self.emit(name, args + (label,), node, reads)
        self.fixups.append((pc, len(args), label))

    def compile(self, defined: set[str]) -> Code:
        live, self.fn.live = self.fn.live or live_in(self.fn), None   # inference's, if it ran: used up here
        assigned = definitely_assigned(self.fn, defined, live)
        order = self.fn.blocks
        for k, block in enumerate(order):
            self.labels[block.label] = len(self.code.ops)
            following = order[k + 1].label if k + 1 < len(order) else None
            self.block(block, assigned[block.label], following)
        for trampoline, head in self.trampolines.items():
            self.labels[trampoline] = len(self.code.ops)
            self.jump_to("LOOP", (), head, None)
        for pc, index, label in self.fixups:
            args = list(self.code.args[pc])
            args[index] = self.labels[label]
            self.code.args[pc] = tuple(args)
        self.make_windows()
        self.code.loops = [self.loop_site(k, loop) for k, loop in enumerate(self.loops.values())]
        return self.code

    def loop_site(self, index: int, loop) -> LoopSite:
        """What tier 2 needs of a loop: its blocks and the bytecode offset of each of their instructions,
        terminators and labels (after WINDOW insertion), and the registers of their temporaries."""
        moved = lambda pc: pc + bisect_left(self.window_starts, pc)   # noqa: E731 - insert_window_ops's shift
        names = set(loop.blocks) | {t for label in loop.blocks for t in self.by_label[label].term.targets}
        blocks = {label: self.by_label[label] for label in names}
        site = LoopSite(index, self.fn, loop, blocks, slots=dict(self.slots),
                        labels={label: moved(self.labels[label]) for label in names})
        for label in loop.blocks:
            block = self.by_label[label]
            for k, ins in enumerate(block.instrs):
                site.resume[(label, k)] = moved(self.mir_pc[id(ins)][0])
                for t in [*ins.args, ins.dest]:
                    if t is not None and t.id in self.regs:
                        site.regs[t.id] = self.regs[t.id]
            site.resume[(label, len(block.instrs))] = moved(self.term_pc[label])
            for t in block.term.args:
                if t.id in self.regs:
                    site.regs[t.id] = self.regs[t.id]
        head = self.by_label[loop.header]
        site.line = head.term.line if head.term.line else (head.instrs[0].line if head.instrs else 0)
        return site

    def block(self, block: Block, assigned: set[str], following: str | None) -> None:
        """Emit a block: ``assigned``, the variables assigned on every path to its entry, grows with its
        stores (``self.assigned``, which the emitters of ``setindex`` and of calls that may clear update).
        Constants, loads and stores, which need the block around them, are handled here; each other
        instruction goes to its emitter, ``EMITTERS[op]``."""
        self.assigned = assigned = set(assigned)
        instrs = block.instrs
        ops, mir_pc, emitters, regs, slots = self.code.ops, self.mir_pc, EMITTERS, self.regs, self.slots
        function = self.fn.kind == "function"
        poll = self.poll
        spans = bool(self.fn.regions or self.loops)    # mir_pc of every instruction: windows and tier 2 read it
        start = -2                         # the first pc of the instruction before (none: no pc)
        block_safe = None                  # alias_safe_loads of the block, if a load needs it
        uses = self.uses
        fused = self.branch_compare(block)      # emitted with the terminator as a compare-and-jump
        if block.label in self.loop_regions:
            pc = len(ops)
            self.emit("LOOPWINDOW", (0, 0, pc + 1), block.term if not instrs else instrs[0])
            self.loop_ops.append((pc, block.label))
        if block.label in self.loops:
            self.emit("TIER2", (self.loop_index[block.label],), block.term if not instrs else instrs[0])
        for k, ins in enumerate(instrs):
            if poll is not None and k % POLL_EVERY == 0:
                poll()
            op = ins.op
            first = len(ops)
            if op == "const":
                regs[ins.dest.id] = self.const(ins.attr)     # a constant's register, pre-filled
            elif op == "load" or op == "loadname":
                safe = alias_safe_nearby(instrs, k, block.term, uses)
                if safe is None:
                    if block_safe is None:
                        block_safe = alias_safe_loads(block, uses)
                    safe = k in block_safe
                name = ins.attr
                if name in assigned and safe:
                    regs[ins.dest.id] = slots[name]      # its users read the slot
                else:
                    self.load(ins, block, k, assigned, safe)
                if function:
                    assigned.add(name)       # a function errors on an undefined variable
            elif op == "store":             # did the instruction before emit one bytecode instruction?
                self.store(ins, instrs[k - 1] if k else None, start == first - 1)
                assigned.add(ins.attr)
            elif ins is not fused:
                emitters[op](self, ins)
            start = first
            if spans:
                mir_pc[id(ins)] = (first, len(ops))
        self.term_pc[block.label] = len(ops)
        self.terminator(block, following, fused)

    def in_window(self, block: Block, k: int) -> bool:
        """Whether instruction ``k`` of ``block`` lies in a fusion region."""
        return any(r.block == block.label and r.start <= k <= r.end for r in self.fn.regions)

    def load(self, ins: Instr, block: Block, k: int, assigned: set[str], safe: bool) -> None:
        """Users of a load read the variable's slot itself where that is safe (``safe``: whether
        ``alias_safe_loads`` holds the load); in a function, a variable that may be undefined there (a parameter the
        caller may not have passed) is first checked by ``LOADNAME slot slot``, which raises if it is (a
        copy of it in a temporary would cost the slot its in-place claim at every read). Loads inside a
        fusion window keep a temporary: the window skips its span's checks."""
        name = ins.attr
        slot = self.slots[name]
        checked = name not in assigned and self.fn.kind == "function" and not self.in_window(block, k)
        if (name in assigned or checked) and safe:
            self.regs[ins.dest.id] = slot
            if checked:
                self.emit("LOADNAME", (slot, slot, name, True), ins, (slot,))
            return
        self.emit("LOADNAME", (self.reg(ins.dest), slot, name, self.fn.kind == "function"), ins, (slot,))
        self.disown_after((slot,), self.reg(ins.dest), "LOADNAME")

    def store(self, ins: Instr, producer: Instr | None, single: bool) -> None:
        """``store x %v``; ``producer``, the instruction before it, emitted one bytecode instruction if
        ``single``: when that is the one instruction that makes %v (a value op whose destination, its
        first operand, is %v's register), it writes the slot directly. Not a ``LOADNAME slot slot``, the
        check that a variable is defined: retargeting it would copy the variable without giving up its
        in-place claim (``u0 = u`` then ``u(i) = v`` changed u0 too); the store is a MOVE, which does."""
        src = ins.args[0]
        slot = self.slots[ins.attr]
        if single and producer is not None and producer.dest is src and self.uses[src] == 1:
            code = self.code
            op, last = code.ops[-1], code.args[-1]
            if self.regs.get(src.id) == (None if op in NO_DEST_OPS else last[0]) \
                    and not (op == LOADNAME and last[0] == last[1]):
                code.args[-1] = (slot, *last[1:])
                self.regs[src.id] = slot
                return
        r = self.reg(src)
        self.emit("MOVE", (slot, r), ins, (r,))
        if self.candidates:
            self.disown_after((r,), slot, "MOVE")

    def branch_compare(self, block: Block) -> Instr | None:
        """The comparison (``binop <``...) whose only use is the block's branch, if there is one: it is
        emitted with the terminator, as a compare-and-jump."""
        if block.term.op != "branch":
            return None
        cond, k = branch_operand(block)
        last = block.instrs[k] if k >= 0 else None
        return last if last is not None and last.dest is cond and self.lone_compare(last) else None

    def lone_compare(self, ins: Instr) -> bool:
        """A comparison (``binop <``...) whose value has one use."""
        return ins.op == "binop" and ins.attr in COMPARES and self.uses[ins.dest] == 1

    def disown_after(self, read: tuple[int, ...], result: int | None, opname: str, base: int | None = None) -> None:
        """DISOWN each candidate slot among ``read``: at run time, unless the instruction's result is a
        scalar, or (with ``base``, an indexing) the indexed value is one whose index shares nothing."""
        if not self.candidates or self.candidates.isdisjoint(read):
            return
        for k, r in enumerate(read):
            if r in self.candidates and not (k == 0 and opname in ELEMENT_READS):
                leaky = opname in LEAKY or result is None
                self.emit("DISOWN", (r, -1) if leaky else (r, result) if base is None else (r, result, base), None)

    # ------------------------------------------------------------ one instruction
    def args_of(self, ins: Instr) -> tuple[int, ...]:
        """The registers of ``ins``'s operands (a register for each that has none yet, in order). One or
        two operands, the most common, are unpacked: a comprehension costs more than the rest."""
        args, regs = ins.args, self.regs
        try:
            if len(args) == 2:
                a, b = args
                return regs[a.id], regs[b.id]
            if len(args) == 1:
                return regs[args[0].id],
            return tuple([regs[t.id] for t in args])
        except KeyError:
            return tuple([self.reg(t) for t in args])

    def simple(self, name: str, ins: Instr, *extra: Any) -> None:
        """``NAME dest operands... extra...`` with DISOWN bookkeeping (``emit`` written out: the most
        common instructions pass here)."""
        operands = self.args_of(ins)
        dest = ins.dest
        if dest is None:
            self.put_args(operands + extra)
        else:
            dest = self.reg(dest)
            self.put_args((dest, *operands, *extra))
        self.put_op(OP[name])
        self.put_line((ins.line, ins.col))
        self.put_reads(variables(operands, self.nvars))
        if self.candidates:
            self.disown_after(operands, dest, name)

    def op_binop(self, ins: Instr) -> None:
        self.simple(FAST_BINOPS.get(ins.attr, "BINOP"), ins, ins.attr)

    def op_unop(self, ins: Instr) -> None:
        self.simple("UNOP", ins, ins.attr)

    def op_colon(self, ins: Instr) -> None:
        a = self.args_of(ins)
        step = a[1] if len(a) == 3 else -1
        self.emit("COLON", (self.reg(ins.dest), a[0], step, a[-1]), ins, a)

    def op_rangeiter(self, ins: Instr) -> None:
        a = self.args_of(ins)
        step = a[1] if len(a) == 3 else -1
        self.emit("RANGEITER", (self.reg(ins.dest), a[0], step, a[-1]), ins, a)

    def op_iter(self, ins: Instr) -> None:
        self.simple("ITER", ins)

    def op_end(self, ins: Instr) -> None:
        self.simple("END", ins, ins.attr[0], ins.attr[1])

    def op_index(self, ins: Instr) -> None:
        nargout, spread = ins.attr
        base, *rest = self.args_of(ins)
        dest = self.reg(ins.dest)
        self.emit("INDEX", (dest, base, tuple(rest), spread_or_none(spread), nargout), ins, (base, *rest))
        self.disown_after((base, *rest), dest, "INDEX", base)

    def op_call(self, ins: Instr) -> None:
        name, nargout, spread = ins.attr
        argv = self.colons_as_text(self.args_of(ins))
        dest = self.reg(ins.dest)
        if ins.op == "call" and name in self.local_names:
            self.emit("CALLLOCAL", (dest, name, argv, spread_or_none(spread), nargout), ins, argv)
        elif ins.op == "callname":
            slot = self.slots[name]
            self.emit("CALL", (dest, name, argv, spread_or_none(spread), nargout, slot), ins, (slot, *argv))
            self.disown_after((slot,), dest, "INDEX", slot)     # indexing the variable copies what it returns
        else:
            self.emit("CALL", (dest, name, argv, spread_or_none(spread), nargout, -1), ins, argv)
        self.disown_after(argv, dest, "CALL")
        if name in UNASSIGNS:
            self.assigned.clear()

    op_callname = op_call

    def colons_as_text(self, argv: tuple[int, ...]) -> tuple[int, ...]:
        """A bare ``:`` in a call's arguments reaches the function as the char ':' (MATLAB); indexing
        a variable with ':' is the same as with ``:``, so ``callname`` may take it too."""
        if self.colon_reg not in argv:
            return argv
        return tuple(self.const(CharArray.from_str(":")) if r == self.colon_reg else r for r in argv)

    def op_cellindex(self, ins: Instr) -> None:
        base, *rest = self.args_of(ins)
        dest = self.reg(ins.dest)
        self.emit("CELLINDEX", (dest, base, tuple(rest), spread_or_none(ins.attr)), ins, (base, *rest))
        self.disown_after((base, *rest), dest, "CELLINDEX")

    def op_field(self, ins: Instr) -> None:
        self.simple("FIELD", ins, ins.attr)

    def op_dynfield(self, ins: Instr) -> None:
        self.simple("DYNFIELD", ins)

    def op_method(self, ins: Instr) -> None:
        self.simple("METHOD", ins, ins.attr)

    def op_first(self, ins: Instr) -> None:
        self.simple("FIRST", ins)

    def op_out(self, ins: Instr) -> None:
        self.simple("OUT", ins, ins.attr)

    def op_matrix(self, ins: Instr) -> None:
        self.literal("MATRIX", ins)

    def op_cell(self, ins: Instr) -> None:
        self.literal("CELL", ins)

    def literal(self, name: str, ins: Instr) -> None:
        rows, spread = ins.attr
        regs = self.args_of(ins)
        dest = self.reg(ins.dest)
        self.emit(name, (dest, regs, rows, spread_or_none(spread)), ins, regs)
        self.disown_after(regs, dest, name)

    def op_anon(self, ins: Instr) -> None:
        spec = ins.attr
        body = Compiler(spec.body, self.local_codes, self.local_names, self.poll).compile(set())
        free = [n for n in spec.body.variables if n not in spec.params]
        captures = tuple((n, self.slots[n]) for n in free if n in self.slots)
        unseen = tuple(n for n in free if n not in self.slots)   # a script or eval may make them variables
        dest = self.reg(ins.dest)
        self.emit("ANON", (dest, body, captures, spec.text, unseen), ins, tuple(r for _, r in captures))
        self.disown_after(tuple(r for _, r in captures), dest, "ANON")

    def op_parfor(self, ins: Instr) -> None:
        spec = ins.attr
        body = Compiler(spec.body, self.local_codes, self.local_names, self.poll).compile({spec.var})
        self.emit("PARFOR", (self.args_of(ins), body, spec), ins)

    def op_nestedhandle(self, ins: Instr) -> None:
        self.emit("NESTEDHANDLE", (self.reg(ins.dest), *ins.attr), ins)

    def op_callnested(self, ins: Instr) -> None:
        name, key, up, nargout, spread = ins.attr
        argv = self.colons_as_text(self.args_of(ins))
        self.emit("CALLNESTED", (self.reg(ins.dest), key, argv, spread_or_none(spread), nargout, up), ins, argv)
        self.disown_after(argv, self.reg(ins.dest), "CALL")

    def op_eload(self, ins: Instr) -> None:
        self.emit("ELOAD", (self.reg(ins.dest), *ins.attr), ins)

    def op_estore(self, ins: Instr) -> None:
        self.simple("ESTORE", ins, *ins.attr)

    def op_fhandle(self, ins: Instr) -> None:
        self.emit("FHANDLE", (self.reg(ins.dest), ins.attr), ins)

    def op_setindex(self, ins: Instr) -> None:
        name, steps = ins.attr
        rhs, *rest = self.args_of(ins)
        slot = self.slots[name]
        self.emit("SETINDEX", (slot, steps, rhs, tuple(rest)), ins, (rhs, *rest))
        self.disown_after((rhs, *rest), None, "SETINDEX")
        self.assigned.add(name)

    def op_truth(self, ins: Instr) -> None:
        self.simple("TRUTH", ins)

    def op_sctruth(self, ins: Instr) -> None:
        if not known_scalar(ins.args[0]):         # a known scalar needs no check: the branch tests it
            self.simple("SCTRUTH", ins)

    def op_decides(self, ins: Instr) -> None:
        self.simple("DECIDES", ins, ins.attr)

    def op_casematch(self, ins: Instr) -> None:
        self.simple("CASEMATCH", ins)

    def op_display(self, ins: Instr) -> None:
        self.emit("DISPLAY", (self.reg(ins.args[0]), ins.attr), ins)

    def op_setans(self, ins: Instr) -> None:
        self.emit("SETANS", (self.reg(ins.args[0]), self.slots["ans"], ins.attr), ins)

    def op_showname(self, ins: Instr) -> None:
        name, show = ins.attr
        self.emit("SHOWNAME", (self.slots[name], self.slots["ans"], name, show), ins)

    def op_caught(self, ins: Instr) -> None:
        self.emit("CAUGHT", (self.reg(ins.dest),), ins)

    def op_trypush(self, ins: Instr) -> None:
        self.jump_to("TRYPUSH", (), ins.attr, ins)

    def op_trypop(self, ins: Instr) -> None:
        self.emit("TRYPOP", (), ins)

    def op_global(self, ins: Instr) -> None:
        self.emit("GLOBAL", (ins.attr,), ins)

    def op_persistent(self, ins: Instr) -> None:
        self.emit("PERSISTENT", (ins.attr,), ins)

    def op_gload(self, ins: Instr) -> None:
        self.emit("GLOAD", (self.reg(ins.dest), ins.attr), ins)

    def op_pload(self, ins: Instr) -> None:
        self.emit("PLOAD", (self.reg(ins.dest), ins.attr), ins)

    def op_gstore(self, ins: Instr) -> None:
        self.simple("GSTORE", ins, ins.attr)

    def op_pstore(self, ins: Instr) -> None:
        self.simple("PSTORE", ins, ins.attr)

    def op_nargin(self, ins: Instr) -> None:
        self.emit("NARGIN", (self.reg(ins.dest),), ins)

    def op_nargout(self, ins: Instr) -> None:
        self.emit("NARGOUT", (self.reg(ins.dest),), ins)

    def op_nlhs(self, ins: Instr) -> None:
        base, *rest = self.args_of(ins)
        self.emit("NLHS", (self.reg(ins.dest), base, tuple(rest), ins.attr), ins, (base, *rest))

    def op_outs(self, ins: Instr) -> None:
        self.simple("OUTS", ins)

    def op_setlist(self, ins: Instr) -> None:
        name, kind, info = ins.attr
        values, *rest = self.args_of(ins)
        slot = self.slots[name]
        self.emit("SETLIST", (slot, kind, info, values, tuple(rest)), ins, (values, *rest))
        self.disown_after((values, *rest), None, "SETLIST")

    def op_loadopt(self, ins: Instr) -> None:
        slot = self.slots[ins.attr]
        self.emit("LOADOPT", (self.reg(ins.dest), slot), ins, (slot,))

    # ------------------------------------------------------------ terminators
    def terminator(self, block: Block, following: str | None, compare: Instr | None) -> None:
        """The block's terminator; ``compare``: its ``branch_compare``."""
        term = block.term
        if term.op == "return":
            self.emit("RETURN", (), term)
        elif term.op == "jump":
            if not self.loop_bottom(term, following) and term.targets[0] != following:
                self.jump_to("JUMP", (), term.targets[0], term)
        elif term.op == "branch":
            self.branch(block, following, compare)
        elif term.op == "fornext":
            body, exit_ = term.targets
            it = self.reg(term.args[0])
            var = self.slots[term.attr]
            self.jump_to("FORITER", (it, var, False), exit_, term)
            if body != following:
                self.jump_to("JUMP", (), body, term)

    def loop_bottom(self, term: Terminator, following: str | None) -> bool:
        """The back edge of a for loop as one ``FORITER ... back`` (advance and jump to the body), then
        a jump to the exit: one dispatch per iteration instead of a jump plus the loop head."""
        head = self.by_label[term.targets[0]]
        if head.term.op != "fornext" or head.instrs or head.label not in self.labels:
            return False
        body, exit_ = head.term.targets
        if body not in self.labels:
            return False
        pc = self.emit("FORITER", (self.reg(head.term.args[0]), self.slots[head.term.attr], True, body), term)
        self.fixups.append((pc, 3, body))
        if exit_ != following:
            self.jump_to("JUMP", (), exit_, term)
        return True

    def branch(self, block: Block, following: str | None, last: Instr | None) -> None:
        """A conditional jump; ``last``: the comparison emitted with it, if any (``branch_compare``)."""
        term = block.term
        then, other = term.targets
        if last is not None:
            a, b = self.args_of(last)
            start = len(self.code.ops)
            self.jump_to(COMPARES[last.attr], (a, b), other, last, (a, b))
            self.mir_pc[id(last)] = (start, len(self.code.ops))
            self.branch_compares.add(id(last))
        else:
            c = self.reg(branch_operand(block)[0])
            self.jump_to("JFALSE", (c,), other, term, (c,))
        if then != following:
            self.jump_to("JUMP", (), then, term)

    # ------------------------------------------------------------ fusion windows
    def make_windows(self) -> None:
        by_region: dict[int, int] = {}              # region id -> its window's index
        for region in self.fn.regions:
            block = self.by_label[region.block]
            # a compare emitted as the block's conditional jump stays out: a window never holds a jump
            instrs = [i for i in block.instrs[region.start:region.end + 1] if id(i) not in self.branch_compares]
            spans = [self.mir_pc[id(i)] for i in instrs if id(i) in self.mir_pc]
            start = min((s for s, e in spans if e > s), default=None)
            end = max((e for s, e in spans if e > s), default=None)
            if start is None:
                continue
            regs = {t.id: self.regs[t.id] for i in instrs for t in [*i.args, i.dest]
                    if t is not None and t.id in self.regs}
            by_region[region.id] = len(self.code.windows)
            self.code.windows.append(self.window(region, start, end, instrs, regs))
        self.fill_loop_ops(by_region)
        self.insert_window_ops()
        if self.code.windows:
            self.code.window_loads = window_loads(self.code)
            for w in self.code.windows:
                w.promotable = promotable(self.code, w, self.code.window_loads)

    def fill_loop_ops(self, by_region: dict[int, int]) -> None:
        """Give each LOOPWINDOW its loop (Code.fused_loops: the body's window, the range iterator, the loop
        variable, the registers the body's loads fill) and its exit, the loop's first FORITER (which
        leaves a spent loop); one whose region made no window becomes a jump to the next instruction."""
        code = self.code
        for pc, label in self.loop_ops:
            head = self.by_label[label]
            region = self.loop_regions[label]
            w = by_region.get(region.id)
            if w is None:
                code.ops[pc], code.args[pc] = OP["JUMP"], (pc + 1,)
                continue
            body = self.by_label[head.term.targets[0]]
            loads = {self.regs[i.dest.id]: self.slots[i.attr] for i in body.instrs[:region.start]
                     if i.op in ("load", "loadname") and self.regs.get(i.dest.id, -1) >= self.nvars}
            disowns = tuple(sorted({code.args[k][0] for k in range(self.labels[body.label], self.term_pc[body.label])
                                    if code.ops[k] == DISOWN}))
            code.args[pc] = (w, len(code.fused_loops), self.term_pc[label])
            code.fused_loops.append(LoopWindow(w, self.reg(head.term.args[0]), self.slots[head.term.attr], loads,
                                               disowns))

    def window(self, region, start: int, end: int, instrs: list[Instr], regs: dict[int, int]) -> Window:
        defined = {i.dest.id for i in instrs if i.dest is not None}
        inputs = sorted({regs[t.id] for i in instrs for t in i.args if t.id not in defined})
        outputs = sorted({self.slots[i.attr] for i in instrs if i.op == "store"}
                         | {r for r in (regs.get(i.dest.id) for i in instrs if i.dest is not None)
                            if r is not None and r < self.code.nvars})
        inside = Counter(t.id for i in instrs for t in i.args)
        used_later = {i.dest.id for i in instrs if i.dest is not None
                      and self.uses[i.dest] > inside[i.dest.id]}     # read by an instruction outside
        live = sorted({regs[t] for t in used_later if t in regs})
        template = self.code.template
        literal = lambda i: lambda k: template[regs[i.args[k].id]] if i.args[k].id in regs else MISSING  # noqa: E731
        calls = [i for i in instrs if i.op == "call" or i.op == "callname" and not colon_index(i, literal(i))]
        called = tuple(sorted({self.slots[i.attr[0]] for i in calls if i.op == "callname" and i.attr[0] in self.slots}))
        functions = tuple(sorted({i.attr[0] for i in calls}))
        return Window(region.id, start, end, region.kinds, instrs, regs, dict(self.slots), inputs, outputs, live,
                      called=called, functions=functions)

    def insert_window_ops(self) -> None:
        """Put ``WINDOW k`` before each window's span, in one pass: every offset moves down by the
        number of ``WINDOW`` ops placed before it, and a jump to a span's start lands on its ``WINDOW``."""
        code = self.code
        if not code.windows:
            return
        starts = self.window_starts = sorted(w.start for w in code.windows)
        at = {w.start: k for k, w in enumerate(code.windows)}
        ops, args, lines, reads = [], [], [], []
        for pc, (op, arg) in enumerate(zip(code.ops, code.args)):
            if pc in at:
                ops.append(OP["WINDOW"])
                args.append((at[pc],))
                lines.append(code.lines[pc])
                reads.append(())
            if op in JUMPS:
                arg = arg[:-1] + (arg[-1] + bisect_left(starts, arg[-1]),)
            ops.append(op)
            args.append(arg)
            lines.append(code.lines[pc])
            reads.append(code.reads[pc])
        code.ops, code.args, code.lines, code.reads = ops, args, lines, reads
        for w in code.windows:
            shift = bisect_left(starts, w.start) + 1
            w.start, w.end = w.start + shift, w.end + shift
            w.disowns = tuple(sorted({args[pc][0] for pc in range(w.start, w.end) if ops[pc] == DISOWN}))


def window_loads(code: Code) -> dict[int, int]:
    """Temporaries that a LOADNAME fills for fusion windows only (no other instruction reads them):
    register -> the variable's slot. Such a load passes an implicit GpuTensor on as it is."""
    inputs = {r for w in code.windows for r in w.inputs}
    loads = {a[0]: a[1] for op, a in zip(code.ops, code.args) if op == LOADNAME and a[0] in inputs and a[0] != a[1]}
    for pc, (op, a) in enumerate(zip(code.ops, code.args)):
        if op == LOADNAME or op == DISOWN:
            continue
        for r in registers(a) & loads.keys():     # any int operand counts: too many is only slower
            if not any(w.start <= pc < w.end and r in w.inputs for w in code.windows):
                del loads[r]
    return loads


def registers(args: tuple) -> set[int]:
    found = set()
    for a in args:
        if type(a) is int:
            found.add(a)
        elif type(a) is tuple:
            found.update(x for x in a if type(x) is int)
    return found


def promotable(code: Code, window: Window, loads: dict[int, int]) -> dict[int, int]:
    """Inputs that the window may leave on the device in their variable (register -> the variable's
    slot): variables and LOADNAME temporaries of them, unless the MIR types every use as a scalar
    (scalars are uniforms, never uploaded). Stored on the window (``Window.promotable``): the
    accelerator reads it there."""
    scalar: dict[int, bool] = {}
    for ins in window.instrs:
        for t in ins.args:
            r = window.regs.get(t.id)
            if r is not None:
                scalar[r] = scalar.get(r, True) and t.type.shape == (1, 1)
    found = {}
    for r in window.inputs:
        slot = r if r < code.nvars else loads.get(r)
        if slot is not None and not scalar.get(r, False):
            found[r] = slot
    return found


EMITTERS = {name[3:]: method for name, method in vars(Compiler).items() if name.startswith("op_")}


def alias_safe_nearby(instrs: list[Instr], k: int, term: Terminator, uses: Counter) -> bool | None:
    """Whether ``alias_safe_loads`` of the block (``instrs``, ``term``) holds the load at ``k``, found from
    the instructions after it, where its temporary's users nearly always are; None when they are not
    all among the next LOOKAHEAD instructions (the caller then analyses the whole block, once: a scan to
    the block's end for each load made long blocks quadratic)."""
    load = instrs[k]
    t, name = load.dest, load.attr
    left = uses[t]                      # users not yet found
    if not left:
        return True
    end = len(instrs)
    stop = k + LOOKAHEAD
    for j in range(k + 1, end if end < stop else stop):
        ins = instrs[j]
        if t in ins.args:
            left -= 1
            if not left:
                return True             # a write by the last user itself comes after its read
        op = ins.op
        if op == "store":
            if ins.attr == name:
                return False
        elif op == "setindex" and ins.attr[0] == name:
            return False
    if stop < end:
        return None
    return left == 1 and t in term.args


def alias_safe_loads(block: Block, uses: Counter) -> set[int]:
    """The positions of the block's loads (``load``/``loadname``) whose users may read the variable's slot
    itself: the block (its terminator included) holds every use of the load's temporary (``uses``: the
    function's count of each temporary's uses; two uses by one instruction count as one here, so such a
    load keeps its temporary), and no ``store`` or ``setindex`` writes the variable after the load and
    before its last use. One pass from the block's end, which knows at each load the positions that use
    its temporary and the next write of each variable (a scan per load made long blocks quadratic)."""
    instrs = block.instrs
    end = len(instrs)
    loaded = {ins.dest.id for ins in instrs if ins.op == "load" or ins.op == "loadname"}
    users: dict[int, list[int]] = {t.id: [end] for t in block.term.args if t.id in loaded}   # descending
    next_write: dict[str, int] = {}     # variable -> the first position after this one that writes it
    safe: set[int] = set()
    for k in range(end - 1, -1, -1):
        ins = instrs[k]
        op = ins.op
        if op == "load" or op == "loadname":
            positions = users.get(ins.dest.id, ())
            if len(positions) >= uses[ins.dest] \
                    and next_write.get(ins.attr, end + 1) >= (positions[0] if positions else k):
                safe.add(k)
            continue                    # a load reads no temporary
        if op == "store":
            next_write[ins.attr] = k
        elif op == "setindex":
            next_write[ins.attr[0]] = k
        for t in ins.args:
            if t.id in loaded:
                positions = users.get(t.id)
                if positions is None:
                    users[t.id] = [k]
                elif positions[-1] != k:
                    positions.append(k)
    return safe


def definitely_assigned(fn: Function, entry: set[str], live: dict[str, frozenset[str]]) -> dict[str, set[str]]:
    """Variables assigned on every path to each block's entry (must-analysis), of those live there
    (mir/liveness.py: the compiler asks only about variables a block reads; sets of every variable made
    many variables and many blocks quadratic: ``live``, liveness.live_in's sets). A worklist in layout
    order (reverse postorder) visits each block of straight-line code once; a block is visited again
    only when what flows into it changes (a loop's back edge, a try handler). A function of one block
    (a cell of straight-line code) has only its entry's."""
    first = fn.blocks[0].label
    result = {first: entry & live[first]}     # every other block's, when the worklist (all of them) visits it
    if len(fn.blocks) == 1:
        return result
    everything = set(fn.variables) | entry
    preds: dict[str, list] = {}
    succs: dict[str, list[str]] = {}
    outs: dict = {}               # label, or (label, handler) at a trypush -> the variables assigned there
    effects: dict[str, list[tuple[set[str], bool, str | None]]] = {}
    by_label: dict[str, Block] = {}
    function = fn.kind == "function"
    for b in fn.blocks:
        label = b.label
        by_label[label] = b
        succs[label] = targets = list(b.term.targets)
        for t in targets:
            preds.setdefault(t, []).append(label)
        effects[label] = segments = block_effects(b, function)
        for _, _, handler in segments[:-1]:     # each segment but the last ends at a trypush
            preds.setdefault(handler, []).append((label, handler))    # the state at the trypush
            targets.append(handler)
    todo = deque(by_label)
    queued = set(by_label)
    while todo:
        label = todo.popleft()
        queued.discard(label)
        if label != first:
            incoming = preds.get(label, [])
            new = everything & live[label] if incoming else set()
            for p in incoming:
                if p in outs:                   # not yet known: every variable
                    new &= outs[p]
            result[label] = new
        out = set(result[label])
        changed = False
        for writes, clears, handler in effects[label]:
            if clears:
                out = set(writes)
            else:
                out |= writes
            if handler is not None and out != outs.get((label, handler)):
                outs[(label, handler)] = set(out)
                changed = True
        term = by_label[label].term
        if term.op == "fornext":
            out.add(term.attr)
        if out != outs.get(label):
            outs[label] = out
            changed = True
        if changed:
            for target in succs[label]:
                if target not in queued:
                    queued.add(target)
                    todo.append(target)
    return result


def block_effects(block: Block, function: bool) -> list[tuple[set[str], bool, str | None]]:
    """What a block does to the assigned variables, found once for every round of the analysis: its
    instructions in segments, each ending at a ``trypush`` (the handler's label) or at the block's end
    (None), as (the variables the segment assigns after its last clear, whether it clears them all)."""
    effects: list[tuple[set[str], bool, str | None]] = []
    writes: set[str] = set()
    clears = False
    for ins in block.instrs:
        op = ins.op
        if op == "store" or op == "load" and function:
            writes.add(ins.attr)
        elif op in ("call", "callname") and ins.attr[0] in UNASSIGNS:
            writes, clears = set(), True
        elif op == "trypush":
            effects.append((writes, clears, ins.attr))
            writes, clears = set(), False
    effects.append((writes, clears, None))
    return effects


def spread_or_none(spread: tuple[bool, ...]) -> tuple[bool, ...] | None:
    return spread if any(spread) else None


NO_DEST = {"SETINDEX", "DISOWN", "SETANS", "DISPLAY", "SHOWNAME", "TRYPOP", "GLOBAL", "PERSISTENT", "GSTORE", "ESTORE",
           "PSTORE", "PARFOR", "WINDOW", "TIER2", "RETURN", "MOVE"} | {n for n, kinds in OPERANDS.items() if kinds.endswith("j")}
NO_DEST_OPS = frozenset(OP[n] for n in NO_DEST)      # their opcodes: a store never retargets them