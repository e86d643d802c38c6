"""The VM's tier-2 hook: decide, compile, run a loop, and hand control back to the interpreter.

``Tier2.enter(vm, frame, site, pc)`` is what a ``TIER2`` instruction calls (vm/pygen.py's ``op_tier2``)
once its site's counter says so; it returns the offset where the interpreter goes on (None: the code
returned). In order:

1. **Types.** The tier-2 type of every variable the loop names (infer.type_of) and how each called name
   resolves (builtin, user function, unknown) make the variant key. A value tier 2 does not handle
   (an int32, a struct, a gpuArray, a 3-D array) means the interpreter runs the loop.
2. **Does it pay?** (``pays``, ``make``) Compiling costs about a second the first time a loop is met
   with these types and tens of milliseconds once the machine code is on disk. What the interpreter
   would spend on this entry (``expected_seconds``: a ``for`` loop's remaining trip count, a ``while``
   loop's next WHILE_STEP iterations, times INSTRUCTION_SECONDS per MIR instruction of an iteration and
   CALL_SECONDS per call or indexing),
   plus what it already spent in this loop in this process (HOT, by the loop's source), is weighed
   against that cost: tier 2 compiles once the two are equal (so a loop costs at most about twice the
   better of the two choices), and loads cached code as soon as the entry is worth LOAD_SECONDS (both
   plus IMPORT_SECONDS while numba is not imported yet in the process).
   MATFUSE_TIER2=eager compiles at once, off never.
3. **Run.** Scalars go into the array S, range iterators into IT, matrices are passed as they are (a
   matrix the loop assigns into is first made the frame's own, as the interpreter's first element
   assignment would). The compiled loop returns a point (codegen.Point): on "poll" the VM checks for an
   interrupt and enters again; on "exit" and "bail" the variables, iterators and live temporaries go back
   into the frame's registers and the interpreter runs from the point's offset (``resume``: instruction
   by instruction up to the next block start of the specialised function, so a hand-back in the middle
   of a block works, and an error raised there carries that instruction's offset and line).
"""
from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable
from weakref import WeakKeyDictionary

import numpy as np

from ..config import flag
from ..mir.ir import Function
from ..runtime.builtins.registry import Builtin
from ..runtime.errors import MatlabError
from ..runtime.indexing import updatable
from ..vm.code import Code
from ..vm.cold import COLD_PC, CONTROL, HANDLERS
from ..vm.frame import _range_count, interrupt_error
from .codegen import Plan, generate
from .infer import Callee, Resolver, Unsupported, describe, infer_loop, type_of
from .loops import LoopSite, find_loops

INSTRUCTION_SECONDS = 0.1e-6    # interpreter time per MIR instruction of a loop iteration, and the extra
CALL_SECONDS = {"callname": 1.0e-6, "call": 1.0e-6, "index": 1.0e-6, "cellindex": 1.0e-6,
                "setindex": 1.5e-6}   # of calls and indexing (measured on the 2-core machine: s = s + i * 0.5
                # 0.8 us an iteration, t = t + sin(k)/k 1.9, A(i, j) = i * j + sin(i) 4.3)
COMPILE_SECONDS = 1.0           # a first compile with numba (measured 0.3-1.5 s on the 2-core machine)
LOAD_SECONDS = 0.03             # loading machine code numba cached on disk (measured 12-25 ms)
IMPORT_SECONDS = 0.7            # importing numba, once per process (measured 0.4-0.7 s), added to both
HOT: dict[tuple, float] = {}    # interpreter seconds spent in each loop so far, in this process (by its source)
WHILE_STEP = 256                # a while loop asks again every this many iterations until it is compiled
MAX_VARIANTS = 4                # type sets per loop before tier 2 leaves it to the interpreter
REJECTED_STEP = 1000            # entries of a loop tier 2 did not compile before it looks at the types again


