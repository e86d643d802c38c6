"""Mark fusion candidate regions: maximal runs of elementwise, reduction and matmul instructions.

Within a block, variable loads, constants and plain stores do not break a run, so a region spans
statements (``y = x .* 2; z = y + 1; s = sum(z);`` is one region). Anything else breaks it: indexed or
member stores, calls the fused kernels do not express, comma lists, control flow. Whether a call is
fusible is the accelerator graph's own predicate (``engine.accel.fusion.calls.call_form``), asked with
the call's literal arguments, so a region splits around a call the graph would reject and the fusible
parts on either side still fuse; the ``out k`` of a fused two-output call (``[m, i] = max(x, [], 2)``)
joins the call's run. A ``rand``/``randn`` call is a member only where an operation reads it
(``exp(b .* randn(M, 1))``: the kernel draws from the GPU stream); ``x = rand(n)`` stays with the VM,
so the variable holds rng's numbers. A region is kept when at least one of its operations works on a
value not known to be a scalar (scalar loops never ask the accelerator). Besides fusible calls,
transposes and ``diag`` of one argument are "layout" members, ``eps`` (a bare name that is no
variable, or a call with a class name) is a "constant", and ``/`` and ``\\`` whose divisor's size is
unknown are members the planner checks at run time.
"""
from __future__ import annotations

from typing import Any

from ..runtime.builtins import registry
from .infer import is_elementwise
from .ir import Block, Function, Instr, Region
from .passes import PassState, mir_pass

NEUTRAL = {"const", "load", "loadname", "store", "gload"}
LAYOUT_CALLS = {"diag": 1}          # builtin -> the argument count the fused kernels move data for
CONSTANT_CALLS = ("eps",)           # builtins whose value (of literal arguments) is a fused constant


@mir_pass("fusion")
def mark_regions(state: PassState) -> None:
    if not registry.BUILTINS:
        registry.load_all()
    counter = 0
    for fn in state.functions():
        fn.regions = []
        shadowed = stored_names(fn) | (set(state.workspace) if fn.kind == "script" else set())
        consts = literals(fn)
        for block in fn.blocks:
            constant_calls(block, shadowed)
            for start, end, kinds in runs(block, fn, shadowed, consts):
                fn.regions.append(Region(counter, block.label, start, end, kinds))
                counter += 1


def stored_names(fn: Function) -> set[str]:
    return {ins.attr if ins.op == "store" else ins.attr[0]
            for b in fn.blocks for ins in b.instrs if ins.op in ("store", "setindex")}


def constant_calls(block: Block, shadowed: set[str]) -> None:
    """``loadname eps`` of a name no code stores is the call ``eps()``: make it one, so that windows
    read it as a constant (``callname`` still looks for a variable first at run time, as loadname does)."""
    for ins in block.instrs:
        if ins.op == "loadname" and ins.attr in CONSTANT_CALLS and ins.attr not in shadowed:
            ins.op, ins.attr = "callname", (ins.attr, 1, ())


def literals(fn: Function) -> dict[int, Any]:
    """Temporary id -> value of every literal: constants and rows of number constants (``[2 3]``)."""
    from engine.accel.fusion.calls import MISSING, literal_row
    found: dict[int, Any] = {}
    for b in fn.blocks:
        for ins in b.instrs:
            if ins.op == "const":
                found[ins.dest.id] = ins.attr
            elif ins.op == "matrix":
                row = literal_row(ins, lambda k: found.get(ins.args[k].id, MISSING))
                if row is not MISSING:
                    found[ins.dest.id] = row
    return found


def fusion_kind(ins: Instr, fn: Function, shadowed: set[str], consts: dict[int, Any]) -> str | None:
    """The fusion kind of one instruction, or None when it is not fusible (``consts``: the function's
    literal values by temporary id)."""
    from engine.accel.fusion.calls import MISSING, instr_call_form
    from engine.accel.fusion.graph import BINOPS
    if ins.op == "binop":
        a, b = (t.type for t in ins.args)
        if is_elementwise(ins.attr, a, b):
            return "elementwise" if ins.attr in BINOPS else None     # the graph's operators (not ^)
        if ins.attr == "*":
            return "matmul"
        divisor = b if ins.attr == "/" else a
        return "elementwise" if ins.attr in ("/", "\\") and divisor.shape is None else None
    if ins.op == "matrix":                  # a row of literals read by the region ([2 3] as dims)
        return "literal" if ins.dest.id in consts else None
    if ins.op == "unop":
        return "elementwise" if ins.attr in ("-", "+", "~") else "layout" if ins.attr in ("'", ".'") else None
    if ins.op in ("call", "callname"):
        name, nargout, spread = ins.attr
        if any(spread) or name in shadowed or (fn.kind == "function" and name in fn.variables):
            return None
        if nargout == 1 and name in CONSTANT_CALLS and all(t.type.cls == "char" for t in ins.args):
            return "constant"
        if nargout == 1 and LAYOUT_CALLS.get(name) == len(ins.args):
            return "layout"
        form = instr_call_form(ins, lambda k: consts.get(ins.args[k].id, MISSING))
        return None if isinstance(form, str) else form.kind
    return None


def runs(block: Block, fn: Function, shadowed: set[str],
         consts: dict[int, Any]) -> list[tuple[int, int, tuple]]:
    """(start, end, kinds) of each candidate run in a block (indices into block.instrs, inclusive)."""
    found = []
    members: list[tuple[int, str, bool]] = []   # (index, kind, non-scalar)

    def close() -> None:
        if members and any(big for _, _, big in members):
            first, last = members[0][0], members[-1][0]
            defined = {block.instrs[k].dest.id for k in range(first, last + 1) if block.instrs[k].dest}
            while last + 1 < len(block.instrs) and block.instrs[last + 1].op == "store" \
                    and block.instrs[last + 1].args[0].id in defined:
                last += 1
            kinds = tuple(dict.fromkeys(kind for _, kind, _ in members))
            found.append((first, last, kinds))
        members.clear()

    calls: dict[int, str] = {}                  # member calls' values -> kind (their ``out k`` join them)
    operands = {t.id for i in block.instrs if i.op != "store" for t in i.args}
    for k, ins in enumerate(block.instrs):
        if ins.op == "out":
            kind = calls.get(ins.args[0].id)
        else:
            kind = fusion_kind(ins, fn, shadowed, consts)
            if kind in ("random", "literal") and ins.dest.id not in operands:
                kind = None                     # a draw stored to a variable comes from rng's stream
            if kind is not None and ins.op in ("call", "callname"):
                calls[ins.dest.id] = kind
        if kind is not None:
            members.append((k, kind, kind not in ("constant", "literal") and not ins.dest.type.is_scalar))
        elif ins.op not in NEUTRAL:
            close()
    close()
    return found
