"""What fusion did in the last cell, and counters since the session started (for ``%fusion`` and tests).

Each window the VM offered in the cell has one WindowReport: its source lines, how often it ran, where
(GPU or CPU) and why, its groups (kind, lines, operations, inputs and outputs with classes and sizes,
WGSL) and the operations that kept it off the device.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .graph import AccelGraph
from .plan import Plan


@dataclass
class GroupReport:
    kind: str
    lines: list[int]
    ops: list[str]
    inputs: list[tuple[str, str, tuple[int, ...]]]        # (name, class, size)
    outputs: list[tuple[str, str, tuple[int, ...]]]
    wgsl: str


@dataclass
class WindowReport:
    region: int
    lines: list[int]
    runs: int = 0
    device: str = "CPU"
    reason: str = ""
    groups: list[GroupReport] = field(default_factory=list)
    rejected: list[tuple[int, str, str]] = field(default_factory=list)
    estimate: dict[str, float] = field(default_factory=dict)   # the cost model's predicted seconds: cpu, gpu
    elapsed: float = 0.0                                        # measured seconds of its runs, in total


@dataclass
class FusionStats:
    windows_offered: int = 0
    windows_fused: int = 0
    groups_run: int = 0
    dispatches: int = 0
    uploads: int = 0
    bytes_uploaded: int = 0
    downloads: int = 0
    bytes_downloaded: int = 0
    plan_hits: int = 0
    plan_misses: int = 0
    fallbacks: int = 0


def value_name(graph: AccelGraph, v: int) -> str:
    """A reader's name for a value: the variable it is loaded from or stored to, the literal, or tN."""
    if v in graph.names:
        return graph.names[v]
    stored = [name for name, value in graph.stores.items() if value == v]
    if stored:
        return stored[0]
    if v in graph.consts:
        return repr(graph.consts[v])
    return f"t{v}"


def group_reports(graph: AccelGraph, plan: Plan) -> list[GroupReport]:
    out = []
    for g in plan.groups:
        nodes = [graph.nodes[v] for v in g.nodes]
        described = [(value_name(graph, v), plan.info[v].cls, plan.info[v].shape) for v in g.leaves]
        outputs = [(value_name(graph, v), plan.info[v].cls, plan.info[v].shape) for v in g.outputs]
        out.append(GroupReport(g.kind, sorted({n.line for n in nodes}), [n.op for n in nodes], described,
                               outputs, g.wgsl))
    return out


def size_text(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def plan_text(windows: list[WindowReport]) -> str:
    """The ``%fusion plan`` listing."""
    if not windows:
        return "No fusion candidates in the last cell."
    rows = []
    for w in windows:
        lines = ", ".join(map(str, w.lines)) or "-"
        rows.append(f"window {w.region} (lines {lines}): {w.device}, ran {w.runs}x"
                    + (f" - {w.reason}" if w.reason else ""))
        for k, g in enumerate(w.groups):
            rows.append(f"  group {k}: {g.kind}, lines {', '.join(map(str, g.lines))}: {' '.join(g.ops)}")
            rows.append("    inputs:  " + ", ".join(f"{n} {c} {size_text(s)}" for n, c, s in g.inputs))
            rows.append("    outputs: " + ", ".join(f"{n} {c} {size_text(s)}" for n, c, s in g.outputs))
        for line, op, why in w.rejected:
            rows.append(f"  rejected: line {line}: {op}: {why}")
    return "\n".join(rows)


def wgsl_text(windows: list[WindowReport], which: int | None = None) -> str:
    """The WGSL of every group of the last cell (or of group ``which``, counted across windows), with
    line numbers."""
    groups = [(w.region, k, g) for w in windows for k, g in enumerate(w.groups)]
    if which is not None:
        groups = groups[which:which + 1]
    if not groups:
        return "No fused groups in the last cell."
    parts = []
    for region, k, g in groups:
        body = "\n".join(f"{i:4d}  {line}" for i, line in enumerate(g.wgsl.splitlines(), 1))
        parts.append(f"// window {region}, group {k}: {g.kind}\n{body}")
    return "\n\n".join(parts)


def stats_text(stats: FusionStats, provider: Any) -> str:
    rows = [f"{name.replace('_', ' ')}: {value}" for name, value in vars(stats).items()]
    if provider is not None:
        rows.append(f"pipeline cache: {provider.stats.pipeline_hits} hits, "
                    f"{provider.stats.pipeline_misses} misses ({provider.pipeline_count} pipelines)")
    return "\n".join(rows)