@dataclass
class Variant:
    """What tier 2 made of one loop for one set of entry types: a compiled loop, or why not."""
    site: LoopSite
    key: tuple
    types: dict[str, str]
    plan: Plan | None = None
    fn: Callable[..., int] | None = None
    reason: str = ""
    line: int = 0
    compile_seconds: float = 0.0
    cached: bool = False
    runs: int = 0
    bails: int = 0
    bail_line: int = 0


@dataclass
class Tier2:
    """The hook object the VM calls (``vm.tier2``) and the record of what it did (``%fusion tier2``)."""
    mode: str = field(default_factory=lambda: flag("MATFUSE_TIER2"))
    variants: list[Variant] = field(default_factory=list)     # every compiled or rejected variant, in order
    unavailable: str | None = None

    def enter(self, vm: Any, frame: Any, site: LoopSite, pc: int) -> int | None:
        if self.mode == "off" or self.missing():
            site.give_up()
            return pc + 1
        R = frame.regs
        typed, called, iterator = entry_recipe(site)
        if iterator >= 0 and type(R[iterator]) is not list:
            return self.array_loop(site, pc)          # a for over the columns of an array
        key = tuple([entry_type(R[slot], dead) for slot, dead in typed] +
                    [how_called(vm, frame, n) for n, slot in called if slot < 0 or R[slot] is None])
        variant = site.variants.get(key)
        if variant is None:
            if not self.pays(site, frame):
                return pc + 1
            try:
                variant = self.make(vm, frame, site, loop_names(site), key)
            except Exception as exc:  # noqa: BLE001 - a tier-2 failure must never fail the program
                variant = Variant(site, key, {}, reason=f"tier 2 failed: {type(exc).__name__}: {exc}"[:200],
                                  line=site.line)
                self.variants.append(variant)
            if variant is None:                       # not hot enough for a first compile yet
                return pc + 1
            site.variants[key] = variant
            if len(site.variants) > MAX_VARIANTS:
                site.give_up()
        if variant.fn is None:
            site.next = site.hits + REJECTED_STEP
            return pc + 1
        site.next = 0                                 # compiled: every entry comes here
        return self.run(vm, frame, variant, pc)

    def array_loop(self, site: LoopSite, pc: int) -> int:
        """A for loop over an array's columns (or a range that is not integer-valued) stays in the
        interpreter; the report says so once per loop."""
        if ("array",) not in site.variants:
            variant = site.variants[("array",)] = Variant(site, ("array",), {})
            variant.reason, variant.line = "a for loop over an array or a non-integer range", site.line
            self.variants.append(variant)
        site.next = site.hits + REJECTED_STEP
        return pc + 1

    def missing(self) -> str:
        if self.unavailable is None:
            from .jit import available
            self.unavailable = available()
        return self.unavailable

    # ------------------------------------------------------------ deciding
    def pays(self, site: LoopSite, frame: Any) -> bool:
        """Whether a compile may pay now (``make`` decides once it knows whether the code is on disk);
        what the interpreter spends meanwhile is counted in HOT (see the module docstring)."""
        if site.loop.kind == "while":
            site.estimate = expected_seconds(site, frame, WHILE_STEP)
            site.next = site.hits + WHILE_STEP
        else:
            remaining = remaining_iterations(site, frame)
            site.estimate = expected_seconds(site, frame, remaining)
            site.next = site.hits + max(int(min(remaining, 1e9)), 1)     # back after about that many hits
        if self.mode == "eager":
            return True
        if HOT.get(identity(site), 0.0) + site.estimate < LOAD_SECONDS + import_cost():
            self.interpreted(site)
            return False
        return True

    @staticmethod
    def interpreted(site: LoopSite) -> None:
        HOT[identity(site)] = HOT.get(identity(site), 0.0) + site.estimate

    def make(self, vm: Any, frame: Any, site: LoopSite, names: list[str], key: tuple) -> Variant | None:
        """The variant for these types: compiled, or with the reason why not; None while a first compile
        does not pay yet."""
        types = dict(zip(names, key))
        variant = Variant(site, key, types)
        bad = [n for n, t in types.items() if t == ""]
        self.variants.append(variant)
        if bad:
            variant.reason = f"'{bad[0]}' holds {describe(frame.regs[site.slots[bad[0]]])}, which tier 2 does not compile"
            variant.line = site.line
            return variant
        try:
            blocks = [site.blocks[label] for label in site.loop.blocks]
            entry = {n: t for n, t in types.items()}
            tm = infer_loop(blocks, entry, CallContext(vm, frame.code, frame.extra))
            inner = {h: loop.blocks for h, loop in find_loops_in(site).items()}
            title = f"{site.fn.name} line {site.line}: " + ", ".join(f"{n}:{t}" for n, t in sorted(types.items())
                                                                     if t != "undef")
            variant.plan = generate(blocks, tm, inner, title)
            variant.types = dict(variant.plan.types)
        except Unsupported as exc:
            variant.reason, variant.line = exc.reason, exc.line or site.line
            return variant
        from .jit import compile_source, is_cached
        variant.cached = is_cached(variant.plan.source)
        if self.mode != "eager" and not variant.cached \
                and HOT.get(identity(site), 0.0) + site.estimate < COMPILE_SECONDS + import_cost():
            self.variants.remove(variant)             # not yet: the interpreter runs it, and it counts
            self.interpreted(site)
            return None
        started = time.perf_counter()
        try:
            variant.fn = compile_source(variant.plan.source)
            variant.fn.compile(signature(*arguments(frame, variant)))
        except Exception as exc:  # noqa: BLE001 - numba's errors: the interpreter runs the loop instead
            variant.fn = None
            variant.reason = f"numba could not compile it: {str(exc).splitlines()[0][:200]}"
            variant.line = site.line
        variant.compile_seconds = time.perf_counter() - started
        return variant

    # ------------------------------------------------------------ running
    def run(self, vm: Any, frame: Any, variant: Variant, pc: int) -> int | None:
        site, plan = variant.site, variant.plan
        fn = variant.fn
        S, IT, arrays = arguments(frame, variant)
        variant.runs += 1
        point = plan.points[fn(0, S, IT, *arrays)]
        while point.kind == "poll":
            if vm.interrupted:
                self.write_back(frame, variant, point, S, IT)
                raise interrupt_error()
            point = plan.points[fn(point.entry, S, IT, *arrays)]
        self.write_back(frame, variant, point, S, IT)
        if point.kind == "exit":
            return resume(vm, frame, site.labels[point.label])
        variant.bails += 1
        variant.bail_line = site.blocks[point.label].instrs[point.k].line \
            if point.k < len(site.blocks[point.label].instrs) else site.line
        if variant.bails >= 16 and 2 * variant.bails > variant.runs:
            variant.fn = None                          # it hands back on most entries: tier 1 is faster
            variant.reason = (f"it handed control back to the interpreter on {variant.bails} of {variant.runs} "
                              f"entries (last at line {variant.bail_line})")
        return resume(vm, frame, site.resume_pc(point.label, point.k))

    @staticmethod
    def write_back(frame: Any, variant: Variant, point: Any, S: np.ndarray, IT: np.ndarray) -> None:
        site, plan = variant.site, variant.plan
        R = frame.regs
        for name, (index, kind, defined) in plan.scalars.items():
            if defined < 0 or S[defined]:
                R[site.slots[name]] = float(S[index]) if kind == "f8" else bool(S[index])
        for tid, index, kind in point.temps:
            reg = site.regs.get(tid)
            if reg is not None and reg >= len(site.slots):
                R[reg] = float(S[index]) if kind == "f8" else bool(S[index])
        for tid, name in point.arrays:
            reg = site.regs.get(tid)
            if reg is not None:
                R[reg] = R[site.slots[name]]
        for tid in point.iterators:
            k, n, start, step = IT[plan.iterators[tid]]
            R[site.regs[tid]] = [int(k), n if math.isinf(n) else int(n), float(start), float(step)]


