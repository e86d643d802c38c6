"""What fusion did in the last cell, and counters since the session started (for ``%fusion`` and tests).

Each window the VM offered in the cell has one WindowReport: its source lines, how often it ran, where
(GPU or CPU) and why, its graph, its groups (kind, lines, operations, inputs and outputs with classes and
sizes, WGSL) and the operations that kept it off the device. The text reports are here; report_html.py
renders the same facts as HTML and graph_svg.py draws the graph.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.accel.mersenne import HostDraw
from engine.runtime.values import CellArray, CharArray, StructArray

from .graph import AccelGraph
from .plan import Plan

Row = tuple[str, ...]


@dataclass
class GroupReport:
    kind: str
    lines: list[int]
    ops: list[str]
    inputs: list[tuple[str, str, tuple[int, ...]]]        # (name, class, size)
    outputs: list[tuple[str, str, tuple[int, ...]]]
    wgsl: str
    nodes: list[int] = field(default_factory=list)         # the graph values the kernel computes
    reductions: int = 0                                     # a Reduction group's members (one pass)

    @property
    def title(self) -> str:
        """The kind, and for a pass shared by several reductions how many."""
        shared = f" (one pass for {self.reductions} reductions)" if self.reductions > 1 else ""
        return self.kind + shared


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
    graph: AccelGraph | None = None                             # the window's data flow
    plan: Plan | None = None                                    # the plan of the last GPU run (of groups)
    source: str = ""                                            # the text of the cell or file it is in
    loop: str = ""                              # a fused loop's report: "for loop over t" (loops.py)

    @property
    def span(self) -> list[int]:
        """The lines of its operations, the rejected ones included."""
        return sorted(set(self.lines) | {line for line, _, _ in self.rejected})

    def line_text(self, line: int) -> str:
        """The source text of one of the window's lines ("" when the source is not known)."""
        lines = self.source.splitlines()
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""


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
    plan_evictions: int = 0         # plans the bounded cache dropped (MATFUSE_PLAN_CACHE)
    fallbacks: int = 0
    host_kernels: int = 0           # windows run as host kernels (host.py): on the CPU, in blocks
    fused_seconds: float = 0.0      # wall time of fused runs (host side: encode, transfers, waits)
    host_seconds: float = 0.0       # the hook's CPU time for fused windows, submits and read-back waits excluded
    host_kernel_seconds: float = 0.0   # wall time of host kernel runs

    def host_us_per_window(self) -> float:
        """Microseconds of host work per fused window (planning, encoding, bookkeeping)."""
        return self.host_seconds / self.windows_fused * 1e6 if self.windows_fused else 0.0


def value_name(graph: AccelGraph, v: int) -> str:
    """A reader's name for a value: the variable it is loaded from or stored to, the literal, or tN."""
    if v in graph.names:
        return graph.names[v]
    stored = [name for name, value in graph.stores.items() if value == v]
    if stored:
        return stored[0]
    if v in graph.consts:
        return literal_text(graph.consts[v])
    return f"t{v}"


def literal_text(value: Any) -> str:
    """A literal as MATLAB would write it: ``2.5``, ``true``, ``[2 3]``, ``'single'``."""
    if isinstance(value, np.ndarray):
        items = ["true" if x is True else "false" if x is False else repr(x) for x in value.ravel(order="F").tolist()]
        return items[0] if len(items) == 1 else f"[{' '.join(items)}]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if type(value) is CharArray:
        return f"'{value.to_str()}'"
    return repr(value)


def group_reports(graph: AccelGraph, plan: Plan) -> list[GroupReport]:
    out = []
    for g in plan.groups:
        nodes = [graph.nodes[v] for v in [*g.nodes, *getattr(g, "epilogue", ())]]
        described = [(value_name(graph, v), plan.info[v].cls, plan.info[v].shape) for v in g.leaves]
        outputs = [(value_name(graph, v), plan.info[v].cls, plan.info[v].shape) for v in g.writes]
        out.append(GroupReport(g.kind, sorted({n.line for n in nodes}), [n.op for n in nodes], described,
                               outputs, g.wgsl, list(g.nodes), len(g.members)))
    return out


