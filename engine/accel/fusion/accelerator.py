"""The VM's accelerator hook: ``FusionAccelerator.try_run(window, frame) -> bool``.

At each window the VM asks whether the accelerator ran it. The answer is no (and the bytecode runs)
unless the policy allows the device, the window's graph has no rejected operation, the inputs' classes
and sizes give a runnable plan, and the device runs it without error: fusion never changes an answer.

Policy, most specific first: ``%fusion on|off|auto`` (``mode``), ``MATFUSE_ACCEL``, the Session's
device. ``gpu`` fuses every supported window, ``cpu`` none. ``auto`` runs on the GPU every window that
reads a gpuArray, and decides the others by the calibrated cost model (calibrate.py): the estimate of
the window on the CPU (its operations in numpy, plus downloading inputs that are on the device) against
the GPU (its kernel groups, plus uploading inputs that are not, and downloading what must come back).
Windows whose largest input has fewer than ``MATFUSE_FUSION_MIN_ELEMENTS`` elements and none on the
device stay on the CPU without starting the device. Graphs are cached per window, plans with their
estimates per (window, input signature) in a bounded LRU cache (``MATFUSE_PLAN_CACHE``, cache.py);
``MATFUSE_DEBUG_FUSION=1`` prints each decision with its estimate.

Implicit residency: the outputs a fused window stores to variables stay on the device as implicit
GpuTensors (plain arrays to MATLAB, never gpuArray), and so do the host arrays it uploaded from
variables (with their host value as ``origin``): the next window reads them without transfers. The VM
brings them back to the host before any other instruction reads them (engine/vm/pygen.py), and a
declined window brings back its own inputs before its bytecode runs.
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import math
import sys
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Iterable

import numpy as np

from engine.accel.provider import GpuUnavailable, current_provider, get_provider
from engine.accel.residency import GpuTensor, implicit
from engine.accel.shaders import ELEMENT_SIZE
from engine.config import flag
from engine.runtime.device import to_host
from engine.runtime.errors import MatlabError
from engine.runtime.threads import cpu_threads
from engine.vm.code import LoopWindow, Window

from . import calibrate, host

from .cache import PlanCache
from .codegen import planned
from .execute import much_work, runner
from .generators import single_exact
from .graph import AccelGraph, build_graph
from .inputs import Repeat, Repeats, describe, resident_value
from .loops import MAX_TRIPS, SINGLE_EXACT, LoopRun, LoopShape, loop_plan, run_loop, signature
from .plan import Arg, Plan, largest_made, size_args, sized
from .recipe import LoopRecipe, Recipe
from .report import FusionStats, WindowReport, group_reports

ENTRY_IDS = itertools.count()
MAX_ENTRIES = 512        # windows whose graphs are kept (oldest dropped first)
MAX_REPEATS = 256        # windows whose last fused runs are kept across cells (least recently made dropped first)
# a window shows what a host kernel can do with it only when it runs (the sizes of arrays made inside it,
# a complex result): after k runs in a row that gave it back or found nothing large enough to run in
# blocks (k at most this many), the next 2^k - 1 go straight to the bytecode, so such a window in a loop
# pays the kernel's look rarely
MAX_HOST_MISSES = 6


@dataclass
class Entry:
    """A window's graph, and what the constants it reads add to every input signature (the Args of
    ``graph.inputs`` in order; made once: ``fixed``, or ``bad``, why one of them cannot be fused). Its
    plans are in the accelerator's PlanCache under (``id``, signature)."""
    graph: AccelGraph
    id: int = field(default_factory=lambda: next(ENTRY_IDS))
    consts: dict[int, Any] = field(init=False)           # the constants the nodes read
    fixed: dict[int, Arg] = field(init=False)            # their Args
    bad: str = field(init=False)
    sizes: set[int] = field(init=False)                  # the values that are draws' size arguments
    makes_arrays: bool = field(init=False)               # a generator or view can make a large array
    lines: list[int] = field(init=False)                 # the graph's lines (every cell's report shows them)
    host_misses: int = 0        # host kernel runs in a row that gave the window back or ran no blocks
    host_skips: int = 0         # runs left that go to the bytecode without a host kernel's look

    def __post_init__(self) -> None:
        graph = self.graph
        read = operands(graph)
        self.consts = {v: c for v, c in graph.consts.items() if v in read}
        described = {v: describe(c) for v, c in self.consts.items()}
        self.bad = next((f"{graph.names.get(v, 'an operand')} is {d}" for v, d in described.items()
                         if isinstance(d, str)), "")
        self.sizes = size_args(graph)
        self.fixed = {} if self.bad else sized(self.sizes, described, self.consts)
        self.makes_arrays = any(n.kind in ("generator", "view") for n in graph.nodes.values())
        self.lines = graph.lines

    def signature(self, key: tuple) -> dict[int, Arg]:
        """The Arg of every input and constant, from a signature key."""
        return dict(zip(self.graph.inputs, key)) | self.fixed


@functools.lru_cache(maxsize=16)
def host_settings(min_elements: int, block: int, threads: int) -> host.Settings:
    """The host kernels' settings (one object per set of values: read at every cell)."""
    return host.Settings(min_elements, block, threads)