def arguments(frame: Any, variant: Variant) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """S, IT and the matrices for entering the loop at its header. A matrix the loop assigns into
    becomes the frame's own first, as the interpreter's first element assignment would make it: a copy,
    unless the frame owns it already or nothing but its register holds it (``indexing.updatable``: a
    fresh ``A = zeros(n, n)``)."""
    site, plan = variant.site, variant.plan
    R = frame.regs
    S = np.zeros(max(plan.nslots, 1))
    IT = np.zeros((max(len(plan.iterators), 1), 4))
    for name, (index, kind, defined) in plan.scalars.items():
        value = R[site.slots[name]]
        if value is not None:
            S[index] = value
            if defined >= 0:
                S[defined] = 1.0
    iterator = entry_recipe(site)[2]
    if iterator >= 0:
        IT[plan.iterators[plan_header_iterator(site)]] = R[iterator]
    arrays = []
    for name in plan.arrays:
        slot = site.slots[name]
        if name in plan.written and frame.owned.get(slot) is not R[slot]:
            if not updatable(R, slot):          # (before any local here holds it)
                R[slot] = R[slot].copy(order="K")
            frame.owned[slot] = R[slot]
        arrays.append(R[slot])
    return S, IT, arrays


def signature(S: np.ndarray, IT: np.ndarray, arrays: list[np.ndarray]) -> tuple:
    import numba
    return tuple(numba.typeof(a) for a in (0, S, IT, *arrays))


