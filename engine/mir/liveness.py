"""Which variables may be read later: live variables at each block's entry (backward dataflow).

Type inference (infer.py) and the compiler's definitely-assigned analysis (vm/compiler.py) carry one
fact per variable through every block; a cell with thousands of variables and thousands of branches
made that quadratic (a 170 KB cell of ``v1 = 1; if v1 > 3, w1 = 1; end`` lines took a minute). A fact
about a variable matters only where the variable may still be read before it is written again, so both
analyses keep facts for the live variables only: their results for every read are unchanged.

Reads: ``load``, ``loadname``, ``callname`` (whether the name is a variable), ``setindex`` and
``setlist`` (the old value). Writes that end a variable's life: ``store``. The sets are a superset of
the exact ones where that is simpler: a ``for`` variable is not counted as written, and the variables
live at a ``try`` handler are live wherever a ``trypush`` to it stands (both analyses pass the state
at that point to the handler).
"""
from __future__ import annotations

from collections import deque

from .ir import Block, Function

READS = {"load": False, "loadname": False, "callname": True, "setindex": True, "setlist": True}   # attr[0]?


def block_uses(block: Block) -> tuple[set[str], set[str], list[str]]:
    """(variables read before any write in the block, variables written, try handler labels)."""
    uses: set[str] = set()
    writes: set[str] = set()
    handlers: list[str] = []
    for ins in block.instrs:
        op = ins.op
        if op in READS:
            name = ins.attr[0] if READS[op] else ins.attr
            if name not in writes:
                uses.add(name)
        elif op == "store":
            writes.add(ins.attr)
        elif op == "trypush":
            handlers.append(ins.attr)
    return uses, writes, handlers


def live_in(fn: Function) -> dict[str, frozenset[str]]:
    """Block label -> the variables that may be read from the block's entry on before being stored.
    A worklist from the last block back: blocks are laid out in reverse postorder, so straight-line
    code is visited once, and a block again only when a successor's (or its try handler's) set grew."""
    facts = {b.label: block_uses(b) for b in fn.blocks}
    live: dict[str, frozenset[str]] = {b.label: frozenset() for b in fn.blocks}
    readers: dict[str, list[str]] = {b.label: [] for b in fn.blocks}   # the blocks whose set reads this one's
    for block in fn.blocks:
        for target in [*block.term.targets, *facts[block.label][2]]:
            readers.setdefault(target, []).append(block.label)
    by_label = {b.label: b for b in fn.blocks}
    todo = deque(reversed(by_label))
    queued = set(by_label)
    while todo:
        label = todo.popleft()
        queued.discard(label)
        uses, writes, handlers = facts[label]
        out: set[str] = set()
        for target in by_label[label].term.targets:
            out |= live[target]
        new = set(uses)
        new |= out - writes
        for handler in handlers:
            new |= live[handler]
        if len(new) != len(live[label]):      # the sets only grow
            live[label] = frozenset(new)
            for reader in readers[label]:
                if reader not in queued:
                    queued.add(reader)
                    todo.append(reader)
    return live
