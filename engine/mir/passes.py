"""The MIR pass pipeline: small named passes over a shared typed state.

    state = PassState(module, workspace_types)
    run_pipeline(state)        # prune -> infer -> fusion, with MATFUSE_DUMP_AFTER=<pass>|all dumps

``state.poll`` (optional, no arguments) is called before each pass: it may raise to stop a long build.

Each pass is a function ``(state) -> None`` registered with ``@mir_pass(name)``; the pipeline times
them (``state.timings``) and names the failing pass in internal errors. With MATFUSE_VERIFY_MIR on (the
test suite sets it) the verifier checks the CFG invariants after every pass (single assignment, known
targets, one terminator per block); a build without it skips that walk over every instruction.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Callable

from ..config import flag
from .ir import Block, Function, Instr, Module
from .types import Type


@dataclass
class PassState:
    module: Module
    workspace: dict[str, Type] = field(default_factory=dict)   # script: types of existing variables
    timings: dict[str, float] = field(default_factory=dict)
    poll: Callable[[], None] | None = None                       # called before each pass (may raise)
    units: list[Function] | None = field(default=None, repr=False)   # functions(), once found

    def functions(self) -> list[Function]:
        """The module's units: main, local functions, anonymous and parfor bodies. Found once (a scan of
        every instruction); a pass that drops or adds bodies sets ``units`` to None."""
        if self.units is None:
            self.units = [self.module.main, *self.module.functions.values(), *anon_bodies(self.module)]
        return self.units


PASSES: dict[str, Callable[[PassState], None]] = {}
PIPELINE = ("prune", "parfor", "infer", "fusion")


def mir_pass(name: str) -> Callable:
    def register(fn: Callable[[PassState], None]) -> Callable[[PassState], None]:
        PASSES[name] = fn
        return fn
    return register


def anon_bodies(module: Module) -> list[Function]:
    """Bodies of anonymous functions and parfor loops, nested ones included."""
    found: list[Function] = []
    todo = [module.main, *module.functions.values()]
    while todo:
        fn = todo.pop()
        for block in fn.blocks:
            for ins in block.instrs:
                if ins.op == "anon" or ins.op == "parfor":
                    found.append(ins.attr.body)
                    todo.append(ins.attr.body)
    return found


def run_pipeline(state: PassState) -> PassState:
    dump, verifying = flag("MATFUSE_DUMP_AFTER"), flag("MATFUSE_VERIFY_MIR")
    if dump in ("lower", "all"):
        print(f"--- MIR after lower ---\n{state.module}", file=sys.stderr)
    for name in PIPELINE:
        if state.poll is not None:
            state.poll()
        started = time.perf_counter()
        PASSES[name](state)
        state.timings[name] = time.perf_counter() - started
        if verifying:
            for fn in state.functions():
                verify(fn, name)
        if dump in (name, "all"):
            print(f"--- MIR after {name} ---\n{state.module}", file=sys.stderr)
    return state


def verify(fn: Function, after: str) -> None:
    """Check CFG invariants; a failure is a compiler bug, reported with the pass that broke it."""
    labels = {b.label for b in fn.blocks}
    for block in fn.blocks:
        if block.term is None:
            raise AssertionError(f"MIR verify after {after}: block {block.label} of {fn.name} has no terminator")
        for target in block.term.targets:
            if target not in labels:
                raise AssertionError(f"MIR verify after {after}: {fn.name} jumps to unknown block {target}")
    dests = [ins.dest.id for block in fn.blocks for ins in block.instrs if ins.dest is not None]
    if len(set(dests)) != len(dests):
        raise AssertionError(f"MIR verify after {after}: %{assigned_twice(fn)} assigned twice in {fn.name}")


def assigned_twice(fn: Function) -> int:
    """The first temporary (in block order) that an instruction assigns a second time."""
    defined: set[int] = set()
    for block in fn.blocks:
        for ins in block.instrs:
            if ins.dest is not None:
                if ins.dest.id in defined:
                    return ins.dest.id
                defined.add(ins.dest.id)
    return -1


@mir_pass("prune")
def prune_and_order(state: PassState) -> None:
    """Drop blocks no path from the entry reaches (code after break/return), lay the rest out in
    reverse postorder (a branch's first target usually follows it) and number them in that order."""
    dropped = False
    for fn in state.functions():
        by_label = {b.label: b for b in fn.blocks}
        thread_jumps(fn, by_label)
        pushes = try_pushes(fn)
        order = reverse_postorder(fn.blocks[0].label, by_label, pushes)
        dropped = dropped or len(order) < len(fn.blocks)
        fn.blocks = [by_label[label] for label in order]
        renumber(fn, pushes)
    if dropped:
        state.units = None              # bodies in the blocks dropped are gone


def try_pushes(fn: Function) -> dict[str, list[Instr]]:
    """The ``trypush`` instructions of each block that has any (their handlers are successors too)."""
    found: dict[str, list[Instr]] = {}
    for block in fn.blocks:
        for ins in block.instrs:
            if ins.op == "trypush":
                found.setdefault(block.label, []).append(ins)
    return found


def reverse_postorder(entry: str, by_label: dict[str, Block], pushes: dict[str, list[Instr]]) -> list[str]:
    """The labels of the blocks reached from ``entry`` in reverse postorder of a depth-first walk that
    takes a block's successors (its targets, then its try handlers) last first."""
    def successors(label: str):
        targets = by_label[label].term.targets
        handlers = pushes.get(label)
        return reversed(targets + [ins.attr for ins in handlers] if handlers else targets)

    seen = {entry}
    postorder: list[str] = []
    stack = [(entry, successors(entry))]
    while stack:
        label, children = stack[-1]
        for child in children:
            if child not in seen:
                seen.add(child)
                stack.append((child, successors(child)))
                break
        else:
            postorder.append(label)
            stack.pop()
    postorder.reverse()
    return postorder


def renumber(fn: Function, pushes: dict[str, list[Instr]]) -> None:
    """Label blocks b0, b1, ... in layout order (``pushes``: try_pushes by the old labels)."""
    new = {b.label: f"b{k}" for k, b in enumerate(fn.blocks)}
    for block in fn.blocks:
        for ins in pushes.get(block.label, ()):
            ins.attr = new[ins.attr]
        block.label = new[block.label]
        block.term.targets = [new[t] for t in block.term.targets]


def thread_jumps(fn: Function, by_label: dict[str, Block]) -> None:
    """Point jumps and branches past empty blocks that only jump on."""
    def final(label: str) -> str:
        block = by_label[label]
        seen = {label}
        while not block.instrs and block.term.op == "jump" and block.term.targets[0] not in seen:
            label = block.term.targets[0]
            seen.add(label)
            block = by_label[label]
        return label

    for block in fn.blocks:
        targets = block.term.targets
        for k, target in enumerate(targets):
            passed = by_label[target]
            if not passed.instrs and passed.term.op == "jump":      # (most blocks do something)
                targets[k] = final(target)


def compile_mir(module: Module, workspace: dict[str, Type] | None = None,
                poll: Callable[[], None] | None = None) -> PassState:
    """Run the pipeline over a freshly lowered module (importing the passes registers them)."""
    from . import fusion, infer, parfor  # noqa: F401  (registration)
    return run_pipeline(PassState(module, dict(workspace or {}), poll=poll))