class FusionAccelerator:
    """``Session.fusion``: ``mode`` is the %fusion override (gpu | cpu | auto | None), ``stats`` the
    counters, ``reports()`` the last cell's windows."""

    def __init__(self, device: str) -> None:
        self.device = device
        self.mode: str | None = None
        self.entries: dict[str, Entry] = {}            # window_key -> graph
        self.plans = PlanCache()                       # (entry id, signature) -> plan
        self.keys: dict[int, str] = {}                 # id(window) -> window_key
        # id(window) -> its graph's input registers, for windows that make no arrays (the cpu policy's
        # quick look: host kernels only for inputs of MATFUSE_CPU_FUSION_MIN_ELEMENTS or more elements)
        self.host_seen: dict[int, Any] = {}
        self.costs: calibrate.CostModel | None = None  # the auto policy's model (measured on first use)
        self.stats = FusionStats()
        self.windows: dict[int, WindowReport] = {}      # the last cell's windows, by id
        # id(window) -> (its report, its graph's input registers) for the windows of this cell that the
        # auto or gpu policy declined for small host inputs: a loop's next iteration checks those alone
        self.small_windows: dict[int, tuple[WindowReport, Any]] = {}
        # id(window) -> its last fused runs, kept across cells under the same policy (a cell run again
        # repeats them), the most recently made last
        self.repeats: dict[int, Repeats] = {}
        self.repeat_context: tuple = ()
        self.state: Any = None                          # the session's state (its GPU random stream)
        # the VM's test of whether a call of a name from a code object runs its builtin (VM.calls_builtin;
        # the Session sets it), and the windows whose functions passed it in this cell
        self.calls_builtin: Any = None
        self.builtin_calls: dict[int, Window] = {}
        self.begin_cell()

    # ------------------------------------------------------------------ policy and reports
    def policy(self) -> str:
        return self.mode or flag("MATFUSE_ACCEL") or self.device

    def begin_cell(self) -> None:
        """Start a cell: forget the last cell's windows and read the policy and flags once, not per
        window (a loop offers its windows on every iteration)."""
        self.windows = {}
        self.small_windows = {}
        self.cell_policy = self.policy()
        if self.state is not None:          # builtins outside windows read it (dispatch.call_uploaded)
            self.state.extras["policy"] = self.cell_policy
        self.debug = flag("MATFUSE_DEBUG_FUSION")
        self.fuse_loops = flag("MATFUSE_FUSE_LOOPS")
        self.min_elements = flag("MATFUSE_FUSION_MIN_ELEMENTS")
        self.host_settings = host_settings(flag("MATFUSE_CPU_FUSION_MIN_ELEMENTS"), flag("MATFUSE_CPU_BLOCK"),
                                           cpu_threads()) if flag("MATFUSE_CPU_FUSION") else None
        self.host_min = self.host_settings.min_elements if self.host_settings is not None else 0
        self.builtin_calls = {}                # names are resolved again in each cell (VM.begin_execute)
        context = (self.cell_policy, self.min_elements)
        if context != self.repeat_context:         # a Repeat holds decisions made under them
            self.repeats = {}
        self.repeat_context = context

    def reports(self) -> list[WindowReport]:
        return list(self.windows.values())

    def reset(self) -> None:
        """Forget cached graphs, plans and counters (%fusion reset)."""
        self.entries.clear()
        self.keys.clear()
        self.host_seen.clear()
        self.plans = PlanCache()
        self.stats = FusionStats()
        self.windows = {}
        self.repeats = {}

    # ------------------------------------------------------------------ the hook
    def try_run(self, window: Window, frame: Any) -> bool:
        if self.calls_elsewhere(window, frame):
            return False
        policy = self.cell_policy
        if policy == "cpu":
            host_min = self.host_min
            seen = self.host_seen.get(id(window))          # a scalar loop's windows, quickly
            if seen is not None and small_inputs(frame.regs, host_min, seen) >= 0:
                return False
            return self.try_host(window, frame, None)
        small = self.small_windows.get(id(window))
        if small is not None and id(window) not in self.repeats and self.declined_small(window, frame, *small):
            return False
        started = time.thread_time()          # CPU time of this thread: the host's work, not other load
        waits = self.waits()
        found = self.repeats.get(id(window))
        if found is not None and (hit := found.match(window, frame.regs)) is not None:
            repeat, values = hit                     # a last run's facts: its plan (inputs.py)
            report = self.repeat_report(repeat, window, frame)
            self.count_repeat(report)
            attempt: Any = self.rerun
            args: tuple = (repeat, values, frame, policy)
        else:
            try:
                entry = self.entry(window, frame.code)
            except Exception:  # noqa: BLE001 - a graph-building bug must never change an answer: no fusion
                self.host_inputs(window, frame)
                return False
            report = self.window_report(window, entry, frame)
            if not entry.graph.rejected and not entry.sizes:    # scalar loops, quickly (nothing drawn or made)
                limit = self.min_elements if policy == "auto" else 2
                numel = small_inputs(frame.regs, limit, entry.graph.inputs.values())
                if numel >= 0:
                    self.small_windows[id(window)] = (report, entry.graph.inputs.values())
                    self.decline_small(window, report, numel)
                    return numel >= self.small_host_min() and self.try_host(window, frame, report)
            attempt, args = self.attempt, (entry, frame, window, policy, report)
        try:
            done = attempt(*args)
        except GpuUnavailable as exc:
            done = self.decline(report, exc.reason)
        except Exception as exc:  # noqa: BLE001 - a planner bug must never change an answer
            done = self.decline(report, f"internal fusion error: {type(exc).__name__}: {exc}")
        if not done:
            self.host_inputs(window, frame)
            done = self.try_host(window, frame, report)
        else:
            self.stats.host_seconds += time.thread_time() - started - (self.waits() - waits)
        if self.debug:
            self.print_decision(window, report)
        return done

    def replay(self, window: Window, frame: Any, calls_checked: bool = False) -> bool:
        """``try_run``'s hot path alone, for a cell that is this one window run again (the Session's
        replay, engine/session.py): True when a Repeat of the window's last fused run matches the
        registers and the run went through it, counted as ``try_run`` counts it. False, having changed
        nothing, where ``try_run`` could do anything else: no Repeat matches, the cpu policy, a name
        the window calls is a variable, ``MATFUSE_DEBUG_FUSION``, a plan with draws (a failed run
        must not advance the stream) or a domain check (its run can decline after dispatching), or
        the auto policy's cost model keeping the window on the CPU now. A run that fails raises: the
        caller runs the cell the normal way, where ``try_run`` declines it. ``calls_checked``: an
        earlier replay of the same streak found ``calls_elsewhere`` false (session.Replay)."""
        policy = self.cell_policy
        if policy == "cpu" or self.debug or not calls_checked and self.calls_elsewhere(window, frame):
            return False
        found = self.repeats.get(id(window))
        hit = found.match(window, frame.regs) if found is not None else None
        if hit is None:
            return False
        repeat, values = hit
        plan = repeat.plan
        if plan.draws or plan.checked:
            return False
        if policy == "auto" and not repeat.explicit:
            if plan.estimate is None:
                return False
            estimate = self.with_downloads(plan.estimate, repeat.sig, values)
            if estimate["gpu"] >= estimate["cpu"]:
                return False
        started = time.thread_time()
        waits = self.waits()
        report = self.repeat_report(repeat, window, frame)
        if not self.rerun(repeat, values, frame, policy):       # (its decisions were checked above)
            raise RuntimeError("a replayed window declined")
        self.count_repeat(report)
        self.stats.host_seconds += time.thread_time() - started - (self.waits() - waits)
        return True

    def repeat_report(self, repeat: Repeat, window: Window, frame: Any) -> WindowReport:
        """The window's report in this cell for a run through ``repeat`` (made in an earlier cell, the
        Repeat's report is this cell's from now on)."""
        report = repeat.report
        if report is not self.windows.get(id(window)):
            report = repeat.report = self.cell_report(window, repeat.entry, frame)
        return report

    def count_repeat(self, report: WindowReport) -> None:
        """Count a run offered through a Repeat (its plan found without the cache)."""
        report.runs += 1
        self.stats.windows_offered += 1
        self.stats.plan_hits += 1

    def calls_elsewhere(self, window: Window, frame: Any) -> bool:
        """Whether a name the window calls is a variable (indexed, not called) or a function the user
        defined: the window's bytecode runs it, not a fused run."""
        return bool(window.called and calls_variable(window, frame.regs) or window.functions and
                    self.builtin_calls.get(id(window)) is not window and self.shadowed(window, frame))

    def shadowed(self, window: Window, frame: Any) -> bool:
        """Whether a function the window calls is not the builtin a fused run computes (a local function
        of the code, a cell function or a function file of its name): the bytecode runs the window and
        calls it. Checked once per window and cell (``builtin_calls``: names are resolved again at each
        cell)."""
        if self.calls_builtin is None:
            return False
        if not all(self.calls_builtin(name, frame.code) for name in window.functions):
            return True
        self.builtin_calls[id(window)] = window
        return False

    def declined_small(self, window: Window, frame: Any, report: WindowReport, inputs: Any) -> bool:
        """``try_run``'s decline of a window whose inputs are small host values, for a window declined so
        in this cell before (a loop's iterations): the same counts and report, without looking the
        window's graph up again. False where its inputs are no longer small or make a host kernel."""
        numel = small_inputs(frame.regs, self.min_elements if self.cell_policy == "auto" else 2, inputs)
        if numel < 0 or numel >= self.small_host_min():
            return False
        report.runs += 1
        self.stats.windows_offered += 1
        self.decline_small(window, report, numel)
        return True

    def decline_small(self, window: Window, report: WindowReport, numel: int) -> None:
        self.decline(report, under_threshold(numel, self.min_elements) if self.cell_policy == "auto" else
                     "scalar inputs only: scalars are computed on the CPU under every policy")
        if self.debug:
            self.print_decision(window, report)

    def small_host_min(self) -> float:
        """The fewest elements a small window's inputs need for a host kernel (none: never)."""
        return self.host_settings.min_elements if self.host_settings is not None else math.inf

    def window_report(self, window: Window, entry: Entry, frame: Any) -> WindowReport:
        """The window's report in this cell (made at its first run), counting this run."""
        report = self.cell_report(window, entry, frame)
        report.runs += 1
        self.stats.windows_offered += 1
        return report

    def cell_report(self, window: Window, entry: Entry, frame: Any) -> WindowReport:
        """The window's report in this cell, made at its first run."""
        report = self.windows.get(id(window))
        if report is None:
            report = self.windows[id(window)] = WindowReport(window.region, entry.lines,
                                                             graph=entry.graph, source=frame.code.source)
            report.rejected = list(entry.graph.rejected)
        return report

    def try_host(self, window: Window, frame: Any, report: WindowReport | None) -> bool:
        """Run a window that stays on the CPU as a host kernel (host.py), when large enough. ``report`` is
        None under the cpu policy: there a window gets one only when a host kernel ran it or gave it
        back midway."""
        settings = self.host_settings
        if settings is None:
            return False
        try:
            entry = self.entry(window, frame.code)
        except Exception:  # noqa: BLE001 - a graph-building bug must never change an answer
            return False
        graph = entry.graph
        if not entry.makes_arrays:
            self.host_seen[id(window)] = graph.inputs.values()
            if small_inputs(frame.regs, settings.min_elements, graph.inputs.values()) >= 0:
                return False                  # scalars and small arrays: the bytecode
        if entry.host_skips:
            entry.host_skips -= 1
            return False
        values = {v: frame.regs[reg] for v, reg in graph.inputs.items()}
        problem = host.graph_problem(graph) or host.input_problem(graph, values)
        if problem:
            return report is not None and host_declined(report, problem)
        started = time.perf_counter()
        outcome = self.host_outcome(window, graph, values, settings)
        ran = type(outcome) is not str and outcome.batches
        entry.host_misses = 0 if ran else min(entry.host_misses + 1, MAX_HOST_MISSES)
        entry.host_skips = 2 ** entry.host_misses - 1
        if type(outcome) is str:
            return host_declined(report or self.window_report(window, entry, frame), outcome)
        store_outputs(frame, window, graph, outcome.env)
        if outcome.batches:                   # else it all ran whole, as the bytecode would have
            elapsed = time.perf_counter() - started
            report = report or self.window_report(window, entry, frame)
            report.elapsed += elapsed
            gpu_reason = report.reason if report.device == "CPU" and report.reason else ""
            report.device = "CPU kernel"
            report.reason = outcome.describe(settings) + (f" (GPU: {gpu_reason})" if gpu_reason else "")
            self.stats.host_kernels += 1
            self.stats.host_kernel_seconds += elapsed
        return True

    def host_outcome(self, window: Window, graph: AccelGraph, values: dict[int, Any],
                     settings: host.Settings) -> host.Outcome | str:
        """The host kernel's run of the window, or why it gave the window back."""
        defined = {ins.dest.id for ins in window.instrs if ins.dest is not None}
        consts = {v: c for v, c in graph.consts.items() if v not in defined}    # literals made before it
        try:
            return host.run_window(window, graph, values, consts, self.state, settings)
        except host.Declined as exc:
            return exc.reason
        except MatlabError as exc:
            return f"{exc.identifier} in a block: the bytecode runs the window and raises the error"
        except Exception as exc:  # noqa: BLE001 - a host kernel bug must never change an answer
            return f"internal error: {type(exc).__name__}: {exc}"

    def try_loop(self, loop: LoopWindow, frame: Any) -> bool:
        """Run a ``for`` loop whose body is one window as one kernel with the loop inside (loops.py), at
        its entry; False leaves the loop to the VM (its window is then offered once per iteration)."""
        st = frame.regs[loop.iterator]
        if self.cell_policy == "cpu" or not self.fuse_loops or type(st) is not list or st[0] != 0 \
                or not 1 <= st[1] <= MAX_TRIPS:
            return False                    # a range of whole numbers, not yet started, of known length
        window = frame.code.windows[loop.window]
        if self.calls_elsewhere(window, frame):
            return False
        started = time.thread_time()
        waits = self.waits()
        try:
            entry = self.entry(window, frame.code)
        except Exception:  # noqa: BLE001 - a graph-building bug must never change an answer: no fusion
            return False
        report = self.windows.get(id(loop))
        if report is None:
            report = self.windows[id(loop)] = WindowReport(
                window.region, entry.lines, graph=entry.graph, source=frame.code.source,
                loop=f"for loop over {frame.code.varnames[loop.var]}")
            report.rejected = list(entry.graph.rejected)
        report.runs += 1
        self.stats.windows_offered += 1
        try:
            done = self.attempt_loop(entry, loop, frame, window, report, st)
        except GpuUnavailable as exc:
            done = self.decline(report, exc.reason)
        except Exception as exc:  # noqa: BLE001 - a planner bug must never change an answer
            done = self.decline(report, f"internal fusion error: {type(exc).__name__}: {exc}")
        if done:
            self.stats.host_seconds += time.thread_time() - started - (self.waits() - waits)
        if self.debug:
            self.print_decision(window, report)
        return done

    def attempt_loop(self, entry: Entry, loop: LoopWindow, frame: Any, window: Window, report: WindowReport,
                     st: list) -> bool:
        graph = entry.graph
        if graph.rejected:
            return self.decline(report, "unsupported operations (see rejected)")
        shape = LoopShape.of(graph, loop, frame.code.varnames)
        if isinstance(shape, str) or entry.bad:
            return self.decline(report, entry.bad or shape)
        if shape.var in entry.sizes:
            return self.decline(report, "the loop variable sets a size: every iteration's plan differs")
        trips, start, step = st[1], st[2], st[3]
        values, args, explicit = dict(entry.consts), {}, False
        for v, reg in graph.inputs.items():
            if v == shape.var:
                values[v] = start
                continue
            x = values[v] = resident_value(frame.regs[loop.loads.get(reg, reg)])
            arg = args[v] = describe(x)
            if type(arg) is str:
                return self.decline(report, f"{graph.names.get(v, 'an operand')} is {arg}")
            explicit = explicit or arg.resident and not x.implicit
        if entry.sizes:
            args = sized(entry.sizes, args, values)
        sig = signature(graph, shape, args, start, step, trips) | entry.fixed
        resident = any(a.resident for a in sig.values())
        auto = self.cell_policy == "auto" and not explicit
        if auto and not resident and not entry.sizes and \
                max(math.prod(a.shape) for a in sig.values()) * trips < self.min_elements:
            return self.decline(report, under_threshold(max(math.prod(a.shape) for a in sig.values()) * trips,
                                                        self.min_elements))
        provider = get_provider()
        key = ("loop", tuple(shape.carried.items()), shape.var, *(sig[v] for v in graph.inputs))
        plan = self.plan(entry, key, provider,
                         lambda: loop_plan(graph, sig, shape, provider.f64))
        if plan.reason:
            return self.decline(report, plan.reason)
        last = start + (trips - 1) * step
        if plan.cls == "single" and shape.var is not None and max(abs(start), abs(last)) >= SINGLE_EXACT:
            return self.decline(report, "a single loop's variable past 2^24: single cannot hold every value")
        if abs(step) >= 2 ** 31 or sum(math.prod(plan.info[v].shape) for v in plan.draws) > MAX_TRIPS:
            return self.decline(report, "a step past 2^31 or more than 2^32 draws per iteration")
        if plan.single_operands and not all(single_exact(values[v]) for v in plan.single_operands):
            return self.decline(report, "a single range's double end point that single cannot hold exactly")
        if auto:
            if self.costs is None:
                self.costs = calibrate.cost_model(provider)
            report.estimate = self.with_downloads(loop_estimate(self.costs, graph, plan, sig, trips), sig, values)
            if report.estimate["gpu"] >= report.estimate["cpu"]:
                return self.decline(report, "the cost model expects the CPU to be faster")
        clock = time.perf_counter()
        before = (provider.stats.dispatches, provider.stats.bytes_uploaded, provider.stats.bytes_downloaded)
        outputs, run, done = run_loop(plan, values, provider, explicit, self.state, start, step, trips)
        self.count(provider, before, run)
        if outputs is None:
            return self.decline(report, "an input MATLAB makes complex (or a NaN in a logical operation): "
                                        "the VM runs the loop")
        if not explicit:
            self.keep_loop_recipe(window, graph, plan, done, outputs, frame, loop)
        for name, value in outputs.items():
            store(frame, window.slots[name], value)
        for v, tensor in done.uploaded.items():   # host arrays it uploaded stay on the device (keep_inputs)
            slot = window.promotable.get(graph.inputs[v])
            if slot is not None:
                frame.regs[slot] = tensor
        frame.regs[loop.var] = last           # what the loop leaves in its variable
        st[0] = trips                         # spent: the FORITER after LOOPWINDOW leaves the loop
        if much_work(plan, trips):
            provider.submit_early()
        report.elapsed += time.perf_counter() - clock
        self.stats.fused_seconds += time.perf_counter() - clock
        report.device, report.reason = "GPU", f"{trips} iteration(s) in one kernel, {plan.cls}"
        if report.plan is not plan:
            report.plan, report.groups = plan, plan_reports(graph, plan)
        self.stats.windows_fused += 1
        self.stats.groups_run += 1
        return True

    def keep_loop_recipe(self, window: Window, graph: AccelGraph, plan: Plan, done: LoopRun,
                         outputs: dict[str, Any], frame: Any, loop: LoopWindow) -> None:
        """A fused loop's plain outputs get a recipe that replays the loop on the host (recipe.py), as
        keep_recipe gives a window's."""
        for v, reg in graph.inputs.items():
            slot = loop.loads.get(reg, reg)
            if slot in frame.owned and frame.owned[slot] is done.values.get(v):
                del frame.owned[slot]
        draws = {v: (kind, plan.info[v].cls, done.draws[v][:2], done.draws[v][2] | done.draws[v][3] << 32,
                     plan.info[v].shape) for v, kind in plan.draws.items()}
        recipe = LoopRecipe(window, dict(done.values), draws, self.state, graph.consts, plan.loop, done)
        for name, tensor in outputs.items():
            tensor.recipe = recipe.output(plan.loop.stores[name])

    @staticmethod
    def waits() -> float:
        """The provider's time in submits and read-back waits so far (0 before the device starts)."""
        provider = current_provider()
        return provider.stats.wait_seconds if provider is not None else 0.0

    @staticmethod
    def host_inputs(window: Window, frame: Any) -> None:
        """The window's bytecode runs: its inputs on the host."""
        for reg in window.inputs:
            value = frame.regs[reg]
            if type(value) is GpuTensor and value.implicit:
                frame.regs[reg] = to_host(value)

    def print_decision(self, window: Window, report: WindowReport) -> None:
        cost = report.estimate
        estimate = (f" (estimate: CPU {cost['cpu'] * 1e3:.3f} ms, GPU {cost['gpu'] * 1e3:.3f} ms)"
                    if cost else "")
        print(f"fusion: window {window.region} (lines {report.lines}): {report.device}"
              f"{' - ' + report.reason if report.reason else ''}{estimate}", file=sys.stderr)

    def entry(self, window: Window, code: Any) -> Entry:
        """The window's graph and plans, shared by every window with the same text (the same cell run
        again compiles new windows that find the plans of the last run)."""
        key = self.keys.get(id(window))
        if key is None:
            key = self.keys[id(window)] = window_key(window, code.constants)
            weakref.finalize(window, forget, (self.keys, self.host_seen), id(window))
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
        values = dict(entry.consts)
        args = []
        explicit = resident = False                      # a gpuArray input: every output is a gpuArray
        regs = frame.regs
        held = []                                        # the registers' values (a Repeat's checks)
        for v, reg in graph.inputs.items():
            x = regs[reg]
            held.append(x)
            x = values[v] = x if type(x) is float else resident_value(x)      # host scalars: most inputs
            arg = describe(x)
            if type(arg) is str:
                return self.decline(report, f"{graph.names.get(v, 'an operand')} is {arg}")
            args.append(arg)
            if arg.resident:
                resident = True
                explicit = explicit or not x.implicit
        if entry.bad:
            return self.decline(report, entry.bad)
        if entry.sizes:                                  # draws' sizes are part of the signature
            args = list(sized(entry.sizes, dict(zip(graph.inputs, args)), values).values())
        key = tuple(args)
        if policy == "auto" and not resident:
            if not entry.sizes:
                numel = max((math.prod(a.shape) for a in [*args, *entry.fixed.values()]), default=0)
            elif current_provider() is None:        # what draws and generators make, without starting a device
                numel = largest_made(graph, entry.signature(key))
            else:
                numel = None                        # the plan's sizes (below)
            if numel is not None and numel < self.min_elements:
                return self.decline(report, under_threshold(numel, self.min_elements))
        provider = get_provider()
        plan = self.plan(entry, key, provider)
        if plan.reason:
            return self.decline(report, plan.reason)
        if plan.single_operands and not all(single_exact(values[v]) for v in plan.single_operands):
            return self.decline(report, "a single range's double end point that single cannot hold exactly")
        if policy == "auto" and not resident and entry.sizes and \
                (made := max(math.prod(a.shape) for a in plan.info.values())) < self.min_elements:
            return self.decline(report, under_threshold(made, self.min_elements))
        if policy == "auto" and not explicit:
            report.estimate = self.estimate(entry, key, plan, provider, values)
            if report.estimate["gpu"] >= report.estimate["cpu"]:
                return self.decline(report, "the cost model expects the CPU to be faster")
        if not self.run(graph, plan, values, provider, explicit, frame, window, report):
            return False
        if not plan.single_operands and not entry.sizes & graph.inputs.keys():
            made = Repeat(window, entry, report, plan, provider, explicit, held, values, key)
            repeats = self.repeats
            repeats[id(window)] = Repeats(made, repeats.pop(id(window), None))
            if len(repeats) > MAX_REPEATS:
                del repeats[next(iter(repeats))]
        return True

    def rerun(self, repeat: Repeat, values: dict[int, Any], frame: Any, policy: str) -> bool:
        """A run with the input facts of the window's last fused run (``repeat``): its plan, the cost
        model's decision made again only for the downloads of inputs (they depend on the values); a
        straight plan (execute.Straight) without the general run's bookkeeping."""
        report, plan, explicit = repeat.report, repeat.plan, repeat.explicit
        if policy == "auto" and not explicit:
            report.estimate = self.with_downloads(plan.estimate, repeat.sig, values)
            if report.estimate["gpu"] >= report.estimate["cpu"]:
                return self.decline(report, "the cost model expects the CPU to be faster")
        straight, window, graph = repeat.straight, repeat.window, repeat.entry.graph
        if straight is None:
            return self.run(graph, plan, values, repeat.provider, explicit, frame, window, report)
        started = time.perf_counter()
        tensors, draws = straight.run(values, self.state)
        self.stats.dispatches += straight.dispatches
        kept = straight.kept
        if not explicit:
            for v in kept:
                implicit(tensors[v])
        self.keep_recipe(window, graph, plan, values, draws, tensors, kept, frame, explicit)
        regs, owned = frame.regs, frame.owned
        for slot, v in repeat.stores:
            regs[slot] = tensors[v]
            owned.pop(slot, None)
        self.fused(report, graph, plan, time.perf_counter() - started)
        return True

    def estimate(self, entry: Entry, key: tuple, plan: Plan, provider: Any,
                 values: dict[int, Any]) -> dict[str, float]:
        """The plan's estimate (cached), plus on the CPU side downloading the inputs on the device that
        have no host value at hand."""
        found = plan.estimate
        if found is None:
            if self.costs is None:
                self.costs = calibrate.cost_model(provider)
            found = plan.estimate = estimate(self.costs, entry.graph, plan, entry.signature(key))
        return self.with_downloads(found, dict(zip(entry.graph.inputs, key)), values)

    def with_downloads(self, found: dict[str, float], sig: dict[int, Arg], values: dict[int, Any]) -> dict[str, float]:
        """An estimate plus, on the CPU side, downloading the inputs on the device that have no host
        value at hand."""
        back = sum(nbytes(sig[v]) for v in sig if type(x := values.get(v)) is GpuTensor and x.origin is None)
        return {**found, "cpu": found["cpu"] + self.costs.download(back) * (back > 0), "cpu down": back}

    def plan(self, entry: Entry, key: tuple, provider: Any, make: Any = None) -> Plan:
        """The cached plan of ``key`` (made by ``make``, else planned for the window's signature and the
        provider's adapter)."""
        plan = self.plans.get((entry.id, key))
        if plan is not None:
            self.stats.plan_hits += 1
            return plan
        self.stats.plan_misses += 1
        plan = make() if make is not None else planned(entry.graph, entry.signature(key), provider.f64,
                                                        provider.subgroups)
        self.stats.plan_evictions += self.plans.put((entry.id, key), plan)
        return plan

    def run(self, graph: AccelGraph, plan: Plan, values: dict[int, Any], provider: Any, explicit: bool,
            frame: Any, window: Window, report: WindowReport) -> bool:
        started = time.perf_counter()
        before = (provider.stats.dispatches, provider.stats.bytes_uploaded, provider.stats.bytes_downloaded)
        made = plan.runner
        if made is None or made.provider is not provider:
            made = runner(graph, plan, provider)
        outputs, run = made.run(values, explicit, self.state)
        self.count(provider, before, run)
        if outputs is None:
            return self.decline(report, "an input MATLAB makes complex (or a NaN in a logical operation): "
                                        "the CPU computes the window")
        self.keep_recipe(window, graph, plan, values, run.draws, outputs, made.kept, frame, explicit)
        if window.promotable:
            self.keep_inputs(graph, outputs, frame, window)
        store_outputs(frame, window, graph, outputs)
        self.fused(report, graph, plan, time.perf_counter() - started)
        return True

    def fused(self, report: WindowReport, graph: AccelGraph, plan: Plan, elapsed: float) -> None:
        """Count a fused run of ``elapsed`` seconds in the report and the counters."""
        report.elapsed += elapsed
        stats = self.stats
        stats.fused_seconds += elapsed
        if report.plan is not plan or report.device != "GPU":
            report.device, report.reason = "GPU", f"{len(plan.groups)} kernel group(s), {plan.cls}"
            report.plan, report.groups = plan, plan_reports(graph, plan)
        stats.windows_fused += 1
        stats.groups_run += len(plan.groups)

    def keep_recipe(self, window: Window, graph: AccelGraph, plan: Plan, values: dict[int, Any], drawn: dict,
                    outputs: dict[int, Any], kept: list[int], frame: Any, explicit: bool) -> None:
        """Give the arrays the run left only on the device (of the values it ``kept`` there) a recipe
        (recipe.py), and take the host arrays it read away from their frame's in-place writes, so the
        recipe's inputs stay as read. The recipe takes ``values`` over; ``drawn``: the draws' words
        (execute.Run.draws). The gpuArrays of an ``explicit`` run keep theirs until the batch writing
        them is submitted (residency.BufferPool.settle): a failed submit is recovered from them; those
        whose batch went already (a large window's early submit) need none, unless that submit failed."""
        made = [(v, t) for v in kept if type(t := outputs[v]) is GpuTensor and t.origin is None]
        if explicit and made:
            provider = made[0][1].provider
            made = [(v, t) for v, t in made if t.storage.lost or provider.in_batch(t.storage.buffer)]
        if not made:
            return
        owned = frame.owned
        for v, reg in graph.inputs.items() if owned else ():
            if reg in owned and owned[reg] is values[v]:
                del owned[reg]
        draws = {v: (kind, plan.info[v].cls, drawn[v][:2], drawn[v][2] | drawn[v][3] << 32,
                     plan.info[v].shape) for v, kind in plan.draws.items()} if plan.draws else {}
        recipe = Recipe(window, values, draws, self.state, graph.consts)   # literals no node reads too
        for v, tensor in made:
            tensor.recipe = recipe.output(v)
        if explicit:
            pending = made[0][1].provider.pool.pending
            for _, tensor in made:
                if tensor.storage.lost:       # a large window's early submit failed: computed now
                    tensor.repair()
                else:
                    pending.append(weakref.ref(tensor))

    def keep_inputs(self, graph: AccelGraph, outputs: dict[int, Any], frame: Any, window: Window) -> None:
        """Arrays the run uploaded from variables stay on the device in those variables (implicit,
        with the host value as origin), so the next window reads them without an upload."""
        kept = window.promotable
        for v, reg in graph.inputs.items():
            out = outputs.get(v)
            if reg in kept and type(out) is GpuTensor and out.origin is not None:
                frame.regs[kept[reg]] = out

    def count(self, provider: Any, before: tuple[int, int, int], run: Any) -> None:
        s, stats = provider.stats, self.stats
        stats.dispatches += s.dispatches - before[0]
        if run.uploads or run.downloads or s.bytes_uploaded != before[1] or s.bytes_downloaded != before[2]:
            stats.bytes_uploaded += s.bytes_uploaded - before[1]
            stats.bytes_downloaded += s.bytes_downloaded - before[2]
            stats.uploads += run.uploads
            stats.downloads += run.downloads


