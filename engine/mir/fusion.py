"""Mark fusion candidate regions: maximal runs of elementwise, reduction and matmul instructions.

Within a block, variable loads, constants and plain stores do not break a run, so a region spans
statements (``y = x .* 2; z = y + 1; s = sum(z);`` is one region). Anything else breaks it: indexed or
member stores, calls that are not fusible builtins, comma lists, control flow. A region is kept when at
least one of its operations works on a value not known to be a scalar (scalar loops never ask the
accelerator). Builtin fusion kinds come from ``registry.BUILTINS[name].fusion``.
"""
from __future__ import annotations

from ..runtime.builtins import registry
from .infer import is_elementwise
from .ir import Block, Function, Instr, Region
from .passes import PassState, mir_pass

NEUTRAL = {"const", "load", "loadname", "store", "gload"}


@mir_pass("fusion")
def mark_regions(state: PassState) -> None:
    builtins = registry.BUILTINS if registry.BUILTINS else registry.load_all()
    counter = 0
    for fn in state.functions():
        fn.regions = []
        shadowed = stored_names(fn) | (set(state.workspace) if fn.kind == "script" else set())
        for block in fn.blocks:
            for start, end, kinds in runs(block, fn, shadowed, builtins):
                fn.regions.append(Region(counter, block.label, start, end, kinds))
                counter += 1


def stored_names(fn: Function) -> set[str]:
    return {ins.attr if ins.op == "store" else ins.attr[0]
            for b in fn.blocks for ins in b.instrs if ins.op in ("store", "setindex")}


def fusion_kind(ins: Instr, fn: Function, shadowed: set[str], builtins: dict) -> str | None:
    """The fusion kind of one instruction, or None when it is not fusible."""
    if ins.op == "binop":
        a, b = (t.type for t in ins.args)
        if is_elementwise(ins.attr, a, b):
            return "elementwise"
        return "matmul" if ins.attr == "*" else None
    if ins.op == "unop":
        return "elementwise" if ins.attr in ("-", "+", "~") else None
    if ins.op in ("call", "callname"):
        name, nargout, spread = ins.attr
        if nargout != 1 or any(spread) or name in shadowed or (fn.kind == "function" and name in fn.variables):
            return None
        entry = builtins.get(name)
        return entry.fusion if entry is not None and entry.fusion != "none" else None
    return None


def runs(block: Block, fn: Function, shadowed: set[str], builtins: dict) -> list[tuple[int, int, tuple]]:
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

    for k, ins in enumerate(block.instrs):
        kind = fusion_kind(ins, fn, shadowed, builtins)
        if kind is not None:
            members.append((k, kind, not ins.dest.type.is_scalar))
        elif ins.op not in NEUTRAL:
            close()
    close()
    return found
