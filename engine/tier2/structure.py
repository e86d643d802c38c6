"""The nesting of a loop's blocks, for emitting them as structured Python (``while``/``if``) code.

MATLAB's control flow is structured: each loop has one header (the ``fornext`` or ``while`` test), one
exit (where its test and its ``break`` statements go), and ``continue`` jumps to its header; every other
edge leaves the code being compiled (a ``return``, or the compiled loop's own exit). Within one loop's
body, with the loops nested in it taken as single nodes, the blocks form an acyclic graph whose two-way
branches join again at their immediate post-dominator. ``Shape`` finds those facts and raises
``NotStructured`` where a graph breaks them; codegen.py then falls back to its state machine.
"""
from __future__ import annotations

from ..mir.ir import Block

END = ""           # the node after a body: its loop's header (next iteration), its exit, or leaving the code


class NotStructured(Exception):
    """The blocks do not nest as loops and two-way branches."""


class Shape:
    def __init__(self, blocks: list[Block], loops: dict[str, list[str]]):
        self.by_label = {b.label: b for b in blocks}
        self.loops = {h: set(members) for h, members in loops.items() if h in self.by_label}
        self.parent = {b.label: self.innermost(b.label) for b in blocks}
        self.exit_of = {h: self.loop_exit(h) for h in self.loops}
        self.pdoms: dict[str, frozenset[str]] = {}

    def innermost(self, label: str, skip: str | None = None) -> str | None:
        """The header of the smallest loop holding ``label`` (other than the loop ``skip``)."""
        holding = [h for h, members in self.loops.items() if label in members and h != skip]
        return min(holding, key=lambda h: len(self.loops[h])) if holding else None

    def context(self, label: str) -> str | None:
        """The loop whose body ``label`` is part of (a header: the loop around its own loop)."""
        return self.innermost(label, skip=label) if label in self.loops else self.parent[label]

    def loop_exit(self, header: str) -> str | None:
        """The one block in the code that the loop exits to (None: it only leaves the code)."""
        members = self.loops[header]
        outside = {t for m in members for t in self.by_label[m].term.targets
                   if t not in members and t in self.by_label}
        if len(outside) > 1:
            raise NotStructured(f"loop {header} exits to {sorted(outside)}")
        return outside.pop() if outside else None

    def successors(self, label: str) -> list[str]:
        """``label``'s successors in its context's acyclic body: a nested loop is one node whose successor
        is its exit; the context's header, its exit and anything outside the code are END."""
        ctx = self.context(label)
        targets = [self.exit_of[label]] if label in self.loops else list(self.by_label[label].term.targets)
        out = []
        for t in targets:
            if t is None or t not in self.by_label or (ctx is not None and (t == ctx or t not in self.loops[ctx])):
                out.append(END)
            elif self.context(t) != ctx:
                raise NotStructured(f"{label} jumps into another loop's body at {t}")
            else:
                out.append(t)
        return out or [END]

    def post_dominators(self, label: str, visiting: frozenset[str] = frozenset()) -> frozenset[str]:
        if label == END:
            return frozenset([END])
        found = self.pdoms.get(label)
        if found is None:
            if label in visiting:
                raise NotStructured(f"a cycle through {label} that is not a loop")
            inner = visiting | {label}
            found = frozenset.intersection(*(self.post_dominators(s, inner) for s in self.successors(label)))
            found = self.pdoms[label] = found | {label}
        return found

    def merge(self, label: str) -> str:
        """Where the two ways of ``label``'s branch join again (END: they do not, within the body)."""
        strict = self.post_dominators(label) - {label}
        return max(strict, key=lambda p: len(self.post_dominators(p)))
