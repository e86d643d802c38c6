"""Plans and WGSL of a cell's windows without a device, for review and golden-text tests.

``OfflinePlanner(has_f64)`` takes the place of a session's accelerator (``session.vm.accel``). At each
window the VM offers, it builds the window's graph, describes the inputs in the frame as the accelerator
does, plans them with ``codegen.planned`` for an adapter with or without shader-f64 (the one adapter
fact planning and code generation read, passed in: no adapter is asked), keeps the graph and plan of
the window's first run, and declines, so the VM's bytecode computes the cell. The plans are those the
gpu policy would run. A loop whose body is one window (``try_loop``) is planned as a fused loop too
(``loops``), at each entry, and declined.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.vm.code import LoopWindow, Window

from .accelerator import Entry
from .codegen import planned
from .graph import AccelGraph, build_graph
from .inputs import describe
from .loops import LoopShape, loop_plan, signature
from .plan import Plan, sized


@dataclass
class Planned:
    """One window as planned: its graph, and its plan (None when an input cannot be fused: ``reason``)."""
    region: int
    graph: AccelGraph
    plan: Plan | None
    reason: str = ""


@dataclass
class OfflinePlanner:
    has_f64: bool = True
    windows: list[Planned] = field(default_factory=list)
    loops: list[Planned] = field(default_factory=list)      # fused loops, planned at their entries

    def try_run(self, window: Window, frame: Any) -> bool:
        if any(w.region == window.region for w in self.windows):
            return False
        entry = Entry(build_graph(window, frame.code.constants))
        graph = entry.graph
        values = dict(entry.consts) | {v: frame.regs[reg] for v, reg in graph.inputs.items()}
        args = {v: describe(values[v]) for v in graph.inputs}
        bad = entry.bad or next((f"{graph.names.get(v, 'an operand')} is {a}" for v, a in args.items()
                                 if isinstance(a, str)), "")
        if bad or graph.rejected:
            self.windows.append(Planned(window.region, graph, None, bad or "unsupported operations"))
            return False
        sig = sized(entry.sizes, args, values) | entry.fixed
        self.windows.append(Planned(window.region, graph, planned(graph, sig, self.has_f64)))
        return False

    def try_loop(self, loop: LoopWindow, frame: Any) -> bool:
        """Plan a loop whose body is one window as the accelerator would fuse it (loops.py), from the
        values at its entry; decline (the VM runs the loop, offering its window per iteration)."""
        window = frame.code.windows[loop.window]
        st = frame.regs[loop.iterator]
        if type(st) is not list or st[0] != 0 or not st[1] >= 1:
            return False
        graph = build_graph(window, frame.code.constants)
        shape = LoopShape.of(graph, loop, frame.code.varnames)
        if isinstance(shape, str) or graph.rejected:
            return False
        values = {v: frame.regs[loop.loads.get(reg, reg)] for v, reg in graph.inputs.items() if v != shape.var}
        args = {v: describe(x) for v, x in values.items()}
        if any(isinstance(a, str) for a in args.values()):
            return False
        entry = Entry(graph)
        sig = signature(graph, shape, sized(entry.sizes, args, values), st[2], st[3], st[1]) | entry.fixed
        self.loops.append(Planned(window.region, graph, loop_plan(graph, sig, shape, self.has_f64)))
        return False