def calls_variable(window: Window, regs: list) -> bool:
    """Whether a name the window calls as a function is a variable now (made by eval or load, captured
    by an anonymous function): the bytecode indexes it instead."""
    return any(regs[r] is not None for r in window.called)


def plan_reports(graph: AccelGraph, plan: Plan) -> list:
    """The GroupReports of a plan's groups, made once per plan (a cell run again reports them again)."""
    if plan.reports is None:
        plan.reports = group_reports(graph, plan)
    return plan.reports


def window_key(window: Window, constants: dict[int, Any]) -> str:
    """sha256 of everything the graph is built from: the MIR text, register maps, live registers and
    the literals the window reads from the constant table."""
    used = sorted({window.regs[t.id] for ins in window.instrs for t in ins.args if t.id in window.regs}
                  & set(constants))
    text = "\n".join(str(ins) for ins in window.instrs)
    facts = (sorted(window.regs.items()), sorted(window.slots.items()), window.live,
             [(reg, repr(constants[reg])) for reg in used])
    return hashlib.sha256(f"{text}\n{facts!r}".encode()).hexdigest()


def small_inputs(regs: list, limit: int, inputs: Iterable[int]) -> int:
    """The largest element count of a window's input registers (its graph's inputs: registers the
    compiler lists, variables read by name, slots of ``X(:)``) when all are host scalars or host arrays
    of fewer than ``limit`` elements (the auto policy leaves such windows on the CPU at once), else -1."""
    largest = 1
    for reg in inputs:
        value = regs[reg]
        t = type(value)
        if t is float or t is bool:
            continue
        if t is not np.ndarray or value.size >= limit:
            return -1
        largest = max(largest, value.size)
    return largest if largest < limit else -1


