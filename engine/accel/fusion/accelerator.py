"""The VM's accelerator hook: ``FusionAccelerator.try_run(window, frame) -> bool``.

At each window the VM asks whether the accelerator ran it. The answer is no (and the bytecode runs)
unless the policy allows the device, the window's graph has no rejected operation, the inputs' classes
and sizes give a runnable plan, and the device runs it without error: fusion never changes an answer.

Policy, most specific first: ``%fusion on|off|auto`` (``mode``), ``MATFUSE_ACCEL``, the Session's
device. ``gpu`` fuses every supported window, ``cpu`` none, ``auto`` those whose largest input has at
least ``MATFUSE_FUSION_MIN_ELEMENTS`` elements or that read a gpuArray (smaller windows never start the
device). Graphs are cached per window and plans per (window, input signature);
``MATFUSE_DEBUG_FUSION=1`` prints each decision to stderr.
"""
from __future__ import annotations

import hashlib
import math
import sys
import weakref
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.accel.provider import GpuUnavailable, get_provider
from engine.accel.residency import CLASS_OF_HOST, GpuTensor
from engine.config import flag
from engine.runtime.values import class_of
from engine.vm.code import Window

from .codegen import emit, uniform_fits
from .execute import run_plan
from .graph import AccelGraph, build_graph
from .plan import Arg, Plan, make_plan
from .report import FusionStats, WindowReport, group_reports

MAX_ENTRIES = 512        # windows whose graphs and plans are kept (oldest dropped first)
GPU_CLASSES = ("double", "single", "logical")


@dataclass
class Entry:
    """A window's graph and its plans by input signature."""
    graph: AccelGraph
    plans: dict[tuple, Plan] = field(default_factory=dict)


def describe(value: Any) -> Arg | str:
    """The Arg of an input value, or why it cannot be fused."""
    t = type(value)
    if t is float:
        return Arg("double", (1, 1))
    if t is bool:
        return Arg("logical", (1, 1))
    if t is np.ndarray and value.dtype in CLASS_OF_HOST and CLASS_OF_HOST[value.dtype] in GPU_CLASSES:
        return Arg(CLASS_OF_HOST[value.dtype], value.shape)
    if t is GpuTensor and value.cls in GPU_CLASSES:
        return Arg(value.cls, value.shape, True)
    if value is None:
        return "undefined"
    complex_ = t is complex or getattr(value, "dtype", None) == np.complex128
    return f"{'complex ' if complex_ else ''}{class_of(value)}: the CPU computes it"


