"""Loops of a MIR function, and the loop sites the bytecode compiler records for tier 2.

MIR blocks are laid out in reverse postorder (the ``prune`` pass), and MATLAB's control flow is
structured, so an edge to a block at or before its source is a loop's back edge and its target the
loop's header: a ``fornext`` block (``for``) or the block testing a ``while`` condition. The loop's
blocks are those that reach a back edge's source without passing the header.

A ``LoopSite`` is what the compiler leaves in ``Code.loops`` for each loop: the loop's MIR blocks (with
their inferred types) and where each MIR instruction and block starts in the bytecode, so that tier 2
can hand control back to the interpreter before any instruction (``resume_pc``). The compiler puts a
``TIER2 k`` instruction at the start of the header's bytecode: every entry into the loop and, for a
``while`` loop, every iteration passes it (a ``for`` loop's back edge goes to its body).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..mir.ir import Block, Function


@dataclass(eq=False)
class Loop:
    header: str
    blocks: list[str]               # header first, then the body in layout order
    kind: str                       # "for" | "while"


def find_loops(fn: Function) -> dict[str, Loop]:
    """Header label -> its loop, for every loop of ``fn`` (try handlers make no loops: their blocks
    come after the ``trypush``)."""
    order = {b.label: k for k, b in enumerate(fn.blocks)}
    back_edges = [(b, t) for k, b in enumerate(fn.blocks) for t in b.term.targets if order.get(t, k + 1) <= k]
    if not back_edges:
        return {}                       # straight-line code and branches: no loop, no predecessor table
    by_label = {b.label: b for b in fn.blocks}
    preds: dict[str, list[str]] = {b.label: [] for b in fn.blocks}
    for b in fn.blocks:
        for t in b.term.targets:
            preds.setdefault(t, []).append(b.label)
    loops: dict[str, Loop] = {}
    for b, t in back_edges:                 # in layout order
        body = loops[t].blocks if t in loops else [t]
        members = set(body)
        stack = [b.label]
        while stack:
            label = stack.pop()
            if label not in members:
                members.add(label)
                stack.extend(preds.get(label, []))
        header = by_label[t]
        kind = "for" if header.term.op == "fornext" else "while"
        loops[t] = Loop(t, sorted(members, key=order.__getitem__), kind)
    return loops


@dataclass(eq=False)
class LoopSite:
    """One loop of a code object as tier 2 sees it (built by vm/compiler.py, kept in ``Code.loops``).

    ``hits``/``next``: the ``TIER2`` instruction counts its executions and calls tier 2 once ``hits``
    reaches ``next`` (tier 2 moves ``next``: to the next hit while it decides, far away once it gave up).
    ``variants``: what tier 2 made of the loop for each set of entry types (not pickled)."""
    index: int
    fn: Function                    # the MIR unit the loop is in (its variables, name, kind)
    loop: Loop
    blocks: dict[str, Block]        # the loop's blocks, and the blocks it exits to (for their pcs)
    resume: dict[tuple[str, int], int] = field(default_factory=dict)   # (label, k) -> bytecode offset
    regs: dict[int, int] = field(default_factory=dict)                 # temp id -> register
    slots: dict[str, int] = field(default_factory=dict)                # variable -> slot
    labels: dict[str, int] = field(default_factory=dict)               # block label -> offset
    line: int = 0
    hits: int = 0
    next: float = 0
    variants: dict[Any, Any] = field(default_factory=dict)
    estimate: float = 0.0           # interpreter seconds the entry being decided would take (runner.pays)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the run-time state (compiled variants, counters): filecache.py keeps sites."""
        state = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}    # runner's cached facts
        return {**state, "hits": 0, "next": 0, "variants": {}, "estimate": 0.0}

    def resume_pc(self, label: str, k: int) -> int:
        """The bytecode offset of instruction ``k`` of block ``label`` (``len(instrs)``: its terminator)."""
        return self.resume[(label, k)]

    def give_up(self) -> None:
        self.next = math.inf