def host_declined(report: WindowReport, why: str) -> bool:
    """Note in the report why the window did not run as a host kernel (after any GPU decline)."""
    note = f"no host kernel: {why}"
    report.reason = f"{report.reason}; {note}" if report.reason else note
    return False


def under_threshold(numel: int, limit: int) -> str:
    return f"inputs of {numel} elements: under the auto threshold MATFUSE_FUSION_MIN_ELEMENTS={limit}"


def forget(maps: tuple[dict, ...], window_id: int) -> None:
    for found in maps:
        found.pop(window_id, None)


# ------------------------------------------------------------------ the cost model applied to a plan

def node_kind(node: Any) -> str:
    return node.kind if node.kind in ("reduction", "matmul") else "elementwise"


def node_work(node: Any, plan: Plan) -> float:
    """Elements an elementwise node writes, a reduction reads, or a matrix product's flops."""
    args = [plan.info[a].shape for a in node.args]
    if node.kind == "reduction":
        return float(math.prod(args[0]))
    if node.kind == "matmul" and len(args) == 2 and len(args[0]) == 2 and len(args[1]) == 2:
        return 2.0 * args[0][0] * args[0][1] * args[1][1]
    return float(math.prod(plan.info[node.value].shape))


def group_kind(graph: AccelGraph, group: Any) -> str:
    kinds = {node_kind(graph.nodes[v]) for v in group.nodes if v in graph.nodes}
    return "matmul" if "matmul" in kinds else "reduction" if group.kind == "Reduction" else "elementwise"