def plan_header_iterator(site: LoopSite) -> int:
    return site.blocks[site.loop.header].term.args[0].id


def resume(vm: Any, frame: Any, pc: int) -> int | None:
    """Run instructions from ``pc`` up to a block start of the frame's specialised function (where it
    can go on); None if the code returned. A failure carries the failing instruction's offset (as cold
    code's do: pygen's ``failing_offset``)."""
    code = frame.code
    starts = code.runner.block_starts
    ops, args, R = code.ops, code.args, frame.regs
    try:
        while pc not in starts:
            op = ops[pc]
            jump = CONTROL[op]
            if jump is None:
                HANDLERS[op](vm, frame, R, args[pc])
                pc += 1
            else:
                pc = jump(vm, frame, R, args[pc], pc)
                if pc is None:
                    return None
        return pc
    except BaseException as exc:
        try:
            setattr(exc, COLD_PC, pc)
        except (AttributeError, TypeError):
            pass
        raise


# ---------------------------------------------------------------- facts about a site (computed once)
def loop_names(site: LoopSite) -> list[str]:
    """The variables the loop names (slots), sorted."""
    names = getattr(site, "_names", None)
    if names is None:
        found = set()
        for label in site.loop.blocks:
            block = site.blocks[label]
            for ins in block.instrs:
                if ins.op in ("load", "loadname", "store"):
                    found.add(ins.attr)
                elif ins.op in ("callname", "setindex"):
                    found.add(ins.attr[0])
            if block.term.op == "fornext":
                found.add(block.term.attr)
        names = site._names = sorted(n for n in found if n in site.slots)
    return names


def dead_at_entry(site: LoopSite) -> frozenset[str]:
    """Variables typed as undefined at the loop's head whatever they hold, so that a re-run (where the
    loop variables have values) shares the first run's variant: those whose value there is never read
    (liveness), and the variables of the for loops in it (assigned before the body; a loop that runs
    zero times hands back). Always safe: a read of a variable that may be undefined makes the loop
    Unsupported, and a variable the loop does not assign keeps its value."""
    dead = getattr(site, "_dead", None)
    if dead is None:
        from ..mir.liveness import live_in
        loop_vars = {site.blocks[h].term.attr for h in find_loops_in(site) if site.blocks[h].term.op == "fornext"}
        dead = site._dead = (frozenset(loop_names(site)) - live_in(site.fn)[site.loop.header]) | loop_vars
    return dead


