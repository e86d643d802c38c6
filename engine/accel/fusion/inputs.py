"""A window's inputs as the accelerator sees them: each value as the window reads it
(``resident_value``), its Arg in the input signature (``describe``), and a window's Repeat.

A Repeat lets a run whose inputs have the facts of the window's last fused run skip the input signature
and the plan cache (the hot path of a window in a loop, or of a cell run again). After a window runs
fused, the accelerator keeps one, across cells while the policy stays the same: the plan that ran, the
window's report (a later cell's run makes its own), and what the signature said of each input register. When the VM offers the window again, ``Repeat.values`` checks each register
against that: a host double scalar by its facts (ranges.py; a comparison with the last run's value
first), a logical scalar by its type, a tensor by its class, size, kind (gpuArray or plain) and being
held (not released nor moved to the host), anything else by its Arg made again (``Repeats`` keeps
the last two runs' of a window, for a loop variable that is even and odd in turn). When all match, the
window has the last run's signature, so every decision the accelerator made from the signature holds
(the plan; the auto policy's size threshold and the cost model's estimate, but for the downloads of
inputs, which depend on the values and are counted again) and the run goes to the plan's Runner, or
its Straight run (execute.py) when the plan and the inputs on the device allow. When one differs, the full path runs (and leaves a Repeat of its own run). Windows whose plan
depends on more than the signature (the values of draws' size arguments, a single range's end points)
get none.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from engine.accel.provider import current_provider
from engine.accel.residency import CLASS_OF_HOST, GpuTensor, device_copy
from engine.runtime.values import SparseMatrix, class_of

from .plan import Arg, Plan
from .ranges import facts_of

GPU_CLASSES = ("double", "single", "logical")
SCALAR_ARGS: dict[int, Arg] = {}     # a host double scalar's Arg by its facts (made once: a hot path)
FLOAT, LOGICAL, TENSOR, OTHER = range(4)     # how a Repeat checks an input register


def describe(value: Any) -> Arg | str:
    """The Arg of an input value (with a host scalar's facts, ranges.py), or why it cannot be fused."""
    t = type(value)
    if t is float:
        facts = facts_of(value)
        return SCALAR_ARGS.get(facts) or SCALAR_ARGS.setdefault(facts, Arg("double", (1, 1), facts=facts))
    if t is bool:
        return Arg("logical", (1, 1))
    if t is np.ndarray and value.dtype in CLASS_OF_HOST and CLASS_OF_HOST[value.dtype] in GPU_CLASSES:
        facts = facts_of(float(value.flat[0])) if value.size == 1 else 0
        return Arg(CLASS_OF_HOST[value.dtype], value.shape, facts=facts)
    if t is GpuTensor and value.cls in GPU_CLASSES:
        return Arg(value.cls, value.shape, True)
    if value is None:
        return "undefined"
    complex_ = t is complex or getattr(value, "dtype", None) == np.complex128
    sparse = t is SparseMatrix      # never fused nor uploaded: scipy.sparse computes it
    return f"{'complex ' if complex_ else ''}{'sparse ' if sparse else ''}{class_of(value)}: the CPU computes it"


def resident_value(x: Any) -> Any:
    """A window's input as the window reads it: a host array's device copy when one is kept
    (residency.device_copy), an evicted implicit tensor's host copy."""
    t = type(x)
    if t is np.ndarray:
        return device_copy(x) or x
    if t is GpuTensor and x.evicted:
        return x.origin
    return x


def explicit_input(value: Any) -> bool:
    """A gpuArray (its window's outputs are gpuArrays)."""
    return type(value) is GpuTensor and not value.implicit


class Repeat:
    """What the next run of a window with the same input facts reuses (made after a fused run, from the
    values its input registers ``held`` and the window read, and their Args, ``key``)."""
    __slots__ = ("window", "entry", "report", "plan", "provider", "explicit", "checks", "sig", "straight",
                 "stores")

    def __init__(self, window: Any, entry: Any, report: Any, plan: Plan, provider: Any, explicit: bool,
                 held: list, values: dict[int, Any], key: tuple[Arg, ...]) -> None:
        self.window, self.entry, self.report, self.plan = window, entry, report, plan
        self.provider, self.explicit = provider, explicit
        graph = entry.graph
        self.sig = dict(zip(graph.inputs, key))
        self.checks = [check(v, reg, arg, x, values[v])
                       for (v, reg), arg, x in zip(graph.inputs.items(), key, held)]
        straight = plan.runner.straight           # execute.Straight, when the plan and its inputs allow
        self.straight = straight if straight is not None and all(
            leaf in self.sig and self.sig[leaf].resident for leaf in straight.leaves) else None
        self.stores = [(window.slots[name], v) for name, v in graph.stores.items()]

    def values(self, regs: list) -> dict[int, Any] | None:
        """The window's values (its constants, and its inputs as it reads them) when every input has
        the facts of the last run, else None."""
        values = self.entry.consts.copy()
        for v, reg, kind, arg, last in self.checks:
            x = regs[reg]
            if kind is FLOAT:
                if type(x) is not float or x != last and facts_of(x) != arg.facts:
                    return None
            elif kind is TENSOR:
                if type(x) is not GpuTensor or x.released or x.implicit is not last or x.shape != arg.shape \
                        or x.cls != arg.cls:
                    return None
            elif kind is LOGICAL:
                if type(x) is not bool:
                    return None
            else:
                x = resident_value(x)
                if describe(x) != arg or explicit_input(x) is not last:
                    return None
            values[v] = x
        return values


class Repeats:
    """A window's Repeats: its last fused run's, and the one before when that one's input
    facts differed (a loop variable alternates between even and odd)."""
    __slots__ = ("first", "second")

    def __init__(self, made: Repeat, before: "Repeats | None") -> None:
        self.first = made
        self.second = before.first if before is not None else None

    def match(self, window: Any, regs: list) -> tuple[Repeat, dict[int, Any]] | None:
        """The Repeat whose input facts the registers have, with the window's values (see
        ``Repeat.values``), if either has them on the current device."""
        provider = current_provider()
        for repeat in (self.first, self.second):
            if repeat is not None and repeat.window is window and repeat.provider is provider:
                values = repeat.values(regs)
                if values is not None:
                    return repeat, values
        return None


def check(v: int, reg: int, arg: Arg, held: Any, value: Any) -> tuple[int, int, int, Arg, Any]:
    """How a Repeat checks input ``v`` in register ``reg`` (which held ``held``, read as ``value``):
    (v, reg, kind, Arg, what the check compares besides: a host double's value in the last run, a
    tensor's ``implicit``, for another input whether it was read as a gpuArray)."""
    t = type(held)
    if t is float:
        return v, reg, FLOAT, arg, held
    if t is bool:
        return v, reg, LOGICAL, arg, None
    if t is GpuTensor and not held.released:
        return v, reg, TENSOR, arg, held.implicit
    return v, reg, OTHER, arg, explicit_input(value)