def nbytes(arg: Arg) -> int:
    return math.prod(arg.shape) * ELEMENT_SIZE.get(arg.cls, 8)


def estimate(model: calibrate.CostModel, graph: AccelGraph, plan: Plan,
             sig: dict[int, Arg]) -> dict[str, float]:
    """Predicted seconds of the window on the CPU and on the GPU, with the bytes the GPU side moves
    ("up", "down"). Transfer-aware: inputs already on the device cost no upload, and outputs kept on
    the device cost nothing, except that a lone operation over host data alone (``B = A'``, ``z = A .* 2``
    of a host matrix) pays to bring its result back: such a result is most likely read where its inputs
    came from, and one operation earns nothing on the device to pay for the trip. The CPU side's
    downloads of inputs on the device depend on the values: ``FusionAccelerator.estimate`` adds them."""
    nodes = graph.nodes.values()
    cpu = sum(model.cpu[node_kind(n)](node_work(n, plan)) for n in nodes)
    gpu = sum(model.gpu[group_kind(graph, g)].fixed
              + sum(model.gpu[node_kind(graph.nodes[v])].per * node_work(graph.nodes[v], plan)
                    for v in g.nodes if v in graph.nodes)
              for g in plan.groups)
    up = sum(nbytes(arg) for arg in sig.values() if not arg.resident and not arg.scalar)
    back = {v for v in graph.live.values() if v in graph.nodes}
    if up and len(graph.nodes) == 1 and not any(arg.resident for arg in sig.values()):
        back |= {v for v in graph.stores.values() if v in graph.nodes}
    down = sum(nbytes(plan.info[v]) for v in back) + 4 * any(g.checked for g in plan.groups)
    gpu += model.upload(up) * (up > 0) + model.download(down) * (down > 0)
    return {"cpu": cpu, "gpu": gpu, "up": up, "down": down}