def entry_recipe(site: LoopSite) -> tuple[tuple, tuple, int]:
    """What an entry reads to make its variant key: (slot, dead at entry) of each variable the loop
    names (loop_names' order), (name, slot or -1) of each name it calls, and the register of a for
    loop's iterator (-1 for a while loop)."""
    recipe = getattr(site, "_recipe", None)
    if recipe is None:
        dead = dead_at_entry(site)
        recipe = site._recipe = (
            tuple((site.slots[n], n in dead) for n in loop_names(site)),
            tuple((n, site.slots.get(n, -1)) for n in called_names(site)),
            site.regs[plan_header_iterator(site)] if site.loop.kind == "for" else -1)
    return recipe


def entry_type(value: Any, dead: bool) -> str:
    kind = type_of(value)
    return "undef" if dead and kind in ("f8", "b1") else kind


def called_names(site: LoopSite) -> list[str]:
    names = getattr(site, "_called", None)
    if names is None:
        names = site._called = sorted({ins.attr[0] for label in site.loop.blocks
                                       for ins in site.blocks[label].instrs if ins.op in ("call", "callname")}
                                      | {ins.attr for label in site.loop.blocks for ins in site.blocks[label].instrs
                                         if ins.op == "loadname"})
    return names


def how_called(vm: Any, frame: Any, name: str) -> str:
    """CallContext.how for an entry's key: a builtin the VM resolved already, at once."""
    if type(vm.resolved.get(name)) is Builtin and not (frame.extra and name in frame.extra) \
            and name not in frame.code.locals:
        return "builtin"
    return CallContext(vm, frame.code, frame.extra).how(name)


class CallContext(Resolver):
    """How the VM would run the names a unit calls (its local functions, then vm.resolve), and the user
    functions it calls typed for their arguments (shared by the contexts of nested calls)."""

    def __init__(self, vm: Any, code: Code, extra: dict | None, typed: dict | None = None,
                 active: set | None = None):
        self.vm, self.code, self.extra = vm, code, extra
        self.typed: dict[tuple, Callee] = {} if typed is None else typed
        self.active: set[tuple] = set() if active is None else active

    def target(self, name: str) -> Any:
        local = self.code.locals.get(name)
        if local is not None:
            return local
        try:
            return self.vm.resolve(name)
        except MatlabError:
            return None

    def how(self, name: str) -> str:
        if self.extra and name in self.extra:
            return "variable"
        target = self.target(name)
        if target is None:
            return ""
        return "builtin" if type(target) is Builtin else f"user:{id(target)}"

    def callee(self, name: str, args: tuple[str, ...], line: int) -> Callee:
        code = self.target(name)
        if type(code) is not Code or code.kind != "function" or code.nest is not None \
                or code.varargin is not None or code.varargout is not None:
            raise Unsupported(f"a call of {name}, which is not a plain function", line)
        if len(args) > len(code.param_slots) or not code.outputs:
            raise Unsupported(f"a call of {name} with {len(args)} argument(s) for one value", line)
        key = (id(code), args)
        if key in self.typed:
            return self.typed[key]
        if key in self.active:
            raise Unsupported(f"{name} calls itself", line)
        fn = mir_of(code)
        self.active.add(key)
        try:
            inner = CallContext(self.vm, code, None, self.typed, self.active)
            tm = infer_loop(fn.blocks, dict(zip(fn.params, args)), inner)
        except Unsupported as exc:
            raise Unsupported(f"{name} (called here) has {exc.reason} at its line {exc.line}", line) from None
        finally:
            self.active.discard(key)
        output = fn.outputs[0]
        stored = {tm.temps[i.args[0].id] for b in fn.blocks for i in b.instrs if i.op == "store" and i.attr == output}
        if len(stored) != 1:
            raise Unsupported(f"{name}'s output {output} is {'never assigned' if not stored else 'of two types'}",
                              line)
        loops = {h: loop.blocks for h, loop in find_loops(fn).items()}
        callee = self.typed[key] = Callee(name, fn.blocks, list(fn.params), output, args, tm, stored.pop(), loops)
        return callee


