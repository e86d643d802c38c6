"""Recipes: how to compute a fused window's outputs again on the host, so a plain value is never lost.

A plain array a window leaves on the device (an implicit GpuTensor with no host copy) exists only in
device memory. If the device loses it (a failed submit dropped the work that writes it, or the device
itself was lost), reading it replays its recipe instead: the window's own MIR instructions run on the
host with the runtime's operators and builtins (the same code the VM runs when it declines a window),
over the values the window read, and its draws come from the host twin of the device generator
(random.host_draw), so the numbers are the ones the kernel drew.

The values a plain value's recipe keeps are host values or other recipes, never device buffers, so
keeping them costs no device memory. A host array a window read is given up by its frame for in-place writes (the
accelerator disowns it), so it cannot change under the recipe. A chain of recipes (a loop updating a
variable on the device) is cut every MAX_DEPTH windows: the input is brought to the host once (a
download) and the new recipe starts from that host copy.

The gpuArrays a fused window makes have a recipe only until the batch that writes them is submitted
(residency.BufferPool.settle): a failed submit loses them, and they are computed again from it and
written back at once (their inputs are gpuArrays the device holds, or recipes of the same batch). After
a device loss gpuArrays follow MATLAB (their data is gone).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.runtime import concat, indexing, ops
from engine.runtime.builtins.registry import BUILTINS, call_host
from engine.runtime.context import CallContext
from engine.runtime.device import to_host
from engine.mir.callforms import is_colon
from engine.mir.ir import Instr
from engine.runtime.errors import MatlabError
from engine.vm.code import Window

from ..mersenne import HostDraw
from ..random import host_draw
from ..residency import GpuTensor
from .graph import INTERNAL, SLOT

MAX_DEPTH = 256          # windows a recipe chain may span before an input is brought to the host


class Recipe:
    """One run of a window: its instructions, the values it read (by MIR temporary), the draws it made
    (temporary -> kind, class, key, base, shape); ``outputs()`` replays it once and keeps the result.
    Made on every plain window's run (a slotted class; ``inputs`` is taken over: the run's own dict,
    whose plain values on the device become their host values or recipes here)."""
    __slots__ = ("window", "draws", "state", "consts", "inputs", "depth", "result")

    def __init__(self, window: Window, inputs: dict[int, Any], draws: dict[int, tuple], state: Any,
                 consts: dict[int, Any] | None = None) -> None:
        self.window = window
        self.draws = draws
        self.state = state
        self.consts = consts or {}             # the window's literals (host values, kept as they are)
        depth = 1
        for v, value in inputs.items():
            if type(value) is GpuTensor:
                inputs[v] = value = host_or_recipe(value)
                if type(value) in LAZY and value.depth >= depth:
                    depth = value.depth + 1
        self.inputs = inputs
        self.depth = depth
        self.result: dict[int, Any] | None = None

    def output(self, temp: int) -> "Output":
        """A host value to be: output ``temp`` of this run (what an implicit tensor keeps)."""
        return Output(self, temp)

    def outputs(self) -> dict[int, Any]:
        if self.result is None:
            inputs = {**self.consts, **{v: read(x) for v, x in self.inputs.items()}}
            self.result = replay(self.window, inputs, self.draws, ReplayContext(self.state))
            self.inputs = {}          # the replayed values are all a later read needs
        return self.result


class LoopRecipe(Recipe):
    """A fused loop's run (loops.py): the body's window replayed once per iteration, with the loop
    variable's value, the carried variables' values from the iteration before, and each draw at its
    iteration's positions (``run``: loops.LoopRun; ``loop``: the plan's loops.LoopKernel)."""
    __slots__ = ("loop", "range")

    def __init__(self, window: Window, inputs: dict[int, Any], draws: dict[int, tuple], state: Any,
                 consts: dict[int, Any], loop: Any, run: Any) -> None:
        super().__init__(window, inputs, draws, state, consts)
        self.loop = loop
        self.range = (run.start, run.step, run.trips, run.stride)

    def outputs(self) -> dict[int, Any]:
        if self.result is None:
            values = {**self.consts, **{v: read(x) for v, x in self.inputs.items()}}
            start, step, trips, stride = self.range
            ctx = ReplayContext(self.state)
            for it in range(trips):
                if self.loop.var is not None:
                    values[self.loop.var] = start + it * step
                draws = {v: (*d[:3], d[3] + it * stride, d[4]) for v, d in self.draws.items()}
                env = replay(self.window, values, draws, ctx)
                values.update({v: env[self.loop.stores[name]] for v, name in self.loop.carried.items()})
            self.result = env
            self.inputs = {}
        return self.result


class Output:
    """Output ``temp`` of a recipe: ``value()`` is its host value (replaying the recipe once)."""
    __slots__ = ("recipe", "temp")

    def __init__(self, recipe: Recipe, temp: int) -> None:
        self.recipe = recipe
        self.temp = temp

    @property
    def depth(self) -> int:
        return self.recipe.depth

    def value(self) -> Any:
        return self.recipe.outputs()[self.temp]


# Host values to be, kept in place of a plain value on the device: a window's output, or a rand drawn on
# the device (mersenne.HostDraw: the host generator from the state before the draw).
LAZY = (Output, HostDraw)


def host_or_recipe(value: Any) -> Any:
    """What a recipe keeps of an input: a host value, or the recipe output of a plain value on the
    device (brought to the host once its chain is MAX_DEPTH windows long, or when it has no recipe); a
    gpuArray's recipe output while the batch writing it is pending, else the gpuArray."""
    if type(value) is not GpuTensor:
        return value
    made = value.recipe
    if not value.implicit:
        return value if made is None else made
    if value.origin is not None:
        return value.origin
    if made is not None and made.depth < MAX_DEPTH:
        return made
    return to_host(value)