def loop_estimate(model: calibrate.CostModel, graph: AccelGraph, plan: Plan, sig: dict[int, Arg],
                  trips: int) -> dict[str, float]:
    """Predicted seconds of a fused loop: on the CPU, ``trips`` runs of its body's operations in numpy;
    on the GPU, one kernel's fixed cost, ``trips`` times its work, and the uploads."""
    nodes = graph.nodes.values()
    cpu = trips * sum(model.cpu[node_kind(n)](node_work(n, plan)) for n in nodes)
    per = sum(model.gpu[node_kind(n)].per * node_work(n, plan) for n in nodes)
    up = sum(nbytes(arg) for arg in sig.values() if not arg.resident and not arg.scalar)
    gpu = model.gpu["elementwise"].fixed + trips * per + model.upload(up) * (up > 0)
    return {"cpu": cpu, "gpu": gpu, "up": up, "down": 0}


def operands(graph: AccelGraph) -> set[int]:
    return {a for node in graph.checked_nodes().values() for a in node.args}


def store_outputs(frame: Any, window: Window, graph: AccelGraph, outputs: dict[int, Any]) -> None:
    """Put a run's outputs where the window's bytecode would have: the variables it stores, and the
    temporaries other instructions read (as host values)."""
    for name, v in graph.stores.items():
        store(frame, window.slots[name], outputs[v])
    template = frame.code.template
    for reg, v in graph.live.items():
        if template[reg] is None:         # a literal's register keeps the VM's value of it
            store(frame, reg, to_host(outputs[v]))


def store(frame: Any, reg: int, value: Any) -> None:
    """Put an output in its register; the frame no longer owns it for in-place updates."""
    frame.regs[reg] = value
    frame.owned.pop(reg, None)
