"""Frames, loop iterators, and the conversions between MatlabError and MException values."""
from __future__ import annotations

import math

from typing import Any, Iterator

import numpy as np

from ..runtime.device import registers_to_host, to_host
from ..mir.lower import char_value
from ..runtime.errors import MatlabError, StackFrame, internal_error  # noqa: F401  (re-exported)
from ..runtime.values import CellArray, CharArray, FunctionHandle, StringArray, StructArray, fold_columns, simplify
from .code import Code


class NoValue:
    """What a call asked for zero outputs gives back when it returns nothing (``disp(x)``)."""

    def __repr__(self) -> str:
        return "<no value>"


NOVALUE = NoValue()
SCALAR_TYPES = (float, bool, complex)
# Values whose parenthesis indexing returns new storage, sharing nothing with them or with the subscripts
# (runtime/indexing.py; a cell's or struct's elements are shared, but never updated in place while
# shared): indexing them leaves the frame's claims on its variables as they were.
FRESH_INDEX = (np.ndarray, CharArray, CellArray, StructArray, StringArray, float, bool, complex)


class Frame:
    """One activation: the register file (variables, temporaries, constants) and per-call state."""
    __slots__ = ("code", "regs", "owned", "handlers", "caught", "nargin", "nargout", "extra", "env")

    def __init__(self, code: Code, nargin: int = 0, nargout: int = 0):
        self.code = code
        self.regs: list[Any] = code.template[:]
        self.owned: dict[int, Any] = {}      # slot -> the value object this frame may update in place
        self.handlers: list[int] = []        # try/catch handler offsets, innermost last
        self.caught: MatlabError | None = None
        self.nargin = nargin
        self.nargout = nargout
        self.extra: dict[str, Any] | None = None   # variables without a slot (created by builtins via ctx)
        self.env: Env | None = None          # nested functions: the shared variables (code.nest)

    def variables(self) -> dict[str, Any]:
        """The workspace of this frame as MATLAB code sees it (builtins through ctx.variables()): name ->
        value of every defined variable, implicitly resident arrays brought to the host."""
        registers_to_host(self.regs, self.code.nvars)
        return {name: to_host(value) for name, value in self.bindings().items()}

    def bindings(self) -> dict[str, Any]:
        """name -> value of every defined variable as stored (device values stay where they are)."""
        out = {name: value for name, value in zip(self.code.varnames, self.regs)
               if value is not None and not name.startswith("$")}
        if self.extra:
            out.update(self.extra)
        if self.env is not None:            # shared variables live in the environments of the nest
            for name, up in self.code.nest.shared:
                value = self.env.up(up).values.get(name)
                if value is None:
                    out.pop(name, None)
                else:
                    out[name] = value
        return out

    def set_variables(self, values: dict[str, Any]) -> None:
        """Make the frame's variables exactly ``values`` (names without a slot go to ``extra``)."""
        names = self.code.varnames
        for k, name in enumerate(names):
            if not name.startswith("$"):
                new = values.get(name)
                if new is not self.regs[k]:
                    self.regs[k] = new
                    self.owned.pop(k, None)
        shared = dict(self.code.nest.shared) if self.env is not None else {}
        for name, up in shared.items():
            env = self.env.up(up).values
            if name in values:
                env[name] = values[name]
            else:
                env.pop(name, None)
        self.extra = {n: v for n, v in values.items() if n not in names and n not in shared}


class Env:
    """The variables one activation of a function shares with the functions nested in it (and theirs,
    through ``parent``: the environment of the activation of its enclosing function). It outlives the
    activation while a handle to a nested function holds it."""
    __slots__ = ("values", "parent")

    def __init__(self, parent: "Env | None") -> None:
        self.values: dict[str, Any] = {}
        self.parent = parent

    def up(self, levels: int) -> "Env":
        env = self
        for _ in range(levels):
            env = env.parent
        return env


def enter_nest(frame: Frame, parent: Env | None) -> None:
    """A nested function's (or its holder's) activation starts: a new environment, holding the shared
    parameters it was given."""
    env = frame.env = Env(parent)
    R = frame.regs
    for slot, name in frame.code.nest.params:
        if R[slot] is not None:
            env.values[name] = R[slot]


