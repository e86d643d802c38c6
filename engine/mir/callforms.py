"""Which operations the fused kernels express, and in what form: one predicate for both sides.

The MIR region marking (engine/mir/fusion.py, at compile time) and the accelerator's graph builder
(engine/accel/fusion/graph.py, at run time) ask the same questions here, so a region never holds an
operation the graph would reject: regions split around such calls and the fusible parts on either side
still fuse. This module belongs to MIR and imports nothing from engine.accel (MIR, the VM and the runtime
never do). Which builtins are elementwise or reductions, and with which operand counts, is their
Operation record in the builtin registry: a builtin with a ``wgsl`` form of its arity fuses as an
elementwise operation, one with a ``reduction`` form (or std / var) as a reduction.

``call_form(name, nargs, nargout, const)`` takes the builtin's name, its argument count, its output
count, and ``const(k)``, the literal value of argument k (or ``MISSING`` when it is computed). It
answers a CallForm or the reason the call is not fused.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from engine.config import flag
from engine.runtime.builtins import registry
from engine.runtime.builtins.sizes import option_text
from engine.runtime.indexing import is_colon as runtime_colon

from .lower import MagicColon

MISSING = object()

# operators: MATLAB operator -> the elementwise operation's name (its Operation record); ``^`` is not one
BINOPS = {"+": "plus", "-": "minus", ".*": "times", "./": "rdivide", ".\\": "ldivide", ".^": "power",
          "*": "times", "/": "rdivide", "\\": "ldivide", "==": "eq", "~=": "ne", "<": "lt", "<=": "le",
          ">": "gt", ">=": "ge", "&": "and", "|": "or"}
# operators that are elementwise only when the named operand (0, 1, or "either") is a scalar at run time
SCALAR_OPERAND = {"*": "either", "/": 1, "\\": 0}
UNOPS = {"-": "uminus", "+": "uplus", "~": "not"}

NAN_FLAGS = {"omitnan": True, "omitmissing": True, "includenan": False, "includemissing": False}
# reductions with a 'omitnan' form: sum skips NaN by zeroing it; max/min skip NaN already (their default)
OMITNAN = ("sum", "mean", "max", "min")
STATISTICS = ("std", "var")           # expanded by graph.py into mean -> sum of squared deviations
RANDOM = ("rand", "randn")            # drawn inside the kernel from the GPU stream (engine/accel/random.py)
# computed inside the kernel from the element index (generators.py); colon ranges are generators too
GENERATORS = {"linspace": (), "zeros": ("double", "single"), "ones": ("double", "single"),
              "eye": ("double", "single"), "true": (), "false": ()}      # name -> the class names it takes
# views: the kernel reads their operand at another index (views.py); X(:) is a reshape too
VIEWS = ("reshape", "repmat", "permute", "meshgrid", "ndgrid", "cat", "horzcat", "vertcat")
LAYOUT_CALLS = {"diag": 1}          # builtin -> the argument count the fused kernels move data for
# builtins whose value (of literal arguments) is a fused constant
CONSTANT_CALLS = ("eps", "true", "false", "pi", "Inf", "inf", "NaN", "nan")
CASTS = ("single", "double")        # of a generator: the generator made in that class (mir/fusion.py casts)


@dataclass(frozen=True)
class CallForm:
    """A fusible call: ``kind`` elementwise | reduction | random | generator | view; ``op`` the
    operation (a builtin's Operation record; or std / var, rand / randn, a GENERATORS or VIEWS name);
    reductions: ``dim`` (1-based int, a tuple of adjacent dims, "all", or None for the first
    non-singleton), ``omitnan``, ``weight`` (std/var: 0 normalises by N-1, 1 by N) and ``nout``; draws
    and generators: ``sizes`` (how many leading arguments are values, the rest a class name) and ``cls``
    ("" for linspace: its end points' class); views: ``dim`` (cat's dimension) and ``nout`` (the grids
    meshgrid and ndgrid return)."""
    kind: str
    op: str
    dim: int | tuple[int, ...] | str | None = None
    omitnan: bool = False
    weight: int = 0
    nout: int = 1
    sizes: int = 0
    cls: str = "double"


Const = Callable[[int], Any]


def is_colon(value: Any) -> bool:
    """Whether a literal is the bare ``:`` subscript (MIR's MagicColon, the VM's MAGIC_COLON, or the
    char ':' the compiler passes to calls, which indexes a variable the same way)."""
    return isinstance(value, MagicColon) or runtime_colon(value)


def matrix_type(t: Any) -> bool:
    """Whether a MIR type is surely not a scalar (some extent is known and not 1)."""
    return t.shape is not None and any(d is not None and d != 1 for d in t.shape)


def literal_row(ins: Any, const: Const) -> Any:
    """The value of a ``matrix`` instruction that writes a row of number literals (``[2 3]``, a
    vector of dimensions), else MISSING."""
    rows, spread = ins.attr
    values = [const(k) for k in range(len(ins.args))]
    if rows != (len(values),) or any(spread) or not all(type(v) is float for v in values):
        return MISSING
    return np.array([values])


def colon_index(ins: Any, const: Const) -> bool:
    """Whether an instruction is ``X(:)`` with one output: ``index`` of a value (args: the value, then
    ``:``), or ``callname X`` with the one argument ``:`` (X a variable when it runs; a function X
    called with ':' is left to the VM, which the graph sees as an undefined input)."""
    if ins.op == "index":
        nargout, spread = ins.attr
        return nargout == 1 and len(ins.args) == 2 and not any(spread) and is_colon(const(1))
    if ins.op == "callname":
        _, nargout, spread = ins.attr
        return nargout == 1 and len(ins.args) == 1 and not any(spread) and is_colon(const(0))
    return False


def instr_call_form(ins: Any, const: Const) -> CallForm | str:
    """call_form of a MIR ``call``/``callname`` instruction (whose attr is (name, nargout, spread))."""
    name, nargout, spread = ins.attr
    if any(spread):
        return f"{name} with a comma-list argument is not fused"
    if nargout < 0:         # an anonymous function's body: as many outputs as its caller asks for
        return f"{name} with the caller's output count is not fused"
    return call_form(name, len(ins.args), nargout, const)


def call_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """The fused form of ``name(args...)`` with ``nargout`` outputs, or why it is not fused."""
    if name in RANDOM:
        return random_form(name, nargs, nargout, const)
    if name in GENERATORS:
        return generator_form(name, nargs, nargout, const)
    if name in VIEWS:
        return view_form(name, nargs, nargout, const)
    entry = registry.load_all().get(name)
    op = registry.operation(name) if entry is not None else None
    if op is not None and op.wgsl is not None and (op.arity == nargs or op.reduction is None):
        if op.arity != nargs:
            return f"no fused WGSL for {name} with {nargs} arguments"
        if nargout > 1:
            return f"{name} with {nargout} outputs is not fused"
        return CallForm("elementwise", name)
    if op is not None and op.reduction is not None or name in STATISTICS:
        return reduction_form(name, nargs, max(nargout, 1), const)
    if entry is not None and entry.fusion == "elementwise":
        return f"no fused WGSL for {name} with {nargs} arguments"
    return f"{name} is not an elementwise or reduction builtin the planner fuses"


def reduction_form(name: str, nargs: int, nout: int, const: Const) -> CallForm | str:
    rest = list(range(1, nargs))
    weight = 0
    if name in ("max", "min") and rest:
        empty = const(rest[0])
        if not (isinstance(empty, np.ndarray) and empty.size == 0):
            return f"{name} with these arguments is not a fused reduction"
        rest = rest[1:]
    elif name in STATISTICS and rest:
        weight = weight_of(const(rest[0]))
        if weight is None:
            return f"{name} weight must be a literal 0, 1 or []"
        rest = rest[1:]
    indexed = name in ("max", "min")
    if nout > (2 if indexed or name in STATISTICS else 1):
        return f"{name} with {nout} outputs is not fused"
    dim, omitnan = None, False
    for position, k in enumerate(rest):
        value = const(k)
        if value is MISSING:
            return f"{name} with a computed dimension or option is not fused"
        text = option_text(value)
        word = text.lower() if text is not None else None
        if word in NAN_FLAGS and position == len(rest) - 1:
            omitnan = NAN_FLAGS[word]
            if omitnan and name not in OMITNAN or not omitnan and indexed:
                return f"{name} option {text!r} is not fused"
        elif position == 0 and word == "all":
            dim = "all"
        elif position == 0 and word is None:
            dim = dims_of(value)
            if isinstance(dim, str):
                return f"{name}: {dim}"
        else:
            return f"{name} option {text if text is not None else value!r} is not fused"
    if indexed and nout == 2 and isinstance(dim, tuple):
        return f"{name} with several dimensions returns no indices (the CPU raises MATLAB's error)"
    return CallForm("reduction", name, dim, omitnan and name in ("sum", "mean"), weight, nout)


def random_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """rand/randn(size args..., ['double' | 'single']): sizes may be computed (they are part of the
    plan's signature). 'gpuArray' draws are not fused (their result is a gpuArray whatever the window
    reads; unfused they take the same GPU stream), nor are 'like' and generator options."""
    if nargout > 1:
        return f"{name} with {nargout} outputs is not fused"
    if flag("MATFUSE_EXACT_RNG"):
        return f"{name} draws MATLAB's host stream (MATFUSE_EXACT_RNG)"
    words = [option_text(v) if v is not MISSING else None for v in map(const, range(nargs))]
    sizes = next((k for k, w in enumerate(words) if w is not None), nargs)
    cls = "double"
    for word in words[sizes:]:
        if word is None or word.lower() not in ("double", "single"):
            return f"{name} option {word!r} is not fused"
        cls = word.lower()
    return CallForm("random", name, sizes=sizes, cls=cls)


def generator_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """linspace(a, b[, n]); zeros / ones / eye(size args..., ['double' | 'single']); true / false(size
    args...). Sizes may be computed (part of the plan's signature, as a draw's); 'like' is not fused."""
    if nargout > 1:
        return f"{name} with {nargout} outputs is not fused"
    if name == "linspace":
        return CallForm("generator", name, sizes=nargs, cls="") if nargs in (2, 3) else \
            f"linspace with {nargs} arguments is not fused"
    words = [option_text(v) if v is not MISSING else None for v in map(const, range(nargs))]
    sizes = next((k for k, w in enumerate(words) if w is not None), nargs)
    cls = "logical" if name in ("true", "false") else "double"
    for word in words[sizes:]:
        if word is None or word.lower() not in GENERATORS[name]:
            return f"{name} option {word!r} is not fused"
        cls = word.lower()
    return CallForm("generator", name, sizes=sizes, cls=cls)


def view_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """reshape(X, sizes...), repmat(X, counts...), permute(X, order) (sizes, counts and order may be
    computed: part of the plan's signature); [X, Y, Z] = meshgrid(x, y, z) / ndgrid(x1, ..., xn) (a
    grid per output); cat(dim, A, B, ...) with a literal dim, horzcat and vertcat of two or more."""
    if name in ("meshgrid", "ndgrid"):
        most = (3 if nargs in (1, 3) else 2) if name == "meshgrid" else (nargs if nargs > 1 else 8)
        if nargs < 1 or name == "meshgrid" and nargs > 3 or not 1 <= max(nargout, 1) <= most:
            return f"{name} with {nargs} arguments and {nargout} outputs is not fused"
        return CallForm("view", name, nout=max(nargout, 1))
    if nargout > 1:
        return f"{name} with {nargout} outputs is not fused"
    if name == "cat":
        dim = const(0) if nargs else MISSING
        if type(dim) is not float or not (dim.is_integer() and 1 <= dim <= 8):
            return "cat with a computed or unusual dimension is not fused"
        return CallForm("view", "cat", dim=int(dim)) if nargs >= 3 else "cat of one operand is not fused"
    if name in ("horzcat", "vertcat"):
        return CallForm("view", "cat", dim=2 if name == "horzcat" else 1) if nargs >= 2 else \
            f"{name} of one operand is not fused"
    if nargs < 2 or name == "permute" and nargs != 2:
        return f"{name} with {nargs} arguments is not fused"
    return CallForm("view", name)


def size_args(op: str, nargs: int) -> tuple[int, ...]:
    """The arguments of a draw, generator or view (a RANDOM, GENERATORS or VIEWS name, or ``colon``)
    whose values set its size: they are part of the plan's signature, so they must be known when the
    window starts."""
    if op == "linspace":
        return (2,) if nargs == 3 else ()
    if op in ("reshape", "repmat", "permute"):
        return tuple(range(1, nargs))
    if op in VIEWS:
        return ()
    return tuple(range(nargs))


def weight_of(value: Any) -> int | None:
    if isinstance(value, np.ndarray) and value.size == 0:
        return 0
    if type(value) is float and value in (0.0, 1.0):
        return int(value)
    return None


def dims_of(value: Any) -> int | tuple[int, ...] | str:
    """A literal dimension or vector of dimensions; adjacent dims reduce as one extent."""
    if type(value) is float:
        dims = [value]
    elif isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.size:
        dims = sorted(set(value.ravel().tolist()))
    else:
        return "a dimension must be a positive integer literal"
    if not all(d.is_integer() and 1 <= d < 2**31 for d in dims):
        return "a dimension must be a positive integer literal"
    if dims[-1] - dims[0] != len(dims) - 1:
        return f"dimensions {[int(d) for d in dims]} are not adjacent (one [pre, n, post] view)"
    return int(dims[0]) if len(dims) == 1 else tuple(int(d) for d in dims)