MIR_OF: "WeakKeyDictionary[Code, Function]" = WeakKeyDictionary()


def mir_of(code: Code) -> Function:
    """The MIR of a function's code object, built again from its source (the bytecode does not keep it)."""
    fn = MIR_OF.get(code)
    if fn is None:
        from ..vm.build import build_mir
        try:
            module = build_mir(code.source, "<tier2>", None, frozenset(), code.file).module
        except MatlabError as exc:
            raise Unsupported(f"{code.name}'s source did not build again ({exc.message})") from None
        fn = module.functions.get(code.name) or module.main
        MIR_OF[code] = fn
    return fn


def find_loops_in(site: LoopSite) -> dict[str, Any]:
    """The loops whose header is in the site's loop (itself included)."""
    found = getattr(site, "_inner", None)
    if found is None:
        members = set(site.loop.blocks)
        found = site._inner = {h: loop for h, loop in find_loops(site.fn).items() if h in members}
    return found


def import_cost() -> float:
    return 0.0 if "numba" in sys.modules else IMPORT_SECONDS


def identity(site: LoopSite) -> tuple:
    """A loop's identity across sessions of a process: its unit's file, name and source, its line."""
    return (site.fn.file, site.fn.name, site.fn.source, site.line)


def remaining_iterations(site: LoopSite, frame: Any) -> float:
    """Iterations a for loop has left (0 for a for over an array)."""
    st = frame.regs[site.regs[plan_header_iterator(site)]]
    return float(st[1] - st[0]) if type(st) is list else 0.0


def expected_seconds(site: LoopSite, frame: Any, iterations: float) -> float:
    """What the interpreter would spend on ``iterations`` iterations: INSTRUCTION_SECONDS per MIR
    instruction and CALL_SECONDS more for calls and indexing, an instruction of an inner for loop counted
    its trip count times where the bounds are constants or variables the loop does not assign (once
    where they are not)."""
    assigned = {ins.attr for label in site.loop.blocks for ins in site.blocks[label].instrs if ins.op == "store"}
    weight = {label: 1.0 for label in site.loop.blocks}
    for header, loop in find_loops_in(site).items():
        if header != site.loop.header:
            trips = max(inner_trip_count(site, header, assigned, frame), 1.0)
            for label in loop.blocks:
                weight[label] *= trips
    per_iteration = sum(w * ((len(site.blocks[label].instrs) + 1) * INSTRUCTION_SECONDS
                             + sum(CALL_SECONDS.get(ins.op, 0.0) for ins in site.blocks[label].instrs))
                        for label, w in weight.items())
    return iterations * per_iteration


def inner_trip_count(site: LoopSite, header: str, assigned: set[str], frame: Any) -> float:
    term = site.blocks[header].term
    if term.op != "fornext":
        return 1.0
    it = term.args[0]
    producer: dict[int, Any] = {}
    for label in site.loop.blocks:
        for ins in site.blocks[label].instrs:
            if ins.dest is not None:
                producer[ins.dest.id] = ins
    make = producer.get(it.id)
    if make is None or make.op != "rangeiter":
        return 1.0
    values = []
    for t in make.args:
        ins = producer.get(t.id)
        if ins is not None and ins.op == "const" and type(ins.attr) is float:
            values.append(ins.attr)
        elif ins is not None and ins.op in ("load", "loadname") and ins.attr not in assigned \
                and type(frame.regs[site.slots[ins.attr]]) is float:
            values.append(frame.regs[site.slots[ins.attr]])
        else:
            return 1.0
    start, step, stop = values if len(values) == 3 else (values[0], 1.0, values[1])
    if step == 0 or not start.is_integer() or not step.is_integer():
        return 1.0
    n = _range_count(start, step, stop)
    return min(float(n), 1e12)