class FusionAccelerator:
    """``Session.fusion``: ``mode`` is the %fusion override (gpu | cpu | auto | None), ``stats`` the
    counters, ``reports()`` the last cell's windows."""

    def __init__(self, device: str) -> None:
        self.device = device
        self.mode: str | None = None
        self.entries: dict[str, Entry] = {}            # window_key -> graph and plans
        self.keys: dict[int, str] = {}                 # id(window) -> window_key
        self.stats = FusionStats()
        self.windows: dict[int, WindowReport] = {}      # the last cell's windows, by id
        self.begin_cell()

    # ------------------------------------------------------------------ policy and reports
    def policy(self) -> str:
        return self.mode or flag("MATFUSE_ACCEL") or self.device

    def begin_cell(self) -> None:
        """Start a cell: forget the last cell's windows and read the policy and flags once, not per
        window (a loop offers its windows on every iteration)."""
        self.windows = {}
        self.cell_policy = self.policy()
        self.debug = flag("MATFUSE_DEBUG_FUSION")
        self.min_elements = flag("MATFUSE_FUSION_MIN_ELEMENTS")

    def reports(self) -> list[WindowReport]:
        return list(self.windows.values())

    def reset(self) -> None:
        """Forget cached graphs, plans and counters (%fusion reset)."""
        self.entries.clear()
        self.keys.clear()
        self.stats = FusionStats()
        self.windows = {}

    # ------------------------------------------------------------------ the hook
    def try_run(self, window: Window, frame: Any) -> bool:
        policy = self.cell_policy
        if policy == "cpu":
            return False
        entry = self.entry(window, frame.code)
        report = self.windows.get(id(window))
        if report is None:
            report = self.windows[id(window)] = WindowReport(window.region, entry.graph.lines)
            report.rejected = list(entry.graph.rejected)
        report.runs += 1
        self.stats.windows_offered += 1
        try:
            done = self.attempt(entry, frame, window, policy, report)
        except GpuUnavailable as exc:
            done = self.decline(report, exc.reason)
        except Exception as exc:  # noqa: BLE001 - a planner bug must never change an answer
            done = self.decline(report, f"internal fusion error: {type(exc).__name__}: {exc}")
        if self.debug:
            print(f"fusion: window {window.region} (lines {report.lines}): {report.device}"
                  f"{' - ' + report.reason if report.reason else ''}", file=sys.stderr)
        return done

    def entry(self, window: Window, code: Any) -> Entry:
        """The window's graph and plans, shared by every window with the same text (the same cell run
        again compiles new windows that find the plans of the last run)."""
        key = self.keys.get(id(window))
        if key is None:
            key = self.keys[id(window)] = window_key(window, code.constants)
            weakref.finalize(window, self.keys.pop, id(window), None)
        entry = self.entries.get(key)
        if entry is None:
            if len(self.entries) >= MAX_ENTRIES:
                del self.entries[next(iter(self.entries))]
            entry = self.entries[key] = Entry(build_graph(window, code.constants))
        return entry

    def decline(self, report: WindowReport, reason: str) -> bool:
        report.device, report.reason = "CPU", reason
        self.stats.fallbacks += 1
        return False

    def attempt(self, entry: Entry, frame: Any, window: Window, policy: str, report: WindowReport) -> bool:
        graph = entry.graph
        if graph.rejected:
            return self.decline(report, "unsupported operations (see rejected)")
        values = {v: frame.regs[reg] for v, reg in graph.inputs.items()}
        values.update({v: c for v, c in graph.consts.items() if v in operands(graph)})
        sig = {v: describe(x) for v, x in values.items()}
        bad = next((f"{graph.names.get(v, 'an operand')} is {d}" for v, d in sig.items() if isinstance(d, str)),
                   None)
        if bad is not None:
            return self.decline(report, bad)
        resident = any(a.resident for a in sig.values())
        numel = max((math.prod(a.shape) for a in sig.values()), default=0)
        if policy == "auto" and not resident and numel < self.min_elements:
            return self.decline(report, f"inputs of {numel} elements: under the auto threshold "
                                        f"MATFUSE_FUSION_MIN_ELEMENTS={self.min_elements}")
        provider = get_provider()
        plan = self.plan(entry, sig, provider.f64)
        if plan.reason:
            return self.decline(report, plan.reason)
        return self.run(graph, plan, values, provider, resident, frame, window, report)

    def plan(self, entry: Entry, sig: dict[int, Arg], has_f64: bool) -> Plan:
        key = tuple(sorted(sig.items()))
        plan = entry.plans.get(key)
        if plan is not None:
            self.stats.plan_hits += 1
            return plan
        self.stats.plan_misses += 1
        plan = make_plan(entry.graph, sig, has_f64)
        for group in plan.groups if not plan.reason else []:
            emit(entry.graph, plan, group, has_f64)
            if not uniform_fits(plan, group):
                plan.reason = "too many expanded inputs and scalars for one uniform block"
        entry.plans[key] = plan
        return plan

    def run(self, graph: AccelGraph, plan: Plan, values: dict[int, Any], provider: Any, resident: bool,
            frame: Any, window: Window, report: WindowReport) -> bool:
        before = (provider.stats.dispatches, provider.stats.bytes_uploaded, provider.stats.bytes_downloaded)
        outputs, run = run_plan(graph, plan, values, provider, resident)
        self.count(provider, before, run)
        if outputs is None:
            return self.decline(report, "an input MATLAB makes complex (or a NaN in a logical operation): "
                                        "the CPU computes the window")
        for name, v in graph.stores.items():
            store(frame, window.slots[name], outputs[v])
        for reg, v in graph.live.items():
            store(frame, reg, outputs[v])
        report.device, report.reason = "GPU", f"{len(plan.groups)} kernel group(s), {plan.cls}"
        report.groups = group_reports(graph, plan)
        self.stats.windows_fused += 1
        self.stats.groups_run += len(plan.groups)
        return True

    def count(self, provider: Any, before: tuple[int, int, int], run: Any) -> None:
        s = provider.stats
        self.stats.dispatches += s.dispatches - before[0]
        self.stats.bytes_uploaded += s.bytes_uploaded - before[1]
        self.stats.bytes_downloaded += s.bytes_downloaded - before[2]
        self.stats.uploads += run.uploads
        self.stats.downloads += run.downloads


def window_key(window: Window, constants: dict[int, Any]) -> str:
    """sha256 of everything the graph is built from: the MIR text, register maps, live registers and
    the literals the window reads from the constant table."""
    used = sorted({window.regs[t.id] for ins in window.instrs for t in ins.args if t.id in window.regs}
                  & set(constants))
    text = "\n".join(str(ins) for ins in window.instrs)
    facts = (sorted(window.regs.items()), sorted(window.slots.items()), window.live,
             [(reg, repr(constants[reg])) for reg in used])
    return hashlib.sha256(f"{text}\n{facts!r}".encode()).hexdigest()


def operands(graph: AccelGraph) -> set[int]:
    return {a for node in graph.nodes.values() for a in node.args}


def store(frame: Any, reg: int, value: Any) -> None:
    """Put an output in its register; the frame no longer owns it for in-place updates."""
    frame.regs[reg] = value
    frame.owned.pop(reg, None)