def leave_nest(frame: Frame) -> None:
    """The activation returns: its shared outputs back into their slots, where the caller reads them."""
    values = frame.env.values
    for slot, name in frame.code.nest.outputs:
        frame.regs[slot] = values.get(name)


# ---------------------------------------------------------------- for-loop iteration
def range_state(start: Any, step: Any, stop: Any) -> list | Iterator:
    """Iterator state of ``for v = start:step:stop``. Integer-valued real double ranges iterate lazily
    as ``[k, n, start, step]`` (no array); anything else iterates over the materialised range."""
    if type(start) is float and type(stop) is float and (step is None or type(step) is float):
        d = 1.0 if step is None else step
        if start.is_integer() and d.is_integer() and d != 0 and abs(start) < 2 ** 52:
            return [0, _range_count(start, d, stop), start, d]
    from ..runtime.ops import colon
    return columns(colon(start, step, stop))


def _range_count(start: float, d: float, stop: float) -> int | float:
    """How many values start:d:stop has (whole-number start and step); ``inf`` for ``1:Inf``, which a
    ``for`` loop runs until it breaks."""
    if math.isnan(stop):
        return 0
    if math.isinf(stop):
        return math.inf if (stop > 0) == (d > 0) else 0
    return max(int((stop - start) // d) + 1, 0)


class NoColumns:
    """The iterator of a ``for`` over a value without columns (``for k = []``): it yields nothing, and
    the loop variable becomes that value when the loop ends (MATLAB)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __iter__(self) -> "NoColumns":
        return self

    def __next__(self) -> Any:
        raise StopIteration


def columns(value: Any) -> Iterator:
    """Iterator over the columns of any array (MATLAB's ``for`` over a matrix or cell)."""
    from ..runtime.indexing import MAGIC_COLON, index
    t = type(value)
    if t is float or t is bool or t is complex or t is FunctionHandle:     # a handle is one 1x1 column
        return iter((value,))
    shape = value.shape
    if len(shape) < 2 or math.prod(shape[1:]) == 0:
        return NoColumns(value)
    if t is np.ndarray:
        data = fold_columns(value)
        if data.dtype == np.float64 and shape[0] == 1:
            return iter(data[0].tolist())
        return (simplify(data[:, k:k + 1].copy()) for k in range(data.shape[1]))
    count = int(np.prod(shape[1:])) if shape[0] else 0
    return (index(value, [MAGIC_COLON, float(k + 1)]) for k in range(count))


# ---------------------------------------------------------------- errors as values
def exception_value(err: MatlabError) -> StructArray:
    """The MException value ``catch err`` gives: identifier, message, stack (file, name, line)."""
    stack = np.empty((len(err.stack), 1), dtype=object)
    for k, f in enumerate(err.stack):
        stack[k, 0] = {"file": char_value(f.file), "name": char_value(f.name), "line": float(f.line)}
    return StructArray.scalar({"identifier": char_value(err.identifier), "message": char_value(err.message),
                               "stack": StructArray(["file", "name", "line"], stack)}, "MException")


def annotate(err: MatlabError, code: Code, pc: int) -> MatlabError:
    """Add this frame to the error's stack as it unwinds (innermost frame first)."""
    line, col = code.lines[pc] if 0 <= pc < len(code.lines) else (0, 0)
    fresh = not getattr(err, "vm_seen", False)
    err.vm_seen = True
    if fresh and err.stack:
        return err            # rethrown with its original stack
    err.stack.append(StackFrame(code.name, line, col, code.file))
    if fresh and not err.source_line:
        err.source_line = code.source_line(line)
    return err


def interrupt_error() -> MatlabError:
    return MatlabError("MATLAB:interrupt", "Operation terminated by user")


def cell_row(values: list) -> CellArray:
    data = np.empty((1, len(values)), dtype=object)
    for k, v in enumerate(values):
        data[0, k] = v
    return CellArray(data)