def size_text(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def duration(seconds: float) -> str:
    """Seconds in the largest unit that gives a number of at least 1 (s, ms, us)."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e6:.3g} us"


def operands_text(values: list[tuple[str, str, tuple[int, ...]]]) -> str:
    return ", ".join(f"{n} {c} {size_text(s)}" for n, c, s in values)


def window_title(w: WindowReport) -> str:
    lines = ", ".join(map(str, w.span)) or "-"
    loop = f", {w.loop}" if w.loop else ""
    return (f"window {w.region} (lines {lines}){loop}: {w.device}, ran {w.runs}x"
            + (f" - {w.reason}" if w.reason else ""))


def source_listing(w: WindowReport) -> str:
    """The window's source lines, numbered ("" when the source is not known)."""
    return "\n".join(f"{line:4d} | {w.line_text(line)}" for line in w.span if w.line_text(line))


def timing_text(w: WindowReport) -> str:
    """The window's measured time and the cost model's estimate, where recorded ("" when neither is)."""
    parts = []
    if w.elapsed:
        parts.append(f"measured {duration(w.elapsed)} over {w.runs} run(s)")
    if w.estimate:
        parts.append("estimate " + ", ".join(f"{where.upper()} {duration(w.estimate[where])}"
                                             for where in ("cpu", "gpu")))
    return "; ".join(parts)


NO_WINDOWS = "No fusion candidates in the last cell."
NO_GROUPS = "No fused groups in the last cell."


def plan_text(windows: list[WindowReport]) -> str:
    """The ``%fusion plan`` listing."""
    if not windows:
        return NO_WINDOWS
    rows = []
    for w in windows:
        rows.append(window_title(w))
        rows += ["  " + row for row in source_listing(w).splitlines()]
        if timing_text(w):
            rows.append(f"  time: {timing_text(w)}")
        for k, g in enumerate(w.groups):
            rows.append(f"  group {k}: {g.title}, lines {', '.join(map(str, g.lines))}: {' '.join(g.ops)}")
            rows.append("    inputs:  " + operands_text(g.inputs))
            rows.append("    outputs: " + operands_text(g.outputs))
        for line, op, why in w.rejected:
            rows.append(f"  rejected: line {line}: {op}: {why}")
    return "\n".join(rows)


def numbered_groups(windows: list[WindowReport],
                    which: int | None = None) -> list[tuple[int, int, GroupReport]]:
    """(window region, group index in the window, group) of every group of the last cell, or of group
    ``which`` (counted across windows)."""
    groups = [(w.region, k, g) for w in windows for k, g in enumerate(w.groups)]
    return groups if which is None else groups[which:which + 1]


def wgsl_text(windows: list[WindowReport], which: int | None = None) -> str:
    """The WGSL of every group of the last cell (or of group ``which``, counted across windows): the
    entry point first, then declarations and the library functions it calls (wgsl_listing.py), each
    line with its line number in the shader."""
    from .wgsl_listing import listing_text
    groups = numbered_groups(windows, which)
    if not groups:
        return NO_GROUPS
    parts = []
    for region, k, g in groups:
        parts.append(f"// window {region}, group {k}: {g.kind}\n{listing_text(g.wgsl)}")
    return "\n\n".join(parts)


# ------------------------------------------------------------------ stats

def stats_rows(stats: FusionStats, provider: Any, windows: list[WindowReport]) -> list[tuple[str, str]]:
    """(label, value) rows of ``%fusion stats``: the counters, the pipeline cache and the time."""
    counters = {k: v for k, v in vars(stats).items() if not k.endswith("_seconds")}
    rows = [(name.replace("_", " "), str(value)) for name, value in counters.items()]
    if provider is not None:
        s = provider.stats
        rows.append(("pipeline cache", f"{s.pipeline_hits} hits, {s.pipeline_misses} misses "
                                       f"({provider.pipeline_count} pipelines)"))
        rows.append(("device dispatches and submits (all GPU work)", f"{s.dispatches}, {s.submits}"))
    rows.append(("GPU time (timestamp queries: every compute pass since the device started)",
                 gpu_time(provider)))
    rows.append(("fused runs, wall time (host clock, with transfers)", duration(stats.fused_seconds)))
    rows.append(("host time per fused window (submits and read-back waits excluded)",
                 f"{stats.host_us_per_window():.1f} us"))
    fused = [w.elapsed for w in windows if w.device == "GPU"]
    rows.append(("the last cell's fused windows, wall time",
                 duration(sum(fused)) if any(fused) else "not recorded"))
    return rows


def gpu_time(provider: Any) -> str:
    """The device's measured GPU time (this waits for pending work), or why there is none."""
    if provider is None:
        return "no GPU device in use"
    seconds = provider.gpu_seconds()
    if seconds is None:
        return "not measured: the adapter has no timestamp queries"
    return duration(seconds)


def pairs_text(rows: list[tuple[str, str]]) -> str:
    return "\n".join(f"{label}: {value}" for label, value in rows)


def stats_text(stats: FusionStats, provider: Any, windows: list[WindowReport] = ()) -> str:
    return pairs_text(stats_rows(stats, provider, list(windows)))


# ------------------------------------------------------------------ residency

@dataclass(frozen=True)
class Resident:
    """A GPU-resident value of the workspace, named as MATLAB code reaches it (``c{2}``, ``s.f``)."""
    name: str
    kind: str          # gpuArray | implicit (a plain array the fusion kept on the device)
    cls: str
    shape: tuple[int, ...]
    nbytes: int
    buffer: int        # Storage.id: handles sharing one buffer show one id
    buffer_bytes: int


RESIDENCY_COLUMNS = ("variable", "kind", "class", "size", "bytes", "buffer", "buffer bytes")


def resident_values(workspace: Any) -> list[Resident]:
    """Every GpuTensor of the workspace, inside cells and structs too, in workspace order."""
    return [Resident(name, residency_kind(t), t.cls, t.shape, t.nbytes, t.storage.id, t.storage.size)
            for top, value in workspace.items() for name, t in tensors_in(top, value)]


def residency_kind(tensor: Any) -> str:
    """gpuArray, or implicit (a plain array kept on the device) with whether its host copy is current and
    whether rand drew it on the device (MATLAB's stream, engine/accel/mersenne.py)."""
    if not tensor.implicit:
        return "gpuArray"
    if tensor.evicted:
        return "implicit, moved to the host"
    kind = "implicit, host copy" if tensor.origin is not None else "implicit, device only"
    return f"{kind}, drawn on the device" if type(tensor.recipe) is HostDraw else kind


def tensors_in(name: str, value: Any) -> Any:
    """(name, GpuTensor) pairs inside a value; names follow MATLAB indexing (linear, 1-based)."""
    from engine.accel.residency import GpuTensor
    t = type(value)
    if t is GpuTensor:
        yield name, value
    elif t is CellArray:
        for k, item in enumerate(value.data.ravel(order="F"), 1):
            yield from tensors_in(f"{name}{{{k}}}", item)
    elif t is StructArray:
        scalar = value.data.size == 1
        for k, record in enumerate(value.data.ravel(order="F"), 1):
            base = name if scalar else f"{name}({k})"
            for f in value.fields:
                yield from tensors_in(f"{base}.{f}", record[f])


def residency_rows(residents: list[Resident]) -> list[Row]:
    return [(r.name, r.kind, r.cls, size_text(r.shape), str(r.nbytes), f"#{r.buffer}", str(r.buffer_bytes))
            for r in residents]


def pool_rows(pool: Any, residents: list[Resident]) -> list[tuple[str, str]]:
    """The buffer pool's totals; live buffers that no workspace value holds are temporaries."""
    held = len({r.buffer for r in residents if r.kind != "implicit, moved to the host"})
    return [("live buffers", f"{pool.live_buffers} ({pool.live_bytes} bytes)"),
            ("held by workspace values", str(held)),
            ("temporaries and values outside the workspace", str(max(pool.live_buffers - held, 0))),
            ("pooled for reuse", f"{pool.pooled_buffers} ({pool.pooled_bytes} bytes)")]


NO_DEVICE = "No GPU device in use (nothing has needed one in this session)."


def residency_text(residents: list[Resident], pool: Any) -> str:
    if pool is None:
        return NO_DEVICE
    listed = (text_table(RESIDENCY_COLUMNS, residency_rows(residents)) if residents
              else "No GPU-resident values in the workspace.")
    return listed + "\n\nbuffer pool:\n" + "\n".join(f"  {k}: {v}" for k, v in pool_rows(pool, residents))


def text_table(columns: Row, rows: list[Row]) -> str:
    """Rows in aligned columns under a header."""
    widths = [max(len(str(c)) for c in column) for column in zip(columns, *rows)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip()
                     for row in [columns, *rows])


# ------------------------------------------------------------------ explain

POLICY_WORDS = {"gpu": "on (every supported window runs on the GPU)",
                "cpu": "off (no window runs on the GPU; large ones run as host kernels)",
                "auto": "auto (a window runs on the GPU when that pays)"}


def explain_paragraphs(windows: list[WindowReport], policy: str, source: str) -> list[list[str]]:
    """The sentences of ``%fusion explain``: one paragraph for the policy, then one per window."""
    head = [f"Policy: {POLICY_WORDS.get(policy, policy)}, set by {source}."]
    return [head] + ([window_sentences(w) for w in windows] or [[NO_WINDOWS]])


def window_sentences(w: WindowReport) -> list[str]:
    g = w.graph
    lines = ", ".join(map(str, w.span)) or "none"
    out = [f"Window {w.region} covers line{'s' if len(w.span) > 1 else ''} {lines}."]
    if w.loop:
        out.append(f"It is the body of a {w.loop}, offered whole: one kernel with the loop inside, each "
                   "element's values kept in registers from the first iteration to the last (loop fusion).")
    if g is not None and g.nodes:
        ops = ", ".join(dict.fromkeys(n.op for n in g.nodes.values()))
        reads = ", ".join(dict.fromkeys(g.names.values())) or "no variables"
        out.append(f"Its candidate region has {len(g.nodes)} operation(s) ({ops}); it reads {reads} and "
                   f"writes {', '.join(g.stores) or 'temporaries only'}.")
    for line, op, why in w.rejected:
        out.append(f"Line {line}: {op} was rejected: {why}.")
    if w.estimate:
        out.append(estimate_sentence(w.estimate))
    if w.device == "GPU":
        kinds = ", ".join(g.kind for g in w.groups)
        out.append(f"Decision: it ran on the GPU {w.runs} time(s) as {len(w.groups)} kernel(s) ({kinds}).")
        draws = sorted({n.op for n in g.nodes.values() if n.kind == "random"}) if g is not None else []
        if draws:
            out.append(f"Its {' and '.join(draws)} values came from the device stream that rng seeds, not "
                       "from MATLAB's host generator (MATFUSE_EXACT_RNG=1 draws MATLAB's numbers).")
    elif w.device == "CPU kernel":
        out.append(f"Decision: the CPU ran it as a host kernel (its elementwise operations block by block on "
                   f"several threads) {w.runs} time(s): {w.reason}.")
    else:
        out.append(f"Decision: the CPU ran its bytecode ({w.reason or 'not offered to the GPU'}).")
    if w.elapsed:
        out.append(f"Its runs took {duration(w.elapsed)} in total (host clock).")
    return out


def estimate_sentence(cost: dict[str, float]) -> str:
    """The cost model's estimate with the transfers it counted."""
    moves = [f"uploading {byte_text(cost['up'])}" if cost.get("up") else "",
             f"downloading {byte_text(cost['down'])}" if cost.get("down") else ""]
    gpu_side = " and ".join(filter(None, moves)) or "no transfers"
    cpu_side = f"downloading {byte_text(cost['cpu down'])} kept on the device" if cost.get("cpu down") \
        else "no transfers"
    return (f"The cost model estimated {duration(cost['cpu'])} on the CPU ({cpu_side}) and "
            f"{duration(cost['gpu'])} on the GPU ({gpu_side}).")


def byte_text(n: float) -> str:
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{int(n)} bytes"


def explain_text(windows: list[WindowReport], policy: str, source: str) -> str:
    return "\n\n".join(" ".join(p) for p in explain_paragraphs(windows, policy, source))


# ------------------------------------------------------------------ device

def device_rows(facts: dict[str, Any]) -> list[tuple[str, str]]:
    """Adapter facts (provider.describe()) as (label, value) rows, limits last."""
    rows = [(k.replace("_", " "), ("yes" if v else "no") if isinstance(v, bool) else str(v))
            for k, v in facts.items() if k != "limits"]
    return rows + [(k, str(v)) for k, v in facts.get("limits", {}).items()]


def device_text(facts: dict[str, Any] | None, fallbacks: list[str],
                calibration: tuple[Row, list[Row]] | None) -> str:
    if facts is None:
        return NO_DEVICE
    parts = [pairs_text(device_rows(facts))]
    parts.append("fallbacks to the CPU:\n" + ("\n".join(f"  {f}" for f in fallbacks) or "  none"))
    if calibration is not None:
        parts.append("calibration:\n" + text_table(*calibration))
    return "\n\n".join(parts)