def read(value: Any) -> Any:
    """The host value of what a recipe keeps of an input."""
    t = type(value)
    if t in LAZY:
        return value.value()
    return value.gather() if t is GpuTensor else value


def replay(window: Window, inputs: dict[int, Any], draws: dict[int, tuple], ctx: CallContext) -> dict[int, Any]:
    """Run the window's MIR instructions on the host; every value it computes, by temporary id.
    ``inputs`` holds the values it reads that it does not compute (inputs and constants, by temporary)."""
    by_register = registers_read(window, inputs)
    stored: dict[str, Any] = {}
    env = dict(inputs)
    for ins in window.instrs:
        d = ins.dest.id if ins.dest is not None else None
        if d is not None and d in inputs:          # a literal row the graph folded, or a value read in
            continue
        args = [env[t.id] for t in ins.args]
        if ins.op == "store":
            stored[ins.attr] = args[0]
        else:
            env[d] = compute(ins, args, Reads(window, stored, by_register), draws, ctx)
    return env


def registers_read(window: Window, inputs: dict[int, Any]) -> dict[int, Any]:
    """The values of ``inputs`` by the register the window reads them from (variables read by name,
    ``X(:)``, included)."""
    by_register = {window.regs[v]: x for v, x in inputs.items() if v in window.regs}
    return by_register | {v - SLOT: x for v, x in inputs.items() if SLOT <= v < INTERNAL}


@dataclass
class Reads:
    """Where a window's loads find variables: those it stored so far (by name), the others in the
    registers it read (register -> value)."""
    window: Window
    stored: dict[str, Any]
    by_register: dict[int, Any]

    def variable(self, name: str, temp: int | None = None) -> Any:
        """Variable ``name`` as a load into ``temp`` reads it."""
        if name in self.stored:
            return self.stored[name]
        return self.by_register[self.window.regs.get(temp, self.window.slots.get(name))]

    def is_variable(self, name: str) -> bool:
        return name in self.stored or self.window.slots.get(name) in self.by_register


def compute(ins: Instr, args: list, reads: Reads, draws: dict[int, tuple], ctx: CallContext) -> Any:
    """The value of one MIR instruction of a window (not a store) over its operand values, as the VM
    computes it."""
    op, d = ins.op, ins.dest.id
    if op in ("load", "loadname", "gload"):
        return reads.variable(ins.attr, d)
    if op == "const":
        return ins.attr
    if op == "binop":
        return ops.BINARY[ins.attr](*args)
    if op == "unop":
        return ops.UNARY[ins.attr](*args)
    if op == "colon":
        return ops.colon(args[0], args[1] if len(args) == 3 else None, args[-1])
    if op == "index":                              # views (views.py): X(:), [A, B; C]
        return indexing.index(args[0], subscripts(args[1:]))
    if op == "matrix":
        rows = [concat.horzcat(args[sum(ins.attr[0][:k]):sum(ins.attr[0][:k + 1])])
                for k in range(len(ins.attr[0]))]
        return rows[0] if len(rows) == 1 else concat.vertcat(rows)
    if op == "callname" and reads.is_variable(ins.attr[0]):
        return indexing.index(reads.variable(ins.attr[0]), subscripts(args))
    if op in ("call", "callname") and d in draws:
        kind, cls, key, base, shape = draws[d]
        return host_draw(kind, cls, key, base, shape)
    if op in ("call", "callname"):
        name, nargout = ins.attr[0], ins.attr[1]
        outs = call_host(BUILTINS[name], ctx, args, max(nargout, 1))
        return outs if nargout > 1 else outs[0]
    if op == "out":
        return args[0][ins.attr]
    raise MatlabError("matfuse:gpu:recipe", f"cannot recompute a '{op}' instruction on the host")


def subscripts(args: list) -> list:
    """Index arguments as the VM passes them (MIR's ``:`` literal is the runtime's MAGIC_COLON)."""
    return [indexing.MAGIC_COLON if is_colon(a) else a for a in args]


class ReplayContext(CallContext):
    """The context of a builtin called by a replay: the session's state, no output, no workspace (the
    builtins a window fuses are pure functions of their arguments)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def write(self, text: str) -> None:
        pass

    def warn(self, identifier: str, message: str) -> None:
        pass

    def call(self, fn: Any, args: list, nargout: int = 1) -> tuple:
        raise MatlabError("matfuse:gpu:recipe", "a recomputed window cannot call a function handle")

    def function_exists(self, name: str) -> str | None:
        return "builtin" if name in BUILTINS else None

    def variables(self) -> dict[str, Any]:
        return {}

    def make_handle(self, text: str) -> Any:
        raise MatlabError("matfuse:gpu:recipe", "a recomputed window cannot make a function handle")

    def add_figure(self, image: Any) -> None:
        pass
